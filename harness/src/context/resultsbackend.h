#pragma once

#include "valis/filesystem/filesystembackend.h"

#include <memory>

namespace valis {

class DetailStore;

/// /context/results/ when the session has a DetailStore: "<key>.<suffix>" is the record `key`
/// (content a strategy moved out of the view, or any record of the agent, such as a captured
/// output), read-only. Listing shows the session's moved content.
class DetailStoreResultsBackend : public FilesystemBackend
{
public:
    DetailStoreResultsBackend(std::shared_ptr<DetailStore> store, QString agentId, QString sessionId);

    QString description() const override;
    bool isReadOnly() const override { return true; }
    Result<FileEntry> stat(const QString &path) const override;
    Result<QList<FileEntry>> list(const QString &path) const override;
    Result<QByteArray> read(const QString &path, qint64 offset = 0, qint64 maxBytes = -1) const override;
    Result<void> write(const QString &path, const QByteArray &content) override;
    Result<void> remove(const QString &path) override;

private:
    /// The record key a file name names ("m-3f9a2c.txt" -> "m-3f9a2c"), or an error for the agent.
    Result<QString> keyOf(const QString &path) const;

    std::shared_ptr<DetailStore> m_store;
    QString m_agentId;
    QString m_sessionId;
};

} // namespace valis
