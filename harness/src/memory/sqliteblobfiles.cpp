#include "memory/sqliteblobfiles.h"

#include "store/contentfilesweep.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutexLocker>
#include <QRandomGenerator>
#include <QSaveFile>

namespace valis::memory {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::SqliteDetailStore)
};

Error corrupt(const QString &message, const QString &path)
{
    return Error(QStringLiteral("memory.corrupt"), message, path);
}

} // namespace

SqliteBlobFiles::SqliteBlobFiles(QString directory)
    : m_directory(std::move(directory))
{}

QString SqliteBlobFiles::relativePathFor(const QString &sha256)
{
    return sha256.left(2) + QLatin1Char('/') + sha256;
}

QString SqliteBlobFiles::absolutePath(const QString &relativePath) const
{
    return m_directory + QLatin1Char('/') + relativePath;
}

Result<void> SqliteBlobFiles::store(const QString &sha256, const QByteArray &content)
{
    const QString path = absolutePath(relativePathFor(sha256));
    const QFileInfo info(path);
    // Content-addressed: a file of the right size is this content (load() checks the hash).
    if (info.exists() && info.size() == content.size()) {
        // About to be referenced again: as new as a fresh file to the orphan sweep.
        store::renewContentFile(path);
        return success();
    }
    if (!QDir().mkpath(info.absolutePath()))
        return Error(QStringLiteral("memory.io"), Text::tr("cannot create the folder for large memories"), info.absolutePath());
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size() || !file.commit()) {
        return Error(QStringLiteral("memory.io"),
                     Text::tr("cannot write the content file of a large memory: %1").arg(file.errorString()), path);
    }
    return success();
}

Result<QByteArray> SqliteBlobFiles::load(const QString &relativePath, const QString &sha256, const QString &key)
{
    const QString path = absolutePath(relativePath);
    const QFileInfo info(path);
    if (!info.exists()) {
        return corrupt(Text::tr("the content of %1 is missing: its file is gone from the memory folder").arg(key),
                       path);
    }
    {
        QMutexLocker lock(&m_mutex);
        const auto found = m_cache.find(sha256);
        if (found != m_cache.end() && found->fileSize == info.size() && found->modified == info.lastModified()) {
            found->lastUse = ++m_uses;
            return found->content;
        }
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return corrupt(Text::tr("the content of %1 cannot be read: %2").arg(key, file.errorString()), path);
    const QByteArray content = file.readAll();
    if (file.error() != QFileDevice::NoError)
        return corrupt(Text::tr("the content of %1 cannot be read: %2").arg(key, file.errorString()), path);
    const QString actual = QString::fromLatin1(QCryptographicHash::hash(content, QCryptographicHash::Sha256).toHex());
    if (actual != sha256) {
        return corrupt(Text::tr("the content of %1 is damaged: its file no longer matches the checksum stored with it")
                           .arg(key),
                       path);
    }
    remember(sha256, {content, info.size(), info.lastModified(), 0});
    return content;
}

void SqliteBlobFiles::remember(const QString &sha256, const Cached &entry)
{
    if (entry.content.size() > cacheBudgetBytes / 2)
        return;
    QMutexLocker lock(&m_mutex);
    const auto previous = m_cache.constFind(sha256);
    if (previous != m_cache.constEnd()) {
        m_cachedBytes -= previous->content.size();
        m_cache.erase(previous);
    }
    // Evict the least recently used until the new content fits.
    while (!m_cache.isEmpty() && m_cachedBytes + entry.content.size() > cacheBudgetBytes) {
        auto oldest = m_cache.begin();
        for (auto it = m_cache.begin(); it != m_cache.end(); ++it) {
            if (it->lastUse < oldest->lastUse)
                oldest = it;
        }
        m_cachedBytes -= oldest->content.size();
        m_cache.erase(oldest);
    }
    Cached stored = entry;
    stored.lastUse = ++m_uses;
    m_cachedBytes += stored.content.size();
    m_cache.insert(sha256, stored);
}

Result<QString> SqliteBlobFiles::retire(const QString &relativePath)
{
    const QString path = absolutePath(relativePath);
    if (!QFileInfo::exists(path))
        return QString();
    const QString retired = path + QStringLiteral(".purged-") + QString::number(QRandomGenerator::global()->generate64(), 16);
    if (!QFile::rename(path, retired))
        return Error(QStringLiteral("memory.io"), Text::tr("cannot remove the content file of a large memory"), path);
    QMutexLocker lock(&m_mutex);
    const QString sha = QFileInfo(path).fileName();
    const auto cached = m_cache.constFind(sha);
    if (cached != m_cache.constEnd()) {
        m_cachedBytes -= cached->content.size();
        m_cache.erase(cached);
    }
    return retired;
}

void SqliteBlobFiles::restore(const QString &retiredPath, const QString &relativePath)
{
    if (!retiredPath.isEmpty())
        QFile::rename(retiredPath, absolutePath(relativePath));
}

void SqliteBlobFiles::discard(const QString &retiredPath)
{
    if (!retiredPath.isEmpty())
        QFile::remove(retiredPath);
}

} // namespace valis::memory
