// Approval rules: precedence, modes, and "always" answers that persist in the profile.
#include "testsupport.h"
#include "valis/agent/approvalpolicy.h"
#include "valis/agent/connection.h"
#include "valis/agent/providersettings.h"
#include "valis/agent/session.h"

#include <QFile>
#include <QtTest>

using namespace valis;

class TestApprovals : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void modes()
    {
        ApprovalPolicy policy;
        policy.setAutoApprove(AutoApprove::None);
        QCOMPARE(policy.ruleFor(QStringLiteral("read"), QStringLiteral("fs"), true), ApprovalRule::Ask);
        policy.setAutoApprove(AutoApprove::ReadOnly);
        QCOMPARE(policy.ruleFor(QStringLiteral("read"), QStringLiteral("fs"), true), ApprovalRule::Allow);
        QCOMPARE(policy.ruleFor(QStringLiteral("write"), QStringLiteral("fs"), false), ApprovalRule::Ask);
        policy.setAutoApprove(AutoApprove::All);
        QCOMPARE(policy.ruleFor(QStringLiteral("write"), QStringLiteral("fs"), false), ApprovalRule::Allow);
        AutoApprove mode;
        QVERIFY(autoApproveFromName(QStringLiteral("never"), &mode) && mode == AutoApprove::None);
        QVERIFY(!autoApproveFromName(QStringLiteral("sometimes"), &mode));
    }

    void precedence()
    {
        ApprovalPolicy policy;
        policy.setAutoApprove(AutoApprove::All);
        policy.setProviderRule(QStringLiteral("mcp:github"), ApprovalRule::Ask);
        policy.setToolRule(QStringLiteral("create_issue"), ApprovalRule::Allow);
        policy.setToolRule(QStringLiteral("exec"), ApprovalRule::Deny);
        // A server rule applies to all its tools; a tool rule beats it; "all" does not override.
        QCOMPARE(policy.ruleFor(QStringLiteral("list_issues"), QStringLiteral("mcp:github"), true), ApprovalRule::Ask);
        QCOMPARE(policy.ruleFor(QStringLiteral("create_issue"), QStringLiteral("mcp:github"), false), ApprovalRule::Allow);
        QCOMPARE(policy.ruleFor(QStringLiteral("exec"), QStringLiteral("local"), false), ApprovalRule::Deny);
        // A session grant cannot lift a deny, but does answer an "ask".
        ApprovalRequest request{QStringLiteral("a-1"), QStringLiteral("c1"), QStringLiteral("exec"), QStringLiteral("local"), {}, false};
        QVERIFY(policy.remember(request, ApprovalDecision::allowed(ApprovalScope::Session)).ok());
        QCOMPARE(policy.ruleFor(QStringLiteral("exec"), QStringLiteral("local"), false), ApprovalRule::Deny);
        request.toolName = QStringLiteral("list_issues");
        QVERIFY(policy.remember(request, ApprovalDecision::allowed(ApprovalScope::Session)).ok());
        QCOMPARE(policy.ruleFor(QStringLiteral("list_issues"), QStringLiteral("mcp:github"), true), ApprovalRule::Allow);
        policy.setProviderRule(QStringLiteral("mcp:evil"), ApprovalRule::Deny);
        QCOMPARE(policy.ruleFor(QStringLiteral("create_issue"), QStringLiteral("mcp:evil"), false), ApprovalRule::Deny);
    }

    void alwaysPersists()
    {
        valis::test::TemporaryHome home;
        const QString path = home.filePath(QStringLiteral("config/approvals.json"));
        Result<ApprovalPolicy> loaded = ApprovalPolicy::load(path);
        VALIS_VERIFY_OK(loaded);
        ApprovalPolicy policy = loaded.value();
        policy.setAutoApprove(AutoApprove::None);
        const ApprovalRequest write{QStringLiteral("a-1"), QStringLiteral("c1"), QStringLiteral("write_file"), QStringLiteral("fs"), {}, false};
        const ApprovalRequest exec{QStringLiteral("a-2"), QStringLiteral("c2"), QStringLiteral("exec"), QStringLiteral("fs"), {}, false};
        VALIS_VERIFY_OK(policy.remember(write, ApprovalDecision::allowed(ApprovalScope::Always)));
        ApprovalDecision never = ApprovalDecision::denied();
        never.scope = ApprovalScope::Always;
        VALIS_VERIFY_OK(policy.remember(exec, never));

        Result<ApprovalPolicy> again = ApprovalPolicy::load(path);
        VALIS_VERIFY_OK(again);
        again->setAutoApprove(AutoApprove::None);
        QCOMPARE(again->ruleFor(QStringLiteral("write_file"), QStringLiteral("fs"), false), ApprovalRule::Allow);
        QCOMPARE(again->ruleFor(QStringLiteral("exec"), QStringLiteral("fs"), false), ApprovalRule::Deny);
        QCOMPARE(again->ruleFor(QStringLiteral("other"), QStringLiteral("fs"), false), ApprovalRule::Ask);
    }

    void approvalsPerSubject()
    {
        // fetch_url is read-only, yet a host nobody allowed is asked about; answers cover that
        // host only, and persist as "fetch_url(host)".
        valis::test::TemporaryHome home;
        const QString path = home.path() + QStringLiteral("/approvals.json");
        Result<ApprovalPolicy> loaded = ApprovalPolicy::load(path);
        VALIS_VERIFY_OK(loaded);
        ApprovalPolicy policy = loaded.value();
        policy.setAutoApprove(AutoApprove::ReadOnly);
        const QString tool = QStringLiteral("fetch_url");
        const QString provider = QStringLiteral("web-fetch");
        QCOMPARE(policy.ruleFor(tool, provider, true), ApprovalRule::Allow); // no subject: read-only runs
        QCOMPARE(policy.ruleFor(tool, provider, true, QStringLiteral("docs.qt.io")), ApprovalRule::Ask);

        ApprovalRequest qt{QStringLiteral("a-1"), QStringLiteral("c1"), tool, provider, {}, true};
        qt.subject = QStringLiteral("docs.qt.io");
        VALIS_VERIFY_OK(policy.remember(qt, ApprovalDecision::allowed(ApprovalScope::Session)));
        QCOMPARE(policy.ruleFor(tool, provider, true, QStringLiteral("docs.qt.io")), ApprovalRule::Allow);
        QCOMPARE(policy.ruleFor(tool, provider, true, QStringLiteral("evil.example")), ApprovalRule::Ask);

        ApprovalRequest github = qt;
        github.subject = QStringLiteral("github.com");
        VALIS_VERIFY_OK(policy.remember(github, ApprovalDecision::allowed(ApprovalScope::Always)));
        ApprovalRequest evil = qt;
        evil.subject = QStringLiteral("evil.example");
        ApprovalDecision never = ApprovalDecision::denied();
        never.scope = ApprovalScope::Always;
        VALIS_VERIFY_OK(policy.remember(evil, never));
        QCOMPARE(ApprovalPolicy::ruleName(tool, github.subject), QStringLiteral("fetch_url(github.com)"));
        QFile saved(path);
        QVERIFY(saved.open(QIODevice::ReadOnly) && saved.readAll().contains("fetch_url(github.com)"));

        Result<ApprovalPolicy> again = ApprovalPolicy::load(path);
        VALIS_VERIFY_OK(again);
        again->setAutoApprove(AutoApprove::All);
        QCOMPARE(again->ruleFor(tool, provider, true, QStringLiteral("github.com")), ApprovalRule::Allow);
        QCOMPARE(again->ruleFor(tool, provider, true, QStringLiteral("evil.example")), ApprovalRule::Deny); // even with --approve all
        QCOMPARE(again->ruleFor(tool, provider, true, QStringLiteral("docs.qt.io")), ApprovalRule::Allow); // the mode: all
        again->setAutoApprove(AutoApprove::ReadOnly);
        QCOMPARE(again->ruleFor(tool, provider, true, QStringLiteral("docs.qt.io")), ApprovalRule::Ask); // session answers are gone
        // A rule for the whole tool covers every host, and a deny for the tool wins over a host's allow.
        again->setToolRule(tool, ApprovalRule::Allow);
        QCOMPARE(again->ruleFor(tool, provider, true, QStringLiteral("docs.qt.io")), ApprovalRule::Allow);
        again->setToolRule(tool, ApprovalRule::Deny);
        QCOMPARE(again->ruleFor(tool, provider, true, QStringLiteral("github.com")), ApprovalRule::Deny);
    }

    void malformedRulesAreAnError()
    {
        valis::test::TemporaryHome home;
        const QString path = valis::test::writeFileIn(home.path(), QStringLiteral("approvals.json"),
                                                      "{\"version\": 1, \"tools\": {\"exec\": \"sometimes\"}}");
        Result<ApprovalPolicy> loaded = ApprovalPolicy::load(path);
        QVERIFY(loaded.hasError());
        QCOMPARE(loaded.error().code, QStringLiteral("approvals.malformed"));
        QVERIFY(loaded.error().message.contains(QLatin1String("sometimes")));
        QCOMPARE(loaded.error().location, path);

        const QString newer = valis::test::writeFileIn(home.path(), QStringLiteral("newer.json"), "{\"version\": 2, \"tools\": {}}");
        loaded = ApprovalPolicy::load(newer);
        QVERIFY(loaded.hasError());
        QVERIFY(loaded.error().message.contains(QLatin1String("unsupported version 2")));
        QVERIFY(ProviderSettings::load(newer).hasError());

        const QString broken = valis::test::writeFileIn(home.path(), QStringLiteral("broken.json"), "{\n\"tools\": {\n");
        loaded = ApprovalPolicy::load(broken);
        QVERIFY(loaded.hasError());
        QVERIFY(loaded.error().location.startsWith(broken + QLatin1Char(':')));
    }

    void baseUrlPrecedence()
    {
        ProviderDefaults defaults;
        defaults.baseUrl = QUrl(QStringLiteral("http://localhost:11434/v1"));
        defaults.baseUrlVariable = QStringLiteral("OLLAMA_HOST");
        defaults.baseUrlVariablePath = QStringLiteral("/v1");
        ProviderSettingsEntry settings;
        QHash<QString, QString> env;
        const EnvironmentLookup lookup = [&env](const QString &name) { return env.value(name); };

        Result<ResolvedBaseUrl> url = resolveBaseUrl(defaults, settings, {}, lookup);
        VALIS_VERIFY_OK(url);
        QCOMPARE(url->url, defaults.baseUrl);
        QCOMPARE(url->source, QStringLiteral("default"));

        settings.baseUrl = QUrl(QStringLiteral("http://settings-box:8080/v1"));
        QCOMPARE(resolveBaseUrl(defaults, settings, {}, lookup)->source, QStringLiteral("settings"));

        env.insert(QStringLiteral("OLLAMA_HOST"), QStringLiteral("gpu-box:11434"));
        url = resolveBaseUrl(defaults, settings, {}, lookup);
        QCOMPARE(url->url.toString(), QStringLiteral("http://gpu-box:11434/v1"));
        QCOMPARE(url->source, QStringLiteral("OLLAMA_HOST"));
        env.insert(QStringLiteral("OLLAMA_HOST"), QStringLiteral("gpu-box"));
        QCOMPARE(resolveBaseUrl(defaults, settings, {}, lookup)->url.toString(), QStringLiteral("http://gpu-box:11434/v1"));
        env.insert(QStringLiteral("OLLAMA_HOST"), QStringLiteral("0.0.0.0"));
        QCOMPARE(resolveBaseUrl(defaults, settings, {}, lookup)->url.toString(), QStringLiteral("http://127.0.0.1:11434/v1"));
        env.insert(QStringLiteral("OLLAMA_HOST"), QStringLiteral("https://gpu-box/ollama/v1"));
        QCOMPARE(resolveBaseUrl(defaults, settings, {}, lookup)->url.toString(), QStringLiteral("https://gpu-box/ollama/v1"));

        url = resolveBaseUrl(defaults, settings, QStringLiteral("http://127.0.0.1:9999/v1"), lookup);
        QCOMPARE(url->url.toString(), QStringLiteral("http://127.0.0.1:9999/v1"));
        QCOMPARE(url->source, QStringLiteral("--base-url"));

        url = resolveBaseUrl(defaults, settings, QStringLiteral("ftp://example.com"), lookup);
        QVERIFY(url.hasError());
        QCOMPARE(url.error().code, QStringLiteral("provider.bad-base-url"));
        QCOMPARE(url.error().location, QStringLiteral("--base-url"));
    }

    void providerSettingsFile()
    {
        valis::test::TemporaryHome home;
        // (No raw string here: moc reads "//" inside one as a comment.)
        const QString path = valis::test::writeFileIn(
            home.path(), QStringLiteral("providers.json"),
            "{\"version\": 1, \"defaultProvider\": \"openai-compatible\",\n"
            " \"providers\": {\"openai-compatible\": {\"baseUrl\": \"http://gpu-box:11434/v1\", \"model\": \"qwen3:32b\",\n"
            "    \"headers\": {\"X-Team\": \"a\"}, \"idleTimeoutMs\": 120000, \"options\": {\"temperature\": 0.2}}},\n"
            " \"retry\": {\"maxAttempts\": 2}}");
        Result<ProviderSettings> settings = ProviderSettings::load(path);
        VALIS_VERIFY_OK(settings);
        QCOMPARE(settings->defaultProvider(), QStringLiteral("openai-compatible"));
        const ProviderSettingsEntry entry = settings->entry(QStringLiteral("openai-compatible"));
        QCOMPARE(entry.baseUrl.toString(), QStringLiteral("http://gpu-box:11434/v1"));
        QCOMPARE(entry.model, QStringLiteral("qwen3:32b"));
        QCOMPARE(entry.headers.value("X-Team"), QByteArray("a"));
        QCOMPARE(entry.idleTimeout->count(), 120000);
        QCOMPARE(settings->retry().value(QLatin1String("maxAttempts")).toInt(), 2);
        QCOMPARE(entry.options.value(QLatin1String("temperature")).toDouble(), 0.2);

        // What a session takes from them.
        SessionConfig config;
        config.providerOptions.insert(QStringLiteral("top_k"), 5);
        applyProviderSettings(settings.value(), QStringLiteral("openai-compatible"), &config);
        QCOMPARE(config.providerRetry.maxAttempts, 2);
        QCOMPARE(config.toolRetry.maxAttempts, SessionConfig().toolRetry.maxAttempts);
        QCOMPARE(config.providerOptions.value(QLatin1String("temperature")).toDouble(), 0.2);
        QCOMPARE(config.providerOptions.value(QLatin1String("top_k")).toInt(), 5);

        const QString bad = valis::test::writeFileIn(home.path(), QStringLiteral("bad.json"),
                                                     R"({"providers": {"x": {"idleTimeoutMs": -1}}})");
        QVERIFY(ProviderSettings::load(bad).hasError());
        QVERIFY(ProviderSettings::load(home.filePath(QStringLiteral("absent.json"))).ok());
    }
};

VALIS_TEST_MAIN(TestApprovals)
#include "tst_approvals.moc"
