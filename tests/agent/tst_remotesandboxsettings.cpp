// config/sandboxes.json and config/web.json: defaults, every key read, and a clear error naming
// the key for each malformed value (nothing half-loaded).
#include "testsupport.h"

#include "valis/agent/remotesandboxsettings.h"
#include "valis/plugins/remotesandbox.h"
#include "rest/serviceurl.h"
#include "websettings.h"

#include <QtTest>

using namespace valis;
using namespace valis::test;

class TestRemoteSandboxSettings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sandboxDefaultsAndValues()
    {
        TemporaryHome home;
        const QString config = home.path() + QStringLiteral("/config");
        Result<RemoteSandboxSettings> none = RemoteSandboxSettings::load(config, QStringLiteral("daytona"));
        VALIS_VERIFY_OK(none);
        QVERIFY(none->upload);
        QCOMPARE(none->uploadExclude, QStringList{QStringLiteral(".git")});
        QVERIFY(writeFile(RemoteSandboxSettings::path(config),
                          "{\"version\": 1, \"daytona\": {\"image\": \"python:3.12-slim\", \"cpus\": 2, \"memoryGb\": 4, \"diskGb\": 10,\n"
"                              \"reuse\": \"\", \"setupScript\": \"setup.sh\", \"setupVariables\": [\"GIT_TOKEN\"],\n"
"                              \"environment\": {\"CI\": \"1\"}, \"labels\": {\"team\": \"core\"}, \"readyTimeoutSeconds\": 90,\n"
"                              \"idleMinutes\": 15, \"upload\": false, \"uploadExclude\": [\"node_modules\"], \"keep\": true},\n"
"                              \"runloop\": {\"image\": \"bpt_123\"}}"));
        Result<RemoteSandboxSettings> daytona = RemoteSandboxSettings::load(config, QStringLiteral("daytona"));
        VALIS_VERIFY_OK(daytona);
        QCOMPARE(daytona->setupScript, config + QStringLiteral("/setup.sh")); // relative to the config folder
        QVERIFY(!daytona->upload && daytona->keep);
        const RemoteMachineSpec spec = daytona->spec(QStringLiteral("s-1"));
        QCOMPARE(spec.sessionId, QStringLiteral("s-1"));
        QCOMPARE(spec.image, QStringLiteral("python:3.12-slim"));
        QCOMPARE(spec.cpus, 2);
        QCOMPARE(spec.memoryGb, 4);
        QCOMPARE(spec.diskGb, 10);
        QCOMPARE(spec.environment.value(QStringLiteral("CI")), QStringLiteral("1"));
        QCOMPARE(spec.labels.value(QStringLiteral("team")), QStringLiteral("core"));
        QCOMPARE(spec.readyTimeout, std::chrono::seconds(90));
        QCOMPARE(spec.idleTimeout, std::chrono::minutes(15));
        QCOMPARE(RemoteSandboxSettings::load(config, QStringLiteral("runloop"))->image, QStringLiteral("bpt_123"));
        QVERIFY(RemoteSandboxSettings::load(config, QStringLiteral("modal"))->image.isEmpty()); // no section: defaults
    }

    void malformedSandboxSettings_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("named");
        QTest::newRow("unknown key") << QByteArray("{\"daytona\": {\"cpu\": 2}}") << QStringLiteral("daytona.cpu");
        QTest::newRow("cpus text") << QByteArray("{\"daytona\": {\"cpus\": \"two\"}}") << QStringLiteral("daytona.cpus");
        QTest::newRow("env not strings") << QByteArray("{\"daytona\": {\"environment\": {\"A\": 1}}}") << QStringLiteral("daytona.environment");
        QTest::newRow("own session label") << QByteArray("{\"daytona\": {\"labels\": {\"valis-session\": \"x\"}}}") << QStringLiteral("valis-session");
        QTest::newRow("section not object") << QByteArray("{\"daytona\": 3}") << QStringLiteral("daytona");
        QTest::newRow("timeout zero") << QByteArray("{\"daytona\": {\"readyTimeoutSeconds\": 0}}") << QStringLiteral("readyTimeoutSeconds");
    }

    void malformedSandboxSettings()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, named);
        TemporaryHome home;
        const QString config = home.path() + QStringLiteral("/config");
        QVERIFY(writeFile(RemoteSandboxSettings::path(config), json));
        const Result<RemoteSandboxSettings> loaded = RemoteSandboxSettings::load(config, QStringLiteral("daytona"));
        QVERIFY(loaded.hasError());
        QCOMPARE(loaded.error().code, QStringLiteral("sandbox.settings"));
        QVERIFY2(loaded.error().message.contains(named), qPrintable(loaded.error().message));
        QCOMPARE(loaded.error().location, RemoteSandboxSettings::path(config));
    }

    void serviceUrls()
    {
        // The environment wins over the plugin setting, which wins over the service's address;
        // a bad value names the service and where it came from.
        const QString fallback = QStringLiteral("https://api.runloop.ai");
        qunsetenv("VALIS_TEST_SERVICE_URL");
        QCOMPARE(rest::serviceUrl(QStringLiteral("Runloop"), {}, QStringLiteral("baseUrl"), "VALIS_TEST_SERVICE_URL", fallback).value(),
                 QUrl(fallback));
        const QJsonObject setting{{QStringLiteral("baseUrl"), QStringLiteral("http://10.0.0.5:8080")}};
        QCOMPARE(rest::serviceUrl(QStringLiteral("Runloop"), setting, QStringLiteral("baseUrl"), "VALIS_TEST_SERVICE_URL", fallback).value(),
                 QUrl(QStringLiteral("http://10.0.0.5:8080")));
        qputenv("VALIS_TEST_SERVICE_URL", "http://127.0.0.1:9");
        QCOMPARE(rest::serviceUrl(QStringLiteral("Runloop"), setting, QStringLiteral("baseUrl"), "VALIS_TEST_SERVICE_URL", fallback).value(),
                 QUrl(QStringLiteral("http://127.0.0.1:9")));
        qputenv("VALIS_TEST_SERVICE_URL", "ftp://files");
        Result<QUrl> bad = rest::serviceUrl(QStringLiteral("Runloop"), setting, QStringLiteral("baseUrl"), "VALIS_TEST_SERVICE_URL", fallback);
        QVERIFY(bad.hasError());
        QCOMPARE(bad.error().code, QStringLiteral("plugin.invalid-settings"));
        QVERIFY2(bad.error().message.contains(QStringLiteral("VALIS_TEST_SERVICE_URL")) && bad.error().message.contains(QStringLiteral("Runloop")),
                 qPrintable(bad.error().message));
        qunsetenv("VALIS_TEST_SERVICE_URL");
        bad = rest::serviceUrl(QStringLiteral("Daytona"), QJsonObject{{QStringLiteral("baseUrl"), 42}}, QStringLiteral("baseUrl"),
                               "VALIS_TEST_SERVICE_URL", fallback);
        QVERIFY(bad.hasError());
        QVERIFY2(bad.error().message.contains(QStringLiteral("baseUrl")), qPrintable(bad.error().message));
    }

    void webSettings()
    {
        TemporaryHome home;
        const QString config = home.path() + QStringLiteral("/config");
        Result<web::WebSettings> defaults = web::WebSettings::load(config);
        VALIS_VERIFY_OK(defaults);
        QVERIFY(!defaults->allowLoopback);
        QVERIFY(defaults->loopbackWarning().isEmpty());
        QVERIFY(defaults->approveNewDomains);
        QCOMPARE(defaults->cacheTtl, std::chrono::seconds(86400));
        QVERIFY(writeFile(web::WebSettings::path(config),
                          "{\"version\": 1, \"search\": {\"backend\": \"perplexity\", \"perplexityMode\": \"sonar\"},\n"
"                              \"fetch\": {\"allowLoopback\": true, \"denyDomains\": [\"ads.example\"], \"allowDomains\": [\".example\", \"qt.io\"],\n"
"                                        \"cacheTtlSeconds\": 60},\n"
"                              \"tavily\": {\"baseUrl\": \"http://127.0.0.1:9/\"}}"));
        qputenv("TAVILY_BASE_URL", "http://127.0.0.1:7/");
        Result<web::WebSettings> loaded = web::WebSettings::load(config);
        qunsetenv("TAVILY_BASE_URL");
        VALIS_VERIFY_OK(loaded);
        QCOMPARE(loaded->searchBackend, web::SearchBackend::Perplexity);
        QCOMPARE(loaded->perplexityMode, web::PerplexityMode::Sonar);
        QCOMPARE(loaded->tavilyBaseUrl.port(), 7); // the environment wins over the file
        QVERIFY(!loaded->loopbackWarning().isEmpty());
        QVERIFY(loaded->domainAllowed(QStringLiteral("docs.example")));
        QVERIFY(loaded->domainAllowed(QStringLiteral("DOC.QT.IO")));
        QVERIFY(!loaded->domainAllowed(QStringLiteral("ads.example"))); // deny wins
        QVERIFY(!loaded->domainAllowed(QStringLiteral("evil.com")));
        // What toJson() writes reads back the same.
        const Result<web::WebSettings> round = web::WebSettings::fromJson(loaded->toJson());
        VALIS_VERIFY_OK(round);
        QCOMPARE(round->toJson(), loaded->toJson());

        const QList<std::pair<QByteArray, QString>> bad{
            {"{\"fetch\": {\"allowLoopbak\": true}}", QStringLiteral("fetch.allowLoopbak")},
            {"{\"fetch\": {\"maxRedirects\": 99}}", QStringLiteral("fetch.maxRedirects")},
            {"{\"search\": {\"backend\": \"google\"}}", QStringLiteral("search.backend")},
            {"{\"firecrawl\": {\"baseUrl\": \"ftp://x\"}}", QStringLiteral("firecrawl.baseUrl")},
            {"{\"fetch\": {\"denyDomains\": [\"a b\"]}}", QStringLiteral("fetch.denyDomains")},
            {"{\"proxy\": {}}", QStringLiteral("proxy")},
        };
        for (const auto &[json, named] : bad) {
            QVERIFY(writeFile(web::WebSettings::path(config), json));
            const Result<web::WebSettings> refused = web::WebSettings::load(config);
            QVERIFY2(refused.hasError(), json.constData());
            QCOMPARE(refused.error().code, QStringLiteral("web.settings"));
            QVERIFY2(refused.error().message.contains(named), qPrintable(refused.error().message));
        }
        QVERIFY(writeFile(web::WebSettings::path(config), "{}"));
        qputenv("FIRECRAWL_API_URL", "not a url");
        const Result<web::WebSettings> badEnvironment = web::WebSettings::load(config);
        qunsetenv("FIRECRAWL_API_URL");
        QVERIFY(badEnvironment.hasError());
        QVERIFY(badEnvironment.error().message.contains(QStringLiteral("FIRECRAWL_API_URL")));
    }
};

QTEST_GUILESS_MAIN(TestRemoteSandboxSettings)
#include "tst_remotesandboxsettings.moc"
