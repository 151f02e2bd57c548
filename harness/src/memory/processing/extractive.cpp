// The deterministic extraction of offline memory processing: regular expressions and a few
// heuristics, so a store without a summary model still learns references, topics and the
// plainest lessons (a command that failed, then the one that worked).
#include "memory/processing/processingtext.h"
#include "valis/memory/memoryprocessing.h"

#include <QHash>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace valis {

namespace {

constexpr int MaxEvidence = 6;
constexpr int MaxReferences = 40;
constexpr int MaxTopics = 6;
constexpr int FixWindow = 8; // runs after a failure searched for the one that worked

struct Tally
{
    ExtractedItem item;
    int order = 0;
};

/// Items of one session, counted by type and normalised text.
class Collector
{
public:
    explicit Collector(QString sessionId) : m_sessionId(std::move(sessionId)) {}

    void add(const QString &type, const QString &kind, const QString &text, const QStringList &messageIds)
    {
        const QString trimmed = text.trimmed();
        if (trimmed.isEmpty())
            return;
        const QString id = type + QLatin1Char('|') + normalizedItemText(trimmed);
        auto it = m_items.find(id);
        if (it == m_items.end()) {
            Tally tally;
            tally.item.type = type;
            tally.item.kind = kind;
            tally.item.text = trimmed;
            tally.item.occurrences = 0;
            tally.order = int(m_items.size());
            it = m_items.insert(id, tally);
        }
        ++it->item.occurrences;
        for (const QString &messageId : messageIds) {
            const MemoryEvidence evidence{m_sessionId, messageId};
            if (!messageId.isEmpty() && it->item.evidence.size() < MaxEvidence && !it->item.evidence.contains(evidence))
                it->item.evidence.append(evidence);
        }
    }

