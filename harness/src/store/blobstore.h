#pragma once

#include "valis/core/result.h"

#include <QByteArray>
#include <QString>

namespace valis::store {

/// Content-addressed files beside the session database: images the record refers to as
/// `blob:sha256-<hex>`. Writes are atomic (QSaveFile) and idempotent; reads verify the hash, so
/// a damaged file is reported rather than shown.
class BlobStore
{
public:
    explicit BlobStore(QString directory);

    /// Stores `data` and returns its `blob:` URI; storing the same bytes twice is a no-op.
    Result<QString> put(const QByteArray &data);
    Result<QByteArray> get(const QString &uri) const;

    static bool isBlobUri(const QString &uri);

private:
    QString pathFor(const QString &hex) const;
    QString m_directory;
};

} // namespace valis::store
