#pragma once

// Text helpers offline memory processing shares: how items are compared (normalised text,
// word sets), what a claim says ("X needs Y" / "X no longer needs Y"), topic counting.
#include "valis/memory/memoryprocessing.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>

namespace valis {

/// Lower case, punctuation and backticks gone, whitespace collapsed: what makes two items the same.
QString normalizedItemText(const QString &text);
/// The content words of `text` (normalised, stop words dropped).
QSet<QString> itemWords(const QString &text);
/// Jaccard similarity of two word sets (0 when both are empty).
double wordSimilarity(const QSet<QString> &a, const QSet<QString> &b);
QString cutText(const QString &text, qsizetype max);

/// What a "needs" sentence claims: `subject` needs (or no longer needs) `object`.
struct Claim
{
    QSet<QString> subject;
    QString object;
    bool negated = false;
    bool valid() const { return !subject.isEmpty() && !object.isEmpty(); }
};
Claim claimOf(const QString &text);
/// Whether `later` says the opposite of `earlier` about the same thing.
bool contradicts(const Claim &earlier, const Claim &later);

/// Frequent words and two-word phrases of a conversation's prose, with where they occur.
class TopicCounter
{
public:
    void add(const QString &text, const QString &messageId);
    QList<ExtractedItem> top(const QString &sessionId, int count) const;

private:
    struct Count
    {
        int n = 0;
        QStringList messages;
    };
    QHash<QString, Count> m_words;
    QHash<QString, Count> m_phrases;
};

} // namespace valis
