#include "selfhostedcache.h"

#include <QCryptographicHash>
#include <QDataStream>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <js/BuildId.h>
#include <js/Initialization.h>
#include <jsapi.h>

#if defined(Q_OS_UNIX)
#include <dlfcn.h>
#endif

#include <cstring>

namespace valis::codemode {

namespace {

constexpr char Magic[8] = {'V', 'L', 'S', 'J', 'S', 'S', 'H', '1'};
// A cache file larger than this is not ours (the stencil is a few MB).
constexpr qint64 MaxFileBytes = 64ll * 1024 * 1024;

thread_local SelfHostedCache *Writing = nullptr;

// The engine's version and, where it can be found, its library's size and time: a rebuilt
// engine of the same version must not decode another build's bytecode.
QByteArray processBuildId()
{
    QByteArray id = QByteArray("valis-codemode:") + JS_GetImplementationVersion();
#if defined(Q_OS_UNIX)
    Dl_info info = {};
    if (dladdr(reinterpret_cast<void *>(&JS_GetImplementationVersion), &info) && info.dli_fname) {
        const QFileInfo library(QFile::decodeName(info.dli_fname));
        id += ':' + QByteArray::number(library.size()) + ':' + QByteArray::number(library.lastModified().toMSecsSinceEpoch());
    }
#endif
    return id;
}

bool buildIdOp(JS::BuildIdCharVector *buildId)
{
    static const QByteArray id = processBuildId();
    return buildId->append(id.constData(), size_t(id.size()));
}

bool writeEncoded(JSContext *, JS::SelfHostedCache encoded)
{
    if (Writing)
        Writing->keepEncoded(encoded.data(), encoded.size());
    // Failing to keep a cache is no reason to fail the engine.
    return true;
}

} // namespace

void SelfHostedCache::installBuildId()
{
    JS::SetProcessBuildIdOp(&buildIdOp);
}

QByteArray SelfHostedCache::engineKey()
{
    JS::BuildIdCharVector id;
    if (!JS::GetScriptTranscodingBuildId(&id))
        return {};
    return QByteArray(id.begin(), qsizetype(id.length()));
}

QString SelfHostedCache::filePath(const QString &directory, const QByteArray &key)
{
    const QByteArray digest = QCryptographicHash::hash(key, QCryptographicHash::Sha256).toHex().left(16);
    return QDir(directory).filePath(QStringLiteral("selfhosted-") + QString::fromLatin1(digest) + QStringLiteral(".bin"));
}

Result<QByteArray> SelfHostedCache::read(const QString &path, const QByteArray &key)
{
    const auto bad = [&path](const QString &why) {
        return Error(QStringLiteral("codemode.cache"), QStringLiteral("%1: %2").arg(path, why), path);
    };
    QFile file(path);
    if (!file.exists())
        return bad(QStringLiteral("no cache file"));
    if (file.size() > MaxFileBytes)
        return bad(QStringLiteral("too large to be a cache file"));
    if (!file.open(QIODevice::ReadOnly))
        return bad(file.errorString());
    QDataStream in(&file);
    char magic[sizeof(Magic)] = {};
    if (in.readRawData(magic, int(sizeof(magic))) != int(sizeof(magic)) || std::memcmp(magic, Magic, sizeof(Magic)) != 0)
        return bad(QStringLiteral("not a cache file"));
    QByteArray storedKey;
    QByteArray digest;
    QByteArray payload;
    in >> storedKey >> digest >> payload;
    if (in.status() != QDataStream::Ok || !file.atEnd())
        return bad(QStringLiteral("truncated or damaged"));
    if (storedKey != key)
        return bad(QStringLiteral("written by another build of the engine"));
    if (payload.isEmpty() || QCryptographicHash::hash(payload, QCryptographicHash::Sha256) != digest)
        return bad(QStringLiteral("damaged (checksum mismatch)"));
    return payload;
}

Result<void> SelfHostedCache::write(const QString &path, const QByteArray &key, const QByteArray &payload)
{
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return Error(QStringLiteral("codemode.cache"), QStringLiteral("cannot create the folder of %1").arg(path), path);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error(QStringLiteral("codemode.cache"), file.errorString(), path);
    QDataStream out(&file);
    out.writeRawData(Magic, int(sizeof(Magic)));
    out << key << QCryptographicHash::hash(payload, QCryptographicHash::Sha256) << payload;
    if (out.status() != QDataStream::Ok || !file.commit())
        return Error(QStringLiteral("codemode.cache"), file.errorString(), path);
    return {};
}

void SelfHostedCache::setDirectory(const QString &directory)
{
    std::lock_guard lock(m_mutex);
    if (!m_loaded)
        m_directory = directory;
}

QString SelfHostedCache::directory() const
{
    std::lock_guard lock(m_mutex);
    return m_directory;
}

void SelfHostedCache::keepEncoded(const uint8_t *data, size_t size)
{
    QString path;
    QByteArray key;
    {
        std::lock_guard lock(m_mutex);
        // Contexts that started meanwhile may borrow m_bytes already: keep the first copy.
        if (!m_bytes.empty() || size == 0)
            return;
        m_bytes.assign(data, data + size);
        if (m_directory.isEmpty())
            return;
        key = engineKey();
        path = filePath(m_directory, key);
    }
    // On an engine thread, never the GUI's. A cache that cannot be written costs the next
    // process its start-up time, nothing else.
    if (!key.isEmpty())
        (void)write(path, key, QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
}

bool SelfHostedCache::initialise(JSContext *cx, bool *fromCache)
{
    JS::SelfHostedCache cached;
    bool disabled = false;
    {
        std::lock_guard lock(m_mutex);
        if (!m_loaded) {
            m_loaded = true;
            if (!m_directory.isEmpty()) {
                const QByteArray key = engineKey();
                if (!key.isEmpty()) {
                    Result<QByteArray> payload = read(filePath(m_directory, key), key);
                    if (payload.ok())
                        m_bytes.assign(payload->cbegin(), payload->cend());
                }
            }
        }
        disabled = m_disabled;
        if (!disabled && !m_bytes.empty())
            cached = JS::SelfHostedCache(m_bytes.data(), m_bytes.size());
    }
    *fromCache = !cached.empty();
    if (disabled)
        return JS::InitSelfHostedCode(cx);
    Writing = this;
    const bool ok = JS::InitSelfHostedCode(cx, cached, cached.empty() ? &writeEncoded : nullptr);
    Writing = nullptr;
    if (!ok) {
        // Encoding or decoding failed inside the engine: the next contexts start without a cache.
        std::lock_guard lock(m_mutex);
        m_disabled = true;
        *fromCache = false;
    }
    return ok;
}

} // namespace valis::codemode
