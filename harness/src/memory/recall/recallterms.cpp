#include "memory/recall/recallterms.h"

#include <QRegularExpression>
#include <QSet>

namespace valis::recall {

namespace {

// The usual English stop-word list (as in Lucene, NLTK and most IR systems), with the
// auxiliaries and question words a question adds; content words are never in it.
const QSet<QString> &stopWords()
{
    static const QSet<QString> words = [] {
        const char *list[] = {
            "a", "about", "above", "after", "again", "against", "all", "am", "an", "and", "any", "are", "as", "at",
            "be", "because", "been", "before", "being", "below", "between", "both", "but", "by", "can", "cannot",
            "could", "did", "do", "does", "doing", "down", "during", "each", "few", "for", "from", "further", "had",
            "has", "have", "having", "he", "her", "here", "hers", "herself", "him", "himself", "his", "how", "i",
            "if", "in", "into", "is", "it", "its", "itself", "let", "me", "more", "most", "my", "myself", "no",
            "nor", "not", "of", "off", "on", "once", "only", "or", "other", "ought", "our", "ours", "ourselves",
            "out", "over", "own", "same", "she", "should", "so", "some", "such", "than", "that", "the", "their",
            "theirs", "them", "themselves", "then", "there", "these", "they", "this", "those", "through", "to",
            "too", "under", "until", "up", "very", "was", "we", "were", "what", "when", "where", "which", "while",
            "who", "whom", "why", "with", "would", "you", "your", "yours", "yourself", "yourselves", "will", "shall",
            "may", "might", "must", "just", "also", "s", "t", "d", "ll", "m", "re", "ve", "don", "didn", "doesn",
            "isn", "wasn", "weren", "won", "wouldn", "couldn", "shouldn", "hasn", "haven", "hadn", "aren",
        };
        QSet<QString> set;
        for (const char *word : list)
            set.insert(QString::fromLatin1(word));
        return set;
    }();
    return words;
}

} // namespace

QStringList contentWords(const QString &text, int limit)
{
    static const QRegularExpression word(QStringLiteral("[\\p{L}\\p{N}]+(?:['\\x{2019}][\\p{L}]+)?"));
    QStringList words;
    QSet<QString> seen;
    auto it = word.globalMatch(text);
    while (it.hasNext() && words.size() < limit) {
        QString w = it.next().captured(0).toLower();
        const qsizetype apostrophe = w.indexOf(QRegularExpression(QStringLiteral("['\\x{2019}]")));
        // "Caroline's" is Caroline; "didn't" becomes "didn", a stop word.
        if (apostrophe > 0)
            w = w.left(apostrophe);
        if (w.size() < 2 || stopWords().contains(w) || seen.contains(w))
            continue;
        seen.insert(w);
        words << w;
    }
    return words;
}

QString stemPrefix(const QString &word)
{
    static const char *suffixes[] = {"ations", "ation", "ings", "ing", "ies", "ied", "ers", "er", "ed", "es", "ly", "s"};
    for (const char *suffix : suffixes) {
        const QLatin1String s(suffix);
        if (word.endsWith(s) && word.size() - s.size() >= 4)
            return word.left(word.size() - s.size());
    }
    return word;
}

} // namespace valis::recall
