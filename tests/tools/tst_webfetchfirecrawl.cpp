// fetch_url's Firecrawl backend against the Firecrawl stand-in (tests/standins/firecrawl, whose
// fidelity firecrawl_sdk_oracle proves with the official SDK): the request it sends, the page it
// makes of the answer, the local cache in front of it, and each error the service documents.
#include "clirunner.h"
#include "testsupport.h"
#include "webfetchfixture.h"

#include "valis/agent/toolorchestrator.h"

#include <QJsonDocument>
#include <QSignalSpy>

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace valis;
using namespace valis::test;

namespace {
const QString ApiKey = QStringLiteral("fc-valis-test");
const QString Article = QStringLiteral("https://tides.example.org/article.html");
} // namespace

class TestWebFetchFirecrawl : public QObject
{
    Q_OBJECT

    std::unique_ptr<FirecrawlStandin> m_standin;
    std::unique_ptr<WebFetchHome> m_home;

    QJsonObject firecrawlSection() const { return {{QStringLiteral("baseUrl"), m_standin->url().toString()}}; }
    bool useFirecrawl(QJsonObject fetch = {}) const
    {
        fetch.insert(QStringLiteral("backend"), QStringLiteral("firecrawl"));
        return m_home->writeSettings(fetch, firecrawlSection());
    }

private Q_SLOTS:
    void initTestCase()
    {
        qunsetenv("FIRECRAWL_API_URL");
        m_standin = std::make_unique<FirecrawlStandin>(ApiKey);
        const QString problem = m_standin->start();
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void cleanupTestCase() { m_standin.reset(); }

    void init()
    {
        qputenv("FIRECRAWL_API_KEY", ApiKey.toUtf8());
        m_standin->reset();
        m_home = std::make_unique<WebFetchHome>();
        QVERIFY(useFirecrawl());
    }

    void cleanup() { m_home.reset(); }

    void scrapesMainContentAsMarkdown()
    {
        const ToolCallOutcome outcome = m_home->fetch(Article);
        QVERIFY(outcome.finished);
        QVERIFY2(!outcome.result.isError, qPrintable(outcome.text()));
        const QString text = outcome.text();
        QVERIFY2(text.startsWith(QStringLiteral("URL: ") + Article), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("Title: Tide Tables & Moons")));
        QVERIFY(text.contains(QStringLiteral("Status: 200")));
        QVERIFY(text.contains(QStringLiteral("Fetched through: Firecrawl\n")));
        QVERIFY(text.contains(QStringLiteral("# Tide Tables")));
        QVERIFY(text.contains(QStringLiteral("**twice a day**")));
        QVERIFY2(!text.contains(QStringLiteral("Copyright")), "onlyMainContent is on by default");
        QVERIFY(!text.contains(QStringLiteral("allowLoopback")));

        const QJsonArray requests = m_standin->requests();
        QCOMPARE(requests.size(), 1);
        const QJsonObject request = requests.first().toObject();
        QCOMPARE(request.value(QLatin1String("headers")).toObject().value(QLatin1String("authorization")).toString(),
                 QStringLiteral("Bearer ") + ApiKey);
        const QJsonObject body = request.value(QLatin1String("body")).toObject();
        QCOMPARE(body.value(QLatin1String("url")).toString(), Article);
        QCOMPARE(body.value(QLatin1String("formats")).toArray(), QJsonArray{QStringLiteral("markdown")});
        QCOMPARE(body.value(QLatin1String("onlyMainContent")).toBool(false), true);
        QCOMPARE(body.value(QLatin1String("maxAge")).toDouble(), 172800000.0);
        QCOMPARE(body.value(QLatin1String("timeout")).toDouble(), 30000.0);

        // The local cache answers the same call; Firecrawl is not asked again.
        const ToolCallOutcome again = m_home->fetch(Article);
        QVERIFY2(again.text().contains(QStringLiteral("From cache: yes")), qPrintable(again.text()));
        QCOMPARE(m_standin->requests().size(), 1);
    }

