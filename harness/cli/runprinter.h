#pragma once

#include "interactionprompter.h"

#include "valis/agent/sessionevent.h"

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QObject>

#include <optional>

namespace valis {
class Session;
}

namespace valis::cli {

class CliContext;
class TerminalInput;

/// Prints a Session's events for `valis-cli run`: for a person (the answer on stdout, activity
/// and progress on stderr) or as JSON lines. Answers what the session asks: approvals and the
/// questions of running tools (forms, URLs to open, sampling) are asked on the terminal one at
/// a time; with --json they are answered by JSON-line commands on standard input; with nobody to
/// answer, approvals are denied and questions declined.
class RunPrinter : public QObject
{
public:
    RunPrinter(CliContext &context, Session *session, bool json, bool showThinking, TerminalInput *input,
               const QString &model);

    std::optional<QString> finishReason() const { return m_finishReason; }

private:
    QTextStream &out();
    QTextStream &err();
    void endTextLine();
    QString dim(const QString &text) const;

    void onEvent(const SessionEvent &event);
    void printForPerson(const SessionEvent &event);
    void printProgress(const SessionEvent &event);
    /// Asks about the oldest pending request; one question on screen at a time.
    void askNext();
    void askInteraction(const SessionEvent &request);
    void denyUnattended(const SessionEvent &request);
    void onLine(const QString &line);
    void answerApproval(const QString &requestId, const QString &answer);
    /// {"command": "approve"|"deny"|"answer"|"interrupt", ...}
    void handleJsonCommand(const QString &line);
    void onInputClosed();
    void removePending(const QString &requestId);

    CliContext &m_context;
    Session *m_session;
    bool m_json;
    bool m_showThinking;
    TerminalInput *m_input;
    InteractionPrompter m_prompter;
    bool m_midLine = false;
    bool m_asking = false;
    bool m_inputClosed = false;
    /// ApprovalRequested and InteractionRequested events not answered yet, oldest first.
    QList<SessionEvent> m_pending;
    QElapsedTimer m_clock;
    QHash<QString, qint64> m_lastProgressMs; ///< by call id
    std::optional<QString> m_finishReason;
};

/// The question an InteractionRequested event carries.
ToolInteraction interactionFromEvent(const SessionEvent &event);

} // namespace valis::cli
