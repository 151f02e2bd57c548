#pragma once

#include "valis/record/part.h"

#include <QJsonObject>
#include <QMap>
#include <QStringList>
#include <QVariant>
#include <QWidget>

#include <functional>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QToolButton;

namespace valis {

/// Where a person writes the next turn: the text and its attached files, the provider, model
/// and tool pack it goes to, the workspace folder a new session works in, Send and Stop. Enter
/// sends, Shift+Enter starts a new line; files dropped on it are attached.
class ComposerWidget : public QWidget
{
    Q_OBJECT

public:
    explicit ComposerWidget(QWidget *parent = nullptr);

    void setProviders(const QStringList &ids, const QString &current);
    /// Chooses provider `id` when it is offered; false when it is not.
    bool selectProvider(const QString &id);
    QString provider() const;
    /// The models offered for the current provider (the catalog's, a server's list); any other
    /// name can still be typed.
    void setModels(const QStringList &models);
    void setModel(const QString &model);
    QString model() const;
    /// The tool packs (name, description) and the one chosen.
    void setToolPacks(const QList<QPair<QString, QString>> &packs, const QString &current);
    QString toolPack() const;
    /// The history strategies offered (names, see HistoryStrategies) and the one shown.
    void setHistoryStrategies(const QStringList &names, const QString &current);
    /// Shows `name` as the session's history strategy (historyStrategyChosen() is not emitted).
    void setHistoryStrategy(const QString &name);
    QString historyStrategy() const;
    /// The folder the session works in; `changeable` only before its first turn.
    void setWorkspace(const QString &path, bool changeable);
    QString workspace() const { return m_workspacePath; }

    /// Edit-and-resend: shows `text` of the earlier user message `messageId` for editing; Send
    /// then sends it as a new branch from where that message stood.
    void beginEdit(const QString &messageId, const QString &text);
    void cancelEdit();
    /// The message being edited; empty when the next turn is a new one.
    QString editingMessage() const { return m_editing; }

    QStringList attachments() const { return m_attachments; }
    void addAttachment(const QString &path);
    /// Attaches what was read from somewhere other than a file (an MCP resource, `label`
    /// "@server:uri"): sent with the turn like an attached file.
    void addResourceAttachment(const QString &label, const QList<Part> &parts);
    QStringList resourceLabels() const;
    QList<Part> resourceParts() const;
    void clearAttachments();

    /// One entry of the suggestion list under the text (what @ and / offer).
    struct Suggestion
    {
        QString label;    ///< "@everything:demo://resource/static/document/architecture.md"
        QString detail;   ///< its description, shown beside it
        QVariant data;    ///< given back by suggestionChosen()
    };
    /// Shows `suggestions` (empty: hides the list). While it is shown, Up and Down move in it,
    /// Enter or Tab choose and Escape closes it. Each `source` ("" for MCP, "prompts" for the
    /// stored prompts) keeps its own entries; the list shows every source's, named ones first.
    void showSuggestions(const QList<Suggestion> &suggestions, const QString &source = QString());
    void hideSuggestions();
    bool suggestionsShown() const;
    QListWidget *suggestionList() const { return m_suggestions; }

    /// Looks at the text before Send emits sendRequested(): true when it took the send over
    /// (a stored prompt's /key, which comes back through sendAs()).
    void setSendFilter(std::function<bool(const QString &text)> filter) { m_sendFilter = std::move(filter); }
    /// Emits sendRequested(text) past the filter, with `metadata` for the user message; the
    /// metadata is forgotten when the text is next edited.
    void sendAs(const QString &text, const QJsonObject &metadata);
    QJsonObject turnMetadata() const { return m_turnMetadata; }

    /// While a turn runs: Send gives its place to Stop, the text stays editable for the next turn.
    void setBusy(bool busy);
    /// Whether the chosen provider can take a turn (a key found, or none needed); when not,
    /// Send is off and its tooltip gives `reason`.
    void setProviderReady(bool ready, const QString &reason = QString());
    bool providerReady() const { return m_providerReady; }
    /// The draft's token estimate as shown under Send ("~120 tokens"); empty hides it.
    void setDraftEstimate(const QString &text, const QString &toolTip = QString());
    /// The session's sandbox as the session choices show it (a chip that opens the Commands
    /// dock, where it is chosen); `warning` when commands run without isolation.
    void setSandboxSummary(const QString &text, bool warning);
    void setStatus(const QString &text);
    QString status() const;
    QPlainTextEdit *editor() const { return m_editor; }

Q_SIGNALS:
    void sendRequested(const QString &text);
    void stopRequested();
    /// The provider choice changed (to fill in its default model).
    void providerChanged(const QString &id);
    /// The person chose another history strategy for the shown session (or the next new one).
    void historyStrategyChosen(const QString &name);
    /// A new session's folder was chosen.
    void workspaceChosen(const QString &path);
    /// The person chose a suggestion (its data).
    void suggestionChosen(const QVariant &data);
    /// The person asked to see the sandbox choice (the session choices' sandbox chip).
    void sandboxChoiceRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void send();
    void chooseWorkspace();
    void chooseAttachments();
    void showAttachments();

    QComboBox *m_provider;
    QComboBox *m_model;
    QComboBox *m_toolPack;
    QComboBox *m_history;
    QToolButton *m_workspace;
    QPlainTextEdit *m_editor;
    QPushButton *m_attach;
    QWidget *m_attachmentBar;
    QWidget *m_editBar;
    QHBoxLayout *m_attachmentLayout;
    QPushButton *m_send;
    QPushButton *m_stop;
    QLabel *m_status;
    QString m_workspacePath;
    QString m_editing;
    QStringList m_attachments;
    QList<QPair<QString, QList<Part>>> m_resources;
    QListWidget *m_suggestions;
    QMap<QString, QList<Suggestion>> m_suggestionSources;
    std::function<bool(const QString &)> m_sendFilter;
    QJsonObject m_turnMetadata;
    void chooseSuggestion();
    /// Send is on only with something to send, a model and a ready provider; its tooltip says
    /// which is missing.
    void updateSendState();
    QWidget *buildSessionChoices();
    bool m_busy = false;
    bool m_providerReady = true;
    QString m_notReadyReason;
    QLabel *m_draftTokens = nullptr;
    QToolButton *m_sandbox = nullptr;
};

} // namespace valis