    void optionsFromTheSettings()
    {
        QVERIFY(m_home->writeSettings({{QStringLiteral("backend"), QStringLiteral("firecrawl")}, {QStringLiteral("cacheTtlSeconds"), 0}},
                                      {{QStringLiteral("baseUrl"), m_standin->url().toString()},
                                       {QStringLiteral("onlyMainContent"), false},
                                       {QStringLiteral("maxAgeMs"), 0}}));
        const ToolCallOutcome outcome = m_home->fetch(Article);
        QVERIFY2(outcome.text().contains(QStringLiteral("Copyright Tide Co.")), qPrintable(outcome.text()));
        const QJsonObject body = m_standin->requests().first().toObject().value(QLatin1String("body")).toObject();
        QCOMPARE(body.value(QLatin1String("onlyMainContent")).toBool(true), false);
        QCOMPARE(body.value(QLatin1String("maxAge")).toDouble(-1), 0.0);

        // Firecrawl's own cache is shown as such (no local cache here: TTL 0).
        QVERIFY(m_home->writeSettings({{QStringLiteral("backend"), QStringLiteral("firecrawl")}, {QStringLiteral("cacheTtlSeconds"), 0}},
                                      firecrawlSection()));
        QVERIFY(m_home->fetch(Article).text().contains(QStringLiteral("Fetched through: Firecrawl\n")));
        const ToolCallOutcome hit = m_home->fetch(Article);
        QVERIFY2(hit.text().contains(QStringLiteral("Fetched through: Firecrawl, from its cache")), qPrintable(hit.text()));
        QVERIFY(!hit.text().contains(QStringLiteral("From cache: yes")));
    }

    void htmlAndTextFormats()
    {
        const ToolCallOutcome html = m_home->fetch(Article, QStringLiteral("html"));
        QVERIFY2(html.text().contains(QStringLiteral("<title>Tide Tables &amp; Moons</title>")), qPrintable(html.text()));
        QCOMPARE(m_standin->requests().last().toObject().value(QLatin1String("body")).toObject().value(QLatin1String("formats")).toArray(),
                 QJsonArray{QStringLiteral("rawHtml")});

        const ToolCallOutcome text = m_home->fetch(Article, QStringLiteral("text"));
        QVERIFY2(!text.result.isError, qPrintable(text.text()));
        QVERIFY2(text.text().contains(QStringLiteral("The sea rises")), qPrintable(text.text()));
        QVERIFY(!text.text().contains(QStringLiteral("<p>")));
        QVERIFY(!text.text().contains(QStringLiteral("**twice")));
    }

    void theTargetSites404IsAnError()
    {
        const ToolCallOutcome outcome = m_home->fetch(QStringLiteral("https://tides.example.org/nowhere.html"));
        QVERIFY(outcome.result.isError);
        QVERIFY2(outcome.text().contains(QStringLiteral("answered HTTP 404 (Not Found)")), qPrintable(outcome.text()));
        QVERIFY(!outcome.retryable);
    }

