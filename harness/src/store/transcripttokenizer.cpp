#include "store/transcripttokenizer.h"

#include "store/fts5ranking.h"

#include <QCoreApplication>

#include <algorithm>

#include <sqlite3.h>

namespace valis::store {

namespace {

Error tokenizerError(const QString &detail)
{
    return Error(QStringLiteral("store.open-failed"),
                 QCoreApplication::translate("valis::SessionStore", "cannot set up the phrase index: %1").arg(detail));
}

int collect(void *context, int flags, const char *token, int length, int start, int end)
{
    // unicode61 emits no colocated tokens; were one to come, FTS5 would not count it as a position.
    if (flags & FTS5_TOKEN_COLOCATED)
        return SQLITE_OK;
    auto *text = static_cast<TokenizedText *>(context);
    text->tokens.append({int(text->folded.size()), length, start, end});
    text->folded.append(token, length);
    return SQLITE_OK;
}

} // namespace

TranscriptTokenizer::TranscriptTokenizer(fts5_tokenizer *methods, Fts5Tokenizer *instance)
    : m_methods(methods)
    , m_instance(instance)
{
}

TranscriptTokenizer::~TranscriptTokenizer()
{
    if (m_instance)
        m_methods->xDelete(m_instance);
    delete m_methods;
}

Result<std::unique_ptr<TranscriptTokenizer>> TranscriptTokenizer::create(const QSqlDatabase &db)
{
    Result<fts5_api *> api = fts5ApiOf(db);
    if (!api.ok())
        return api.error();
    auto methods = std::make_unique<fts5_tokenizer>();
    void *userData = nullptr;
    if (api.value()->xFindTokenizer(api.value(), "unicode61", &userData, methods.get()) != SQLITE_OK)
        return tokenizerError(QStringLiteral("FTS5 has no unicode61 tokenizer"));
    // The arguments of the `search` table's tokenize= option (schema.cpp).
    const char *arguments[] = {"remove_diacritics", "2"};
    Fts5Tokenizer *instance = nullptr;
    if (methods->xCreate(userData, arguments, 2, &instance) != SQLITE_OK || !instance)
        return tokenizerError(QStringLiteral("cannot create the unicode61 tokenizer"));
    return std::unique_ptr<TranscriptTokenizer>(new TranscriptTokenizer(methods.release(), instance));
}

Result<TokenizedText> TranscriptTokenizer::tokenize(const QByteArray &utf8, Purpose purpose) const
{
    TokenizedText tokens;
    tokens.tokens.reserve(utf8.size() / 6);
    tokens.folded.reserve(utf8.size());
    // Most of a transcript is ASCII (code, logs, JSON), where unicode61 is simple: a token is a
    // run of letters and digits (no other ASCII character is in its categories L*, N*, Co), folded
    // to lower case, with no diacritics to remove. Done here it is several times faster than
    // through the tokenizer's callback; any other byte sends the whole text to unicode61.
    const char *data = utf8.constData();
    const int size = int(utf8.size());
    if (std::all_of(data, data + size, [](char c) { return uchar(c) < 0x80; })) {
        const auto isWordChar = [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        };
        int at = 0;
        while (at < size) {
            if (!isWordChar(data[at])) {
                ++at;
                continue;
            }
            const int start = at;
            while (at < size && isWordChar(data[at]))
                ++at;
            tokens.tokens.append({int(tokens.folded.size()), at - start, start, at});
            for (int i = start; i < at; ++i)
                tokens.folded.append(data[i] >= 'A' && data[i] <= 'Z' ? char(data[i] + ('a' - 'A')) : data[i]);
        }
        return tokens;
    }
    const int flags = purpose == Purpose::Query ? FTS5_TOKENIZE_QUERY : FTS5_TOKENIZE_DOCUMENT;
    if (m_methods->xTokenize(m_instance, &tokens, flags, utf8.constData(), int(utf8.size()), &collect) != SQLITE_OK)
        return Error(QStringLiteral("store.tokenize-failed"),
                     QCoreApplication::translate("valis::SessionStore", "cannot split text into words for the index"));
    return tokens;
}

} // namespace valis::store
