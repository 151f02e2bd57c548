// Transcript search on the pair index's path (PhraseMatcher, TranscriptTokenizer), against FTS5
// on the same text: the first line is what a person types in the search box, the rest is one
// chunk of transcript.
//
// Checked: a query ftsQueryFor() accepts is one FTS5 accepts; for such a query, PhraseMatcher
// agrees with FTS5 on whether the chunk matches, and for a match on its token count, each
// term's occurrences (what valis_stats reports, which ranks it) and the snippet, byte for byte.
// The tokenizer's ASCII path is checked through the same counts. (FTS5 cuts the pieces of its
// snippet at a NUL byte; the matcher does not, so the snippets of such a chunk are not compared.)
#include "fuzzsupport.h"
#include "store/fts5ranking.h"
#include "store/phrasematcher.h"
#include "store/transcriptindex.h"
#include "store/transcripttokenizer.h"

#include <QCoreApplication>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace {

struct Fts5Oracle
{
    QSqlDatabase db;
    std::unique_ptr<valis::store::TranscriptTokenizer> tokenizer;

    /// The store's `search` table (schema.cpp), without its external content.
    static QString createTable()
    {
        return QStringLiteral(
            "CREATE VIRTUAL TABLE search USING fts5(body, tokenize='unicode61 remove_diacritics 2', prefix='3 4')");
    }

    Fts5Oracle()
    {
        db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("fuzz"));
        db.setDatabaseName(QStringLiteral(":memory:"));
        if (!db.open())
            qFatal("cannot open an in-memory database");
        QSqlQuery(db).exec(createTable());
        if (!valis::store::registerRankingFunction(db).ok())
            qFatal("cannot register valis_stats");
        auto created = valis::store::TranscriptTokenizer::create(db);
        if (!created.ok())
            qFatal("cannot create the tokenizer");
        tokenizer = std::move(created.value());
    }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace valis;
    using namespace valis::store;
    static int argc = 1;
    static char name[] = "fuzz_phrasematcher";
    static char *argv[] = {name, nullptr};
    static QCoreApplication app(argc, argv); // QtSql wants an application object
    static Fts5Oracle oracle;

    const QByteArray input = fuzz::bytes(data, size);
    const qsizetype newline = input.indexOf('\n');
    if (newline < 0)
        return 0;
    const QString typed = QString::fromUtf8(input.left(newline));
    // What the store keeps is text: the UTF-8 of a QString (invalid bytes become U+FFFD).
    const QByteArray chunk = QString::fromUtf8(input.mid(newline + 1)).toUtf8();

    const Result<QString> fts = TranscriptIndex::ftsQueryFor(typed);
    if (!fts.ok()) {
        VALIS_FUZZ_CHECK_ERROR(fts.error());
        return 0;
    }
    const Result<QList<QueryTerm>> terms = PhraseMatcher::termsOf(fts.value(), *oracle.tokenizer);
    if (!terms.ok())
        return 0; // a term without words: the store leaves such a query to FTS5
    const PhraseMatcher matcher(terms.value());
    const Result<TokenizedText> tokens = oracle.tokenizer->tokenize(chunk);
    VALIS_FUZZ_CHECK(tokens.ok(), QStringLiteral("the chunk could not be split into words"));
    const PhraseMatcher::Match match = matcher.match(tokens.value());

    QSqlQuery query(oracle.db);
    // Deleted rows pile up in FTS5's segments (the run slows down and grows): the table is made
    // anew now and then (each time would cost most of the run: schema changes re-prepare).
    static int inputs = 0;
    if (++inputs % 1024 == 0) {
        query.exec(QStringLiteral("DROP TABLE search"));
        query.exec(Fts5Oracle::createTable());
    } else {
        query.exec(QStringLiteral("DELETE FROM search"));
    }
    query.prepare(QStringLiteral("INSERT INTO search(rowid, body) VALUES(1, ?)"));
    query.addBindValue(QString::fromUtf8(chunk));
    VALIS_FUZZ_CHECK(query.exec(), query.lastError().text());
    query.prepare(QStringLiteral("SELECT valis_stats(search), snippet(search, 0, char(2), char(3), '…', 24) "
                                 "FROM search WHERE search MATCH ?"));
    query.addBindValue(fts.value());
    VALIS_FUZZ_CHECK(query.exec(), QStringLiteral("FTS5 refused %1: %2").arg(fts.value(), query.lastError().text()));
    const bool ftsMatches = query.next();
    VALIS_FUZZ_CHECK(ftsMatches == match.matches,
                     QStringLiteral("FTS5 %1 %2, the matcher does not").arg(ftsMatches ? QStringLiteral("matches") : QStringLiteral("does not match"), fts.value()));
    if (!ftsMatches)
        return 0;
    const RowStats stats = RowStats::fromBlob(query.value(0).toByteArray());
    VALIS_FUZZ_CHECK(stats.rowTokens == tokens->size(),
                     QStringLiteral("FTS5 counts %1 tokens, the tokenizer %2").arg(stats.rowTokens).arg(tokens->size()));
    VALIS_FUZZ_CHECK(stats.phraseHits == match.hits, QStringLiteral("occurrences differ for %1").arg(fts.value()));
    const QString snippet = matcher.snippet(chunk, tokens.value(), match, QString(QChar(2)), QString(QChar(3)),
                                            QStringLiteral("…"), 24);
    // FTS5 builds its snippet piece by piece with printf's %.*s, which stops at a NUL: each piece
    // with one is cut short there. The matcher keeps the text; such chunks are not compared.
    if (chunk.contains('\0'))
        return 0;
    VALIS_FUZZ_CHECK(snippet == query.value(1).toString(),
                     QStringLiteral("snippets differ:\n%1\n%2").arg(snippet, query.value(1).toString()));
    return 0;
}
