#include "runprinter.h"

#include "clicontext.h"
#include "terminalinput.h"

#include "valis/agent/approvalpolicy.h"
#include "valis/agent/session.h"
#include "valis/catalog/modelinfo.h"
#include "valis/mcp/mcpelicitation.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace valis::cli {

namespace {

/// Progress lines of one call at most this often (the last step is always shown).
constexpr qint64 ProgressIntervalMs = 250;

QString compactJson(const QJsonValue &value, int limit)
{
    QString text;
    if (value.isObject())
        text = QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    else if (value.isArray())
        text = QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    else
        text = value.toVariant().toString();
    return text.size() > limit ? text.left(limit) + QChar(0x2026) : text;
}

QString resultSummary(const Part &result)
{
    QString text;
    for (const Part &part : result.content) {
        if (part.kind == PartKind::Text)
            text += part.text;
        else if (part.kind == PartKind::Image)
            text += QStringLiteral("[image]");
    }
    const int lines = int(text.count(QLatin1Char('\n'))) + (text.isEmpty() ? 0 : 1);
    QString first = text.section(QLatin1Char('\n'), 0, 0).left(160);
    if (lines > 1)
        first += Text::tr(" (+%1 lines)").arg(lines - 1);
    return first;
}

QString number(double value)
{
    return QString::number(value, 'g', 10);
}

} // namespace

ToolInteraction interactionFromEvent(const SessionEvent &event)
{
    ToolInteraction interaction;
    interaction.id = event.requestId;
    interaction.message = event.text;
    const QString kind = event.details.value(QLatin1String("kind")).toString();
    interaction.kind = kind == ToolInteraction::kindName(ToolInteraction::Kind::Url)        ? ToolInteraction::Kind::Url
                       : kind == ToolInteraction::kindName(ToolInteraction::Kind::Sampling) ? ToolInteraction::Kind::Sampling
                                                                                            : ToolInteraction::Kind::Form;
    interaction.source = event.details.value(QLatin1String("source")).toString();
    interaction.schema = event.details.value(QLatin1String("schema")).toObject();
    interaction.url = QUrl(event.details.value(QLatin1String("url")).toString());
    interaction.sampling = event.details.value(QLatin1String("sampling")).toObject();
    return interaction;
}

RunPrinter::RunPrinter(CliContext &context, Session *session, bool json, bool showThinking, TerminalInput *input,
                       const QString &model)
    : m_context(context), m_session(session), m_json(json), m_showThinking(showThinking), m_input(input), m_prompter(context.err())
{
    m_prompter.setModel(model);
    // The MCP plugin opens an address the person agreed to (HostServices::openUrl).
    m_prompter.setOpenUrl({});
    m_clock.start();
    connect(session, &Session::eventOccurred, this, [this](const SessionEvent &event) { onEvent(event); });
    if (m_input) {
        connect(m_input, &TerminalInput::lineRead, this, [this](const QString &line) { onLine(line); });
        connect(m_input, &TerminalInput::closed, this, [this] { onInputClosed(); });
    }
}

QTextStream &RunPrinter::out()
{
    return m_context.out();
}

QTextStream &RunPrinter::err()
{
    return m_context.err();
}

void RunPrinter::endTextLine()
{
    if (m_midLine) {
        out() << '\n';
        out().flush();
        m_midLine = false;
    }
}

QString RunPrinter::dim(const QString &text) const
{
    return m_context.colour() ? QStringLiteral("\x1b[2m") + text + QStringLiteral("\x1b[0m") : text;
}

