#include "memory/processing/processingtext.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace valis {

namespace {

const QSet<QString> &stopWords()
{
    static const QSet<QString> words = [] {
        const char *const list[] = {
            "a", "about", "above", "after", "again", "all", "also", "am", "an", "and", "any", "are", "as", "at", "be",
            "because", "been", "before", "being", "below", "between", "both", "but", "by", "can", "could", "did", "do",
            "does", "doing", "done", "down", "during", "each", "else", "even", "every", "few", "for", "from", "further",
            "get", "gets", "got", "had", "has", "have", "having", "he", "her", "here", "hers", "him", "his", "how", "i",
            "if", "in", "into", "is", "it", "its", "itself", "just", "let", "lets", "like", "look", "looks", "make",
            "may", "me", "might", "more", "most", "much", "must", "my", "need", "needs", "no", "nor", "not", "now", "of",
            "off", "ok", "okay", "on", "once", "one", "only", "or", "other", "our", "ours", "out", "over", "own", "please",
            "same", "see", "she", "should", "so", "some", "still", "such", "sure", "than", "that", "the", "their", "them",
            "then", "there", "these", "they", "thing", "things", "this", "those", "through", "to", "too", "try", "two",
            "under", "until", "up", "use", "used", "using", "very", "want", "was", "way", "we", "well", "were", "what",
            "when", "where", "which", "while", "who", "whom", "why", "will", "with", "without", "would", "yes", "you",
            "your", "yours", "yourself", "going", "know", "think", "good", "new", "first", "next", "last", "right",
            "also", "there's", "it's", "i'm", "i'll", "don't", "can't", "won't", "didn't", "doesn't", "isn't", "that's",
            "let's", "here's", "what's", "we'll", "you're", "file", "files", "run", "running", "check", "work", "works",
            "working", "change", "changes", "update", "add", "added", "fix", "line", "lines", "code", "test", "tests",
            "help", "show", "give", "take", "call", "called", "set", "put", "found", "find", "made", "many", "said",
            "tell", "something", "anything", "everything", "nothing", "really", "actually", "maybe", "yeah", "hmm",
            "thanks", "thank", "great", "looks", "seems", "seem", "instead", "already", "however", "though", "since",
            "currently", "now", "would", "could", "should", "there", "their", "non", "etc", "via", "per", "way", "lot",
            "bit", "time", "number", "part", "case", "end", "start", "line", "read", "write", "user", "users", "task",
            "tasks", "issue", "issues", "function", "status", "always", "across", "request", "result", "results",
            "value", "values", "data", "text", "output", "input", "message", "messages", "context", "additional",
            "interrupted", "assistant", "claude", "tool", "tools", "command", "commands", "session", "sessions"};
        QSet<QString> set;
        for (const char *word : list)
            set.insert(QString::fromLatin1(word));
        return set;
    }();
    return words;
}

QStringList tokens(const QString &text)
{
    static const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z0-9_'+-]*[A-Za-z0-9+]|[A-Za-z]"));
    QStringList out;
    for (auto it = word.globalMatch(text); it.hasNext();)
        out.append(it.next().captured(0).toLower());
    return out;
}

} // namespace

QString normalizedItemText(const QString &text)
{
    QString out;
    out.reserve(text.size());
    bool space = false;
    for (const QChar c : text) {
        if (c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('/') || c == QLatin1Char('.')
            || c == QLatin1Char('=') || c == QLatin1Char('#') || c == QLatin1Char('@') || c == QLatin1Char('_')) {
            if (space && !out.isEmpty())
                out += QLatin1Char(' ');
            space = false;
            out += c.toLower();
        } else {
            space = true;
        }
    }
    while (out.endsWith(QLatin1Char('.')))
        out.chop(1);
    return out;
}

QSet<QString> itemWords(const QString &text)
{
    QSet<QString> out;
    for (const QString &word : normalizedItemText(text).split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!stopWords().contains(word))
            out.insert(word);
    }
    return out;
}

double wordSimilarity(const QSet<QString> &a, const QSet<QString> &b)
{
    if (a.isEmpty() && b.isEmpty())
        return 0;
    const qsizetype shared = QSet<QString>(a).intersect(b).size();
    return double(shared) / double(a.size() + b.size() - shared);
}

QString cutText(const QString &text, qsizetype max)
{
    return text.size() <= max ? text : text.left(max - 1) + QChar(0x2026);
}

