// web_search against the Tavily and Perplexity stand-ins of tests/standins (whose fidelity the
// official SDKs check in tavily_sdk_oracle and perplexity_sdk_oracle): the results the model
// reads, the options that reach the service, the person's domain lists, every error the
// services answer with, a 429 retried by the real orchestrator, a cut stream; and the issue's
// definition of done, `valis-cli tool web_search` against the Tavily stand-in.
#include "clirunner.h"
#include "searchstandin.h"
#include "testsupport.h"
#include "toolcallhelpers.h"
#include "websearchtoolprovider.h"

#include "valis/agent/approvalpolicy.h"
#include "valis/agent/toolorchestrator.h"
#include "valis/agent/toolregistry.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/pluginspec.h"
#include "valis/plugins/toolinvocation.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

using namespace valis;
using namespace valis::test;
using namespace valis::websearch;
using namespace std::chrono_literals;

namespace {

const QByteArray TavilyKey = "tvly-dev-standin";
const QByteArray PerplexityKey = "pplx-standin";
const QString MessiAnswer = QStringLiteral("Lionel Messi, born in 1987, is an Argentine footballer who plays as a forward for Inter Miami [1][2].");

struct SearchCall
{
    Part result;
    bool finished = false;
    bool finishedInsideInvoke = false;
    bool retryable = false;
    std::optional<std::chrono::milliseconds> retryAfter;

    QString text() const { return result.content.isEmpty() ? QString() : result.content.constFirst().text; }
    QJsonObject structured() const
    {
        return result.wire.value(QLatin1String("valis")).toObject().value(QLatin1String("web_search")).toObject();
    }
};

SearchCall search(WebSearchToolProvider &provider, const QJsonObject &arguments)
{
    SearchCall call;
    QObject owner;
    ToolContext context;
    context.callId = QStringLiteral("call-1");
    bool inside = true;
    ToolInvocation *invocation = provider.invoke(QStringLiteral("web_search"), arguments, context, &owner);
    QObject::connect(invocation, &ToolInvocation::finished, &owner, [&](const Part &result) {
        call.result = result;
        call.finished = true;
        call.finishedInsideInvoke = inside;
        call.retryable = invocation->isRetryable();
        call.retryAfter = invocation->retryAfter();
    });
    inside = false;
    const QDeadlineTimer deadline(20000);
    while (!call.finished && !deadline.hasExpired()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        if (!call.finished)
            QThread::msleep(1);
    }
    return call;
}

web::WebSettings tavilySettings(const QUrl &url)
{
    web::WebSettings settings;
    settings.searchBackend = web::SearchBackend::Tavily;
    settings.tavilyBaseUrl = url;
    return settings;
}

web::WebSettings perplexitySettings(const QUrl &url, web::PerplexityMode mode, const QString &model = QStringLiteral("sonar"))
{
    web::WebSettings settings;
    settings.searchBackend = web::SearchBackend::Perplexity;
    settings.perplexityMode = mode;
    settings.perplexityModel = model;
    settings.perplexityBaseUrl = url;
    return settings;
}

QJsonObject query(const QString &text)
{
    return {{QStringLiteral("query"), text}};
}

QStringList urlsOf(const SearchCall &call)
{
    QStringList urls;
    for (const QJsonValue &hit : call.structured().value(QLatin1String("results")).toArray())
        urls.append(hit.toObject().value(QLatin1String("url")).toString());
    return urls;
}

QStringList strings(const QJsonValue &value)
{
    QStringList list;
    for (const QJsonValue &item : value.toArray())
        list.append(item.toString());
    return list;
}

#define START_STANDIN(name, ...)                                                                                    \
    SearchStandin name(__VA_ARGS__);                                                                                \
    if (SearchStandin::node().isEmpty())                                                                            \
        QSKIP("node is not installed: the stand-ins cannot run");                                                   \
    QVERIFY2(name.problem().isEmpty(), qPrintable(name.problem()))

} // namespace

