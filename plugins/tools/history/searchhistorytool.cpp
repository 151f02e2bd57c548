#include "searchhistorytool.h"

#include "historyrecord.h"
#include "historytext.h"
#include "toolarguments.h"
#include "toolschema.h"
#include "valis/store/sessionstore.h"

#include <QHash>
#include <QRegularExpression>

#include <algorithm>

namespace valis::tools::history {

// Descriptions and results are read by the model, which reads English best: not tr()'d.

namespace {

constexpr qint64 MaxOffset = 1000000000000LL;
constexpr qint64 MaxPart = 1000000;
constexpr int SimilarIds = 5;
/// A hit's "read around the match" call starts this many lines before the match.
constexpr qint64 LinesBeforeMatch = 10;

using Arguments = QList<QPair<QString, QJsonValue>>;

enum class Unit { Lines, Bytes };

struct ReadRequest
{
    Unit unit = Unit::Lines;
    qint64 offset = 1;
    qint64 limit = SearchHistoryTool::DefaultLines;
    bool limitGiven = false;
};

QString turnId(int turn)
{
    return QStringLiteral("T-") + QString::number(turn);
}

QString quotedQuery(const QString &query)
{
    return QLatin1Char('`') + oneLine(query, 200) + QLatin1Char('`');
}

QString noRecordMessage()
{
    return QStringLiteral("search_history cannot run: there is no record to search (this call has no session store, e.g. "
                          "a single tool call from the command line). Only a running session's record can be searched.");
}

QString nothingRecordedMessage()
{
    return QStringLiteral("This session has nothing recorded yet: there is no earlier message to search or read.");
}

QString failed(const Error &error)
{
    return QStringLiteral("search_history failed: %1").arg(error.message);
}

/// The call that reads `part` of `messageId` from `offset` (lines, or bytes).
QString readCall(const QString &messageId, int part, const ReadRequest &request, std::optional<qint64> offset)
{
    Arguments arguments{{QStringLiteral("message"), messageId}, {QStringLiteral("part"), part}};
    if (request.unit == Unit::Bytes)
        arguments.append({QStringLiteral("unit"), QStringLiteral("bytes")});
    if (offset)
        arguments.append({QStringLiteral("offset"), QJsonValue(*offset)});
    if (request.limitGiven)
        arguments.append({QStringLiteral("limit"), QJsonValue(request.limit)});
    return callText(arguments);
}

/// `…text «match» text…` on one line, from a SearchHit snippet.
QString shownSnippet(const QString &snippet)
{
    QString text = snippet;
    text.replace(snippetMatchStart, QChar(0x00AB));
    text.replace(snippetMatchEnd, QChar(0x00BB));
    return oneLine(text, 600);
}

/// The line (from 1) of `text` where the snippet's first match is, or 0 when it cannot be found.
qint64 matchLine(const QString &text, const QString &snippet)
{
    const qsizetype marker = snippet.indexOf(snippetMatchStart);
    if (marker < 0)
        return 0;
    QString plain = snippet;
    plain.remove(snippetMatchStart);
    plain.remove(snippetMatchEnd);
    const QChar ellipsis(0x2026);
    // snippet() marks cut text with an ellipsis at either end; the text itself may hold one too.
    for (const bool stripStart : {true, false}) {
        for (const bool stripEnd : {true, false}) {
            QString window = plain;
            qsizetype at = marker;
            if (stripStart) {
                if (!window.startsWith(ellipsis))
                    continue;
                window.remove(0, 1);
                --at;
            }
            if (stripEnd) {
                if (!window.endsWith(ellipsis))
                    continue;
                window.chop(1);
            }
            if (window.isEmpty() || at < 0)
                continue;
            const qsizetype found = text.indexOf(window);
            if (found >= 0)
                return qint64(QStringView(text).left(found + at).count(QLatin1Char('\n'))) + 1;
        }
    }
    return 0;
}

/// The lines listing `message`'s parts (at most `budget` of them; `budget` is decreased).
QStringList partLines(const Message &message, int *budget)
{
    QStringList lines;
    lines.append(QStringLiteral("- %1 (%2, %3)").arg(message.id, roleName(message.role), turnId(message.turn)));
    const QList<FlatPart> parts = flattenParts(message);
    if (parts.isEmpty())
        lines.append(QStringLiteral("    (no parts)"));
    for (const FlatPart &part : parts) {
        if (*budget <= 0) {
            lines.append(QStringLiteral("    ... and %1 more parts").arg(parts.size() - part.index));
            break;
        }
        --*budget;
        QString line = QStringLiteral("    %1part %2: %3")
                           .arg(part.parent >= 0 ? QStringLiteral("  ") : QString(), QString::number(part.index),
                                describePart(message, part));
        if (part.kind == PartKind::Image) {
            if (!part.imageUri.isEmpty())
                line += QStringLiteral(", ") + part.imageUri;
        } else {
            line += QStringLiteral(", ") + textFacts(part.text);
        }
        if (!part.capturedKey.isEmpty())
            line += QStringLiteral(" (shown in the context as [MemoryRef: %1])").arg(part.capturedKey);
        if (part.kind != PartKind::ToolResult && part.kind != PartKind::Image && !part.text.isEmpty())
            line += QStringLiteral(": \"") + oneLine(part.text, 70) + QLatin1Char('"');
        lines.append(line);
    }
    return lines;
}

QString listing(const QList<Message> &messages)
{
    int budget = SearchHistoryTool::MaxListedParts;
    QStringList lines;
    for (qsizetype i = 0; i < messages.size(); ++i) {
        if (budget <= 0) {
            lines.append(QStringLiteral("- ... and %1 more messages").arg(messages.size() - i));
            break;
        }
        lines += partLines(messages.at(i), &budget);
    }
    return lines.join(QLatin1Char('\n'));
}

QString readAdvice()
{
    return QStringLiteral("Read a part with search_history {\"message\":\"<id>\",\"part\":<n>}.");
}

/// Levenshtein distance, for naming ids that look like a mistyped one.
qsizetype editDistance(const QString &a, const QString &b)
{
    QList<qsizetype> row(b.size() + 1);
    for (qsizetype j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (qsizetype i = 1; i <= a.size(); ++i) {
        qsizetype diagonal = row[0];
        row[0] = i;
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const qsizetype above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a.at(i - 1) == b.at(j - 1) ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

QString turnRange(const QList<TurnInfo> &turns)
{
    if (turns.isEmpty())
        return QString();
    if (turns.size() == 1)
        return QStringLiteral("This session has one turn, %1.").arg(turns.constFirst().id());
    return QStringLiteral("This session's turns are %1 to %2.").arg(turns.constFirst().id(), turns.constLast().id());
}

QString unknownMessage(SessionStore &store, const QString &sessionId, const QString &id, const ToolCall &call)
{
    QString text = QStringLiteral("No message of this session has the id \"%1\".").arg(oneLine(id, 80));
    const Result<QList<MessageEntry>> all = MessageDirectory::all(store, sessionId, [&call] { return call.isCancelled(); });
    if (all.hasError())
        return text + QLatin1Char(' ') + failed(all.error());
    if (all->isEmpty())
        return text + QLatin1Char(' ') + nothingRecordedMessage();

    // Ids are time-ordered, so a shared beginning means nearby messages: rank by it first.
    const QString wanted = id.toLower();
    struct Candidate
    {
        qsizetype common = 0;
        qsizetype distance = 0;
        const MessageEntry *entry = nullptr;
    };
    QList<Candidate> candidates;
    candidates.reserve(all->size());
    for (const MessageEntry &entry : *all) {
        const QString candidate = entry.id.toLower();
        qsizetype common = 0;
        while (common < candidate.size() && common < wanted.size() && candidate.at(common) == wanted.at(common))
            ++common;
        candidates.append({common, editDistance(wanted, candidate), &entry});
    }
    std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate &a, const Candidate &b) {
        return a.common != b.common ? a.common > b.common : a.distance < b.distance;
    });
    // Only ids a slip of the keyboard away (or sharing most of their beginning) are named.
    const qsizetype closeEnough = qMax<qsizetype>(3, wanted.size() / 3);
    QStringList lines;
    for (qsizetype i = 0; i < candidates.size() && lines.size() < SimilarIds; ++i) {
        const Candidate &candidate = candidates.at(i);
        if (candidate.distance > closeEnough && candidate.common < wanted.size() - closeEnough)
            continue;
        const MessageEntry &entry = *candidate.entry;
        lines.append(QStringLiteral("- %1 (%2, %3)").arg(entry.id, roleName(entry.role), turnId(entry.turn)));
    }
    if (lines.isEmpty())
        text += QStringLiteral(" No id of this session looks like it. ");
    else
        text += QStringLiteral(" The ids most like it:\n") + lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
    const Result<QList<TurnInfo>> turns = store.turns(sessionId);
    if (turns.ok())
        text += turnRange(*turns) + QLatin1Char(' ');
    const int turn = lines.isEmpty() ? all->constLast().turn : candidates.constFirst().entry->turn;
    text += QStringLiteral("Use an id exactly as a hit or a listing shows it, or a turn id: %1 lists the messages of a turn.")
                .arg(callText({{QStringLiteral("message"), turnId(turn)}}));
    return text;
}

QString unknownTurn(const QList<TurnInfo> &turns, int wanted)
{
    QString text = QStringLiteral("This session has no turn %1. ").arg(turnId(wanted));
    const TurnInfo *below = nullptr;
    const TurnInfo *above = nullptr;
    for (const TurnInfo &turn : turns) {
        if (turn.index < wanted)
            below = &turn;
        else if (turn.index > wanted && !above)
            above = &turn;
    }
    text += turnRange(turns);
    QStringList nearest;
    for (const TurnInfo *turn : {below, above}) {
        if (turn)
            nearest.append(callText({{QStringLiteral("message"), turn->id()}}));
    }
    if (!nearest.isEmpty())
        text += QStringLiteral(" The nearest: ") + nearest.join(QStringLiteral(" or ")) + QLatin1Char('.');
    return text;
}

/// The answer of a read: one header line, then the page verbatim.
ToolOutcome readPart(const Message &message, const FlatPart &part, const ReadRequest &request)
{
    const QString where = QStringLiteral("[%1, part %2 of %3: %4")
                              .arg(message.id, QString::number(part.index), turnId(message.turn), describePart(message, part));
    if (part.kind == PartKind::Image) {
        const QString uri = part.imageUri.isEmpty() ? QString() : QStringLiteral(" (it is ") + part.imageUri + QLatin1Char(')');
        return ToolOutcome::text(where + QStringLiteral("; an image has no text to read%1.]").arg(uri));
    }
    const QByteArray utf8 = part.text.toUtf8();
    const qint64 size = utf8.size();
    if (size == 0)
        return ToolOutcome::text(where + QStringLiteral("; it is empty (no text).]"));

    const bool lines = request.unit == Unit::Lines;
    const qint64 total = lines ? lineCount(utf8) : size;
    const QString noun = lines ? QStringLiteral("line") : QStringLiteral("byte");
    if ((lines && request.offset > total) || (!lines && request.offset >= total)) {
        return ToolOutcome::error(QStringLiteral("offset %1 is past the end of %2 part %3, which has %4%5.")
                                      .arg(QString::number(request.offset), message.id, QString::number(part.index),
                                           plural(total, noun),
                                           lines ? QString() : QStringLiteral(" (offsets 0 to %1)").arg(total - 1)));
    }

    qsizetype start = 0;
    qsizetype end = 0;
    QString range;
    QString note;
    std::optional<qint64> next;
    ReadRequest nextRequest = request;
    if (lines) {
        for (qint64 line = 1; line < request.offset; ++line)
            start = utf8.indexOf('\n', start) + 1;
        end = start;
        qint64 last = request.offset - 1;
        while (last < total && last - request.offset + 1 < request.limit) {
            const qsizetype lineBreak = utf8.indexOf('\n', end);
            end = lineBreak < 0 ? utf8.size() : lineBreak + 1;
            ++last;
        }
        if (end - start > SearchHistoryTool::MaxPageBytes) {
            const qsizetype cut = utf8.lastIndexOf('\n', start + SearchHistoryTool::MaxPageBytes - 1);
            if (cut >= start) {
                end = cut + 1;
                last = request.offset - 1 + utf8.mid(start, end - start).count('\n');
                note = QStringLiteral(" (cut after %1 to stay under %2 bytes)")
                           .arg(plural(last - request.offset + 1, QStringLiteral("line")),
                                QString::number(SearchHistoryTool::MaxPageBytes));
            } else {
                // One line longer than a page: its start, then on by bytes.
                const qsizetype lineBreak = utf8.indexOf('\n', start);
                const qsizetype lineBytes = (lineBreak < 0 ? utf8.size() : lineBreak + 1) - start;
                end = start + SearchHistoryTool::MaxPageBytes;
                while (end > start && isContinuationByte(utf8.at(end)))
                    --end;
                // Pages as large as they may be: the model asked for this line, not for a slice of it.
                nextRequest = ReadRequest{Unit::Bytes, end, SearchHistoryTool::MaxPageBytes, true};
                const QString call = readCall(message.id, part.index, nextRequest, end);
                return ToolOutcome::text(where
                                         + QStringLiteral("; line %1 of %2 is %3 long, more than a page holds: its first %4 "
                                                          "follow. Next page: %5]\n")
                                               .arg(QString::number(request.offset), QString::number(total),
                                                    sizeText(lineBytes), plural(end - start, QStringLiteral("byte")), call)
                                         + QString::fromUtf8(utf8.constData() + start, end - start));
            }
        }
        range = last == request.offset ? QStringLiteral("line %1 of %2").arg(QString::number(last), QString::number(total))
                                       : QStringLiteral("lines %1-%2 of %3")
                                             .arg(QString::number(request.offset), QString::number(last), QString::number(total));
        if (last < total)
            next = last + 1;
    } else {
        start = request.offset;
        if (isContinuationByte(utf8.at(start))) {
            while (start > 0 && isContinuationByte(utf8.at(start)))
                --start;
            note = QStringLiteral(" (from byte %1, where the character at byte %2 starts)")
                       .arg(QString::number(start), QString::number(request.offset));
        }
        end = qMin<qint64>(size, start + request.limit);
        while (end < size && end > start && isContinuationByte(utf8.at(end)))
            --end;
        if (end == start) {
            // A limit shorter than the character: give the whole character.
            end = start + 1;
            while (end < size && isContinuationByte(utf8.at(end)))
                ++end;
        }
        range = QStringLiteral("bytes %1-%2 of %3").arg(QString::number(start), QString::number(end - 1), QString::number(total));
        if (end < size)
            next = end;
    }
    QString header = where + QStringLiteral("; ") + range + note;
    if (next)
        header += QStringLiteral(". Next page: ") + readCall(message.id, part.index, nextRequest, *next) + QLatin1Char(']');
    else
        header += QStringLiteral(", the end.]");
    return ToolOutcome::text(header + QLatin1Char('\n') + QString::fromUtf8(utf8.constData() + start, end - start));
}

ToolOutcome search(SessionStore &store, const ToolCall &call, const QString &query, const QString &role,
                   const QString &tool, qint64 limit)
{
    const QString sessionId = call.context.sessionId;
    SearchQuery request;
    request.text = query;
    request.sessionId = sessionId;
    if (!role.isEmpty()) {
        Role value = Role::User;
        roleFromName(role, &value);
        request.role = value;
    }
    request.toolName = tool;
    request.limit = int(limit);
    const Result<SearchResults> found = store.search(request);
    if (found.hasError()) {
        const QString code = found.error().code;
        if (code == QLatin1String("search.empty-query")) {
            return ToolOutcome::error(QStringLiteral("`query` has no words to look for, got %1. Give words (all must occur), "
                                                     "\"a quoted phrase\", or a prefix followed by * (compil*).")
                                          .arg(quotedQuery(query)));
        }
        if (code == QLatin1String("search.no-session"))
            return ToolOutcome::error(nothingRecordedMessage());
        return ToolOutcome::error(failed(found.error()));
    }

    QStringList filters;
    if (!role.isEmpty())
        filters.append(QStringLiteral("role ") + role);
    if (!tool.isEmpty())
        filters.append(QStringLiteral("tool ") + tool);
    const QString filterText = filters.isEmpty() ? QString() : QStringLiteral(" (") + filters.join(QStringLiteral(", ")) + QLatin1Char(')');
    const QList<SearchHit> &hits = found->hits;
    if (hits.isEmpty()) {
        return ToolOutcome::text(QStringLiteral("No message of this session matches %1%2. Every word must occur in the same "
                                                "passage: try fewer or other words, a prefix (build*)%3.")
                                     .arg(quotedQuery(query), filterText,
                                          filters.isEmpty() ? QString() : QStringLiteral(", or no role or tool filter")));
    }

    QString out = QStringLiteral("%1 for %2 in this session's record%3, best first. Parts are read exactly as recorded.\n")
                      .arg(plural(hits.size(), QStringLiteral("hit")), quotedQuery(query), filterText);
    QHash<qint64, std::optional<Message>> loaded;
    for (qsizetype i = 0; i < hits.size(); ++i) {
        if (call.isCancelled())
            return ToolOutcome::error(QStringLiteral("The search_history call was cancelled."));
        const SearchHit &hit = hits.at(i);
        if (!loaded.contains(hit.seq)) {
            const Result<QList<Message>> message = store.messages(sessionId, hit.seq, 1);
            loaded.insert(hit.seq, message.ok() && !message->isEmpty() && message->constFirst().id == hit.messageId
                                       ? std::optional<Message>(message->constFirst())
                                       : std::nullopt);
        }
        const std::optional<Message> &message = loaded.value(hit.seq);
        QString what;
        qint64 line = 0;
        qint64 total = 0;
        if (message) {
            const QList<FlatPart> parts = flattenParts(*message);
            if (hit.partIndex >= 0 && hit.partIndex < parts.size()) {
                const FlatPart &part = parts.at(hit.partIndex);
                what = describePart(*message, part);
                total = lineCount(part.text.toUtf8());
                line = matchLine(part.text, hit.snippet);
            }
        }
        if (what.isEmpty())
            what = partKindName(hit.partKind) + (hit.toolName.isEmpty() ? QString() : QLatin1Char(' ') + hit.toolName);

        out += QStringLiteral("\n%1. message %2 (%3, %4), part %5: %6")
                   .arg(QString::number(i + 1), hit.messageId, turnId(hit.turn), roleName(hit.role),
                        QString::number(hit.partIndex), what);
        if (line > 0)
            out += QStringLiteral(", line %1 of %2").arg(QString::number(line), QString::number(total));
        else if (total > 0)
            out += QStringLiteral(", %1").arg(plural(total, QStringLiteral("line")));
        out += QStringLiteral("\n   ") + shownSnippet(hit.snippet) + QStringLiteral("\n   Read: ");
        const ReadRequest whole;
        if (total > SearchHistoryTool::DefaultLines && line > 0) {
            const qint64 from = qMax<qint64>(1, line - LinesBeforeMatch);
            out += readCall(hit.messageId, hit.partIndex, whole, from)
                   + QStringLiteral(" (around the match; without \"offset\" it starts at line 1 of %1)").arg(total);
        } else {
            out += readCall(hit.messageId, hit.partIndex, whole, std::nullopt);
        }
        out += QLatin1Char('\n');
    }
    // SearchResults::exhausted says the index was read to its end, not that every match was
    // returned: a full page of hits may always have more behind it.
    if (hits.size() >= limit) {
        out += QStringLiteral("\nMore passages may match: add words, filter by role or tool, or ask for more hits (`limit`, at "
                              "most %1).\n")
                   .arg(SearchHistoryTool::MaxHits);
    }
    out.chop(1);
    return ToolOutcome::text(out);
}

ToolOutcome read(SessionStore &store, const ToolCall &call, const QString &target, std::optional<qint64> partIndex,
                 const ReadRequest &request)
{
    const QString sessionId = call.context.sessionId;
    static const QRegularExpression turnPattern(QStringLiteral("^T-?(\\d{1,9})$"), QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch turnMatch = turnPattern.match(target);
    if (turnMatch.hasMatch()) {
        const int wanted = turnMatch.captured(1).toInt();
        const Result<QList<TurnInfo>> turns = store.turns(sessionId);
        if (turns.hasError())
            return ToolOutcome::error(failed(turns.error()));
        if (turns->isEmpty())
            return ToolOutcome::error(nothingRecordedMessage());
        const auto turn = std::find_if(turns->cbegin(), turns->cend(), [wanted](const TurnInfo &t) { return t.index == wanted; });
        if (turn == turns->cend())
            return ToolOutcome::error(unknownTurn(*turns, wanted));
        const Result<QList<Message>> messages = store.messages(sessionId, turn->firstSeq, turn->lastSeq - turn->firstSeq + 1);
        if (messages.hasError())
            return ToolOutcome::error(failed(messages.error()));
        const QString list = listing(*messages);
        if (partIndex) {
            return ToolOutcome::error(QStringLiteral("`part` needs a message id, not a turn id: parts are numbered within "
                                                     "each message. %1 holds:\n%2\n%3")
                                          .arg(turn->id(), list, readAdvice()));
        }
        return ToolOutcome::text(QStringLiteral("[%1: %2. %3]\n%4")
                                     .arg(turn->id(), plural(messages->size(), QStringLiteral("message")), readAdvice(), list));
    }

    // Through the store's index: no scan of the session, however long.
    const Result<std::optional<Message>> found = store.message(sessionId, target);
    if (found.hasError())
        return ToolOutcome::error(failed(found.error()));
    if (!found->has_value())
        return ToolOutcome::error(unknownMessage(store, sessionId, target, call));
    const Message &message = **found;
    const QList<FlatPart> parts = flattenParts(message);
    if (!partIndex) {
        if (message.parts.size() == 1)
            return readPart(message, parts.constFirst(), request);
        return ToolOutcome::text(QStringLiteral("[%1 has %2: say which to read with `part`. %3]\n%4")
                                     .arg(message.id, plural(parts.size(), QStringLiteral("part")), readAdvice(),
                                          listing({message})));
    }
    if (*partIndex >= parts.size()) {
        return ToolOutcome::error(QStringLiteral("%1 has no part %2; its parts are:\n%3\n%4")
                                      .arg(message.id, QString::number(*partIndex), listing({message}), readAdvice()));
    }
    return readPart(message, parts.at(*partIndex), request);
}

/// What the model sent as `message`, without the quotes, backticks or brackets models paste around ids.
QString targetFrom(const QString &text)
{
    QString target = text.trimmed();
    static const QRegularExpression wrapper(QStringLiteral("^[\\[`'\"\\s]+|[\\]`'\"\\s]+$"));
    target.remove(wrapper);
    return target;
}

} // namespace

ToolSpec SearchHistoryTool::spec() const
{
    ToolSpec spec;
    spec.name = name();
    spec.description = QStringLiteral(
        "Search this session's complete record and read any earlier message back exactly as it was, however your context "
        "was compacted since (tool results replaced by pointers, old turns summarised). Nothing is ever lost from the "
        "record. Two ways to call it:\n"
        "- Search: give `query` (and optionally `role`, `tool`, `limit`). Each hit names the message id, its turn (T-<n>), "
        "role, tool, part index and the line of the match, shows the passage with matches marked \u00ABlike this\u00BB, and "
        "gives the exact call that reads it.\n"
        "- Read: give `message` (a message id from a hit, or a turn id like \"T-12\", which lists that turn's messages and "
        "parts) and `part`. The answer is one header line in brackets (which part, which lines of how many, and the exact "
        "call for the next page), then the part's original text exactly as recorded, without line numbers or any change: "
        "a message's text, a tool call's arguments as JSON, or a tool's output. Pages are by lines (at most %1) or by "
        "bytes (unit \"bytes\", for very long lines), and at most %2 bytes.\n"
        "Only this session is searched. Read only the part you need: search first, then read around the match.")
                           .arg(QString::number(MaxLines), QString::number(MaxPageBytes));
    spec.inputSchema =
        ToolSchema()
            .string(QStringLiteral("query"),
                    QStringLiteral("Search: the words to find in this session's messages, tool call arguments and tool "
                                   "outputs. Every word must occur (in any order, case-insensitive); \"quoted words\" must "
                                   "occur as a phrase; a trailing * matches a prefix (compil*). Give either `query` or "
                                   "`message`."))
            .enumeration(QStringLiteral("role"),
                         QStringLiteral("Search: only messages of this role: \"user\" (the person), \"assistant\" (your own "
                                        "text and tool calls), \"tool\" (tool outputs)."),
                         {QStringLiteral("user"), QStringLiteral("assistant"), QStringLiteral("tool")})
            .string(QStringLiteral("tool"),
                    QStringLiteral("Search: only the calls and outputs of this tool, by its exact name (\"exec\", "
                                   "\"read_file\")."),
                    1)
            .string(QStringLiteral("message"),
                    QStringLiteral("Read: a message id as a hit or a listing shows it (\"m-01j9...\"), or a turn id "
                                   "(\"T-12\") to list that turn's messages and their parts."),
                    1)
            .integer(QStringLiteral("part"),
                     QStringLiteral("Read: which part of the message, by the index a hit or a listing shows (a tool call's "
                                    "arguments, a tool output, a text). Without it, a message with one part is read and "
                                    "one with several is listed."),
                     0, MaxPart)
            .integer(QStringLiteral("offset"),
                     QStringLiteral("Read: where the page starts: a line number counting from 1 (default 1), or with unit "
                                    "\"bytes\" a byte offset counting from 0 (default 0)."),
                     0, MaxOffset)
            .integer(QStringLiteral("limit"),
                     QStringLiteral("Search: the most hits (default %1, at most %2). Read: how many lines (default %3, at "
                                    "most %4) or bytes (default %5, at most %6) the page holds.")
                         .arg(QString::number(DefaultHits), QString::number(MaxHits), QString::number(DefaultLines),
                              QString::number(MaxLines), QString::number(DefaultBytes), QString::number(MaxPageBytes)),
                     1, MaxPageBytes)
            .enumeration(QStringLiteral("unit"),
                         QStringLiteral("Read: page by \"lines\" (default) or by \"bytes\" (for text with very long lines, "
                                        "such as a large tool call's arguments)."),
                         {QStringLiteral("lines"), QStringLiteral("bytes")}, QStringLiteral("lines"))
            .build();
    spec.readOnly = true;
    // What it returns may be compacted again like any tool result: the record still holds it.
    spec.keepResultsInContext = false;
    // Its pages are what the model asked for; capturing them would hand back a pointer.
    spec.captureResults = false;
    return spec;
}

ToolOutcome SearchHistoryTool::run(const ToolCall &call) const
{
    ToolArguments arguments(name(), call.arguments);
    const QString query = arguments.optionalString(QStringLiteral("query")).value_or(QString());
    const QString role = arguments.choice(QStringLiteral("role"),
                                          {QStringLiteral("user"), QStringLiteral("assistant"), QStringLiteral("tool")}, QString());
    const QString tool = arguments.optionalString(QStringLiteral("tool")).value_or(QString()).trimmed();
    const std::optional<QString> rawTarget = arguments.optionalString(QStringLiteral("message"));
    const std::optional<qint64> part = arguments.optionalInteger(QStringLiteral("part"), 0, MaxPart);
    const std::optional<qint64> offset = arguments.optionalInteger(QStringLiteral("offset"), 0, MaxOffset);
    const std::optional<qint64> limit = arguments.optionalInteger(QStringLiteral("limit"), 1, MaxPageBytes);
    const QString unit = arguments.choice(QStringLiteral("unit"), {QStringLiteral("lines"), QStringLiteral("bytes")}, QString());
    const QString target = rawTarget ? targetFrom(*rawTarget) : QString();

    const bool searching = !query.trimmed().isEmpty();
    const bool reading = rawTarget.has_value();
    if (searching && reading) {
        arguments.fail(QStringLiteral("give either `query` (to search) or `message` (to read), not both"));
    } else if (!searching && !reading) {
        arguments.fail(query.isEmpty() ? QStringLiteral("give `query` to search this session's record, or `message` to read a "
                                                        "message (or list a turn) from it")
                                       : QStringLiteral("`query` must not be empty"));
    } else if (searching) {
        if (part || offset || !unit.isEmpty())
            arguments.fail(QStringLiteral("`part`, `offset` and `unit` are for reading (with `message`), not for searching"));
        if (limit && *limit > MaxHits)
            arguments.fail(QStringLiteral("`limit` must be at most %1 when searching, got %2").arg(MaxHits).arg(*limit));
    } else {
        if (target.isEmpty())
            arguments.fail(QStringLiteral("`message` must name a message id (\"m-...\") or a turn id (\"T-12\")"));
        if (!role.isEmpty() || !tool.isEmpty())
            arguments.fail(QStringLiteral("`role` and `tool` filter a search (with `query`); they do not apply to reading"));
    }
    ReadRequest request;
    request.unit = unit == QLatin1String("bytes") ? Unit::Bytes : Unit::Lines;
    if (reading) {
        const bool lines = request.unit == Unit::Lines;
        request.offset = offset.value_or(lines ? 1 : 0);
        request.limit = limit.value_or(lines ? DefaultLines : DefaultBytes);
        request.limitGiven = limit.has_value();
        if (lines && request.offset < 1)
            arguments.fail(QStringLiteral("`offset` counts lines from 1, got 0"));
        if (lines && request.limit > MaxLines)
            arguments.fail(QStringLiteral("`limit` must be at most %1 lines, got %2").arg(MaxLines).arg(request.limit));
    }
    if (!arguments.ok())
        return ToolOutcome::error(arguments.errorMessage());

    if (call.context.sessionStorePath.isEmpty() || call.context.sessionId.isEmpty())
        return ToolOutcome::error(noRecordMessage());
    const Result<SessionStore *> store = storeOnThisThread(call.context.sessionStorePath);
    if (store.hasError()) {
        if (store.error().code == QLatin1String("history.no-record"))
            return ToolOutcome::error(noRecordMessage() + QLatin1Char(' ') + QStringLiteral("(%1.)").arg(store.error().message));
        return ToolOutcome::error(QStringLiteral("search_history cannot open the session's record: %1").arg(store.error().toString()));
    }
    if (searching)
        return search(**store, call, query, role, tool, limit.value_or(DefaultHits));
    return read(**store, call, target, part, request);
}

} // namespace valis::tools::history
