#pragma once

#include "valis/core/result.h"

#include <QByteArray>
#include <QList>
#include <QSqlDatabase>

struct fts5_api;
struct Fts5Tokenizer;
struct fts5_tokenizer;

namespace valis::store {

/// One token as FTS5 indexes it: where its folded form is in TokenizedText::folded, and where
/// it stands in the UTF-8 text.
struct IndexToken
{
    int folded = 0; ///< offset of the folded word in TokenizedText::folded
    int length = 0; ///< its length in bytes
    int start = 0;  ///< byte offset of the token's first byte in the text
    int end = 0;    ///< byte offset just past its last byte
};

/// A text's tokens; their folded words share one buffer (a chunk has hundreds of them).
struct TokenizedText
{
    QByteArray folded;
    QList<IndexToken> tokens;

    qsizetype size() const { return tokens.size(); }
    /// Token `i`'s folded word, without a copy: valid while this object lives.
    QByteArray word(qsizetype i) const
    {
        return QByteArray::fromRawData(folded.constData() + tokens.at(i).folded, tokens.at(i).length);
    }
};

/// The transcript index's own tokenizer (unicode61, remove_diacritics 2), run outside FTS5 so
/// that the phrase pair index (PhrasePairIndex) and the checks of its candidates (PhraseMatcher)
/// see exactly the words FTS5 sees: the same SQLite code folds and splits them.
class TranscriptTokenizer
{
public:
    static Result<std::unique_ptr<TranscriptTokenizer>> create(const QSqlDatabase &db);
    ~TranscriptTokenizer();
    TranscriptTokenizer(const TranscriptTokenizer &) = delete;
    TranscriptTokenizer &operator=(const TranscriptTokenizer &) = delete;

    enum class Purpose { Document, Query };
    /// The tokens of `utf8`, in order.
    Result<TokenizedText> tokenize(const QByteArray &utf8, Purpose purpose = Purpose::Document) const;

private:
    TranscriptTokenizer(fts5_tokenizer *methods, Fts5Tokenizer *instance);
    fts5_tokenizer *m_methods = nullptr;
    Fts5Tokenizer *m_instance = nullptr;
};

} // namespace valis::store