    void serviceErrors_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<bool>("retryable");
        QTest::newRow("400") << 400 << QStringLiteral("Firecrawl refused the request (400)") << false;
        QTest::newRow("402") << 402 << QStringLiteral("out of credits (402): Payment Required: Insufficient credits") << false;
        QTest::newRow("500") << 500 << QStringLiteral("Firecrawl failed (HTTP 500): An unexpected error occurred") << true;
        QTest::newRow("503") << 503 << QStringLiteral("Firecrawl failed (HTTP 503)") << true;
    }

    void serviceErrors()
    {
        QFETCH(int, status);
        QFETCH(QString, expected);
        QFETCH(bool, retryable);
        m_standin->injectFaults(QJsonArray{QJsonObject{{QStringLiteral("status"), status}}});
        const ToolCallOutcome outcome = m_home->fetch(Article);
        QVERIFY(outcome.result.isError);
        QVERIFY2(outcome.text().contains(expected), qPrintable(outcome.text()));
        QCOMPARE(outcome.retryable, retryable);
        // A failure is not cached: the next call asks again and gets the page.
        QVERIFY(!m_home->fetch(Article).result.isError);
        QCOMPARE(m_standin->requests().size(), 2);
    }

    void aWrongKey()
    {
        qputenv("FIRECRAWL_API_KEY", "fc-wrong");
        const ToolCallOutcome outcome = m_home->fetch(Article);
        QVERIFY(outcome.result.isError);
        QVERIFY2(outcome.text().contains(QStringLiteral("refused the API key (401: Unauthorized: Invalid token)")), qPrintable(outcome.text()));
        QVERIFY(outcome.text().contains(QStringLiteral("valis-cli keys set firecrawl")));
        QVERIFY(!outcome.retryable);
    }

    void aPageTimeout()
    {
        QVERIFY(useFirecrawl({{QStringLiteral("timeoutSeconds"), 1}}));
        const ToolCallOutcome outcome = m_home->fetch(QStringLiteral("https://tides.example.org/slow.html"));
        QVERIFY(outcome.result.isError);
        QVERIFY2(outcome.text().contains(QStringLiteral("timed out scraping the page (408): Scrape timed out [SCRAPE_TIMEOUT]")),
                 qPrintable(outcome.text()));
        QVERIFY(outcome.retryable);
        QCOMPARE(m_standin->requests().first().toObject().value(QLatin1String("body")).toObject().value(QLatin1String("timeout")).toDouble(),
                 1000.0);
    }

    void rateLimitedWithRetryAfter()
    {
        m_standin->injectFaults(QJsonArray{QJsonObject{{QStringLiteral("status"), 429}, {QStringLiteral("retryAfter"), 3}}});
        const ToolCallOutcome outcome = m_home->fetch(Article);
        QVERIFY(outcome.result.isError);
        QVERIFY2(outcome.text().contains(QStringLiteral("rate limiting requests (429): Rate limit exceeded")), qPrintable(outcome.text()));
        QVERIFY(outcome.retryable);
        QCOMPARE(outcome.retryAfter, std::optional<std::chrono::milliseconds>(std::chrono::milliseconds(3000)));
        QCOMPARE(m_standin->requests().size(), 1); // the orchestrator retries, not the backend
    }

    void aRateLimitIsRetriedByTheToolOrchestrator()
    {
        // The orchestrator the agent loop uses waits out the 429's Retry-After, then tries again.
        m_standin->injectFaults(QJsonArray{QJsonObject{{QStringLiteral("status"), 429}, {QStringLiteral("retryAfter"), 1}}});
        ToolRegistry registry({m_home->provider()});
        ApprovalPolicy approvals;
        approvals.setAutoApprove(AutoApprove::All);
        ToolOrchestrator orchestrator(&registry, &approvals);
        orchestrator.setRetryPolicy(RetryPolicy{3, std::chrono::milliseconds(100), 2.0, std::chrono::milliseconds(1000),
                                                std::chrono::milliseconds(10000), 0.0});
        QObject::connect(&orchestrator, &ToolOrchestrator::approvalRequested, &orchestrator, [&](const ApprovalRequest &request) {
            orchestrator.resolveApproval(request.id, ApprovalDecision::allowed());
        });
        QSignalSpy retrying(&orchestrator, &ToolOrchestrator::retrying);
        QSignalSpy finished(&orchestrator, &ToolOrchestrator::batchFinished);
        ToolContext context;
        context.sessionId = QStringLiteral("session-1");
        orchestrator.run({Part::makeToolCall(QStringLiteral("call-1"), QStringLiteral("fetch_url"),
                                             QJsonObject{{QStringLiteral("url"), Article}})},
                         context);
        QVERIFY(finished.wait(20000));
        QCOMPARE(retrying.size(), 1);
        QVERIFY2(retrying.first().at(2).toLongLong() >= 1000, "the Retry-After of 1 s is honoured");
        const QList<Part> results = finished.first().first().value<QList<Part>>();
        QCOMPARE(results.size(), 1);
        QVERIFY2(!results.first().isError, qPrintable(results.first().content.value(0).text));
        QVERIFY(results.first().content.value(0).text.contains(QStringLiteral("# Tide Tables")));
        QCOMPARE(m_standin->requests().size(), 2);
    }

    void valisCliToolRetriesARateLimit()
    {
        // valis-cli tool runs the call through the ToolOrchestrator, as the agent does: the 429's
        // Retry-After is waited out and the call tried again.
        m_standin->injectFaults(QJsonArray{QJsonObject{{QStringLiteral("status"), 429}, {QStringLiteral("retryAfter"), 1}}});
        QProcessEnvironment environment = anthropicCliEnvironment();
        environment.insert(QStringLiteral("FIRECRAWL_API_KEY"), ApiKey);
        const QJsonObject arguments{{QStringLiteral("url"), Article}};
        const CliRun run = runCli({QStringLiteral("--home"), m_home->path(), QStringLiteral("tool"), QStringLiteral("fetch_url"),
                                   QStringLiteral("--args"), QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact))},
                                  environment);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("# Tide Tables"), run.out.constData());
        QCOMPARE(m_standin->requests().size(), 2);
    }

    void addressesAreCheckedBeforeAskingFirecrawl()
    {
        const ToolCallOutcome outcome = m_home->fetch(QStringLiteral("http://169.254.169.254/latest/meta-data/"));
        QVERIFY(outcome.result.isError);
        QVERIFY2(outcome.text().contains(QStringLiteral("cloud metadata")), qPrintable(outcome.text()));
        const ToolCallOutcome local = m_home->fetch(QStringLiteral("http://localhost:8080/admin"));
        QVERIFY(local.result.isError);
        QVERIFY2(local.text().contains(QStringLiteral("loopback name")), qPrintable(local.text()));
        const ToolCallOutcome decimal = m_home->fetch(QStringLiteral("http://2130706433/"));
        QVERIFY2(decimal.text().contains(QStringLiteral("loopback address")), qPrintable(decimal.text()));
        QCOMPARE(m_standin->requests().size(), 0);
    }
};

VALIS_TEST_MAIN(TestWebFetchFirecrawl)
#include "tst_webfetchfirecrawl.moc"
