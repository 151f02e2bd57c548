#include "context/replayfacts.h"

#include "valis/context/replayer.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QStringMatcher>

#include <algorithm>
#include <cmath>
#include <vector>

namespace valis::replay {

namespace {

constexpr qsizetype MinFactLength = 3;
constexpr qsizetype MaxFactLength = 200;

/// One alternative per kind, tried left to right at each position: a URL before the path it
/// contains, a number before the hash it could also be.
const QRegularExpression &factPattern()
{
    static const QRegularExpression pattern(QStringLiteral(
        "(?<url>https?://[^\\s<>\"'`)\\]]+)"
        "|(?<uuid>\\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\b)"
        "|(?<path>(?:~|\\.{1,2})?/?(?:[\\w.@+-]+/)+[\\w.@+-]+)"
        "|(?<file>\\b[\\w-]+\\.(?:cpp|hpp|cc|c|h|py|js|mjs|ts|tsx|rs|go|java|kt|rb|ex|exs|md|json|jsonl|yaml|yml|toml|txt|"
        "sh|cmake|sql|html|css|log|xml|ini|cfg|lock)\\b)"
        "|(?<ticket>\\b[A-Z][A-Z0-9]+-\\d+\\b)"
        "|(?<code>\\b(?:E|TS|C|W|CS|LNK|SC)\\d{3,5}\\b"
        "|\\bE(?:NOENT|ACCES|PERM|EXIST|NOTDIR|ISDIR|INVAL|AGAIN|PIPE|NOMEM|CONNREFUSED|CONNRESET|TIMEDOUT|ADDRINUSE|NOSPC|"
        "BUSY|MFILE|NOTEMPTY|ROFS|XDEV|NOTSUP|BADF|HOSTUNREACH|NETUNREACH)\\b|\\bSIG[A-Z]{3,}\\b)"
        "|(?<id>\\b[A-Za-z]+[-_][A-Za-z0-9]*\\d[A-Za-z0-9_-]*\\b)"
        "|(?<number>\\b\\d{3,}(?:[.,]\\d+)*\\b)"
        "|(?<hash>\\b[0-9a-f]{7,40}\\b)"
        "|(?<name>\\b[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]+\\b|\\b[a-z]+[A-Z][A-Za-z0-9]*\\b|\\b[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*\\b)"));
    return pattern;
}

const QRegularExpression &tagPattern()
{
    static const QRegularExpression pattern(QStringLiteral("<T-(\\d+)(?:-through-(\\d+))?-[RSCT]>"));
    return pattern;
}

bool hasLetter(const QString &text)
{
    return std::any_of(text.cbegin(), text.cend(), [](QChar c) { return c.isLetter(); });
}

bool hasDigit(const QString &text)
{
    return std::any_of(text.cbegin(), text.cend(), [](QChar c) { return c.isDigit(); });
}

/// Whether a match of `kind` is specific enough to be a fact: "and/or", "1/2" and a word of
/// hex letters are not.
bool keep(const QString &kind, const QString &token)
{
    if (kind == QLatin1String("path")) {
        const bool anchored = token.startsWith(QLatin1Char('/')) || token.startsWith(QLatin1Char('~')) || token.startsWith(QLatin1Char('.'));
        const bool named = token.section(QLatin1Char('/'), -1).contains(QLatin1Char('.'));
        return hasLetter(token) && token.size() >= 5 && (anchored || named || token.count(QLatin1Char('/')) >= 2);
    }
    if (kind == QLatin1String("hash"))
        return hasLetter(token) && hasDigit(token);
    if (kind == QLatin1String("id") || kind == QLatin1String("name"))
        return token.size() >= 5;
    return true;
}

void appendArgumentStrings(const QJsonValue &value, QString *out)
{
    if (value.isString()) {
        *out += value.toString() + QLatin1Char('\n');
    } else if (value.isDouble()) {
        *out += QString::number(value.toDouble(), 'g', 17) + QLatin1Char('\n');
    } else if (value.isArray()) {
        for (const QJsonValue &item : value.toArray())
            appendArgumentStrings(item, out);
    } else if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.constBegin(); it != object.constEnd(); ++it)
            appendArgumentStrings(it.value(), out);
    }
}

