#pragma once

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QSet>

namespace valis {

class ComposerWidget;
class McpHost;
class McpSchemaForm;

/// What MCP servers add to the composer. Typing "@" offers the resources of the ready servers
/// that have any (resources/list); choosing one reads it (resources/read) and attaches it like
/// a file. Typing "/" at the start offers the servers' prompts (prompts/list); choosing one asks
/// for its arguments in a small form with the server's completions (completion/complete), gets
/// it (prompts/get) and puts its messages into the composer to be sent as the turn. Lists are
/// asked for when first wanted and again when a server says they changed.
class McpComposerAssist : public QObject
{
    Q_OBJECT

public:
    explicit McpComposerAssist(ComposerWidget *composer, QObject *parent = nullptr);

    void setHost(McpHost *host);
    /// How many resources and prompts are known (for tests and the status line).
    int knownResources() const;
    int knownPrompts() const;

Q_SIGNALS:
    /// A list arrived (resources or prompts of a server).
    void listsChanged();
    /// A chosen resource is attached, or a chosen prompt is in the composer.
    void resourceAttached(const QString &label);
    void promptInserted(const QString &server, const QString &prompt);

private:
    enum class Mode { None, Resources, Prompts };
    void onTextChanged();
    void fetch(const QString &server, const QString &method, const QString &key, const QString &cursor = {},
               QJsonArray collected = {}, int page = 1);
    void offer();
    void chooseResource(const QString &server, const QString &uri);
    void choosePrompt(const QString &server, const QJsonObject &prompt);
    void getPrompt(const QString &server, const QString &name, const QJsonObject &arguments);
    void askCompletion(McpSchemaForm *form, const QString &server, const QString &prompt, const QString &argument,
                       const QString &value);
    void removeTyped();

    ComposerWidget *m_composer;
    QPointer<McpHost> m_host;
    Mode m_mode = Mode::None;
    QString m_query;
    qsizetype m_tokenStart = -1;
    QHash<QString, QJsonArray> m_resources; ///< by server: resources/list's resources
    QHash<QString, QJsonArray> m_prompts;   ///< by server: prompts/list's prompts
    QSet<QString> m_asked;                  ///< "resources:server" and "prompts:server" asked or answered
};

} // namespace valis
