#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace valis {

/// Where a PostgreSQL DetailStore lives. The password is never written to memory.json: it
/// comes from the OS keychain (service "postgresql") or the VALIS_MEMORY_PASSWORD / PGPASSWORD
/// environment variables.
struct VALIS_HARNESS_EXPORT PostgresConnection
{
    QString host = QStringLiteral("127.0.0.1");
    int port = 5432;
    QString database = QStringLiteral("valis");
    QString user = QStringLiteral("valis");
    QString password;            ///< filled at run time, never saved
    QString options;             ///< extra QPSQL connect options ("sslmode=require")
    /// "postgresql://user@host:port/database", parsed with the same fields.
    static Result<PostgresConnection> fromUrl(const QString &url);
    QString toUrl() const;       ///< without the password
    /// The environment variables the password is read from when the address has none, in the
    /// order they are tried (the keychain is asked after them, libpq's ~/.pgpass last).
    static QStringList passwordVariables();
};

/// The memory settings (config/memory.json):
///
///     {"version": 1, "backend": "sqlite" | "postgresql",
///      "postgresql": "postgresql://valis@db:5432/valis",
///      "captureThresholdTokens": 500,
///      "tools": {"read_file": {"captureThresholdTokens": 10000}, "grep": {"captureThresholdTokens": 0}},
///      "agentsMdBudgetBytes": 32768,
///      "summaryProvider": "openai-compatible", "summaryModel": "qwen3:4b",
///      "embeddings": {...EmbeddingSettings...}}
///
/// A threshold of 0 turns capture off for that tool. Missing file: these defaults.
struct VALIS_HARNESS_EXPORT MemorySettings
{
    enum class Backend { Sqlite, Postgres };
    Backend backend = Backend::Sqlite;
    QString sqlitePath;                  ///< empty: DataLocations::memoryDatabasePath()
    PostgresConnection postgres;
    qint64 captureThresholdTokens = 500; ///< tool results above this become MemoryRefs
    QHash<QString, qint64> toolCaptureThresholds; ///< per tool name; 0: never capture
    qint64 agentsMdBudgetBytes = 32 * 1024;
    QString summaryProvider;             ///< empty: extractive summaries only
    QString summaryModel;
    /// SQLite: content larger than this goes to a checksummed file beside the database.
    qint64 blobThresholdBytes = 256 * 1024;
    /// The "embeddings" object as written (EmbeddingSettings::fromJson() reads it); kept as is
    /// so saving these settings never drops it.
    QJsonObject embeddings;

    /// Reads `path`; a missing file gives the defaults, a malformed one an error naming the
    /// field ("memory-settings.malformed").
    static Result<MemorySettings> load(const QString &path);
    Result<void> save(const QString &path) const;
    /// The capture threshold for `toolName`: its own, else the default. Tools whose results must
    /// stay in the context (store/retrieve/search_memory) are exempted by ToolSpec, not here.
    qint64 captureThresholdFor(const QString &toolName) const;
    static QString backendName(Backend backend);
};

} // namespace valis
