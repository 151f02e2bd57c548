// The progress ledger, the summary instruction, the extractive summary and the saved transcript
// of a summarised span (see valis/context/spansummary.h).
#include "valis/context/spansummary.h"

#include "context/spantext.h"
#include "valis/core/ids.h"
#include "valis/export/jsonlexport.h"
#include "valis/record/recordjson.h"

#include <QCryptographicHash>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace valis {

using spantext::firstLine;

namespace {

QString turnLabel(int turn)
{
    return QStringLiteral("T-") + QString::number(qMax(turn, 0));
}

/// `text` cut to `budget` characters at a line end when there is one, never inside a surrogate
/// pair, with a note of what was cut.
QString fitted(const QString &text, qsizetype budget)
{
    if (text.size() <= budget)
        return text;
    qsizetype cut = qMax<qsizetype>(0, budget - 60);
    const qsizetype line = text.lastIndexOf(QLatin1Char('\n'), cut);
    if (line > cut / 2)
        cut = line;
    if (cut > 0 && text.at(cut - 1).isHighSurrogate())
        --cut;
    return text.left(cut) + QStringLiteral("\n… [cut here; the saved transcript has the rest]\n");
}

/// Sentences of assistant text that state a choice.
QStringList decisions(const QList<Message> &span)
{
    static const QRegularExpression marker(
        QStringLiteral("\\b(decided|decide to|instead of|instead,|because|chose|choose to|we will|I will|I'll|going to|"
                       "switched to|rather than|the fix is|the cause is|root cause)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression sentenceEnd(QStringLiteral("(?<=[.!?])\\s+"));
    QStringList found;
    for (const Message &message : span) {
        if (message.role != Role::Assistant)
            continue;
        for (const QString &sentence : message.text().split(sentenceEnd, Qt::SkipEmptyParts)) {
            if (found.size() >= 12)
                return found;
            const QString line = sentence.simplified();
            if (line.size() > 20 && marker.match(line).hasMatch() && !found.contains(line.left(240)))
                found.append(line.left(240));
        }
    }
    return found;
}

/// Lines of tool output that report a failure, first ones first.
QStringList errorLines(const QList<Message> &span)
{
    static const QRegularExpression failure(QStringLiteral("\\b(error|failed|failure|fatal|exception|traceback|panic)\\b"),
                                            QRegularExpression::CaseInsensitiveOption);
    QStringList found;
    for (const Message &message : span) {
        for (const Part &part : message.parts) {
            if (part.kind != PartKind::ToolResult)
                continue;
            const QString text = spantext::resultText(part);
            // The head and tail of a long output say what failed.
            const QString scanned = text.size() > 40000 ? text.left(30000) + QLatin1Char('\n') + text.right(10000) : text;
            for (const QString &line : scanned.split(QLatin1Char('\n'))) {
                const QString simplified = line.simplified();
                if (simplified.size() > 8 && failure.match(simplified).hasMatch() && !found.contains(simplified.left(200))) {
                    found.append(simplified.left(200));
                    if (found.size() >= 10)
                        return found;
                }
            }
        }
    }
    return found;
}

/// One line per turn: the request, the tools used, what the answer said.
QStringList turnLines(const QList<Message> &span)
{
    QStringList lines;
    int turn = -1;
    QString request;
    QString outcome;
    QHash<QString, int> tools;
    QStringList toolOrder;
    const auto flush = [&] {
        if (turn < 0 && request.isEmpty() && outcome.isEmpty())
            return;
        QString line = QStringLiteral("- %1: %2").arg(turnLabel(turn), request.isEmpty() ? QStringLiteral("(continued)") : request);
        if (!toolOrder.isEmpty()) {
            QStringList used;
            for (const QString &tool : std::as_const(toolOrder))
                used.append(tools.value(tool) > 1 ? QStringLiteral("%1 ×%2").arg(tool).arg(tools.value(tool)) : tool);
            line += QStringLiteral(" [tools: %1]").arg(used.join(QStringLiteral(", ")));
        }
        if (!outcome.isEmpty())
            line += QStringLiteral(" → ") + outcome;
        lines.append(line);
    };
    for (const Message &message : span) {
        if (spantext::isRequest(message)) {
            flush();
            turn = message.turn;
            request = firstLine(message.text(), 140);
            outcome.clear();
            tools.clear();
            toolOrder.clear();
            continue;
        }
        if (message.role != Role::Assistant)
            continue;
        for (const Part &part : message.parts) {
            if (part.kind == PartKind::ToolCall) {
                if (!tools.contains(part.toolName))
                    toolOrder.append(part.toolName);
                tools[part.toolName] += 1;
            }
        }
        const QString text = message.text().trimmed();
        if (!text.isEmpty())
            outcome = firstLine(text, 180);
    }
    flush();
    return lines;
}

/// The open items of the latest plan in `span`.
QStringList openPlanItems(const QList<Message> &span)
{
    for (qsizetype m = span.size() - 1; m >= 0; --m) {
        const QList<Part> &parts = span.at(m).parts;
        for (qsizetype p = parts.size() - 1; p >= 0; --p) {
            const QList<QPair<QString, QString>> plan = spantext::planOf(parts.at(p));
            if (plan.isEmpty())
                continue;
            QStringList open;
            for (const auto &[text, status] : plan) {
                if (status != QLatin1String("completed"))
                    open.append(QStringLiteral("- %1 (%2)").arg(text, status.isEmpty() ? QStringLiteral("pending") : status));
            }
            return open;
        }
    }
    return {};
}

QString lastAssistantText(const QList<Message> &span)
{
    for (qsizetype i = span.size() - 1; i >= 0; --i) {
        if (span.at(i).role == Role::Assistant && !span.at(i).text().trimmed().isEmpty())
            return span.at(i).text().trimmed();
    }
    return {};
}

/// The step `record` is on: the plan's item in progress, else its first open one, else the
/// first line of the latest user request.
QString currentStep(const QList<Message> &record)
{
    QList<QPair<QString, QString>> plan;
    QString lastRequest;
    for (const Message &message : record) {
        if (spantext::isRequest(message))
            lastRequest = firstLine(message.text(), 200);
        for (const Part &part : message.parts) {
            if (part.kind != PartKind::ToolCall)
                continue;
            const QList<QPair<QString, QString>> written = spantext::planOf(part);
            if (!written.isEmpty())
                plan = written;
        }
    }
    for (const auto &[text, status] : std::as_const(plan)) {
        if (status == QLatin1String("in_progress"))
            return text;
    }
    for (const auto &[text, status] : std::as_const(plan)) {
        if (status != QLatin1String("completed"))
            return text;
    }
    return lastRequest;
}

} // namespace

QString ProgressLedger::toText() const
{
    QString text = QStringLiteral("<progress-ledger>\n");
    if (!currentStep.isEmpty())
        text += QStringLiteral("Current step: %1\n").arg(currentStep);
    if (!filesRead.isEmpty()) {
        text += QStringLiteral("Files read (path, sha256 of what was read, turn, bytes); read again only if it may have changed:\n");
        for (const FileRead &file : filesRead)
            text += QStringLiteral("- %1 sha256:%2 %3 %4 bytes\n").arg(file.path, file.sha256, turnLabel(file.turn)).arg(file.bytes);
    }
    return text + QStringLiteral("</progress-ledger>");
}

ProgressLedger progressLedger(const QList<Message> &record)
{
    return progressLedger(record, record);
}

ProgressLedger progressLedger(const QList<Message> &span, const QList<Message> &record)
{
    ProgressLedger ledger;
    QHash<QString, Part> calls;
    QHash<QString, int> fileIndex;
    for (const Message &message : span) {
        for (const Part &part : message.parts) {
            if (part.kind == PartKind::ToolCall) {
                calls.insert(part.callId, part);
                continue;
            }
            if (part.kind != PartKind::ToolResult || part.isError)
                continue;
            const QString path = spantext::readPathOf(calls.value(part.callId));
            if (path.isEmpty())
                continue;
            const QByteArray content = spantext::resultText(part).toUtf8();
            ProgressLedger::FileRead read{path,
                                          QString::fromLatin1(QCryptographicHash::hash(content, QCryptographicHash::Sha256).toHex().left(12)),
                                          message.turn, content.size()};
            const auto at = fileIndex.constFind(path);
            if (at == fileIndex.cend()) {
                fileIndex.insert(path, int(ledger.filesRead.size()));
                ledger.filesRead.append(read);
            } else {
                ledger.filesRead[at.value()] = read;
            }
        }
    }
    ledger.currentStep = currentStep(record);
    return ledger;
}

QString summaryInstruction(const QString &throughLabel, int maxWords)
{
    return QStringLiteral(
               "Write a summary of this conversation through turn %1, so that you can continue the work from the summary "
               "alone: the turns it covers will be replaced by it. Answer with the summary only, as Markdown, no preamble, "
               "and do not call any tool. Use exactly these six sections, in this order:\n"
               "## Session intent\nWhat the person wants, in their words where it matters.\n"
               "## Progress and artifacts\nWhat was done and found, turn by turn where it helps; name every file path, URL, "
               "issue id and error code verbatim.\n"
               "## Decisions\nWhat was decided and why, and what was ruled out.\n"
               "## Current state\nWhere the work stands now: what works, what is broken, what is half done.\n"
               "## Next steps\nWhat remains, in order.\n"
               "## Key details\nFacts needed to continue: names, values, commands, versions, constraints.\n"
               "Use at most %2 words.")
        .arg(throughLabel)
        .arg(maxWords);
}

QString extractiveSummary(const QList<Message> &span, const SpanArtifacts &artifacts, qsizetype maxChars)
{
    QString intent;
    QString latest;
    for (const Message &message : span) {
        if (!spantext::isRequest(message))
            continue;
        if (intent.isEmpty())
            intent = message.text().trimmed();
        latest = firstLine(message.text(), 300);
    }
    QString intentSection = intent.isEmpty() ? QStringLiteral("(no new request in this part: the request being worked on is above)")
                                             : fitted(intent, 800);
    if (!latest.isEmpty() && !intent.startsWith(latest.left(40)))
        intentSection += QStringLiteral("\nLatest request: ") + latest;

    const QStringList turns = turnLines(span);
    const QString artifactText = artifacts.toMarkdown();
    const QStringList decided = decisions(span);
    const QString state = lastAssistantText(span);
    QStringList next = openPlanItems(span);
    const QStringList errors = errorLines(span);

    // The artifacts come first in the budget: they are what a summary must never lose.
    const qsizetype headings = 200;
    const qsizetype artifactBudget = qMin<qsizetype>(artifactText.size(), qMax<qsizetype>(maxChars / 2, maxChars - 3000));
    const qsizetype rest = qMax<qsizetype>(600, maxChars - headings - artifactBudget);
    QString summary;
    summary += QStringLiteral("## Session intent\n") + fitted(intentSection, rest * 15 / 100) + QStringLiteral("\n\n");
    QString progress;
    const qsizetype progressBudget = rest * 35 / 100;
    // The first turns, then as many of the latest as fit.
    QStringList kept = turns;
    if (turns.size() > 4 && turns.join(QLatin1Char('\n')).size() > progressBudget) {
        const QStringList head = turns.mid(0, 3);
        QStringList tail;
        qsizetype used = head.join(QLatin1Char('\n')).size() + 80;
        for (qsizetype i = turns.size() - 1; i >= 3; --i) {
            if (used + turns.at(i).size() + 1 > progressBudget)
                break;
            tail.prepend(turns.at(i));
            used += turns.at(i).size() + 1;
        }
        kept = head;
        kept.append(QStringLiteral("- … %1 more turns, in the saved transcript …").arg(turns.size() - 3 - tail.size()));
        kept += tail;
    }
    progress = fitted(kept.join(QLatin1Char('\n')), progressBudget);
    summary += QStringLiteral("## Progress and artifacts\n") + progress + QLatin1Char('\n') + fitted(artifactText, artifactBudget)
             + QLatin1Char('\n');
    summary += QStringLiteral("## Decisions\n")
             + fitted(decided.isEmpty() ? QStringLiteral("(none stated)") : QStringLiteral("- ") + decided.join(QStringLiteral("\n- ")),
                      rest * 15 / 100)
             + QStringLiteral("\n\n");
    summary += QStringLiteral("## Current state\n") + fitted(state.isEmpty() ? QStringLiteral("(no answer yet)") : state, rest * 15 / 100)
             + QStringLiteral("\n\n");
    if (next.isEmpty()) {
        static const QRegularExpression nextMarker(QStringLiteral("\\b(next|todo|remaining|still need|then)\\b"),
                                                   QRegularExpression::CaseInsensitiveOption);
        for (const QString &sentence : state.split(QRegularExpression(QStringLiteral("(?<=[.!?])\\s+")), Qt::SkipEmptyParts)) {
            if (nextMarker.match(sentence).hasMatch() && next.size() < 5)
                next.append(QStringLiteral("- ") + sentence.simplified().left(240));
        }
    }
    summary += QStringLiteral("## Next steps\n")
             + fitted(next.isEmpty() ? QStringLiteral("(none stated)") : next.join(QLatin1Char('\n')), rest * 10 / 100)
             + QStringLiteral("\n\n");
    summary += QStringLiteral("## Key details\n")
             + fitted(errors.isEmpty() ? QStringLiteral("(no failures reported)")
                                       : QStringLiteral("Failures seen:\n- ") + errors.join(QStringLiteral("\n- ")),
                      rest * 10 / 100)
             + QLatin1Char('\n');
    return fitted(summary, maxChars);
}

QString completeSummary(const QString &modelSummary, const SpanArtifacts &artifacts)
{
    SpanArtifacts missing;
    const auto absent = [&modelSummary](const QStringList &items) {
        QStringList left;
        for (const QString &item : items) {
            if (!modelSummary.contains(item))
                left.append(item);
        }
        return left;
    };
    missing.files = absent(artifacts.files);
    missing.urls = absent(artifacts.urls);
    missing.issues = absent(artifacts.issues);
    missing.errorCodes = absent(artifacts.errorCodes);
    missing.commands = absent(artifacts.commands);
    missing.moreFiles = artifacts.moreFiles;
    missing.moreUrls = artifacts.moreUrls;
    missing.moreIssues = artifacts.moreIssues;
    missing.moreErrorCodes = artifacts.moreErrorCodes;
    missing.moreCommands = artifacts.moreCommands;
    if (missing.isEmpty())
        return modelSummary.trimmed();
    return modelSummary.trimmed() + QStringLiteral("\n\n## Artifacts not named above\n") + missing.toMarkdown();
}

SpanTranscript spanTranscript(const QList<Message> &span)
{
    SpanTranscript transcript;
    int first = -1;
    int last = -1;
    for (const Message &message : span) {
        if (message.turn < 0)
            continue;
        first = first < 0 ? message.turn : qMin(first, message.turn);
        last = qMax(last, message.turn);
    }
    const QString turns = QStringLiteral("T-%1-through-%2").arg(qMax(first, 0)).arg(qMax(last, 0));
    transcript.name = turns;
    // The lines of a Valis JSONL export, so `valis-cli import` reads the span as a session.
    const QString sessionId = QStringLiteral("transcript-") + transcript.name;
    QByteArray json = QJsonDocument(QJsonObject{{QStringLiteral("type"), QStringLiteral("valis-export")},
                                                {QStringLiteral("version"), JsonlExport::formatVersion}})
                          .toJson(QJsonDocument::Compact)
                    + '\n';
    SessionInfo info;
    info.id = sessionId;
    info.title = QStringLiteral("Summarised span %1").arg(transcript.name);
    json += QJsonDocument(QJsonObject{{QStringLiteral("type"), QStringLiteral("session")},
                                      {QStringLiteral("session"), recordjson::toJson(info)}})
                .toJson(QJsonDocument::Compact)
          + '\n';
    QString markdown = QStringLiteral("# Transcript %1\n\nThe span of the session a context summary replaced, message by "
                                      "message as the record holds it.\n")
                           .arg(transcript.name);
    int turn = -2;
    for (const Message &message : span) {
        json += QJsonDocument(QJsonObject{{QStringLiteral("type"), QStringLiteral("message")},
                                          {QStringLiteral("session_id"), sessionId},
                                          {QStringLiteral("message"), recordjson::toJson(message)}})
                    .toJson(QJsonDocument::Compact)
              + '\n';
        if (message.turn != turn) {
            turn = message.turn;
            markdown += QStringLiteral("\n## %1\n").arg(turnLabel(turn));
        }
        markdown += QStringLiteral("\n### %1 (%2)\n").arg(roleName(message.role), message.id);
        for (const Part &part : message.parts) {
            switch (part.kind) {
            case PartKind::Text:
                markdown += part.text + QLatin1Char('\n');
                break;
            case PartKind::Thinking:
                markdown += QStringLiteral("<details><summary>thinking</summary>\n\n%1\n</details>\n").arg(part.text);
                break;
            case PartKind::ToolCall:
                markdown += QStringLiteral("Tool call %1 [%2]:\n````json\n%3\n````\n").arg(part.toolName, part.callId, part.argumentsJson());
                break;
            case PartKind::ToolResult:
                markdown += QStringLiteral("Result [%1]%2:\n````\n%3\n````\n")
                                .arg(part.callId, part.isError ? QStringLiteral(" (error)") : QString(), spantext::resultText(part));
                break;
            case PartKind::Image:
                markdown += QStringLiteral("[image %1 %2]\n").arg(part.image.mediaType, part.image.uri);
                break;
            }
        }
    }
    transcript.json = json;
    transcript.markdown = markdown.toUtf8();
    // Two spans can cover the same turns (a long turn summarised twice): the name carries the
    // content's id too, so one transcript never replaces another.
    QByteArray content;
    for (const Message &message : span)
        content += message.id.toUtf8() + '\n';
    transcript.name = turns + QLatin1Char('-') + contentId(u"s", content, 6).mid(2);
    return transcript;
}

} // namespace valis