QString messageText(const Message &message)
{
    QString text;
    for (const Part &part : message.parts)
        text += factText(part) + QStringLiteral("\n\u001e\n");
    return text;
}

} // namespace

QString factText(const Part &part)
{
    switch (part.kind) {
    case PartKind::Text:
    case PartKind::Thinking:
        return part.text;
    case PartKind::ToolCall: {
        QString text = part.toolName + QLatin1Char('\n');
        if (part.arguments.isUndefined())
            text += part.argumentsText.value_or(QString());
        else
            appendArgumentStrings(part.arguments, &text);
        return text;
    }
    case PartKind::ToolResult:
        return part.captured.isCaptured() ? part.captured.placeholder : part.resultText();
    case PartKind::Image:
        break;
    }
    return {};
}

QList<QPair<int, int>> taggedTurns(const QString &text)
{
    QList<QPair<int, int>> ranges;
    if (!text.contains(QLatin1String("<T-")))
        return ranges;
    QRegularExpressionMatchIterator it = tagPattern().globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch match = it.next();
        const int first = match.captured(1).toInt();
        const int last = match.captured(2).isEmpty() ? first : match.captured(2).toInt();
        ranges.append({qMin(first, last), qMax(first, last)});
    }
    return ranges;
}

QStringList extractFacts(const QString &text)
{
    static const QStringList kinds{QStringLiteral("url"),  QStringLiteral("uuid"), QStringLiteral("path"),   QStringLiteral("file"),
                                   QStringLiteral("ticket"), QStringLiteral("code"), QStringLiteral("id"), QStringLiteral("number"),
                                   QStringLiteral("hash"), QStringLiteral("name")};
    QStringList found;
    QSet<QString> seen;
    QRegularExpressionMatchIterator it = factPattern().globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch match = it.next();
        for (const QString &kind : kinds) {
            QString token = match.captured(kind);
            if (token.isEmpty())
                continue;
            if (kind == QLatin1String("url")) {
                while (!token.isEmpty() && QStringLiteral(".,;:!?").contains(token.back()))
                    token.chop(1);
            }
            if (token.size() >= MinFactLength && token.size() <= MaxFactLength && keep(kind, token) && !seen.contains(token)) {
                seen.insert(token);
                found.append(token);
            }
            break;
        }
    }
    return found;
}

class FactTracker::Private
{
public:
    struct Fact
    {
        QString text;
        QStringMatcher matcher;
        int turn = -1;
        int requestsBefore = 0; ///< answers recorded before its message
    };
    /// What one view message holds, cached while the message is the same object.
    struct Seen
    {
        Message held;
        QList<int> facts;
        QList<QPair<int, int>> tags; ///< turn ranges its tags name
    };

    const Seen &scan(const Message &message)
    {
        auto found = seen.find(message.id);
        if (found != seen.end() && found->held.parts.constData() == message.parts.constData()
            && found->held.parts.size() == message.parts.size())
            return *found;
        Seen entry;
        entry.held = message;
        const QString text = messageText(message);
        for (size_t i = 0; i < facts.size(); ++i) {
            if (facts.at(i).matcher.indexIn(text) >= 0)
                entry.facts.append(int(i));
        }
        entry.tags = taggedTurns(text);
        return *seen.insert(message.id, entry);
    }

    std::vector<Fact> facts;
    std::vector<int> requestsBefore; ///< per transcript index: answers before it
    QHash<QString, Seen> seen;
    int recentRequests = 20;
    int earlyEnd = 0;
};

