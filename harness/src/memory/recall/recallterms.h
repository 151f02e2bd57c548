#pragma once

#include <QString>
#include <QStringList>

/// How recall reads a question: the words that carry its content.
namespace valis::recall {

/// The content words of `text`, lower-case, in order, each once: English stop words and
/// question words dropped ("when did we change the build" -> change, build), a possessive
/// "'s" taken off, words of one character dropped. At most `limit` words.
QStringList contentWords(const QString &text, int limit = 24);

/// `word` without a common English inflection ("staging" -> "stag", "needs" -> "need",
/// "failed" -> "fail"), for a prefix match in an index that does not stem; the word itself
/// when what would remain is shorter than four letters.
QString stemPrefix(const QString &word);

} // namespace valis::recall
