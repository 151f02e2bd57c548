#include "valis/context/turnversions.h"

#include "context/spantext.h"
#include "valis/context/compactionevent.h"
#include "valis/context/spansummary.h"

#include <QCryptographicHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QRegularExpression>
#include <QSet>

namespace valis {

namespace {

qint64 byteTokens(const QString &text)
{
    return (text.toUtf8().size() + 3) / 4;
}

/// Whitespace and formatting normalised: trailing blanks gone, runs of spaces in prose folded,
/// blank-line runs folded to one, and a line repeated back to back kept once with a count.
QString smoothText(const QString &text)
{
    const QStringList lines = text.split(QLatin1Char('\n'));
    QStringList kept;
    kept.reserve(lines.size());
    QString previous;
    int repeats = 0;
    bool blank = false;
    static const QRegularExpression spaces(QStringLiteral("[ \\t]{2,}"));
    auto flushRepeats = [&] {
        if (repeats > 0)
            kept.append(QStringLiteral("  (the line above %1 more times)").arg(repeats));
        repeats = 0;
    };
    for (QString line : lines) {
        line = line.trimmed().isEmpty() ? QString() : line;
        while (line.endsWith(QLatin1Char(' ')) || line.endsWith(QLatin1Char('\t')) || line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        // Indentation carries meaning in code; inner runs of blanks in prose do not.
        const qsizetype indent = line.size() - QString(line).remove(QRegularExpression(QStringLiteral("^[ \\t]+"))).size();
        line = line.left(indent) + line.mid(indent).replace(spaces, QStringLiteral(" "));
        if (line.isEmpty()) {
            flushRepeats();
            if (!blank && !kept.isEmpty())
                kept.append(QString());
            blank = true;
            previous.clear();
            continue;
        }
        blank = false;
        if (line == previous) {
            ++repeats;
            continue;
        }
        flushRepeats();
        kept.append(line);
        previous = line;
    }
    flushRepeats();
    while (!kept.isEmpty() && kept.constLast().isEmpty())
        kept.removeLast();
    return kept.join(QLatin1Char('\n'));
}

/// Tokens that identify something and must survive shortening verbatim: paths, URLs, ids,
/// error codes, hashes, numbers with units.
const QRegularExpression &keyTokenPattern()
{
    static const QRegularExpression pattern(QStringLiteral(
        "(https?://[^\\s)\\]>\"']+)"                                  // URLs
        "|((?:~|\\.{1,2})?/?(?:[\\w.@+-]+/)+[\\w.@+-]+)"               // paths with a folder
        "|(\\b[\\w-]+\\.(?:cpp|h|hpp|c|cc|py|js|ts|tsx|rs|go|java|kt|rb|ex|exs|md|json|yaml|yml|toml|txt|sh|cmake|sql|html|css)\\b)"
        "|(\\b[A-Z][A-Z0-9]+-\\d+\\b|#\\d+\\b)"                       // issue ids
        "|(\\b(?:E|TS|C|W)\\d{3,5}\\b|\\bE[A-Z]{3,}\\b|\\bSIG[A-Z]+\\b)" // error codes
        "|(\\b[0-9a-f]{7,40}\\b)"                                     // hashes
        "|(\\b[a-z]+-[0-9a-z]{6,}\\b)"                                // Valis-style ids (m-3f9a2c, s-...)
        "|(\\b\\d+(?:[.,]\\d+)*\\s?(?:%|ms|s|KB|MB|GB|KiB|MiB|GiB|tokens|lines|bytes)?\\b)"));
    return pattern;
}

QStringList keyTokens(const QString &text, int limit)
{
    QStringList found;
    QSet<QString> seen;
    QRegularExpressionMatchIterator it = keyTokenPattern().globalMatch(text);
    while (it.hasNext() && found.size() < limit) {
        const QString token = it.next().captured(0);
        // Bare small numbers are noise ("1", "2"); numbers that matter are longer or carry a unit.
        if (token.size() < 3 && token.at(0).isDigit())
            continue;
        if (!seen.contains(token)) {
            seen.insert(token);
            found.append(token);
        }
    }
    return found;
}

/// `text` cut to about `chars` characters: head and tail lines, and in between the lines that
/// hold key tokens (errors, paths), with a note of what was left out.
QString headTail(const QString &text, qsizetype chars)
{
    if (text.size() <= chars)
        return text;
    const QStringList lines = text.split(QLatin1Char('\n'));
    if (lines.size() <= 3)
        return text.left(chars * 2 / 3) + QStringLiteral(" …(%1 more characters)… ").arg(text.size() - chars)
               + text.right(chars / 3);
    QStringList head;
    QStringList tail;
    qsizetype used = 0;
    int h = 0;
    int t = int(lines.size()) - 1;
    while (h <= t && used < chars / 2) {
        used += lines.at(h).size() + 1;
        head.append(lines.at(h++).left(chars / 2));
    }
    while (t >= h && used < chars * 5 / 6) {
        used += lines.at(t).size() + 1;
        tail.prepend(lines.at(t--).left(chars / 3));
    }
    static const QRegularExpression important(QStringLiteral("error|fail|warning|panic|exception|fatal|denied|not found|exit"),
                                              QRegularExpression::CaseInsensitiveOption);
    QStringList middle;
    int skipped = 0;
    for (int i = h; i <= t; ++i) {
        const QString &line = lines.at(i);
        if (used < chars && line.contains(important)) {
            middle.append(line.left(200));
            used += qMin<qsizetype>(line.size(), 200) + 1;
        } else {
            ++skipped;
        }
    }
    QStringList out = head;
    if (skipped > 0 || !middle.isEmpty())
        out.append(QStringLiteral("…(%1 lines left out)…").arg(skipped));
    out += middle;
    out += tail;
    return out.join(QLatin1Char('\n'));
}

/// The first sentence of `text` (or its first line), at most `width` characters.
QString firstSentence(const QString &text, int width)
{
    const QString flat = text.simplified();
    static const QRegularExpression end(QStringLiteral("[.!?](\\s|$)"));
    const QRegularExpressionMatch match = end.match(flat);
    QString sentence = match.hasMatch() && match.capturedStart() < width ? flat.left(match.capturedStart() + 1) : flat;
    if (sentence.size() > width) {
        sentence.truncate(width);
        const qsizetype space = sentence.lastIndexOf(QLatin1Char(' '));
        if (space > width / 2)
            sentence.truncate(space);
        sentence += QChar(0x2026);
    }
    return sentence;
}

/// A tool call's arguments, each value shortened: paths, commands and short values whole.
QString summariseArguments(const Part &call, int valueWidth)
{
    if (!call.arguments.isObject())
        return headTail(call.argumentsJson(), valueWidth);
    const QJsonObject arguments = call.arguments.toObject();
    QStringList shown;
    for (auto it = arguments.constBegin(); it != arguments.constEnd(); ++it) {
        QString value;
        if (it.value().isString())
            value = it.value().toString();
        else
            value = QString::fromUtf8(QJsonDocument::fromVariant(it.value().toVariant()).toJson(QJsonDocument::Compact));
        if (value.isEmpty() && !it.value().isString())
            value = it.value().toVariant().toString();
        const bool keepWhole = spantext::pathKeys().contains(it.key()) || it.key() == QLatin1String("command")
                               || it.key() == QLatin1String("cmd") || it.key() == QLatin1String("url");
        if (!keepWhole && value.size() > valueWidth) {
            const QStringList keys = keyTokens(value, 6);
            value = value.left(valueWidth).simplified() + QStringLiteral("…(%1 chars").arg(value.size())
                    + (keys.isEmpty() ? QString() : QStringLiteral("; names ") + keys.join(QStringLiteral(", ")))
                    + QLatin1Char(')');
        } else if (keepWhole) {
            value = spantext::firstLine(value, 400);
        }
        shown.append(it.key() + QLatin1Char('=') + value);
    }
    return shown.join(QStringLiteral(", "));
}

/// What a tool result says in one line: its first meaningful line, an error line when there is
/// one, and its size.
QString resultGist(const QString &result)
{
    const QStringList lines = result.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (lines.isEmpty())
        return QStringLiteral("(empty)");
    static const QRegularExpression failure(QStringLiteral("error|fail|exception|denied|not found|panic|fatal"),
                                            QRegularExpression::CaseInsensitiveOption);
    QString gist = spantext::firstLine(lines.constFirst(), 120);
    for (const QString &line : lines) {
        if (line.contains(failure) && line != lines.constFirst()) {
            gist += QStringLiteral(" … ") + spantext::firstLine(line, 120);
            break;
        }
    }
    if (lines.size() > 1)
        gist += QStringLiteral(" (%1 lines)").arg(lines.size());
    return gist;
}

struct CallRecord
{
    QString name;
    Part call;
    QString result;
    bool error = false;
};

struct TurnReading
{
    QString request;
    QStringList answers; ///< assistant texts in order
    QList<CallRecord> calls;
};

TurnReading readTurn(const QList<Message> &messages)
{
    TurnReading reading;
    QHash<QString, int> callIndex;
    for (const Message &message : messages) {
        // The recall step's reminder is the harness's, not the conversation (see recallMessage()).
        if (message.metadata.contains(QLatin1String("recall")))
            continue;
        // Results come in Tool messages (the agent loop's, most importers') or, from some
        // importers, in User messages.
        if (message.role == Role::User || message.role == Role::Tool) {
            bool hasResult = false;
            for (const Part &part : message.parts) {
                if (part.kind == PartKind::ToolResult) {
                    hasResult = true;
                    const int at = callIndex.value(part.callId, -1);
                    if (at >= 0) {
                        reading.calls[at].result = spantext::resultText(part);
                        reading.calls[at].error = part.isError;
                    }
                }
            }
            if (!hasResult) {
                const QString text = message.text().trimmed();
                if (!text.isEmpty())
                    reading.request += (reading.request.isEmpty() ? QString() : QStringLiteral("\n")) + text;
            }
            continue;
        }
        if (message.role != Role::Assistant)
            continue;
        for (const Part &part : message.parts) {
            if (part.kind == PartKind::Text && !part.text.trimmed().isEmpty())
                reading.answers.append(part.text.trimmed());
            else if (part.kind == PartKind::ToolCall) {
                callIndex.insert(part.callId, int(reading.calls.size()));
                reading.calls.append(CallRecord{part.toolName, part, {}, false});
            }
        }
    }
    return reading;
}

QString messageText(const Message &message)
{
    QStringList texts;
    for (const Part &part : message.parts) {
        if (part.kind == PartKind::Text)
            texts.append(part.text);
        else if (part.kind == PartKind::ToolCall)
            texts.append(part.toolName + QLatin1Char(' ') + part.argumentsJson());
        else if (part.kind == PartKind::ToolResult)
            texts.append(spantext::resultText(part));
    }
    return texts.join(QLatin1Char('\n'));
}

QString smoothedVersion(const QList<Message> &messages, const TurnReading &reading, qsizetype rawChars)
{
    // About 60% of the record: results take what prose and calls leave.
    const qsizetype budget = qMax<qsizetype>(400, rawChars * 6 / 10);
    QStringList out;
    qsizetype fixed = 0;
    QHash<QString, QString> resultOf;
    for (const CallRecord &call : reading.calls)
        resultOf.insert(call.call.callId, call.result);
    int results = 0;
    for (const CallRecord &call : reading.calls)
        results += call.result.isEmpty() ? 0 : 1;
    for (const Message &message : messages) {
        if (message.role == Role::User && spantext::isRequest(message))
            fixed += message.text().size();
        else if (message.role == Role::Assistant)
            fixed += message.text().size() / 2;
    }
    const qsizetype perResult = results > 0 ? qMax<qsizetype>(160, (budget - qMin(fixed, budget / 2)) / results) : 0;
    for (const Message &message : messages) {
        if (message.metadata.contains(QLatin1String("recall")))
            continue;
        if (message.role == Role::User || message.role == Role::Tool) {
            for (const Part &part : message.parts) {
                if (part.kind == PartKind::Text && !part.text.trimmed().isEmpty())
                    out.append(QStringLiteral("User: ") + smoothText(part.text));
                else if (part.kind == PartKind::ToolResult) {
                    const QString result = smoothText(spantext::resultText(part));
                    out.append(QStringLiteral("Result%1: ").arg(part.isError ? QStringLiteral(" (error)") : QString())
                               + headTail(result, perResult));
                }
            }
        } else if (message.role == Role::Assistant) {
            for (const Part &part : message.parts) {
                if (part.kind == PartKind::Text && !part.text.trimmed().isEmpty())
                    out.append(QStringLiteral("Assistant: ") + smoothText(part.text));
                else if (part.kind == PartKind::ToolCall)
                    out.append(QStringLiteral("Call %1(%2)").arg(part.toolName, summariseArguments(part, 160)));
            }
        }
    }
    return out.join(QLatin1Char('\n'));
}

QString compressedVersion(const QList<Message> &messages, const TurnReading &reading, qsizetype rawChars)
{
    const qsizetype budget = qMax<qsizetype>(240, rawChars * 35 / 100);
    QStringList out;
    if (!reading.request.isEmpty())
        out.append(QStringLiteral("Asked: ") + headTail(smoothText(reading.request), qMax<qsizetype>(200, budget / 4)));
    for (const CallRecord &call : reading.calls) {
        QString args = summariseArguments(call.call, 60);
        out.append(QStringLiteral("{%1(%2) called → %3%4}")
                       .arg(call.name, args, call.error ? QStringLiteral("error: ") : QString(),
                            call.result.isEmpty() ? QStringLiteral("no result") : resultGist(call.result)));
    }
    if (!reading.answers.isEmpty()) {
        const QString last = smoothText(reading.answers.constLast());
        out.append(QStringLiteral("Answer: ") + headTail(last, qMax<qsizetype>(240, budget / 3)));
    }
    // Decisions stated along the way.
    static const QRegularExpression decision(QStringLiteral("\\b(decided|instead|because|will use|chose|root cause|the fix|fixed)\\b"),
                                             QRegularExpression::CaseInsensitiveOption);
    for (int i = 0; i + 1 < reading.answers.size(); ++i) {
        for (const QString &sentence : reading.answers.at(i).split(QRegularExpression(QStringLiteral("(?<=[.!?])\\s+")))) {
            if (sentence.contains(decision))
                out.append(QStringLiteral("Noted: ") + firstSentence(sentence, 200));
        }
    }
    // Everything that identifies something, verbatim, as far as room allows.
    QString all;
    for (const Message &message : messages)
        all += messageText(message) + QLatin1Char('\n');
    QString text = out.join(QLatin1Char('\n'));
    const QStringList keys = keyTokens(all, 400);
    QStringList missing;
    qsizetype room = qMax<qsizetype>(120, budget - text.size());
    for (const QString &key : keys) {
        if (text.contains(key))
            continue;
        if (room - key.size() - 2 < 0)
            break;
        room -= key.size() + 2;
        missing.append(key);
    }
    if (!missing.isEmpty())
        text += QStringLiteral("\nAlso named: ") + missing.join(QStringLiteral(", "));
    return text;
}

QString tinyVersion(int turn, const TurnReading &reading)
{
    QString sentence = QStringLiteral("Turn %1: ").arg(turn);
    sentence += reading.request.isEmpty() ? QStringLiteral("(no request)") : firstSentence(reading.request, 90);
    if (!reading.calls.isEmpty()) {
        QHash<QString, int> counts;
        QStringList order;
        for (const CallRecord &call : reading.calls) {
            if (!counts.contains(call.name))
                order.append(call.name);
            counts[call.name] += 1;
        }
        QStringList shown;
        for (const QString &name : std::as_const(order).mid(0, 3))
            shown.append(counts.value(name) > 1 ? QStringLiteral("%1×%2").arg(name).arg(counts.value(name)) : name);
        sentence += QStringLiteral(" [") + shown.join(QStringLiteral(", ")) + (order.size() > 3 ? QStringLiteral(", …]") : QStringLiteral("]"));
    }
    if (!reading.answers.isEmpty())
        sentence += QStringLiteral(" → ") + firstSentence(reading.answers.constLast(), 90);
    return sentence;
}

} // namespace

QString turnLevelLetter(TurnLevel level)
{
    switch (level) {
    case TurnLevel::Raw:
        return QStringLiteral("R");
    case TurnLevel::Smoothed:
        return QStringLiteral("S");
    case TurnLevel::Compressed:
        return QStringLiteral("C");
    case TurnLevel::Tiny:
        return QStringLiteral("T");
    }
    return {};
}

std::optional<TurnLevel> turnLevelFromString(const QString &text)
{
    const QString word = text.trimmed().toLower();
    if (word == QLatin1String("r") || word == QLatin1String("raw"))
        return TurnLevel::Raw;
    if (word == QLatin1String("s") || word == QLatin1String("smoothed"))
        return TurnLevel::Smoothed;
    if (word == QLatin1String("c") || word == QLatin1String("compressed"))
        return TurnLevel::Compressed;
    if (word == QLatin1String("t") || word == QLatin1String("tiny"))
        return TurnLevel::Tiny;
    return std::nullopt;
}

const TurnVersion &TurnVersionSet::at(TurnLevel level) const
{
    switch (level) {
    case TurnLevel::Compressed:
        return compressed;
    case TurnLevel::Tiny:
        return tiny;
    case TurnLevel::Raw:
    case TurnLevel::Smoothed:
        break;
    }
    return smoothed;
}

QString turnSourceHash(const QList<Message> &turnMessages)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const Message &message : turnMessages) {
        hash.addData(QByteArray::number(int(message.role)));
        hash.addData(QByteArrayView("\x1f", 1));
        hash.addData(messageText(message).toUtf8());
        hash.addData(QByteArrayView("\x1e", 1));
    }
    return QString::fromLatin1(hash.result().toHex().left(16));
}