Claim claimOf(const QString &text)
{
    static const QRegularExpression verb(
        QStringLiteral("\\b(no longer needs?|no longer requires?|does(?:n't| not) need|do(?:n't| not) need|needs?|requires?)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    Claim claim;
    const QRegularExpressionMatch match = verb.match(text);
    if (!match.hasMatch())
        return claim;
    // The clause around the verb: "Good news: the staging build no longer needs --no-lto." and
    // "`make staging` needs `LTO=--no-lto`: `make staging` failed ..." alike.
    const QString before = text.left(match.capturedStart());
    const qsizetype from = std::max({before.lastIndexOf(QLatin1Char(':')), before.lastIndexOf(QLatin1Char(';')),
                                     before.lastIndexOf(QLatin1Char(','))});
    QString after = text.mid(match.capturedEnd());
    for (const QChar stop : {QLatin1Char(':'), QLatin1Char(';'), QLatin1Char(',')}) {
        const qsizetype at = after.indexOf(stop);
        if (at >= 0)
            after = after.left(at);
    }
    const QString verbText = match.captured(1).toLower();
    claim.negated = verbText.contains(QLatin1String("longer")) || verbText.contains(QLatin1String("not"))
                    || verbText.contains(QLatin1String("n't"));
    claim.subject = itemWords(before.mid(from + 1));
    QString object = normalizedItemText(after);
    // "needs --no-lto any more" / "anymore" / "first" say nothing about what is needed.
    for (const char *tail : {" any more", " anymore", " first", " now", " again"}) {
        if (object.endsWith(QLatin1String(tail)))
            object.chop(int(qstrlen(tail)));
    }
    // "LTO=--no-lto" and "--no-lto" name the same flag.
    if (object.contains(QLatin1Char('=')))
        object = object.section(QLatin1Char('='), 1);
    claim.object = object.trimmed();
    return claim;
}

bool contradicts(const Claim &earlier, const Claim &later)
{
    if (!earlier.valid() || !later.valid() || earlier.negated == later.negated)
        return false;
    if (earlier.object != later.object && !earlier.object.contains(later.object) && !later.object.contains(earlier.object))
        return false;
    // The same subject, one naming it more closely than the other ("build" / "staging build").
    const QSet<QString> shared = QSet<QString>(earlier.subject).intersect(later.subject);
    return !shared.isEmpty() && (shared.size() == earlier.subject.size() || shared.size() == later.subject.size());
}

void TopicCounter::add(const QString &text, const QString &messageId)
{
    static const QRegularExpression sentenceEnd(QStringLiteral("[.!?;:\\n]+"));
    // Occurrences count, at most three per message, so one long message does not decide alone.
    QHash<QString, int> inMessage;
    auto count = [&](QHash<QString, Count> &counts, const QString &key) {
        int &seen = inMessage[key];
        if (++seen > 3)
            return;
        Count &entry = counts[key];
        ++entry.n;
        if (entry.messages.size() < 3 && !entry.messages.contains(messageId))
            entry.messages.append(messageId);
    };
    for (const QString &sentence : text.left(16 * 1024).split(sentenceEnd, Qt::SkipEmptyParts)) {
        const QStringList words = tokens(sentence);
        QString previous;
        for (const QString &word : words) {
            const bool content = word.size() >= 4 && !stopWords().contains(word);
            if (content)
                count(m_words, word);
            if (content && !previous.isEmpty())
                count(m_phrases, previous + QLatin1Char(' ') + word);
            previous = content || (word.size() >= 3 && !stopWords().contains(word)) ? word : QString();
        }
    }
}

QList<ExtractedItem> TopicCounter::top(const QString &sessionId, int count) const
{
    struct Scored
    {
        QString text;
        double score;
        int n;
        QStringList messages;
    };
    QList<Scored> candidates;
    for (auto it = m_phrases.constBegin(); it != m_phrases.constEnd(); ++it) {
        if (it->n >= 2)
            candidates.append({it.key(), it->n * 2.5, it->n, it->messages});
    }
    for (auto it = m_words.constBegin(); it != m_words.constEnd(); ++it) {
        if (it->n >= 3 && it->messages.size() >= 2)
            candidates.append({it.key(), double(it->n), it->n, it->messages});
    }
    std::sort(candidates.begin(), candidates.end(), [](const Scored &a, const Scored &b) {
        return a.score != b.score ? a.score > b.score : a.text < b.text;
    });
    QList<ExtractedItem> out;
    QSet<QString> covered;
    for (const Scored &candidate : std::as_const(candidates)) {
        if (out.size() >= count)
            break;
        const QStringList words = candidate.text.split(QLatin1Char(' '));
        bool seen = true;
        for (const QString &word : words)
            seen = seen && covered.contains(word);
        if (seen)
            continue;
        for (const QString &word : words)
            covered.insert(word);
        ExtractedItem item;
        item.type = QLatin1String(ProcessedType::Topic);
        item.kind = QStringLiteral("keyword");
        item.text = candidate.text;
        item.occurrences = candidate.n;
        item.weight = std::round((0.5 + std::min(1.5, 0.25 * std::log2(double(candidate.n)))) * 100) / 100;
        for (const QString &message : candidate.messages)
            item.evidence.append({sessionId, message});
        out.append(item);
    }
    return out;
}

} // namespace valis
