// The pair index for phrases of common words (PhrasePairIndex): the same answers as FTS5 alone,
// and a deleted session's pairs leave with it.
#include "searchtestsupport.h"
#include "testsupport.h"

#include <QRandomGenerator>

#include "valis/store/sessionstore.h"

#include "store/phrasepairindex.h"
#include "store/transcriptindex.h"

using namespace valis;
using namespace valis::test;

class TestPhrasePairIndex : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void phrasesOfCommonWordsComeFromThePairIndex();

private:
    std::unique_ptr<test::TemporaryHome> m_home;
    std::unique_ptr<SessionStore> m_store;
};

void TestPhrasePairIndex::init()
{
    m_home = std::make_unique<test::TemporaryHome>();
    auto store = SessionStore::open(m_home->filePath(QStringLiteral("s.db")));
    VALIS_VERIFY_OK(store);
    m_store = std::move(store).value();
}

void TestPhrasePairIndex::cleanup()
{
    m_store.reset();
    m_home.reset();
}

namespace {

/// Everything a search answers, to compare two ways of answering it.
QStringList described(const SearchResults &results)
{
    QStringList lines;
    lines << QStringLiteral("tiers %1 exhausted %2").arg(results.tiersSearched).arg(results.exhausted);
    for (const SearchHit &hit : results.hits) {
        lines << QStringLiteral("%1/%2 %3 %4 tier %5 | %6")
                     .arg(hit.messageId)
                     .arg(hit.partIndex)
                     .arg(hit.sessionId)
                     .arg(hit.score, 0, 'g', 12)
                     .arg(hit.tier)
                     .arg(plainSnippet(hit));
    }
    return lines;
}

QStringList pairRows(const QString &db, const QString &pair)
{
    QStringList rows;
    withRawConnection(db, [&](const QSqlDatabase &raw) {
        QSqlQuery query(raw);
        query.prepare(QStringLiteral("SELECT rowid FROM search_pairs WHERE search_pairs MATCH ? ORDER BY rowid"));
        query.addBindValue(QString(QLatin1Char('"') + pair + QLatin1Char('"')));
        if (!query.exec())
            rows << QStringLiteral("ERROR: ") + query.lastError().text();
        while (query.next())
            rows << query.value(0).toString();
    });
    return rows;
}

} // namespace

