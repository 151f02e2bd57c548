#pragma once

#include <QList>
#include <QString>

/// The plain query language of search_memory, shared by both DetailStore backends so they
/// understand a query the same way.
///
/// What a person or a model types is plain words (all must match), "quoted phrases" (the words
/// in that order) and a prefix match on the last word. Nothing else is syntax: FTS5 or tsquery
/// operators (AND, OR, NOT, NEAR, `*`, `-`, `:`, `^`, `&`, `|`, `!`, parentheses), stray quotes,
/// backslashes and SQL are ordinary text. Each backend renders the terms into its own query
/// language with every term quoted or passed as a value, so nothing from the query reaches the
/// engine as an operator.
namespace valis::memory {

/// One thing that must match. `text` is what the person typed for it, without the surrounding
/// quotes of a phrase; it may contain punctuation, which each engine's tokenizer treats as a
/// word separator (so "exit-code" is a phrase of "exit" and "code" in FTS5). It always contains at
/// least one letter or digit.
struct SearchTerm
{
    QString text;
    bool phrase = false;   ///< came from "quotes": its words must appear in order, no prefix
    bool prefix = false;   ///< the last word: its last word matches as a prefix ("buil" finds "build")

    bool operator==(const SearchTerm &other) const = default;
};

/// At most this many terms are kept (the rest are ignored): each term costs a doclist in the
/// index, and a query this long is a pasted document, not a search.
inline constexpr int maxSearchTerms = 32;

/// The last word matches as a prefix only when its last word has at least this many letters or
/// digits. Shorter words are nearly always whole ("go", "ci", "js"), and a one- or two-letter
/// prefix stands for a large part of the vocabulary.
inline constexpr int minPrefixLength = 3;

/// Splits `query` into terms at white space and control characters (a NUL, which some engines
/// cannot take, separates words too). An unbalanced quote is ordinary text (it quotes nothing), and
/// pieces without a letter or digit ("-", "*", "::") are dropped, since no engine can match
/// them. An empty list means there is nothing to search for.
QList<SearchTerm> parseSearchQuery(const QString &query);

/// One term as an FTS5 string: double-quoted (inner quotes doubled), followed by `*` when it
/// is a prefix.
QString fts5Term(const SearchTerm &term);

/// The FTS5 MATCH expression for `terms`: every term a double-quoted FTS5 string (inner quotes
/// doubled), the prefix one followed by `*`, joined by spaces (FTS5's implicit AND). Empty
/// for no terms.
QString fts5Query(const QList<SearchTerm> &terms);

} // namespace valis::memory