QHash<int, QList<Message>> messagesByTurn(const QList<Message> &record)
{
    QHash<int, QList<Message>> turns;
    for (const Message &message : record) {
        if (message.role == Role::System || isContextControlMessage(message))
            continue;
        turns[message.turn].append(message);
    }
    return turns;
}

TurnVersionSet extractTurnVersions(const QList<Message> &turnMessages, int turn,
                                   const std::function<qint64(const QString &)> &countTokens)
{
    qsizetype rawChars = 0;
    for (const Message &message : turnMessages)
        rawChars += messageText(message).size();
    const TurnReading reading = readTurn(turnMessages);
    const QString hash = turnSourceHash(turnMessages);
    auto make = [&](TurnLevel level, const QString &text) {
        TurnVersion version;
        version.turn = turn;
        version.level = level;
        version.text = text;
        version.tokens = countTokens ? countTokens(text) : byteTokens(text);
        version.model = QString::fromLatin1(TurnVersion::ExtractiveModel);
        version.sourceHash = hash;
        return version;
    };
    TurnVersionSet set;
    set.smoothed = make(TurnLevel::Smoothed, smoothedVersion(turnMessages, reading, rawChars));
    set.compressed = make(TurnLevel::Compressed, compressedVersion(turnMessages, reading, rawChars));
    set.tiny = make(TurnLevel::Tiny, tinyVersion(turn, reading));
    return set;
}