void TestPhrasePairIndex::phrasesOfCommonWordsComeFromThePairIndex()
{
    // Enough chunks for the pair index to learn the common words (a promotion window), then as
    // many again whose pairs it indexes. Twelve common words, so "test in module" is in about 1%
    // of the chunks, "the build" in about 15%, and the rest is rare words.
    const QStringList common = {QStringLiteral("the"),  QStringLiteral("build"), QStringLiteral("fails"),
                                QStringLiteral("because"), QStringLiteral("a"), QStringLiteral("test"),
                                QStringLiteral("in"),   QStringLiteral("module"), QStringLiteral("is"),
                                QStringLiteral("not"),  QStringLiteral("Found"), QStringLiteral("déjà")};
    QRandomGenerator random(24);
    const int chunks = store::PhrasePairIndex::promotionWindow + 2600;
    QStringList sessions;
    for (int made = 0; made < chunks;) {
        const QString session = m_store->createSession({})->id;
        sessions << session;
        QList<Message> batch;
        for (int i = 0; i < 400 && made < chunks; ++i, ++made) {
            QStringList words;
            const int length = 12 + int(random.bounded(30));
            for (int w = 0; w < length; ++w) {
                words << (random.bounded(6) == 0 ? QStringLiteral("rare%1").arg(random.bounded(5000))
                                                 : common.at(int(random.bounded(common.size()))));
            }
            // Sentences, for the snippets' sentence starts, and words apart by what separates
            // words in code and logs (a phrase spans them, as in FTS5).
            if (length > 20)
                words[10] += QLatin1Char('.');
            static const QStringList separators = {QStringLiteral(" "),  QStringLiteral(" "), QStringLiteral(" "),
                                                   QStringLiteral("_"),  QStringLiteral("-"), QStringLiteral(", "),
                                                   QStringLiteral("$"),  QStringLiteral("`"), QStringLiteral("^"),
                                                   QStringLiteral("\t"), QStringLiteral(": "), QStringLiteral("::")};
            QString line = words.first();
            for (int w = 1; w < words.size(); ++w)
                line += separators.at(int(random.bounded(separators.size()))) + words.at(w);
            batch.append(text(i % 3 == 0 ? Role::User : Role::Assistant, line));
        }
        VALIS_VERIFY_OK(m_store->appendMessages(session, batch));
        VALIS_VERIFY_OK(m_store->indexPending());
    }
    const QString db = m_home->filePath(QStringLiteral("s.db"));
    QVERIFY2(!pairRows(db, QStringLiteral("test_in")).isEmpty(), "the common words were learnt and their pairs indexed");
    QVERIFY(!pairRows(db, QStringLiteral("deja_found")).isEmpty() || !pairRows(db, QStringLiteral("found_deja")).isEmpty());

    // Every query answers as FTS5 alone does (the raw syntax never takes the pair index): the
    // same hits, scores, tiers and snippets, filters included.
    const QStringList queries = {QStringLiteral("\"test in module\""), QStringLiteral("\"the build\""),
                                 QStringLiteral("\"test in\" \"module is\""), QStringLiteral("\"not found\" rare1*"),
                                 QStringLiteral("test.in.mod*"), QStringLiteral("\"deja found\""),
                                 QStringLiteral("\"Module IS not\" because"), QStringLiteral("\"a a\"")};
    int differentFromLimit = 0;
    int filteredHits = 0;
    for (const QString &text : queries) {
        for (const int limit : {10, 600}) {
            for (const bool filtered : {false, true}) {
                SearchQuery query;
                query.text = text;
                query.limit = limit;
                if (filtered) {
                    query.role = Role::User;
                    query.sessionId = sessions.at(1);
                    query.until = QDateTime::currentDateTimeUtc().addSecs(3600);
                }
                const Result<SearchResults> paired = m_store->search(query);
                VALIS_VERIFY_OK(paired);
                const Result<QString> fts = store::TranscriptIndex::ftsQueryFor(text);
                VALIS_VERIFY_OK(fts);
                query.text = fts.value();
                query.ftsSyntax = true;
                const Result<SearchResults> plain = m_store->search(query);
                VALIS_VERIFY_OK(plain);
                QVERIFY2(filtered || !plain->hits.isEmpty(), qPrintable(text));
                filteredHits += filtered ? int(plain->hits.size()) : 0;
                QCOMPARE(described(paired.value()), described(plain.value()));
                if (plain->hits.size() < limit)
                    ++differentFromLimit;
            }
        }
    }
    QVERIFY(differentFromLimit > 0); // some answers hold every match, not just a page
    QVERIFY(filteredHits > 0);

    // A deleted session's pairs leave with it (worked out again from its text), and the index
    // stays sound.
    QStringList doomed;
    withRawConnection(db, [&](const QSqlDatabase &raw) {
        QSqlQuery query(raw);
        query.prepare(QStringLiteral("SELECT c.id FROM search_chunks c JOIN sessions s ON s.id = c.session_id WHERE s.uid = ?"));
        query.addBindValue(sessions.constLast());
        query.exec();
        while (query.next())
            doomed << query.value(0).toString();
    });
    const QStringList inPairs = pairRows(db, QStringLiteral("test_in"));
    const auto doomedIn = [&](const QStringList &rows) {
        return std::count_if(rows.cbegin(), rows.cend(), [&](const QString &row) { return doomed.contains(row); });
    };
    QVERIFY(doomedIn(inPairs) > 0);
    VALIS_VERIFY_OK(m_store->deleteSession(sessions.constLast()));
    const QStringList left = pairRows(db, QStringLiteral("test_in"));
    QCOMPARE(doomedIn(left), 0);
    QCOMPARE(left.size(), inPairs.size() - doomedIn(inPairs));
    QCOMPARE(rawExec(db, {QStringLiteral("INSERT INTO search_pairs(search_pairs) VALUES('integrity-check')")}), QString());

    // The pairs are what answered: without them the newer chunks' matches are gone.
    SearchQuery phrase;
    phrase.text = QStringLiteral("\"test in module\"");
    phrase.limit = 1000;
    const int before = int(m_store->search(phrase)->hits.size());
    QCOMPARE(rawExec(db, {QStringLiteral("INSERT INTO search_pairs(search_pairs) VALUES('delete-all')")}), QString());
    const int without = int(m_store->search(phrase)->hits.size());
    QVERIFY2(without < before, qPrintable(QStringLiteral("%1 hits with the pairs, %2 without").arg(before).arg(without)));
}

VALIS_TEST_MAIN(TestPhrasePairIndex)
#include "tst_phrasepairindex.moc"
