#include "store/blobstore.h"

#include "store/contentfilesweep.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace valis::store {

namespace {
const QLatin1String uriPrefix("blob:sha256-");

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::BlobStore)
};
} // namespace

BlobStore::BlobStore(QString directory)
    : m_directory(std::move(directory))
{}

bool BlobStore::isBlobUri(const QString &uri)
{
    return uri.startsWith(uriPrefix);
}

QString BlobStore::pathFor(const QString &hex) const
{
    return m_directory + QLatin1Char('/') + hex.left(2) + QLatin1Char('/') + hex;
}

Result<QString> BlobStore::put(const QByteArray &data)
{
    const QString hex = QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
    const QString path = pathFor(hex);
    if (!QFileInfo::exists(path)) {
        if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
            return Error(QStringLiteral("store.blob-write"),
                         Text::tr("cannot create the blob folder"), QFileInfo(path).absolutePath());
        }
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit())
            return Error(QStringLiteral("store.blob-write"), file.errorString(), path);
    } else {
        // An old file (perhaps an orphan) is about to be referenced again: as new as a fresh one
        // to the orphan sweep.
        renewContentFile(path);
    }
    return QString(uriPrefix + hex);
}

Result<QByteArray> BlobStore::get(const QString &uri) const
{
    if (!isBlobUri(uri))
        return Error(QStringLiteral("store.blob-uri"), Text::tr("not a blob reference: %1").arg(uri));
    const QString hex = uri.mid(uriPrefix.size());
    QFile file(pathFor(hex));
    if (!file.open(QIODevice::ReadOnly))
        return Error(QStringLiteral("store.blob-missing"), Text::tr("the blob is missing: %1").arg(file.errorString()), file.fileName());
    const QByteArray data = file.readAll();
    if (QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex()) != hex)
        return Error(QStringLiteral("store.blob-damaged"), Text::tr("the blob's content does not match its hash"), file.fileName());
    return data;
}

} // namespace valis::store