TurnVersionSource::~TurnVersionSource() = default;

class ExtractiveTurnVersions::Private
{
public:
    std::function<qint64(const QString &)> count;
    mutable QMutex mutex;
    mutable QHash<int, TurnVersionSet> sets;
    mutable QHash<int, QString> shapes;
};

ExtractiveTurnVersions::ExtractiveTurnVersions(std::function<qint64(const QString &)> countTokens)
    : d(std::make_unique<Private>())
{
    d->count = std::move(countTokens);
}

ExtractiveTurnVersions::~ExtractiveTurnVersions() = default;

std::optional<TurnVersion> ExtractiveTurnVersions::version(int turn, TurnLevel level, const QList<Message> &turnMessages) const
{
    if (level == TurnLevel::Raw)
        return std::nullopt;
    QMutexLocker lock(&d->mutex);
    // Records are append-only: a turn's messages only ever grow, so their number and the last id
    // tell whether the versions made before still fit (hashing every turn each time would not scale).
    const QString shape = QString::number(turnMessages.size()) + QLatin1Char('/')
                          + (turnMessages.isEmpty() ? QString() : turnMessages.constLast().id);
    auto found = d->sets.find(turn);
    if (found == d->sets.end() || d->shapes.value(turn) != shape) {
        found = d->sets.insert(turn, extractTurnVersions(turnMessages, turn, d->count));
        d->shapes.insert(turn, shape);
    }
    return found->at(level);
}

} // namespace valis
