// Token counting as the context pipeline uses it: counts of stored messages cached per part
// and kept in the session store, the estimate for models without a public tokenizer, and the
// correction from the usage a provider reports.
#include "testsupport.h"
#include "valis/agent/contextpipeline.h"
#include "valis/catalog/modelcatalog.h"
#include "valis/store/sessionstore.h"
#include "valis/tokens/tokencounter.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace valis;

namespace {

Message text(Role role, const QString &body, int turn = 1)
{
    Message m;
    m.role = role;
    m.turn = turn;
    m.parts = {Part::makeText(body)};
    return m;
}

} // namespace

class TestTokenCounter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void familiesFollowTheCatalogue()
    {
        const ModelCatalog catalog = ModelCatalog::builtIn();
        const std::shared_ptr<TokenCounter> claude = TokenCounter::forModel(catalog.lookup(QStringLiteral("claude-sonnet-4-5")).model);
        QVERIFY(!claude->isExact());
        QVERIFY(claude->family().startsWith(QLatin1String("estimate")));
        Error warning;
        const std::shared_ptr<TokenCounter> gpt = TokenCounter::forModel(catalog.lookup(QStringLiteral("gpt-4o")).model, &warning);
        QVERIFY2(warning.code.isEmpty(), qPrintable(warning.toString()));
        QVERIFY(gpt->isExact());
        QCOMPARE(gpt->family(), QStringLiteral("o200k_base"));
        // "Hello, world!" is four o200k_base tokens: Hello , world !
        QCOMPARE(gpt->countText(QStringLiteral("Hello, world!")), 4);
        QCOMPARE(gpt->countText(QString()), 0);
    }

    void estimateGrowsWithTextAndKnowsCodeFromProse()
    {
        const std::shared_ptr<TokenCounter> estimate = TokenCounter::estimate();
        const QString prose = QStringLiteral("The build failed because the linker could not find the symbol in the parser module. ").repeated(20);
        const QString code = QStringLiteral("for (int i = 0; i < n; ++i) { total += values[i] * weights[i]; }\n").repeated(20);
        QVERIFY(estimate->countText(prose) > 200);
        QVERIFY(estimate->countText(prose + prose) >= 2 * estimate->countText(prose) - 2);
        // With a calibration that weighs code more, the same exact tokens weigh more as code.
        EstimateCalibration codeHeavy;
        codeHeavy.proseRatio = 1.1;
        codeHeavy.codeRatio = 1.5;
        const std::shared_ptr<TokenCounter> weighted = TokenCounter::estimate(codeHeavy);
        const std::shared_ptr<TokenCounter> exact = TokenCounter::forEncoding(QStringLiteral("o200k_base")).value();
        const double proseRatio = double(weighted->countText(prose)) / double(exact->countText(prose));
        const double codeRatio = double(weighted->countText(code)) / double(exact->countText(code));
        QVERIFY2(codeRatio > proseRatio + 0.2, qPrintable(QStringLiteral("%1 vs %2").arg(codeRatio).arg(proseRatio)));
        QVERIFY(qAbs(proseRatio - 1.1) < 0.05);
        // A different calibration gives different counts: the figures are used, not decoration.
        EstimateCalibration heavy;
        heavy.proseRatio = 2.0;
        heavy.codeRatio = 2.0;
        QVERIFY(TokenCounter::estimate(heavy)->countText(prose) > estimate->countText(prose) * 3 / 2);
    }

    void storedCountsRoundTripThroughTheStore()
    {
        QTemporaryDir dir;
        auto opened = SessionStore::open(dir.filePath(QStringLiteral("sessions.db")));
        VALIS_VERIFY_OK(opened);
        std::unique_ptr<SessionStore> store = std::move(opened).value();
        SessionInfo info;
        const Result<SessionInfo> session = store->createSession(info);
        VALIS_VERIFY_OK(session);
        Message withResult;
        withResult.role = Role::Tool;
        withResult.turn = 1;
        Part result = Part::makeToolResult(QStringLiteral("c1"), {Part::makeText(QStringLiteral("first")), Part::makeText(QStringLiteral("second line of output"))});
        withResult.parts = {result, Part::makeText(QStringLiteral("and a note"))};
        QList<Message> record;
        for (const Message &m : {text(Role::User, QStringLiteral("Count these words for me, please.")), withResult,
                                 text(Role::Assistant, QStringLiteral("Done: they are counted."))}) {
            const Result<Message> stored = store->appendMessage(session->id, m);
            VALIS_VERIFY_OK(stored);
            record.append(stored.value());
        }

        const std::shared_ptr<TokenCounter> counter = TokenCounter::forEncoding(QStringLiteral("o200k_base")).value();
        qint64 total = 0;
        for (const Message &m : record)
            total += counter->countStoredMessage(m);
        QCOMPARE(total, counter->countMessage(record.at(0)) + counter->countMessage(record.at(1)) + counter->countMessage(record.at(2)));
        const QList<PartTokenCount> fresh = counter->takeNewCounts();
        QCOMPARE(fresh.size(), 4); // one per top-level part
        QVERIFY(counter->takeNewCounts().isEmpty());
        VALIS_VERIFY_OK(store->storeTokenCounts(session->id, counter->family(), fresh));
        const Result<QList<PartTokenCount>> kept = store->tokenCounts(session->id, counter->family());
        VALIS_VERIFY_OK(kept);
        QCOMPARE(kept->size(), 4);

        // A reopened session's counter takes the stored counts as they are: proven by a count
        // the text could never give.
        QList<PartTokenCount> doctored = kept.value();
        for (PartTokenCount &count : doctored)
            count.tokens = 1000;
        const std::shared_ptr<TokenCounter> reopened = TokenCounter::forEncoding(QStringLiteral("o200k_base")).value();
        reopened->preload(record, doctored);
        QCOMPARE(reopened->countStoredMessage(record.at(1)), 2000 + reopened->countMessage(Message()) );
        QVERIFY(reopened->takeNewCounts().isEmpty());
        // Counts of another family are not mixed in.
        const std::shared_ptr<TokenCounter> other = TokenCounter::estimate();
        QVERIFY(store->tokenCounts(session->id, other->family()).value().isEmpty());
    }

    void pipelineCorrectsItselfFromReportedUsage()
    {
        ModelInfo model;
        model.contextWindow = 100000;
        model.maxOutputTokens = 4000;
        ContextPipeline pipeline;
        pipeline.setModel(model, -1);
        pipeline.setTokenCounter(TokenCounter::forEncoding(QStringLiteral("o200k_base")).value());
        pipeline.setFixedTokens(500);
        QList<Message> record{text(Role::User, QStringLiteral("Tell me about the parser. ").repeated(40))};
        record.first().id = QStringLiteral("m-1");
        const ContextView first = pipeline.build(record, 1, false);
        QCOMPARE(first.requestTokens, first.estimatedTokens + 500);

        // The provider counted 8% more than we did: the next request is corrected by it.
        Usage usage;
        usage.inputTokens = 10;
        usage.cacheWriteTokens = first.requestTokens * 108 / 100 - 10;
        usage.cacheReadTokens = 0;
        pipeline.reportUsage(usage);
        Message answer = text(Role::Assistant, QStringLiteral("It is a table-driven LR parser."));
        answer.id = QStringLiteral("m-2");
        record.append(answer);
        const ContextView second = pipeline.build(record, 1, false);
        const qint64 reportedThen = usage.inputTokens + usage.cacheWriteTokens;
        QCOMPARE(second.requestTokens, reportedThen + (second.estimatedTokens - first.estimatedTokens));

        // A report far from what was sent (a proxy that counts nothing) is not believed.
        Usage bogus;
        bogus.inputTokens = 3;
        bogus.cacheReadTokens = 0;
        bogus.cacheWriteTokens = 0;
        pipeline.reportUsage(bogus);
        const ContextView third = pipeline.build(record, 1, false);
        QCOMPARE(third.requestTokens, second.requestTokens);
    }
};

VALIS_TEST_MAIN(TestTokenCounter)
#include "tst_tokencounter.moc"