FactTracker::FactTracker(const QList<Message> &transcript, const ReplayFactOptions &options) : d(std::make_unique<Private>())
{
    d->recentRequests = qMax(0, options.recentRequests);
    d->requestsBefore.reserve(size_t(transcript.size()));
    int answers = 0;
    for (const Message &message : transcript) {
        d->requestsBefore.push_back(answers);
        answers += message.role == Role::Assistant ? 1 : 0;
    }

    // The early part: the first turns asked for, else the messages up to the answer of the
    // first earlyShare of the requests.
    int earlyEnd = 0;
    if (options.earlyTurns > 0) {
        QList<int> turns;
        for (; earlyEnd < transcript.size(); ++earlyEnd) {
            const int turn = transcript.at(earlyEnd).turn;
            if (!turns.contains(turn)) {
                if (turns.size() == options.earlyTurns)
                    break;
                turns.append(turn);
            }
        }
    } else {
        const int earlyAnswers = qMax(1, int(std::ceil(qBound(0.0, options.earlyShare, 1.0) * answers)));
        int seenAnswers = 0;
        while (earlyEnd < transcript.size() && seenAnswers < earlyAnswers)
            seenAnswers += transcript.at(earlyEnd++).role == Role::Assistant ? 1 : 0;
    }
    d->earlyEnd = earlyEnd;

    struct Candidate
    {
        QString text;
        int index;
    };
    QList<Candidate> candidates;
    QSet<QString> known;
    for (int i = 0; i < earlyEnd; ++i) {
        const Message &message = transcript.at(i);
        if (message.role == Role::System)
            continue; // never part of a view
        int taken = 0;
        for (const QString &fact : extractFacts(messageText(message))) {
            if (known.contains(fact))
                continue;
            known.insert(fact);
            if (taken++ < qMax(1, options.maxPerMessage))
                candidates.append({fact, i});
        }
    }
    // Evenly spread over the early part when there are too many: one long log must not be all.
    const int limit = qMax(1, options.maxFacts);
    const qsizetype total = candidates.size();
    const qsizetype kept = qMin<qsizetype>(total, limit);
    d->facts.reserve(size_t(kept));
    for (qsizetype k = 0; k < kept; ++k) {
        const Candidate &candidate = candidates.at(k * total / kept);
        Private::Fact fact;
        fact.text = candidate.text;
        fact.matcher = QStringMatcher(candidate.text);
        fact.turn = transcript.at(candidate.index).turn;
        fact.requestsBefore = d->requestsBefore.at(size_t(candidate.index));
        d->facts.push_back(std::move(fact));
    }
}

FactTracker::~FactTracker() = default;

int FactTracker::tracked() const
{
    return int(d->facts.size());
}

int FactTracker::earlyEnd() const
{
    return d->earlyEnd;
}

FactTracker::Step FactTracker::observe(const QList<Message> &view, int recordIndex)
{
    Step step;
    if (recordIndex < 0 || size_t(recordIndex) >= d->requestsBefore.size())
        return step;
    // Facts are in transcript order, so the old ones are a prefix.
    const int answered = d->requestsBefore.at(size_t(recordIndex));
    const auto end = std::upper_bound(d->facts.cbegin(), d->facts.cend(), answered - d->recentRequests,
                                      [](int bound, const Private::Fact &fact) { return bound < fact.requestsBefore; });
    step.old = int(end - d->facts.cbegin());
    if (step.old == 0)
        return step;
    std::vector<char> present(size_t(step.old), 0);
    QList<QPair<int, int>> tags;
    for (const Message &message : view) {
        const Private::Seen &seen = d->scan(message);
        for (const int fact : seen.facts) {
            if (fact < step.old)
                present[size_t(fact)] = 1;
        }
        tags += seen.tags;
    }
    std::sort(tags.begin(), tags.end());
    for (int i = 0; i < step.old; ++i) {
        step.visible += present[size_t(i)];
        const int turn = d->facts.at(size_t(i)).turn;
        for (const QPair<int, int> &range : std::as_const(tags)) {
            if (range.first > turn)
                break;
            if (range.second >= turn) {
                ++step.reachable;
                break;
            }
        }
    }
    return step;
}

} // namespace valis::replay