void RunPrinter::onEvent(const SessionEvent &event)
{
    if (m_json) {
        out() << QString::fromUtf8(QJsonDocument(event.toJson()).toJson(QJsonDocument::Compact)) << '\n';
        out().flush();
    } else {
        printForPerson(event);
    }
    switch (event.kind) {
    case SessionEvent::Kind::ApprovalRequested:
    case SessionEvent::Kind::InteractionRequested:
        m_pending.append(event);
        if (!m_json)
            askNext();
        else if (!m_input || m_inputClosed)
            denyUnattended(event);
        break;
    case SessionEvent::Kind::ApprovalResolved:
    case SessionEvent::Kind::InteractionResolved:
        removePending(event.requestId);
        break;
    case SessionEvent::Kind::TurnFinished:
        m_finishReason = event.text;
        break;
    default:
        break;
    }
}

void RunPrinter::removePending(const QString &requestId)
{
    m_pending.removeIf([&requestId](const SessionEvent &pending) { return pending.requestId == requestId; });
    if (m_prompter.isAsking() && m_prompter.currentId() == requestId) {
        // Answered some other way, or its call ended: the question on screen is void.
        m_prompter.abandon();
        err() << '\n' << Text::tr("  (the question went away: the tool call ended)") << Qt::endl;
        m_asking = false;
        askNext();
    }
}

void RunPrinter::printProgress(const SessionEvent &event)
{
    const double progress = event.details.value(QLatin1String("progress")).toDouble();
    const QJsonValue total = event.details.value(QLatin1String("total"));
    const qint64 now = m_clock.elapsed();
    const bool last = total.isDouble() && progress >= total.toDouble();
    const auto previous = m_lastProgressMs.constFind(event.callId);
    if (!last && previous != m_lastProgressMs.cend() && now - previous.value() < ProgressIntervalMs)
        return;
    m_lastProgressMs.insert(event.callId, now);
    endTextLine();
    QString text = Text::tr("progress %1").arg(number(progress));
    if (total.isDouble())
        text += QLatin1Char('/') + number(total.toDouble());
    if (!event.text.isEmpty())
        text += QLatin1Char(' ') + event.text;
    err() << "  " << dim(text) << Qt::endl;
}

