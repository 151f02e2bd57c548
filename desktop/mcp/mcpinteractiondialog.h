#pragma once

#include "valis/agent/sessionevent.h"
#include "valis/plugins/toolinteraction.h"

#include <QDialog>

class QLabel;

namespace valis {

class McpSchemaForm;

/// Asks the person what a running tool (an MCP server) needs: a form made from its schema, consent
/// to open an address (its host shown large, the whole address below; accepting lets the plugin
/// open it, the dialog opens nothing), or whether the session's model may answer a sampling
/// request (who asks, the messages, the system prompt, the token limit, the model). Built from an
/// InteractionRequested event; the answer comes once as answered(), also when the dialog is
/// closed (cancel). Non-modal, so the conversation stays readable meanwhile.
class McpInteractionDialog : public QDialog
{
    Q_OBJECT

public:
    /// `model`: the model that would answer a sampling request (the session's).
    McpInteractionDialog(const SessionEvent &event, const QString &model, QWidget *parent = nullptr);

    QString requestId() const { return m_requestId; }
    QString kind() const { return m_kind; }
    McpSchemaForm *form() const { return m_form; }
    /// Closes the dialog without answering: the question was settled elsewhere.
    void settle();

    void done(int result) override;

Q_SIGNALS:
    void answered(const QString &requestId, const valis::ToolInteractionAnswer &answer);

private:
    void buildForm(const SessionEvent &event);
    void buildUrl(const SessionEvent &event);
    void buildSampling(const SessionEvent &event, const QString &model);
    void answer(const ToolInteractionAnswer &answer);

    QString m_requestId;
    QString m_kind;
    McpSchemaForm *m_form = nullptr;
    QLabel *m_problems = nullptr;
    bool m_answered = false;
};

} // namespace valis