class TestWebSearch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        qRegisterMetaType<Part>();
        qRegisterMetaType<QList<Part>>();
    }

    void init()
    {
        qputenv("TAVILY_API_KEY", TavilyKey);
        qputenv("PERPLEXITY_API_KEY", PerplexityKey);
    }

    void specIsReadOnlyWithDescribedSchema()
    {
        const ToolSpec spec = WebSearchToolProvider::spec(web::WebSettings{});
        QCOMPARE(spec.name, QStringLiteral("web_search"));
        QVERIFY(spec.readOnly);
        const QJsonObject properties = spec.inputSchema.value(QLatin1String("properties")).toObject();
        for (const char *name : {"query", "max_results", "topic", "time_range", "include_domains", "exclude_domains", "include_raw_content"}) {
            QVERIFY2(properties.contains(QLatin1String(name)), name);
            QVERIFY2(!properties.value(QLatin1String(name)).toObject().value(QLatin1String("description")).toString().isEmpty(), name);
        }
        QCOMPARE(strings(spec.inputSchema.value(QLatin1String("required"))), QStringList{QStringLiteral("query")});
    }

    void tavilyResultsForTheModel()
    {
        START_STANDIN(standin, QStringLiteral("tavily"));
        WebSearchToolProvider provider(tavilySettings(standin.url()), nullptr);
        const SearchCall call = search(provider, {{QStringLiteral("query"), QStringLiteral("Who is Leo Messi?")}, {QStringLiteral("max_results"), 2}});
        QVERIFY(call.finished);
        QVERIFY(!call.finishedInsideInvoke);
        QVERIFY2(!call.result.isError, qPrintable(call.text()));
        const QString text = call.text();
        QVERIFY2(text.startsWith(QStringLiteral("Web search (Tavily) for \"Who is Leo Messi?\": 2 results.")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Answer: ") + MessiAnswer), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("[1] Lionel Messi Facts | Britannica\nURL: https://www.britannica.com/facts/Lionel-Messi\n"
                                              "Date: 2026-11-20 | Score: 0.81\nLionel Messi, an Argentine footballer")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("[2] Lionel Messi - Wikipedia")), qPrintable(text));
        QVERIFY(!text.contains(QStringLiteral("raw content")));
        QCOMPARE(call.result.callId, QStringLiteral("call-1"));
        QCOMPARE(call.result.toolName, QStringLiteral("web_search"));

        // The same results as data in the record.
        const QJsonObject structured = call.structured();
        QCOMPARE(structured.value(QLatin1String("backend")).toString(), QStringLiteral("Tavily"));
        QCOMPARE(structured.value(QLatin1String("answer")).toString(), MessiAnswer);
        QCOMPARE(urlsOf(call), (QStringList{QStringLiteral("https://www.britannica.com/facts/Lionel-Messi"),
                                            QStringLiteral("https://en.wikipedia.org/wiki/Lionel_Messi")}));
        QCOMPARE(structured.value(QLatin1String("results")).toArray().at(0).toObject().value(QLatin1String("score")).toDouble(), 0.81025416);

        const QJsonArray requests = standin.requests();
        QCOMPARE(requests.size(), 1);
        const QJsonObject request = requests.at(0).toObject();
        QCOMPARE(request.value(QLatin1String("path")).toString(), QStringLiteral("/search"));
        QCOMPARE(request.value(QLatin1String("headers")).toObject().value(QLatin1String("authorization")).toString(),
                 QStringLiteral("Bearer ") + QString::fromLatin1(TavilyKey));
        const QJsonObject body = request.value(QLatin1String("body")).toObject();
        QCOMPARE(body.value(QLatin1String("query")).toString(), QStringLiteral("Who is Leo Messi?"));
        QCOMPARE(body.value(QLatin1String("max_results")).toInt(), 2);
        QCOMPARE(body.value(QLatin1String("include_answer")), QJsonValue(true));
        QCOMPARE(body.value(QLatin1String("include_raw_content")), QJsonValue(false));
    }

    void tavilyOptionsReachTheService()
    {
        START_STANDIN(standin, QStringLiteral("tavily"));
        WebSearchToolProvider provider(tavilySettings(standin.url()), nullptr);
        const SearchCall call = search(provider, {{QStringLiteral("query"), QStringLiteral("Messi")},
                                                  {QStringLiteral("max_results"), 3},
                                                  {QStringLiteral("topic"), QStringLiteral("news")},
                                                  {QStringLiteral("time_range"), QStringLiteral("week")},
                                                  {QStringLiteral("include_domains"), QJsonArray{QStringLiteral("https://www.ESPN.com/soccer")}},
                                                  {QStringLiteral("exclude_domains"), QJsonArray{QStringLiteral("britannica.com")}},
                                                  {QStringLiteral("include_raw_content"), true}});
        QVERIFY2(!call.result.isError, qPrintable(call.text()));
        QCOMPARE(urlsOf(call), QStringList{QStringLiteral("https://www.espn.com/soccer/story/messi-scores-twice")});
        const QJsonObject body = standin.requests().at(0).toObject().value(QLatin1String("body")).toObject();
        QCOMPARE(body.value(QLatin1String("max_results")).toInt(), 3);
        QCOMPARE(body.value(QLatin1String("topic")).toString(), QStringLiteral("news"));
        QCOMPARE(body.value(QLatin1String("time_range")).toString(), QStringLiteral("week"));
        QCOMPARE(strings(body.value(QLatin1String("include_domains"))), QStringList{QStringLiteral("www.espn.com")});
        QCOMPARE(strings(body.value(QLatin1String("exclude_domains"))), QStringList{QStringLiteral("britannica.com")});
        QCOMPARE(body.value(QLatin1String("include_raw_content")).toString(), QStringLiteral("markdown"));
    }

    void tavilyRawContent()
    {
        START_STANDIN(standin, QStringLiteral("tavily"));
        WebSearchToolProvider provider(tavilySettings(standin.url()), nullptr);
        const SearchCall call = search(provider, {{QStringLiteral("query"), QStringLiteral("QNetworkAccessManager")},
                                                  {QStringLiteral("max_results"), 1},
                                                  {QStringLiteral("include_raw_content"), true}});
        QVERIFY2(!call.result.isError, qPrintable(call.text()));
        QVERIFY2(call.text().contains(QStringLiteral("--- raw content of [1] ---\n# QNetworkAccessManager Class\n")), qPrintable(call.text()));
        QVERIFY2(call.text().contains(QStringLiteral("```cpp\nmanager->get(")), qPrintable(call.text()));
        QVERIFY(call.text().contains(QStringLiteral("--- end of raw content of [1] ---")));
        QVERIFY(call.structured().value(QLatin1String("results")).toArray().at(0).toObject().value(QLatin1String("rawContent")).toString()
                    .startsWith(QStringLiteral("# QNetworkAccessManager Class")));
    }

    void settingsDomainListsNarrowTheSearch()
    {
        START_STANDIN(standin, QStringLiteral("tavily"));
        web::WebSettings settings = tavilySettings(standin.url());
        settings.allowDomains = {QStringLiteral("wikipedia.org"), QStringLiteral("qt.io")};
        settings.denyDomains = {QStringLiteral("wiki.qt.io")};
        WebSearchToolProvider provider(settings, nullptr);

        const SearchCall any = search(provider, query(QStringLiteral("Lionel Messi")));
        QVERIFY2(!any.result.isError, qPrintable(any.text()));
        QCOMPARE(urlsOf(any), QStringList{QStringLiteral("https://en.wikipedia.org/wiki/Lionel_Messi")});
        QJsonObject body = standin.requests().at(0).toObject().value(QLatin1String("body")).toObject();
        QCOMPARE(strings(body.value(QLatin1String("include_domains"))), settings.allowDomains);
        QCOMPARE(strings(body.value(QLatin1String("exclude_domains"))), settings.denyDomains);

        // The model may narrow the allowed domains, never widen them.
        const SearchCall narrower = search(provider, {{QStringLiteral("query"), QStringLiteral("Lionel Messi")},
                                                      {QStringLiteral("include_domains"), QJsonArray{QStringLiteral("en.wikipedia.org"), QStringLiteral("britannica.com")}}});
        QVERIFY2(!narrower.result.isError, qPrintable(narrower.text()));
        QVERIFY2(narrower.text().contains(QStringLiteral("include_domains was narrowed to en.wikipedia.org")), qPrintable(narrower.text()));
        body = standin.requests().at(1).toObject().value(QLatin1String("body")).toObject();
        QCOMPARE(strings(body.value(QLatin1String("include_domains"))), QStringList{QStringLiteral("en.wikipedia.org")});

        const SearchCall outside = search(provider, {{QStringLiteral("query"), QStringLiteral("Lionel Messi")},
                                                     {QStringLiteral("include_domains"), QJsonArray{QStringLiteral("britannica.com")}}});
        QVERIFY(outside.result.isError);
        QVERIFY2(outside.text().contains(QStringLiteral("None of include_domains (britannica.com) may be searched")), qPrintable(outside.text()));
        const SearchCall denied = search(provider, {{QStringLiteral("query"), QStringLiteral("network")},
                                                    {QStringLiteral("include_domains"), QJsonArray{QStringLiteral("wiki.qt.io")}}});
        QVERIFY(denied.result.isError);
        QCOMPARE(standin.requests().size(), 2); // refused calls never reached the service

        const SearchCall bad = search(provider, {{QStringLiteral("query"), QStringLiteral("x")},
                                                 {QStringLiteral("include_domains"), QJsonArray{QStringLiteral("not a domain")}}});
        QVERIFY(bad.result.isError);
        QVERIFY2(bad.text().contains(QStringLiteral("`include_domains` must list domain names")), qPrintable(bad.text()));
    }

    void tavilyErrors_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<bool>("retryable");
        QTest::newRow("400") << 400 << QStringLiteral("Tavily refused the search as a bad request: Bad request.") << false;
        QTest::newRow("403") << 403 << QStringLiteral("Tavily refused access (HTTP 403)") << false;
        QTest::newRow("432") << 432 << QStringLiteral("Tavily's plan limit is exceeded (HTTP 432): This request exceeds your plan's set usage limit") << false;
        QTest::newRow("433") << 433 << QStringLiteral("Tavily's pay-as-you-go limit is exceeded (HTTP 433): This request exceeds the pay-as-you-go limit") << false;
        QTest::newRow("500") << 500 << QStringLiteral("Tavily failed (HTTP 500): Internal server error.") << true;
    }

    void tavilyErrors()
    {
        QFETCH(int, status);
        QFETCH(QString, expected);
        QFETCH(bool, retryable);
        START_STANDIN(standin, QStringLiteral("tavily"), {QStringLiteral("--statusOn"), QStringLiteral("1:%1").arg(status)});
        WebSearchToolProvider provider(tavilySettings(standin.url()), nullptr);
        const SearchCall call = search(provider, query(QStringLiteral("Messi")));
        QVERIFY(call.finished);
        QVERIFY(call.result.isError);
        QVERIFY2(call.text().contains(expected), qPrintable(call.text()));
        QCOMPARE(call.retryable, retryable);
    }

    void tavilyKeyRefusedOrMissing()
    {
        START_STANDIN(standin, QStringLiteral("tavily"));
        WebSearchToolProvider provider(tavilySettings(standin.url()), nullptr);
        qputenv("TAVILY_API_KEY", "tvly-wrong");
        const SearchCall wrong = search(provider, query(QStringLiteral("Messi")));
        QVERIFY(wrong.result.isError);
        QVERIFY(!wrong.retryable);
        QVERIFY2(wrong.text().contains(QStringLiteral("Tavily refused the API key from TAVILY_API_KEY (HTTP 401: Unauthorized: missing or invalid API key.)")),
                 qPrintable(wrong.text()));

        qunsetenv("TAVILY_API_KEY");
        const SearchCall missing = search(provider, query(QStringLiteral("Messi")));
        QVERIFY(missing.result.isError);
        QVERIFY2(missing.text().contains(QStringLiteral("web_search needs a Tavily API key")) && missing.text().contains(QStringLiteral("account \"tavily\""))
                     && missing.text().contains(QStringLiteral("TAVILY_API_KEY")),
                 qPrintable(missing.text()));
        QCOMPARE(standin.requests().size(), 1); // no key, no request
    }

    void tavily429IsRetryableWithRetryAfter()
    {
        START_STANDIN(standin, QStringLiteral("tavily"), {QStringLiteral("--fail429On"), QStringLiteral("1"), QStringLiteral("--retryAfter"), QStringLiteral("2")});
        WebSearchToolProvider provider(tavilySettings(standin.url()), nullptr);
        const SearchCall call = search(provider, query(QStringLiteral("Messi")));
        QVERIFY(call.result.isError);
        QVERIFY(call.retryable);
        QVERIFY(call.retryAfter.has_value());
        QCOMPARE(call.retryAfter->count(), 2000);
        QVERIFY2(call.text().contains(QStringLiteral("Tavily's rate limit was reached (HTTP 429): Your request has been blocked")), qPrintable(call.text()));
        QVERIFY2(call.text().contains(QStringLiteral("It asks to wait 2 s.")), qPrintable(call.text()));
    }

    void orchestratorRetriesA429()
    {
        START_STANDIN(standin, QStringLiteral("tavily"), {QStringLiteral("--fail429On"), QStringLiteral("1"), QStringLiteral("--retryAfter"), QStringLiteral("0")});
        WebSearchToolProvider provider(tavilySettings(standin.url()), nullptr);
        ToolRegistry registry({&provider});
        ApprovalPolicy approvals;
        approvals.setAutoApprove(AutoApprove::All);
        ToolOrchestrator orchestrator(&registry, &approvals);
        RetryPolicy retry;
        retry.maxAttempts = 3;
        retry.initialDelay = 10ms;
        retry.jitter = 0;
        orchestrator.setRetryPolicy(retry);
        QSignalSpy retrying(&orchestrator, &ToolOrchestrator::retrying);
        QSignalSpy finished(&orchestrator, &ToolOrchestrator::batchFinished);
        orchestrator.run({Part::makeToolCall(QStringLiteral("c1"), QStringLiteral("web_search"), query(QStringLiteral("Who is Leo Messi?")))}, ToolContext{});
        QVERIFY(finished.wait(20000));
        const QList<Part> results = finished.first().constFirst().value<QList<Part>>();
        QCOMPARE(results.size(), 1);
        QVERIFY2(!results.first().isError, qPrintable(results.first().resultText()));
        QVERIFY(results.first().resultText().contains(MessiAnswer));
        QCOMPARE(retrying.size(), 1);
        QCOMPARE(standin.requests().size(), 2);
    }

    void perplexitySearchApi()
    {
        START_STANDIN(standin, QStringLiteral("perplexity"));
        WebSearchToolProvider provider(perplexitySettings(standin.url(), web::PerplexityMode::Search), nullptr);
        const SearchCall call = search(provider, {{QStringLiteral("query"), QStringLiteral("Lionel Messi")},
                                                  {QStringLiteral("max_results"), 4},
                                                  {QStringLiteral("topic"), QStringLiteral("news")},
                                                  {QStringLiteral("time_range"), QStringLiteral("year")},
                                                  {QStringLiteral("exclude_domains"), QJsonArray{QStringLiteral("espn.com")}}});
        QVERIFY2(!call.result.isError, qPrintable(call.text()));
        const QString text = call.text();
        QVERIFY2(text.startsWith(QStringLiteral("Web search (Perplexity Search API) for \"Lionel Messi\": 1 result.")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("[1] Lionel Messi Facts | Britannica\nURL: https://www.britannica.com/facts/Lionel-Messi\nDate: 2026-11-20\n")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Note: Perplexity has no topic option; topic \"news\" was not applied.")), qPrintable(text));
        const QJsonObject request = standin.requests().at(0).toObject();
        QCOMPARE(request.value(QLatin1String("path")).toString(), QStringLiteral("/search"));
        QCOMPARE(request.value(QLatin1String("headers")).toObject().value(QLatin1String("authorization")).toString(),
                 QStringLiteral("Bearer ") + QString::fromLatin1(PerplexityKey));
        const QJsonObject body = request.value(QLatin1String("body")).toObject();
        QCOMPARE(body.value(QLatin1String("query")).toString(), QStringLiteral("Lionel Messi"));
        QCOMPARE(body.value(QLatin1String("max_results")).toInt(), 4);
        QCOMPARE(body.value(QLatin1String("search_recency_filter")).toString(), QStringLiteral("year"));
        QCOMPARE(strings(body.value(QLatin1String("search_domain_filter"))), QStringList{QStringLiteral("-espn.com")});
    }

    void perplexityResultsOutsideTheListsAreDropped()
    {
        // An allow list and a deny list at once: the allow list goes to the service, and what
        // comes back from a denied subdomain is dropped here.
        START_STANDIN(standin, QStringLiteral("perplexity"));
        WebSearchToolProvider provider(perplexitySettings(standin.url(), web::PerplexityMode::Search), nullptr);
        const SearchCall call = search(provider, {{QStringLiteral("query"), QStringLiteral("network Qt")},
                                                  {QStringLiteral("include_domains"), QJsonArray{QStringLiteral("qt.io")}},
                                                  {QStringLiteral("exclude_domains"), QJsonArray{QStringLiteral("wiki.qt.io")}}});
        QVERIFY2(!call.result.isError, qPrintable(call.text()));
        const QJsonObject body = standin.requests().at(0).toObject().value(QLatin1String("body")).toObject();
        QCOMPARE(strings(body.value(QLatin1String("search_domain_filter"))), QStringList{QStringLiteral("qt.io")});
        QCOMPARE(urlsOf(call), QStringList{QStringLiteral("https://doc.qt.io/qt-6/qnetworkaccessmanager.html")});
        QVERIFY2(call.text().contains(QStringLiteral("1 result(s) from domains outside the search's domain lists were left out.")), qPrintable(call.text()));
    }

    void perplexitySonarStreamed_data()
    {
        QTest::addColumn<bool>("sendDone");
        QTest::newRow("ends at the last chunk") << false;
        QTest::newRow("ends with data: [DONE]") << true;
    }

    void perplexitySonarStreamed()
    {
        QFETCH(bool, sendDone);
        START_STANDIN(standin, QStringLiteral("perplexity"), {QStringLiteral("--sendDone"), sendDone ? QStringLiteral("true") : QStringLiteral("false")});
        WebSearchToolProvider provider(perplexitySettings(standin.url(), web::PerplexityMode::Sonar, QStringLiteral("sonar-pro")), nullptr);
        const SearchCall call = search(provider, {{QStringLiteral("query"), QStringLiteral("Who is Leo Messi?")},
                                                  {QStringLiteral("max_results"), 2},
                                                  {QStringLiteral("time_range"), QStringLiteral("month")}});
        QVERIFY2(!call.result.isError, qPrintable(call.text()));
        const QString text = call.text();
        QVERIFY2(text.startsWith(QStringLiteral("Web search (Perplexity sonar) for \"Who is Leo Messi?\": 2 results. Answered by sonar-pro.")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Answer: ") + MessiAnswer), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Citations:\n[1] https://www.britannica.com/facts/Lionel-Messi\n[2] https://www.espn.com/soccer/story/messi-scores-twice\n")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("[2] Messi scores twice as Inter Miami win the final\nURL: https://www.espn.com/soccer/story/messi-scores-twice\n")),
                 qPrintable(text));
        const QJsonObject structured = call.structured();
        QCOMPARE(structured.value(QLatin1String("model")).toString(), QStringLiteral("sonar-pro"));
        QCOMPARE(strings(structured.value(QLatin1String("citations"))).size(), 2);
        QVERIFY(structured.value(QLatin1String("usage")).toObject().value(QLatin1String("total_tokens")).toInt() > 0);

        const QJsonObject request = standin.requests().at(0).toObject();
        QCOMPARE(request.value(QLatin1String("path")).toString(), QStringLiteral("/chat/completions"));
        QCOMPARE(request.value(QLatin1String("headers")).toObject().value(QLatin1String("accept")).toString(), QStringLiteral("text/event-stream"));
        const QJsonObject body = request.value(QLatin1String("body")).toObject();
        QCOMPARE(body.value(QLatin1String("model")).toString(), QStringLiteral("sonar-pro"));
        QCOMPARE(body.value(QLatin1String("stream")), QJsonValue(true));
        QCOMPARE(body.value(QLatin1String("num_search_results")).toInt(), 2);
        QCOMPARE(body.value(QLatin1String("search_recency_filter")).toString(), QStringLiteral("month"));
        const QJsonArray messages = body.value(QLatin1String("messages")).toArray();
        QCOMPARE(messages.last().toObject().value(QLatin1String("content")).toString(), QStringLiteral("Who is Leo Messi?"));
    }

    void perplexityCutStreamIsReported()
    {
        START_STANDIN(standin, QStringLiteral("perplexity"), {QStringLiteral("--cutStreamOn"), QStringLiteral("1")});
        WebSearchToolProvider provider(perplexitySettings(standin.url(), web::PerplexityMode::Sonar), nullptr);
        const SearchCall call = search(provider, query(QStringLiteral("Who is Leo Messi?")));
        QVERIFY(call.finished);
        QVERIFY(call.result.isError);
        QVERIFY(call.retryable);
        const QString text = call.text();
        QVERIFY2(text.contains(QStringLiteral("The Perplexity stream was cut before the answer finished"))
                     || text.contains(QStringLiteral("The Perplexity stream broke off")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Partial answer: Lionel Messi, ")), qPrintable(text));
        QVERIFY(!text.contains(QStringLiteral("Citations:")));
    }

    void perplexityErrors_data()
    {
        QTest::addColumn<QJsonObject>("faults");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<bool>("retryable");
        QTest::addColumn<int>("retryAfterMs");
        const auto status = [](int code) { return QJsonObject{{QStringLiteral("statusOn"), QJsonObject{{QStringLiteral("1"), code}}}}; };
        QTest::newRow("422 detail") << status(422) << QStringLiteral("Perplexity refused the request's fields (HTTP 422): query: Field required") << false << -1;
        QTest::newRow("400 error") << status(400) << QStringLiteral("Perplexity refused the request (HTTP 400): Bad request. (bad_request)") << false << -1;
        QTest::newRow("429") << QJsonObject{{QStringLiteral("fail429On"), 1}, {QStringLiteral("retryAfter"), QStringLiteral("3")}}
                             << QStringLiteral("Perplexity's rate limit was reached (HTTP 429): Rate limit exceeded.") << true << 3000;
        QTest::newRow("503") << status(503) << QStringLiteral("Perplexity failed (HTTP 503): The service is temporarily unavailable.") << true << -1;
        QTest::newRow("wrong key") << QJsonObject{{QStringLiteral("key"), QStringLiteral("pplx-other")}}
                                   << QStringLiteral("Perplexity refused the API key from PERPLEXITY_API_KEY (HTTP 401: Invalid API key provided.") << false << -1;
    }

    void perplexityErrors()
    {
        QFETCH(QJsonObject, faults);
        QFETCH(QString, expected);
        QFETCH(bool, retryable);
        QFETCH(int, retryAfterMs);
        START_STANDIN(standin, QStringLiteral("perplexity"));
        // The same answers from the Search API and from a sonar model.
        for (const web::PerplexityMode mode : {web::PerplexityMode::Search, web::PerplexityMode::Sonar}) {
            standin.setFaults(faults);
            WebSearchToolProvider provider(perplexitySettings(standin.url(), mode), nullptr);
            const SearchCall call = search(provider, query(QStringLiteral("Messi")));
            QVERIFY(call.finished);
            QVERIFY(call.result.isError);
            QVERIFY2(call.text().contains(expected), qPrintable(call.text()));
            QCOMPARE(call.retryable, retryable);
            QCOMPARE(call.retryAfter ? int(call.retryAfter->count()) : -1, retryAfterMs);
            QCOMPARE(standin.requests().size(), 1);
        }
    }

    void cancelledBeforeItAnswers()
    {
        START_STANDIN(standin, QStringLiteral("perplexity"));
        WebSearchToolProvider provider(perplexitySettings(standin.url(), web::PerplexityMode::Sonar), nullptr);
        QObject owner;
        ToolContext context;
        context.callId = QStringLiteral("call-9");
        ToolInvocation *invocation = provider.invoke(QStringLiteral("web_search"), query(QStringLiteral("Who is Leo Messi?")), context, &owner);
        QSignalSpy finished(invocation, &ToolInvocation::finished);
        invocation->cancel();
        QVERIFY(finished.wait(10000));
        const Part result = finished.first().constFirst().value<Part>();
        QVERIFY(result.isError);
        QVERIFY2(result.resultText().startsWith(QStringLiteral("Cancelled")), qPrintable(result.resultText()));
        QTest::qWait(200); // a late key or reply must not finish it twice
        QCOMPARE(finished.size(), 1);
        QCOMPARE(standin.requests().size(), 0);
    }

    void pluginLoadsWithItsSettings()
    {
        LoadedToolPlugin loaded(QStringLiteral(VALIS_TEST_WEBSEARCH_PLUGIN));
        QVERIFY2(loaded.problem().isEmpty(), qPrintable(loaded.problem()));
        ToolProvider *provider = loaded.toolProvider(QStringLiteral("web-search"));
        QVERIFY(provider);
        QCOMPARE(provider->tools().size(), 1);
        QVERIFY(provider->tools().constFirst().description.contains(QStringLiteral("with Tavily")));

        // A config/web.json Valis cannot read stops the plugin, with the reason.
        QTemporaryDir home;
        QTemporaryDir folder;
        QVERIFY(writeFile(home.filePath(QStringLiteral("config/web.json")),
                          "{\"version\": 1, \"search\": {\"backend\": \"bing\"}}"));
        const QString copy = folder.filePath(QFileInfo(QStringLiteral(VALIS_TEST_WEBSEARCH_PLUGIN)).fileName());
        QVERIFY(QFile::copy(QStringLiteral(VALIS_TEST_WEBSEARCH_PLUGIN), copy));
        PluginManager manager(DataLocations::underHome(home.path()), {folder.path()});
        manager.loadAll();
        QCOMPARE(manager.specs().size(), 1);
        const PluginSpec *spec = manager.specs().constFirst();
        QVERIFY(!spec->isRunning());
        QVERIFY2(spec->reason().contains(QStringLiteral("search.backend")), qPrintable(spec->reason()));
    }

    void cliToolRunsWebSearchAgainstTheStandin()
    {
        START_STANDIN(standin, QStringLiteral("tavily"));
        TemporaryHome home;
        QProcessEnvironment environment = anthropicCliEnvironment();
        environment.insert(QStringLiteral("TAVILY_BASE_URL"), standin.url().toString());
        environment.insert(QStringLiteral("TAVILY_API_KEY"), QString::fromLatin1(TavilyKey));
        // In the research pack, as the agent would call it there.
        const CliRun run = runCli({QStringLiteral("--home"), home.path(), QStringLiteral("tool"), QStringLiteral("web_search"), QStringLiteral("--tools"),
                                   QStringLiteral("research"), QStringLiteral("--args"), QStringLiteral("{\"query\":\"Who is Leo Messi?\",\"max_results\":2}")},
                                  environment);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QString out = QString::fromUtf8(run.out);
        QVERIFY2(out.contains(QStringLiteral("Answer: ") + MessiAnswer), run.out.constData());
        QVERIFY2(out.contains(QStringLiteral("[1] Lionel Messi Facts | Britannica\nURL: https://www.britannica.com/facts/Lionel-Messi")), run.out.constData());
        QVERIFY2(out.contains(QStringLiteral("[2] Lionel Messi - Wikipedia")), run.out.constData());
        QCOMPARE(standin.requests().size(), 1);

        // A refused key is an error result: exit 1, the reason on the output.
        environment.insert(QStringLiteral("TAVILY_API_KEY"), QStringLiteral("tvly-wrong"));
        const CliRun refused = runCli({QStringLiteral("--home"), home.path(), QStringLiteral("tool"), QStringLiteral("web_search"), QStringLiteral("--args"),
                                       QStringLiteral("{\"query\":\"Messi\"}")},
                                      environment);
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.out.contains("Tavily refused the API key from TAVILY_API_KEY"), refused.out.constData());
    }
};

VALIS_TEST_MAIN(TestWebSearch)
#include "tst_websearch.moc"