void RunPrinter::printForPerson(const SessionEvent &event)
{
    switch (event.kind) {
    case SessionEvent::Kind::TextDelta:
        out() << event.text;
        out().flush();
        m_midLine = !event.text.endsWith(QLatin1Char('\n'));
        break;
    case SessionEvent::Kind::ThinkingDelta:
        if (m_showThinking) {
            err() << dim(event.text);
            err().flush();
        }
        break;
    case SessionEvent::Kind::ToolExecutionStarted:
        endTextLine();
        err() << QStringLiteral("\u2192 ") << event.toolName << ' ' << dim(compactJson(event.arguments, 200))
              << (event.attempt > 1 ? Text::tr(" (attempt %1)").arg(event.attempt) : QString()) << Qt::endl;
        break;
    case SessionEvent::Kind::ToolOutput:
        err() << dim(event.text);
        err().flush();
        break;
    case SessionEvent::Kind::ToolProgress:
        printProgress(event);
        break;
    case SessionEvent::Kind::ToolCallFinished:
        m_lastProgressMs.remove(event.callId);
        err() << QStringLiteral("  \u2190 ") << (event.result.isError ? Text::tr("error") : Text::tr("ok"))
              << Text::tr(", %1 ms: ").arg(event.durationMs) << resultSummary(event.result) << Qt::endl;
        break;
    case SessionEvent::Kind::Retrying:
        endTextLine();
        err() << Text::tr("retrying in %1 s (attempt %2): %3")
                     .arg(double(event.delayMs) / 1000.0, 0, 'f', 1)
                     .arg(event.attempt)
                     .arg(event.error.message)
              << Qt::endl;
        break;
    case SessionEvent::Kind::Warning:
        endTextLine();
        err() << Text::tr("warning: %1").arg(event.error.toString()) << Qt::endl;
        break;
    case SessionEvent::Kind::Error:
        endTextLine();
        err() << Text::tr("error: %1").arg(event.error.toString()) << Qt::endl;
        break;
    case SessionEvent::Kind::ContextCompacted: {
        endTextLine();
        const QJsonArray moved = event.details.value(QLatin1String("moved")).toArray();
        QStringList where;
        for (const QJsonValue &item : moved) {
            const QString pointer = item.toObject().value(QLatin1String("pointer")).toString();
            if (!pointer.isEmpty() && !where.contains(pointer) && where.size() < 3)
                where.append(pointer);
        }
        err() << Text::tr("context %1 by %2: %3 -> %4 tokens, %n item(s) moved", nullptr, int(moved.size()))
                     .arg(event.details.value(QLatin1String("action")).toString(),
                          event.details.value(QLatin1String("strategy")).toString())
                     .arg(event.details.value(QLatin1String("tokensBefore")).toInteger())
                     .arg(event.details.value(QLatin1String("tokensAfter")).toInteger())
              << (where.isEmpty() ? QString() : QStringLiteral(" (") + where.join(QStringLiteral(", "))
                                                     + (moved.size() > where.size() ? QStringLiteral(", ...") : QString())
                                                     + QLatin1Char(')'))
              << Qt::endl;
        break;
    }
    case SessionEvent::Kind::TurnFinished: {
        endTextLine();
        const SessionTotals &totals = event.totals;
        const QString cost = totals.costComplete ? QStringLiteral("$%1").arg(totals.costUsd, 0, 'f', 4)
                                                 : Text::tr("$%1 + unknown").arg(totals.costUsd, 0, 'f', 4);
        err() << dim(Text::tr("[%1] %2 requests, %3 in + %4 cached, %5 out, cache hits %6%, %7")
                         .arg(event.text)
                         .arg(totals.requests)
                         .arg(formatTokenCount(totals.inputTokens + totals.cacheWriteTokens))
                         .arg(formatTokenCount(totals.cacheReadTokens))
                         .arg(formatTokenCount(totals.outputTokens))
                         .arg(int(totals.cacheHitShare() * 100.0 + 0.5))
                         .arg(cost))
              << Qt::endl;
        break;
    }
    default:
        break;
    }
}

void RunPrinter::askNext()
{
    if (m_asking || m_pending.isEmpty())
        return;
    const SessionEvent request = m_pending.constFirst();
    if (!m_input || m_inputClosed || !m_input->isTerminal()) {
        denyUnattended(request);
        return;
    }
    m_asking = true;
    endTextLine();
    if (request.kind == SessionEvent::Kind::InteractionRequested) {
        askInteraction(request);
        return;
    }
    const QString subject = request.details.value(QLatin1String("subject")).toString();
    err() << Text::tr("Allow %1 %2?").arg(request.toolName, compactJson(request.arguments, 2000)) << '\n';
    if (subject.isEmpty())
        err() << Text::tr("  [y] once  [s] for this session  [a] always  [n] no (add a reason after it): ");
    else
        err() << Text::tr("  [y] once  [s] %1 for this session  [a] %1 always  [n] no (add a reason after it): ").arg(subject);
    err().flush();
}

void RunPrinter::askInteraction(const SessionEvent &request)
{
    const QString requestId = request.requestId;
    m_prompter.ask(interactionFromEvent(request), [this, requestId](const ToolInteractionAnswer &answer) {
        m_asking = false;
        m_session->answerInteraction(requestId, answer);
        askNext();
    });
}

void RunPrinter::denyUnattended(const SessionEvent &request)
{
    if (request.kind == SessionEvent::Kind::InteractionRequested) {
        if (!m_json)
            err() << Text::tr("declined a question of %1 (%2): nobody is there to answer it").arg(request.toolName, request.text)
                  << Qt::endl;
        m_session->answerInteraction(request.requestId, ToolInteractionAnswer::declined());
        return;
    }
    m_session->deny(request.requestId, Text::tr("no one was there to approve it (valis-cli run --approve decides what runs unasked)"));
}

