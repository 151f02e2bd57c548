#pragma once

#include "valis/core/result.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <mutex>
#include <vector>

struct JSContext;

namespace valis::codemode {

/// SpiderMonkey's self-hosted code (the JavaScript half of its built-ins), compiled once and
/// kept in a file, so a new engine context decodes it instead of parsing it again: most of an
/// engine's cold start. The file is keyed by the engine's build (its version and library) and
/// carries a SHA-256 of its payload; a missing, foreign or damaged file is ignored and written
/// anew, and the engine starts as it would without a cache. Thread-safe.
class SelfHostedCache
{
public:
    /// Where the file goes (created on first write); empty keeps no cache. Set it before the
    /// first context; later calls change nothing once a context has started.
    void setDirectory(const QString &directory);
    QString directory() const;

    /// Calls JS::InitSelfHostedCode for a new context: from the cached stencil when there is a
    /// valid one, else parsing it and writing the cache. `fromCache` says which. False when the
    /// engine failed; the context must then be discarded (the next one starts without a cache).
    bool initialise(JSContext *cx, bool *fromCache);

    /// The engine's build key the file is tied to (set up once JS_Init has run).
    static QByteArray engineKey();
    /// The file for `key` in `directory`.
    static QString filePath(const QString &directory, const QByteArray &key);
    /// The payload of a cache file if it is one for `key` and intact, else why not.
    static Result<QByteArray> read(const QString &path, const QByteArray &key);
    /// Writes `payload` as the cache file for `key` (atomically).
    static Result<void> write(const QString &path, const QByteArray &key, const QByteArray &payload);
    /// Installs the process's build id for encoded JavaScript (the engine refuses to encode or
    /// decode without one). Called before JS_Init.
    static void installBuildId();

    /// Keeps what this process encoded, for the next contexts and the file.
    void keepEncoded(const uint8_t *data, size_t size);

private:
    mutable std::mutex m_mutex;
    QString m_directory;
    bool m_loaded = false;
    bool m_disabled = false;
    // The decoded stencil borrows these bytes until JS_ShutDown, so they are never replaced
    // once handed out (an aligned copy of the file's payload, or what this process encoded).
    std::vector<uint8_t> m_bytes;
};

} // namespace valis::codemode