    QList<ExtractedItem> items(const QString &type) const
    {
        QList<Tally> tallies;
        for (const Tally &tally : m_items) {
            if (tally.item.type == type)
                tallies.append(tally);
        }
        std::sort(tallies.begin(), tallies.end(), [](const Tally &a, const Tally &b) {
            return a.item.occurrences != b.item.occurrences ? a.item.occurrences > b.item.occurrences : a.order < b.order;
        });
        QList<ExtractedItem> out;
        for (const Tally &tally : std::as_const(tallies))
            out.append(tally.item);
        return out;
    }

private:
    QString m_sessionId;
    QHash<QString, Tally> m_items;
};

/// A command a tool ran, with what came of it.
struct CommandRun
{
    QString command;
    QString callMessage;
    QString resultMessage;
    bool finished = false;
    bool failed = false;
    QString errorLine;
    int turn = -1;
};

QString commandOf(const Part &call)
{
    const QJsonObject arguments = call.arguments.toObject();
    for (const char *name : {"command", "cmd", "script"}) {
        const QJsonValue value = arguments.value(QLatin1String(name));
        if (value.isString())
            return value.toString();
        if (value.isArray()) {
            QStringList words;
            for (const QJsonValue &word : value.toArray())
                words.append(word.toString());
            return words.join(QLatin1Char(' '));
        }
    }
    return {};
}

QString pathOf(const Part &call)
{
    const QJsonObject arguments = call.arguments.toObject();
    for (const char *name : {"file_path", "path", "filePath", "notebook_path", "file"}) {
        const QString value = arguments.value(QLatin1String(name)).toString();
        if (!value.isEmpty() && value.size() < 300 && !value.contains(QLatin1Char('\n')))
            return value;
    }
    return {};
}

/// Whether a tool's output says the command failed, and the line that says why.
bool outputFailed(const Part &result, QString *why)
{
    static const QRegularExpression exitCode(QStringLiteral("\\bexit(?:ed)?(?: with)? ?(?:code|status)[:= ]+(-?\\d+)"),
                                             QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression errorLine(
        QStringLiteral("^.*(?:\\berror\\b|\\bfailed\\b|\\bfatal\\b|\\*\\*\\*|not found|no such file|denied|traceback|undefined reference).*$"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::MultilineOption);
    const QString text = result.resultText().left(64 * 1024);
    bool failed = result.isError;
    const QRegularExpressionMatch code = exitCode.match(text);
    if (code.hasMatch())
        failed = failed || code.captured(1).toInt() != 0;
    if (failed && why) {
        const QRegularExpressionMatch line = errorLine.match(text);
        QString chosen = line.hasMatch() ? line.captured(0) : text.section(QLatin1Char('\n'), 0, 0);
        *why = cutText(chosen.simplified(), 160);
    }
    return failed;
}

/// The command as it matters for success: a shell wrapper ("bash -lc ...") unwrapped, output
/// plumbing ("2>&1", "| tail -20") left out.
QString essentialCommand(const QString &command)
{
    static const QRegularExpression wrapper(QStringLiteral("^(?:ba|z|da)?sh\\s+-\\w*c\\w*\\s+"));
    QString out = command.simplified();
    const QRegularExpressionMatch wrapped = wrapper.match(out);
    if (wrapped.hasMatch()) {
        out = out.mid(wrapped.capturedEnd());
        if (out.size() >= 2 && (out.front() == QLatin1Char('\'') || out.front() == QLatin1Char('"')) && out.back() == out.front())
            out = out.mid(1, out.size() - 2);
    }
    out.replace(QStringLiteral(" 2>&1"), QString());
    const qsizetype pipe = out.indexOf(QStringLiteral(" | "));
    if (pipe > 0)
        out = out.left(pipe);
    return out.trimmed();
}

/// "make staging", "git push", "npm test": the program and its first word that is no option.
QString programKey(const QString &command)
{
    const QStringList words = essentialCommand(command).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words.isEmpty())
        return {};
    QString key = words.first();
    if (words.size() > 1 && !words.at(1).startsWith(QLatin1Char('-')) && !words.at(1).contains(QLatin1Char('='))
        && !words.at(1).contains(QLatin1Char('/')))
        key += QLatin1Char(' ') + words.at(1);
    return key;
}

/// A command that only looks at things: never the fix that made another one work.
bool readsOnly(const QString &command)
{
    static const QStringList lookers{QStringLiteral("cat"), QStringLiteral("ls"), QStringLiteral("grep"), QStringLiteral("rg"),
                                     QStringLiteral("head"), QStringLiteral("tail"), QStringLiteral("find"), QStringLiteral("echo"),
                                     QStringLiteral("pwd"), QStringLiteral("wc"), QStringLiteral("which"), QStringLiteral("less"),
                                     QStringLiteral("git status"), QStringLiteral("git diff"), QStringLiteral("git log"),
                                     QStringLiteral("git show")};
    const QString essential = essentialCommand(command);
    const QString key = programKey(command);
    if (lookers.contains(key) || lookers.contains(key.section(QLatin1Char(' '), 0, 0)))
        return true;
    return essential.startsWith(QLatin1String("sed -n "));
}

QStringList uniqueIds(const QStringList &ids)
{
    QStringList out;
    for (const QString &id : ids) {
        if (!id.isEmpty() && !out.contains(id))
            out.append(id);
    }
    return out;
}

void findLessons(const QList<CommandRun> &runs, Collector &items)
{
    for (qsizetype i = 0; i < runs.size(); ++i) {
        const CommandRun &failed = runs.at(i);
        if (!failed.finished || !failed.failed)
            continue;
        const QString key = programKey(failed.command);
        QList<const CommandRun *> between;
        for (qsizetype j = i + 1; j < runs.size() && j <= i + FixWindow; ++j) {
            const CommandRun &later = runs.at(j);
            if (!later.finished)
                continue;
            if (programKey(later.command) != key) {
                if (!later.failed && !readsOnly(later.command))
                    between.append(&later);
                continue;
            }
            if (later.failed) {
                if (later.command == failed.command)
                    break; // the same failure again: the later one is the lesson's start
                continue;
            }
            const QString why = failed.errorLine.isEmpty() ? QString() : QStringLiteral(" (\"%1\")").arg(failed.errorLine);
            const QString failedCommand = essentialCommand(failed.command);
            const QString workedCommand = essentialCommand(later.command);
            const QString shortFailed = cutText(failedCommand, 160);
            const QString shortWorked = cutText(workedCommand, 160);
            QStringList evidence{failed.callMessage, failed.resultMessage};
            QString text;
            if (workedCommand != failedCommand) {
                const QStringList before = failedCommand.split(QLatin1Char(' '));
                const QStringList after = workedCommand.split(QLatin1Char(' '));
                QStringList added;
                for (const QString &word : after) {
                    if (!before.contains(word))
                        added.append(word);
                }
                // Mostly another command under the same program: no lesson, just a next step.
                if (added.size() * 2 > after.size() || added.join(QLatin1Char(' ')).size() > 120)
                    break;
                text = added.isEmpty() ? QStringLiteral("`%1` works where `%2` failed%3.").arg(shortWorked, shortFailed, why)
                                       : QStringLiteral("`%1` needs `%2`: `%3` failed%4, `%5` worked.")
                                             .arg(key, added.join(QLatin1Char(' ')), shortFailed, why, shortWorked);
            } else if (!between.isEmpty()) {
                const CommandRun *fix = between.constLast();
                text = QStringLiteral("`%1` needs `%2` first: it failed%3 before and worked after.")
                           .arg(shortFailed, cutText(essentialCommand(fix->command), 120), why);
                evidence << fix->callMessage << fix->resultMessage;
            } else {
                break; // it simply worked on a second try: nothing learned
            }
            evidence << later.callMessage << later.resultMessage;
            items.add(QLatin1String(ProcessedType::Lesson), QStringLiteral("fix"), text, uniqueIds(evidence));
            break;
        }
    }
}

/// Three or more commands in a row, all successful, in one turn: a procedure that may recur.
void findProcedures(const QList<CommandRun> &runs, Collector &items)
{
    QHash<int, QList<const CommandRun *>> byTurn;
    QList<int> turns;
    for (const CommandRun &run : runs) {
        if (!run.finished)
            continue;
        if (!byTurn.contains(run.turn))
            turns.append(run.turn);
        byTurn[run.turn].append(&run);
    }
    for (int turn : std::as_const(turns)) {
        QList<const CommandRun *> steps;
        bool ok = true;
        for (const CommandRun *run : byTurn.value(turn)) {
            ok = ok && !run->failed;
            if (!run->failed && (steps.isEmpty() || steps.constLast()->command.simplified() != run->command.simplified()))
                steps.append(run);
        }
        if (!ok || steps.size() < 3 || steps.size() > 6)
            continue;
        QStringList shown;
        QStringList evidence;
        for (const CommandRun *run : std::as_const(steps)) {
            shown.append(QLatin1Char('`') + cutText(run->command.simplified(), 80) + QLatin1Char('`'));
            evidence.append(run->callMessage);
        }
        items.add(QLatin1String(ProcessedType::Reference), QStringLiteral("procedure"),
                  QStringLiteral("Procedure: ") + shown.join(QStringLiteral(" \u2192 ")), uniqueIds(evidence));
    }
}

void findReferences(const QString &text, const QString &messageId, bool fromPerson, Collector &items)
{
    static const QRegularExpression url(QStringLiteral("\\bhttps?://[^\\s<>\"'`)\\]]+"));
    static const QRegularExpression path(
        QStringLiteral("(?:^|[\\s`'\"(\\[])((?:~|\\.{1,2})?/?(?:[\\w.@-]+/)+[\\w.@-]*\\w)(?=$|[\\s`'\",:;.!?)\\]])"));
    static const QRegularExpression hashIssue(QStringLiteral("(?:^|[\\s(\\[,])#(\\d{2,6})\\b"));
    static const QRegularExpression trackerIssue(QStringLiteral("\\b([A-Z][A-Z0-9]{1,9}-\\d{1,6})\\b"));
    static const QRegularExpression person(QStringLiteral("(?:^|[\\s(,])@([A-Za-z][A-Za-z0-9-]{1,38})\\b(?![/.@])"));
    static const QStringList notIssues{QStringLiteral("UTF"), QStringLiteral("SHA"), QStringLiteral("ISO"), QStringLiteral("GPT"),
                                       QStringLiteral("AES"), QStringLiteral("HTTP"), QStringLiteral("TLS"), QStringLiteral("MD"),
                                       QStringLiteral("X"), QStringLiteral("PEP"), QStringLiteral("CP")};
    QString rest = text;
    for (auto it = url.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        QString found = match.captured(0);
        while (!found.isEmpty() && QStringLiteral(".,;:!?").contains(found.back()))
            found.chop(1);
        items.add(QLatin1String(ProcessedType::Reference), QStringLiteral("url"), found, {messageId});
        rest.replace(match.captured(0), QString(match.capturedLength(0), QLatin1Char(' ')));
    }
    for (auto it = path.globalMatch(rest); it.hasNext();) {
        const QString found = it.next().captured(1);
        // A path, not a fraction or a date: a folder part and a name with a letter.
        if (found.size() < 4 || found.size() > 200 || !found.contains(QRegularExpression(QStringLiteral("[A-Za-z]"))))
            continue;
        const bool rooted = found.startsWith(QLatin1Char('/')) || found.startsWith(QLatin1Char('~')) || found.startsWith(QLatin1Char('.'));
        const bool named = found.section(QLatin1Char('/'), -1).contains(QLatin1Char('.'));
        if (rooted || named)
            items.add(QLatin1String(ProcessedType::Reference), QStringLiteral("path"), found, {messageId});
    }
    for (auto it = hashIssue.globalMatch(rest); it.hasNext();)
        items.add(QLatin1String(ProcessedType::Reference), QStringLiteral("issue"), QLatin1Char('#') + it.next().captured(1), {messageId});
    for (auto it = trackerIssue.globalMatch(rest); it.hasNext();) {
        const QString found = it.next().captured(1);
        if (!notIssues.contains(found.section(QLatin1Char('-'), 0, 0)))
            items.add(QLatin1String(ProcessedType::Reference), QStringLiteral("issue"), found, {messageId});
    }
    if (fromPerson) {
        for (auto it = person.globalMatch(rest); it.hasNext();)
            items.add(QLatin1String(ProcessedType::Reference), QStringLiteral("person"), QLatin1Char('@') + it.next().captured(1), {messageId});
    }
}

/// A message's prose: without the tags harnesses inject into user messages (system reminders,
/// slash-command echoes) and without terminal colour codes.
QString proseOf(const QString &text)
{
    static const QRegularExpression injected(
        QStringLiteral("<(system-reminder|command-[a-z]+|local-command-[a-z]+|user-prompt-submit-hook)>[\\s\\S]*?</\\1>"));
    static const QRegularExpression ansi(QStringLiteral("\\x1b\\[[0-9;]*[A-Za-z]"));
    QString out = text;
    if (out.contains(QLatin1Char('<')))
        out.remove(injected);
    if (out.contains(QChar(0x1b)))
        out.remove(ansi);
    return out;
}

/// "The staging build needs --no-lto." said by the person or the assistant.
void findNeedsSentences(const QString &text, const QString &messageId, Collector &items)
{
    static const QRegularExpression needs(
        QStringLiteral("\\b(?:no longer needs?|no longer requires?|does(?:n't| not) need|needs|requires|must be run with|only works with)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression sentenceEnd(QStringLiteral("(?<=[.!?])\\s+|\\n"));
    if (!needs.match(text).hasMatch())
        return;
    for (const QString &sentence : text.split(sentenceEnd, Qt::SkipEmptyParts)) {
        const QString line = sentence.trimmed();
        const QRegularExpressionMatch found = needs.match(line);
        if (line.size() < 12 || line.size() > 220 || line.endsWith(QLatin1Char('?')) || !found.hasMatch())
            continue;
        // Not inside a quoted argument or a command line ("--description=\"... needs to be done\"").
        const QString before = line.left(found.capturedStart());
        if (before.count(QLatin1Char('"')) % 2 == 1 || before.count(QLatin1Char('`')) % 2 == 1
            || line.contains(QRegularExpression(QStringLiteral("(?:^|\\s)--?[a-z][\\w-]*="))))
            continue;
        items.add(QLatin1String(ProcessedType::Lesson), QStringLiteral("needs"), line, {messageId});
    }
}

} // namespace

SessionExtraction extractSession(const SessionInfo &session, const QList<Message> &messages)
{
    SessionExtraction extraction;
    extraction.sessionId = session.id;
    extraction.workspace = session.workspace;
    Collector items(session.id);
    TopicCounter topics;
    QList<CommandRun> runs;
    QHash<QString, qsizetype> runByCall;

    for (const Message &message : messages) {
        extraction.throughSeq = qMax(extraction.throughSeq, message.seq);
        ++extraction.messages;
        for (const Part &part : message.parts) {
            switch (part.kind) {
            case PartKind::Text: {
                extraction.transcriptBytes += part.text.size();
                if (message.role != Role::User && message.role != Role::Assistant)
                    break;
                const QString text = proseOf(part.text.left(64 * 1024));
                findReferences(text, message.id, message.role == Role::User, items);
                findNeedsSentences(text, message.id, items);
                topics.add(text, message.id);
                break;
            }
            case PartKind::ToolCall: {
                const QString arguments = part.argumentsJson();
                extraction.transcriptBytes += arguments.size();
                const QString command = commandOf(part);
                if (!command.isEmpty()) {
                    CommandRun run;
                    run.command = command;
                    run.callMessage = message.id;
                    run.turn = message.turn;
                    runByCall.insert(part.callId, runs.size());
                    runs.append(run);
                    items.add(QLatin1String(ProcessedType::Reference), QStringLiteral("command"),
                              cutText(command.simplified(), 160), {message.id});
                }
                const QString path = pathOf(part);
                if (!path.isEmpty())
                    items.add(QLatin1String(ProcessedType::Reference), QStringLiteral("path"), path, {message.id});
                break;
            }
            case PartKind::ToolResult: {
                extraction.transcriptBytes += part.resultText().size();
                const auto run = runByCall.constFind(part.callId);
                if (run == runByCall.constEnd())
                    break;
                CommandRun &found = runs[*run];
                found.finished = true;
                found.resultMessage = message.id;
                found.failed = outputFailed(part, &found.errorLine);
                break;
            }
            default:
                break;
            }
        }
    }
    findLessons(runs, items);
    findProcedures(runs, items);

    const bool lessonLayerIsProject = !session.workspace.isEmpty();
    for (ExtractedItem item : items.items(QLatin1String(ProcessedType::Lesson))) {
        // A fix the record shows working is worth more than a sentence someone wrote.
        item.weight = item.kind == QLatin1String("fix") ? 2.0 : 1.0;
        item.layer = item.kind == QLatin1String("fix") && lessonLayerIsProject ? QStringLiteral("project") : QStringLiteral("session");
        extraction.items.append(item);
    }
    const QList<ExtractedItem> references = items.items(QLatin1String(ProcessedType::Reference));
    for (qsizetype i = 0; i < references.size() && i < MaxReferences; ++i) {
        ExtractedItem item = references.at(i);
        item.weight = std::round((0.5 + 0.25 * std::log2(1.0 + item.occurrences)) * 100) / 100;
        extraction.items.append(item);
    }
    for (const ExtractedItem &topic : topics.top(session.id, MaxTopics))
        extraction.items.append(topic);
    return extraction;
}

} // namespace valis