void RunPrinter::onLine(const QString &line)
{
    if (m_json) {
        handleJsonCommand(line);
        return;
    }
    if (!m_asking || m_pending.isEmpty())
        return;
    if (m_prompter.isAsking()) {
        m_prompter.takeLine(line);
        return;
    }
    answerApproval(m_pending.constFirst().requestId, line.trimmed());
}

void RunPrinter::answerApproval(const QString &requestId, const QString &answer)
{
    const QChar first = answer.isEmpty() ? QChar() : answer.at(0).toLower();
    if (first == QLatin1Char('y'))
        m_session->approve(requestId, ApprovalScope::Once);
    else if (first == QLatin1Char('s'))
        m_session->approve(requestId, ApprovalScope::Session);
    else if (first == QLatin1Char('a'))
        m_session->approve(requestId, ApprovalScope::Always);
    else if (first == QLatin1Char('n'))
        m_session->deny(requestId, answer.mid(1).trimmed());
    else {
        err() << Text::tr("  y, s, a or n: ");
        err().flush();
        return;
    }
    m_asking = false;
    askNext();
}

// {"command": "approve", "requestId": "...", "scope": "once|session|always"},
// {"command": "deny", "requestId": "...", "reason": "..."},
// {"command": "answer", "requestId": "...", "action": "accept|decline|cancel", "content": {...}},
// {"command": "interrupt"}
void RunPrinter::handleJsonCommand(const QString &line)
{
    if (line.trimmed().isEmpty())
        return;
    const QJsonObject command = QJsonDocument::fromJson(line.toUtf8()).object();
    const QString name = command.value(QLatin1String("command")).toString();
    const QString requestId = command.value(QLatin1String("requestId")).toString();
    bool understood = true;
    if (name == QLatin1String("approve")) {
        const QString scope = command.value(QLatin1String("scope")).toString();
        understood = m_session->approve(requestId, scope == QLatin1String("always")    ? ApprovalScope::Always
                                                   : scope == QLatin1String("session") ? ApprovalScope::Session
                                                                                       : ApprovalScope::Once);
    } else if (name == QLatin1String("deny")) {
        understood = m_session->deny(requestId, command.value(QLatin1String("reason")).toString());
    } else if (name == QLatin1String("answer")) {
        ToolInteractionAnswer answer;
        understood = ToolInteractionAnswer::actionFromName(command.value(QLatin1String("action")).toString(), &answer.action);
        answer.content = command.value(QLatin1String("content")).toObject();
        if (understood && answer.action == ToolInteractionAnswer::Action::Accept) {
            // A form accepted as shown carries its defaults, whatever the script left out.
            for (const SessionEvent &pending : std::as_const(m_pending)) {
                if (pending.requestId == requestId && pending.kind == SessionEvent::Kind::InteractionRequested)
                    answer.content = McpElicitation::applyDefaults(pending.details.value(QLatin1String("schema")).toObject(), answer.content);
            }
        }
        understood = understood && m_session->answerInteraction(requestId, answer);
    } else if (name == QLatin1String("interrupt")) {
        m_session->interrupt();
    } else {
        understood = false;
    }
    if (!understood) {
        SessionEvent warning;
        warning.kind = SessionEvent::Kind::Warning;
        warning.sessionId = m_session->id();
        warning.error = Error(QStringLiteral("cli.bad-command"), Text::tr("not a command for a pending request: %1").arg(line.left(200)));
        out() << QString::fromUtf8(QJsonDocument(warning.toJson()).toJson(QJsonDocument::Compact)) << '\n';
        out().flush();
    }
}

void RunPrinter::onInputClosed()
{
    m_inputClosed = true;
    m_prompter.abandon();
    m_asking = false;
    // Nobody can answer any more: what waits is denied or declined, and so is what comes.
    const QList<SessionEvent> pending = m_pending;
    for (const SessionEvent &request : pending)
        denyUnattended(request);
}

} // namespace valis::cli
