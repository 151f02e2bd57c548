#pragma once

#include "valis/mcp/mcpserversession.h"

#include <QJsonArray>
#include <QTimer>

#include <memory>
#include <optional>

namespace valis {

class DetailStore;
class SessionStore;

/// Prompts beside the built-in `recall` that ValisMemoryServer offers: the person's stored
/// prompts (PromptStoreMcpSource, valis/prompts/promptmcpsource.h), which `valis-cli mcp serve`
/// passes to ValisMemoryServer::setPromptSource(); that and each change the poll finds emit
/// promptsChanged() (notifications/prompts/list_changed) so connected clients list again.
/// Its prompts are listed after `recall`; a name it shares with `recall` is never asked for.
/// Called on the server's thread; keep both calls quick (no network).
class VALIS_HARNESS_EXPORT McpPromptSource
{
public:
    virtual ~McpPromptSource();
    /// The Prompt objects of prompts/list.
    virtual QJsonArray prompts() const = 0;
    /// {description?, messages} for `name`; Error "mcp.not-found" when it is not one of these.
    virtual Result<QJsonObject> getPrompt(const QString &name, const QJsonObject &arguments) const = 0;
    /// Asked at each of the server's polls: whether the prompts changed since the last time
    /// (another process's write too); true makes the server emit promptsChanged().
    virtual bool changedSinceLastAsked() { return false; }
};

/// What ValisMemoryServer serves and how.
struct VALIS_HARNESS_EXPORT ValisMemoryServerOptions
{
    QString agentId = QStringLiteral("default"); ///< whose memory and /memories/ it serves
    bool readOnly = false;                       ///< no store_memory
    QString version;                             ///< serverInfo.version
    /// How often the store is asked whether anyone (another process too) changed it; 0: never.
    int pollMilliseconds = 2000;
};

/// Valis's memory and transcripts as an MCP server (valis-cli mcp serve): the tools
/// search_memory, retrieve_memory, store_memory, search_transcripts, read_session,
/// list_memories_files and read_memories_file; the resources valis://memory/<key>,
/// valis://memories/<path> and valis://session/<id>, each paged; the `recall` prompt; and
/// completions for keys, paths and session ids.
///
/// Memory changes, this server's or another process's, are found by polling the store every
/// pollMilliseconds: DetailStore::changeCounter() says cheaply whether anything changed (SQLite:
/// PRAGMA data_version; a backend without one is looked at every time), and only then is the
/// fingerprint read (the agent's record counts and newest key, the /memories/ files' digests)
/// and compared, and a difference reported as resourcesChanged() with the URIs of the files
/// that changed and of the new records.
///
/// Prompts: the built-in `recall`, plus those of an McpPromptSource when one is set (`valis-cli
/// mcp serve` sets the prompt store's); the same poll asks the source whether they changed.
class VALIS_HARNESS_EXPORT ValisMemoryServer : public McpServerHandler
{
    Q_OBJECT

public:
    /// `memory` may be null (no store: the memory tools answer with an error); `sessions`
    /// must outlive the server and may be null too.
    ValisMemoryServer(std::shared_ptr<DetailStore> memory, SessionStore *sessions, ValisMemoryServerOptions options,
                      QObject *parent = nullptr);
    ~ValisMemoryServer() override;

    void setPromptSource(std::shared_ptr<McpPromptSource> source);

    QJsonObject serverInfo() const override;
    QString instructions() const override;
    QList<McpServedTool> tools() const override;
    Result<QJsonObject> callTool(const McpCaller &caller, const QString &name, const QJsonObject &arguments) override;
    Result<QJsonObject> listResources(const McpCaller &caller, const QString &cursor) override;
    QJsonArray resourceTemplates() const override;
    Result<QJsonObject> readResource(const McpCaller &caller, const QString &uri) override;
    QJsonArray prompts() const override;
    Result<QJsonObject> getPrompt(const McpCaller &caller, const QString &name, const QJsonObject &arguments) override;
    Result<QJsonObject> complete(const McpCaller &caller, const QJsonObject &ref, const QJsonObject &argument) override;

    /// Compares the store with what it was at the last check and reports any change; the poll
    /// timer calls it, and so does store_memory right after a write.
    void checkForChanges();

private:
    struct Fingerprint
    {
        qint64 records = -1;
        qint64 inactive = -1;
        qint64 bytes = -1;
        QString newestKey;
        QHash<QString, QString> files; ///< /memories/ path -> sha256
        bool operator==(const Fingerprint &other) const = default;
    };
    Fingerprint fingerprint() const;
    std::optional<qint64> changeCounter() const;

    // Tools (valismemorytools.cpp).
    Result<QJsonObject> searchMemory(const QJsonObject &arguments);
    Result<QJsonObject> retrieveMemory(const QJsonObject &arguments, const QString &pathPrefix);
    Result<QJsonObject> storeMemory(const McpCaller &caller, const QJsonObject &arguments);
    Result<QJsonObject> searchTranscripts(const QJsonObject &arguments);
    Result<QJsonObject> readSession(const QJsonObject &arguments);
    Result<QJsonObject> listMemoriesFiles(const QJsonObject &arguments);
    Result<QJsonObject> recallPrompt(const QJsonObject &arguments);

    std::shared_ptr<DetailStore> m_memory;
    SessionStore *m_sessions = nullptr;
    ValisMemoryServerOptions m_options;
    std::shared_ptr<McpPromptSource> m_prompts;
    Fingerprint m_last;
    std::optional<qint64> m_lastCounter; ///< when m_last was read; none: the store has no counter
    QTimer m_poll;
};

} // namespace valis
