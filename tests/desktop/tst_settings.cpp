// Settings: every page against the real files in a throwaway profile, the real plugins, the
// real Secret Service (tests/support/with-keyring.sh) and a local server speaking the providers'
// model-listing protocol.
#include "testsupport.h"

#include "appearance.h"
#include "appearancepage.h"
#include "connectiontester.h"
#include "contextpage.h"
#include "recallpage.h"
#include "pluginspage.h"
#include "providerserver.h"
#include "providerspage.h"
#include "settingsdialog.h"
#include "toolspage.h"

#include "valis/agent/approvalpolicy.h"
#include "valis/agent/providersettings.h"
#include "valis/agent/session.h"
#include "valis/agent/toolsettings.h"
#include "valis/context/contextsettings.h"
#include "valis/core/translations.h"
#include "valis/keychain/keychaincredentialstore.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/pluginspec.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QEventLoop>
#include <QGroupBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTableWidget>
#include <QTcpServer>
#include <QTimer>
#include <QTranslator>

using namespace valis;

namespace {

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

QByteArray readBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The secret under `account`, "<none>", or the keychain's error.
QString keychainHolds(CredentialStore &store, const QString &account)
{
    std::optional<Result<std::optional<QString>>> answer;
    QEventLoop loop;
    store.read(account, [&](const Result<std::optional<QString>> &read) {
        answer.emplace(read);
        loop.quit();
    });
    if (!answer) {
        QTimer::singleShot(std::chrono::minutes(1), &loop, &QEventLoop::quit);
        loop.exec();
    }
    if (!answer)
        return QStringLiteral("<no answer>");
    if (answer->hasError())
        return QStringLiteral("<error: ") + answer->error().toString() + QLatin1Char('>');
    return answer->value() ? *answer->value() : QStringLiteral("<none>");
}

void pressButton(SettingsDialog &dialog, QDialogButtonBox::StandardButton which)
{
    auto *box = dialog.findChild<QDialogButtonBox *>();
    QVERIFY(box);
    QVERIFY(box->button(which)->isEnabled());
    box->button(which)->click();
}

QString status(SettingsDialog &dialog)
{
    return dialog.findChild<QLabel *>(QStringLiteral("settingsStatus"))->text();
}

QWidget *group(QWidget *page, const QString &name)
{
    return page->findChild<QGroupBox *>(name);
}

struct Profile
{
    test::TemporaryHome home;
    DataLocations locations = DataLocations::underHome(home.path());
    std::unique_ptr<PluginManager> plugins;

    Profile()
    {
        plugins = std::make_unique<PluginManager>(locations, QStringList{QStringLiteral(VALIS_BUILT_PLUGIN_DIR)});
        plugins->scan();
        plugins->loadAll();
    }
};

} // namespace

class TestSettings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void modelsRequestFollowsEachApi();
    void providerKeyGoesToTheKeychainMasked();
    void testConnectionSaysWhatFailed();
    void badBaseUrlWritesNothing();
    void unreadableFileIsNeverOverwritten();
    void contextThresholdsWriteOnlyWhatDiffers();
    void historyStrategyOfNewSessions();
    void recallSettingsRoundTrip();
    void toolRulesAndSandboxDefaults();
    void pluginSwitchedOffFromNextStart();
    void appearanceThemeAndLanguage();
};

void TestSettings::init()
{
    // A variable would win over what the page sets; the tests set what they need themselves.
    for (const char *name : {"ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "OPENAI_API_KEY", "OPENAI_BASE_URL", "OLLAMA_HOST"})
        qunsetenv(name);
}

void TestSettings::modelsRequestFollowsEachApi()
{
    const QNetworkRequest anthropic = ConnectionTester::modelsRequest(QStringLiteral("anthropic"), QUrl(QStringLiteral("https://api.anthropic.com")),
                                                                      QStringLiteral("sk-ant-k"));
    QCOMPARE(anthropic.url(), QUrl(QStringLiteral("https://api.anthropic.com/v1/models")));
    QCOMPARE(anthropic.rawHeader("x-api-key"), QByteArray("sk-ant-k"));
    QCOMPARE(anthropic.rawHeader("anthropic-version"), QByteArray("2023-06-01"));
    QVERIFY(!anthropic.hasRawHeader("Authorization"));

    const QNetworkRequest local = ConnectionTester::modelsRequest(QStringLiteral("openai-compatible"), QUrl(QStringLiteral("http://gpu-box:11434/v1/")),
                                                                  QString(), {{"X-Team", "a"}});
    QCOMPARE(local.url(), QUrl(QStringLiteral("http://gpu-box:11434/v1/models")));
    QVERIFY(!local.hasRawHeader("Authorization"));
    QCOMPARE(local.rawHeader("X-Team"), QByteArray("a"));
    QCOMPARE(ConnectionTester::modelsRequest(QStringLiteral("openai"), QUrl(QStringLiteral("https://api.openai.com/v1")), QStringLiteral("sk-o"))
                 .rawHeader("Authorization"),
             QByteArray("Bearer sk-o"));

    const Result<QStringList> openai = ConnectionTester::parseModels(R"({"object":"list","data":[{"id":"gpt-5"},{"id":"gpt-4.1"}]})");
    VALIS_VERIFY_OK(openai);
    QCOMPARE(openai.value(), QStringList({QStringLiteral("gpt-4.1"), QStringLiteral("gpt-5")}));
    const Result<QStringList> ollama = ConnectionTester::parseModels(R"({"models":[{"name":"qwen3:8b"}]})");
    VALIS_VERIFY_OK(ollama);
    QCOMPARE(ollama.value(), QStringList{QStringLiteral("qwen3:8b")});
    const Result<QStringList> html = ConnectionTester::parseModels("<html>captive portal</html>");
    QVERIFY(html.hasError());
    QCOMPARE(html.error().code, QStringLiteral("settings.test-malformed"));

    QCOMPARE(ProvidersPage::maskKey(QStringLiteral("sk-ant-api03-abcdefghijklmnop1234")), QStringLiteral("sk-ant\u2026" "1234"));
    QVERIFY(!ProvidersPage::maskKey(QStringLiteral("short-key")).contains(QLatin1String("short")));
}

void TestSettings::providerKeyGoesToTheKeychainMasked()
{
    if (qEnvironmentVariableIsSet("VALIS_TEST_NO_KEYCHAIN"))
        QSKIP("needs the Secret Service of tests/support/with-keyring.sh");
    Profile profile;
    // What the page does not show must survive its save.
    QVERIFY(test::writeFile(profile.locations.providerSettingsPath(),
                            R"({"version": 1, "providers": {"anthropic": {"headers": {"X-Team": "blue"}, "options": {"temperature": 0.2}}},
                                "retry": {"maxAttempts": 3}})"));
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    server.enqueue(test::ScriptedResponse::json(200, R"({"data":[{"id":"claude-test-a"},{"id":"claude-test-b"}],"has_more":false})"));
    KeychainCredentialStore keys;
    const QString secret = QStringLiteral("sk-ant-settings-0123456789-wxyz");

    SettingsDialog dialog(profile.locations, profile.plugins.get(), &keys);
    dialog.show();
    auto *page = dialog.findChild<ProvidersPage *>();
    QVERIFY(page);
    QWidget *anthropic = group(page, QStringLiteral("provider-anthropic"));
    QVERIFY2(anthropic, "the anthropic plugin runs, so it has a group");
    QTRY_VERIFY(anthropic->findChild<QLabel *>(QStringLiteral("keyState"))->text().contains(QLatin1String("ANTHROPIC_API_KEY")));
    auto *key = anthropic->findChild<QLineEdit *>(QStringLiteral("key"));
    QCOMPARE(key->echoMode(), QLineEdit::Password);
    QTest::keyClicks(key, secret);
    auto *baseUrl = anthropic->findChild<QLineEdit *>(QStringLiteral("baseUrl"));
    QTest::keyClicks(baseUrl, server.baseUrl().toString());

    // The test uses the typed key and address before anything is saved.
    anthropic->findChild<QPushButton *>(QStringLiteral("testConnection"))->click();
    auto *result = anthropic->findChild<QLabel *>(QStringLiteral("testResult"));
    QTRY_VERIFY2_WITH_TIMEOUT(result->text().contains(QLatin1String("2")), qPrintable(result->text()), 10000);
    QVERIFY2(result->text().startsWith(QChar(0x2713)), qPrintable(result->text()));
    QCOMPARE(server.requests().size(), 1);
    QCOMPARE(server.requests().first().path, QByteArray("/v1/models"));
    QCOMPARE(server.requests().first().header("x-api-key"), secret.toUtf8());
    QCOMPARE(server.requests().first().header("X-Team"), QByteArray("blue"));
    auto *model = anthropic->findChild<QComboBox *>(QStringLiteral("model"));
    QVERIFY(model->findText(QStringLiteral("claude-test-b")) >= 0);
    model->setCurrentText(QStringLiteral("claude-test-b"));
    QCOMPARE(keychainHolds(keys, QStringLiteral("anthropic")), QStringLiteral("<none>"));

    pressButton(dialog, QDialogButtonBox::Apply);
    QTRY_VERIFY_WITH_TIMEOUT(status(dialog).startsWith(QLatin1String("Saved")), 20000);
    QCOMPARE(keychainHolds(keys, QStringLiteral("anthropic")), secret);
    const QJsonObject saved = readJson(profile.locations.providerSettingsPath());
    const QJsonObject entry = saved.value(QLatin1String("providers")).toObject().value(QLatin1String("anthropic")).toObject();
    QCOMPARE(entry.value(QLatin1String("baseUrl")).toString(), server.baseUrl().toString());
    QCOMPARE(entry.value(QLatin1String("model")).toString(), QStringLiteral("claude-test-b"));
    QCOMPARE(entry.value(QLatin1String("headers")).toObject().value(QLatin1String("X-Team")).toString(), QStringLiteral("blue"));
    QCOMPARE(entry.value(QLatin1String("options")).toObject().value(QLatin1String("temperature")).toDouble(), 0.2);
    QCOMPARE(saved.value(QLatin1String("retry")).toObject().value(QLatin1String("maxAttempts")).toInt(), 3);
    QVERIFY(!readBytes(profile.locations.providerSettingsPath()).contains(secret.toUtf8()));
    // Shown masked, never whole; the field is empty again.
    auto *keyState = anthropic->findChild<QLabel *>(QStringLiteral("keyState"));
    QTRY_VERIFY(keyState->text().contains(QStringLiteral("sk-ant\u2026wxyz")));
    QVERIFY(!keyState->text().contains(secret));
    QVERIFY(key->text().isEmpty());
    // The harness reads what was written.
    const Result<ProviderSettings> settings = ProviderSettings::load(profile.locations.providerSettingsPath());
    VALIS_VERIFY_OK(settings);
    QCOMPARE(settings->entry(QStringLiteral("anthropic")).model, QStringLiteral("claude-test-b"));

    // Removing: gone from the keychain on apply.
    auto *remove = anthropic->findChild<QPushButton *>(QStringLiteral("removeKey"));
    QTRY_VERIFY(remove->isEnabled());
    remove->click();
    pressButton(dialog, QDialogButtonBox::Ok);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.isVisible(), 20000);
    QCOMPARE(keychainHolds(keys, QStringLiteral("anthropic")), QStringLiteral("<none>"));
}

void TestSettings::testConnectionSaysWhatFailed()
{
    Profile profile;
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    server.enqueue(test::ScriptedResponse::json(401, R"({"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}})"));
    SettingsDialog dialog(profile.locations, profile.plugins.get(), nullptr);
    auto *page = dialog.findChild<ProvidersPage *>();
    QWidget *anthropic = group(page, QStringLiteral("provider-anthropic"));
    QVERIFY(anthropic);
    QTest::keyClicks(anthropic->findChild<QLineEdit *>(QStringLiteral("key")), QStringLiteral("sk-wrong"));
    QTest::keyClicks(anthropic->findChild<QLineEdit *>(QStringLiteral("baseUrl")), server.baseUrl().toString());
    auto *result = anthropic->findChild<QLabel *>(QStringLiteral("testResult"));
    anthropic->findChild<QPushButton *>(QStringLiteral("testConnection"))->click();
    QTRY_VERIFY_WITH_TIMEOUT(result->text().contains(QLatin1String("401")), 10000);
    QVERIFY2(result->text().contains(QLatin1String("invalid x-api-key")), qPrintable(result->text()));

    // A server that is not there.
    QTcpServer closed;
    QVERIFY(closed.listen(QHostAddress::LocalHost));
    const quint16 port = closed.serverPort();
    closed.close();
    auto *baseUrl = anthropic->findChild<QLineEdit *>(QStringLiteral("baseUrl"));
    baseUrl->setText(QStringLiteral("http://127.0.0.1:%1").arg(port));
    anthropic->findChild<QPushButton *>(QStringLiteral("testConnection"))->click();
    QTRY_VERIFY_WITH_TIMEOUT(result->text().contains(QLatin1String("could not be reached")), 20000);

    // No key at all for a provider that needs one: said before anything is sent.
    anthropic->findChild<QLineEdit *>(QStringLiteral("key"))->clear();
    anthropic->findChild<QPushButton *>(QStringLiteral("testConnection"))->click();
    QTRY_VERIFY_WITH_TIMEOUT(result->text().contains(QLatin1String("ANTHROPIC_API_KEY")), 10000);
    QCOMPARE(server.requests().size(), 1);
}

void TestSettings::badBaseUrlWritesNothing()
{
    Profile profile;
    const QByteArray before = R"({"version": 1, "providers": {"anthropic": {"model": "claude-sonnet-4-5"}}})";
    QVERIFY(test::writeFile(profile.locations.providerSettingsPath(), before));
    SettingsDialog dialog(profile.locations, profile.plugins.get(), nullptr);
    dialog.show();
    QWidget *anthropic = group(dialog.findChild<ProvidersPage *>(), QStringLiteral("provider-anthropic"));
    QTest::keyClicks(anthropic->findChild<QLineEdit *>(QStringLiteral("baseUrl")), QStringLiteral("ftp://files.example"));
    pressButton(dialog, QDialogButtonBox::Ok);
    QTRY_VERIFY(status(dialog).contains(QLatin1String("ftp://files.example")));
    QVERIFY(dialog.isVisible());
    QCOMPARE(readBytes(profile.locations.providerSettingsPath()), before);
}

void TestSettings::unreadableFileIsNeverOverwritten()
{
    Profile profile;
    const QByteArray broken = "{\"version\": 1, \"providers\": {\"anthropic\": ";
    QVERIFY(test::writeFile(profile.locations.providerSettingsPath(), broken));
    QVERIFY(test::writeFile(profile.locations.approvalsPath(), "[1, 2]"));
    SettingsDialog dialog(profile.locations, profile.plugins.get(), nullptr);
    dialog.show();
    auto *providers = dialog.findChild<ProvidersPage *>();
    QVERIFY(providers->findChild<QLabel *>(QStringLiteral("providersProblem")));
    QWidget *anthropic = group(providers, QStringLiteral("provider-anthropic"));
    anthropic->findChild<QComboBox *>(QStringLiteral("model"))->setCurrentText(QStringLiteral("claude-haiku-4-5"));
    auto *tools = dialog.findChild<ToolsPage *>();
    tools->findChild<QCheckBox *>(QStringLiteral("network"))->toggle();
    pressButton(dialog, QDialogButtonBox::Apply);
    QTRY_VERIFY(!status(dialog).startsWith(QLatin1String("Saving")));
    QVERIFY2(status(dialog).contains(QLatin1String("providers.json")), qPrintable(status(dialog)));
    QVERIFY2(status(dialog).contains(QLatin1String("approvals.json")), qPrintable(status(dialog)));
    QCOMPARE(readBytes(profile.locations.providerSettingsPath()), broken);
    QCOMPARE(readBytes(profile.locations.approvalsPath()), QByteArray("[1, 2]"));
    QVERIFY(!QFile::exists(profile.locations.toolSettingsPath()));
}

void TestSettings::contextThresholdsWriteOnlyWhatDiffers()
{
    Profile profile;
    QVERIFY(test::writeFile(profile.locations.contextSettingsPath(),
                            R"({"version": 1, "strategies": ["progressive"], "models": {"claude-haiku-4-5": {"progressive": {"evictAt": 0.7}}}})"));
    SettingsDialog dialog(profile.locations, profile.plugins.get(), nullptr);
    dialog.show();
    QVERIFY(dialog.showPage(QStringLiteral("Context")));
    auto *page = dialog.findChild<ContextPage *>();
    QWidget *progressive = group(page, QStringLiteral("strategy-progressive"));
    QVERIFY2(progressive, "the progressive plugin runs");
    auto *evictAt = progressive->findChild<QDoubleSpinBox *>(QStringLiteral("evictAt"));
    QVERIFY(evictAt);
    QCOMPARE(evictAt->value(), 85.0); // the strategy's default, as a percentage
    evictAt->setValue(80.0);
    pressButton(dialog, QDialogButtonBox::Ok);
    QTRY_VERIFY(!dialog.isVisible());

    const QJsonObject saved = readJson(profile.locations.contextSettingsPath());
    QCOMPARE(saved.value(QLatin1String("settings")).toObject(),
             QJsonObject({{QStringLiteral("progressive"), QJsonObject{{QStringLiteral("evictAt"), 0.8}}}}));
    QCOMPARE(saved.value(QLatin1String("models")).toObject().value(QLatin1String("claude-haiku-4-5")).toObject()
                 .value(QLatin1String("progressive")).toObject().value(QLatin1String("evictAt")).toDouble(), 0.7);
    const Result<ContextSettings> settings = ContextSettings::load(profile.locations.contextSettingsPath());
    VALIS_VERIFY_OK(settings);
    QList<Error> warnings;
    const auto strategies = settings->select(profile.plugins->strategies(), &warnings);
    QCOMPARE(settings->effectiveSettings(strategies, QStringLiteral("claude-sonnet-4-5")).value(QStringLiteral("progressive"))
                 .value(QLatin1String("evictAt")).toDouble(), 0.8);
    QCOMPARE(settings->effectiveSettings(strategies, QStringLiteral("claude-haiku-4-5")).value(QStringLiteral("progressive"))
                 .value(QLatin1String("evictAt")).toDouble(), 0.7);

    // Switching the strategy off empties the list the sessions use.
    SettingsDialog again(profile.locations, profile.plugins.get(), nullptr);
    again.show();
    QWidget *box = group(again.findChild<ContextPage *>(), QStringLiteral("strategy-progressive"));
    QCOMPARE(box->findChild<QDoubleSpinBox *>(QStringLiteral("evictAt"))->value(), 80.0);
    box->findChild<QCheckBox *>(QStringLiteral("use"))->setChecked(false);
    pressButton(again, QDialogButtonBox::Ok);
    QTRY_VERIFY(!again.isVisible());
    QCOMPARE(readJson(profile.locations.contextSettingsPath()).value(QLatin1String("strategies")).toArray(), QJsonArray());
}

void TestSettings::historyStrategyOfNewSessions()
{
    Profile profile;
    SettingsDialog dialog(profile.locations, profile.plugins.get(), nullptr);
    dialog.show();
    QVERIFY(dialog.showPage(QStringLiteral("Context")));
    auto *history = dialog.findChild<ContextPage *>()->findChild<QComboBox *>(QStringLiteral("defaultHistory"));
    QVERIFY(history);
    QCOMPARE(history->currentData().toString(), QStringLiteral("regular"));
    const int oneshot = history->findData(QStringLiteral("oneshot"));
    QVERIFY2(oneshot >= 0, "the oneshot plugin runs");
    history->setCurrentIndex(oneshot);
    pressButton(dialog, QDialogButtonBox::Ok);
    QTRY_VERIFY(!dialog.isVisible());
    QCOMPARE(readJson(profile.locations.contextSettingsPath()).value(QLatin1String("history")).toString(), QStringLiteral("oneshot"));
    const Result<ContextSettings> settings = ContextSettings::load(profile.locations.contextSettingsPath());
    VALIS_VERIFY_OK(settings);
    QCOMPARE(settings->history, QStringLiteral("oneshot"));
    // What new sessions get: a session config with it as their default.
    SessionConfig config;
    settings->apply(profile.plugins->strategies(), {}, &config);
    QCOMPARE(config.defaultHistoryStrategy, QStringLiteral("oneshot"));
    QVERIFY(config.history.contains(QStringLiteral("oneshot")));

    // Back to regular: the field goes, as a default does.
    SettingsDialog again(profile.locations, profile.plugins.get(), nullptr);
    again.show();
    QVERIFY(again.showPage(QStringLiteral("Context")));
    auto *shown = again.findChild<ContextPage *>()->findChild<QComboBox *>(QStringLiteral("defaultHistory"));
    QCOMPARE(shown->currentData().toString(), QStringLiteral("oneshot"));
    shown->setCurrentIndex(shown->findData(QStringLiteral("regular")));
    pressButton(again, QDialogButtonBox::Ok);
    QTRY_VERIFY(!again.isVisible());
    QVERIFY(!readJson(profile.locations.contextSettingsPath()).contains(QLatin1String("history")));
}

void TestSettings::recallSettingsRoundTrip()
{
    Profile profile;
    const QString path = RecallSettings::pathIn(profile.locations.configDir());
    SettingsDialog dialog(profile.locations, profile.plugins.get(), nullptr);
    dialog.show();
    QVERIFY(dialog.showPage(QStringLiteral("Recall")));
    auto *page = dialog.findChild<RecallPage *>();
    QVERIFY(page);
    auto *enabled = page->findChild<QCheckBox *>(QStringLiteral("recallEnabled"));
    auto *budget = page->findChild<QSpinBox *>(QStringLiteral("recallBudget"));
    auto *provider = page->findChild<QComboBox *>(QStringLiteral("recallFilterProvider"));
    auto *model = page->findChild<QLineEdit *>(QStringLiteral("recallFilterModel"));
    QVERIFY(enabled && budget && provider && model);
    QVERIFY(enabled->isChecked());
    QCOMPARE(budget->value(), 1000);
    budget->setValue(400);
    const int anthropic = provider->findData(QStringLiteral("anthropic"));
    QVERIFY2(anthropic > 0, "the anthropic plugin runs");
    provider->setCurrentIndex(anthropic);
    model->setText(QStringLiteral("claude-haiku-4-5"));
    pressButton(dialog, QDialogButtonBox::Ok);
    QTRY_VERIFY(!dialog.isVisible());
    const Result<RecallSettings> saved = RecallSettings::load(path);
    VALIS_VERIFY_OK(saved);
    QVERIFY(saved->enabled);
    QCOMPARE(saved->budgetMs, 400);
    QCOMPARE(saved->filterProvider, QStringLiteral("anthropic"));
    QCOMPARE(saved->filterModel, QStringLiteral("claude-haiku-4-5"));

    // Switched off globally: the file says so and the page shows it next time.
    SettingsDialog again(profile.locations, profile.plugins.get(), nullptr);
    again.show();
    QVERIFY(again.showPage(QStringLiteral("Recall")));
    auto *shown = again.findChild<RecallPage *>()->findChild<QCheckBox *>(QStringLiteral("recallEnabled"));
    QCOMPARE(again.findChild<RecallPage *>()->findChild<QSpinBox *>(QStringLiteral("recallBudget"))->value(), 400);
    shown->setChecked(false);
    pressButton(again, QDialogButtonBox::Ok);
    QTRY_VERIFY(!again.isVisible());
    QVERIFY(!RecallSettings::load(path)->enabled);
}

void TestSettings::toolRulesAndSandboxDefaults()
{
    Profile profile;
    QVERIFY(test::writeFile(profile.locations.approvalsPath(), R"({"version": 1, "tools": {"mcp_gone_tool": "allow"}})"));
    QVERIFY(test::writeFile(profile.locations.toolSettingsPath(),
                            R"({"version": 1, "toolPacks": {"review": {"description": "Reading only", "tools": ["read_file"]}}})"));
    SettingsDialog dialog(profile.locations, profile.plugins.get(), nullptr);
    dialog.show();
    auto *page = dialog.findChild<ToolsPage *>();
    auto *rules = page->findChild<QTableWidget *>(QStringLiteral("toolRules"));
    QVERIFY(rules);
    int execRow = -1;
    int goneRow = -1;
    for (int row = 0; row < rules->rowCount(); ++row) {
        if (rules->item(row, 0)->text() == QLatin1String("exec"))
            execRow = row;
        if (rules->item(row, 0)->text() == QLatin1String("mcp_gone_tool"))
            goneRow = row;
    }
    QVERIFY2(execRow >= 0, "the exec plugin's tool is listed");
    QVERIFY2(goneRow >= 0, "a rule for a tool not running now stays listed");
    auto *execRule = qobject_cast<QComboBox *>(rules->cellWidget(execRow, 3));
    execRule->setCurrentIndex(execRule->findData(QStringLiteral("deny")));
    auto *providerRules = page->findChild<QTableWidget *>(QStringLiteral("providerRules"));
    QVERIFY(!providerRules->findItems(QStringLiteral("filesystem"), Qt::MatchExactly).isEmpty());

    auto *sandbox = page->findChild<QComboBox *>(QStringLiteral("sandbox"));
    auto *warning = page->findChild<QLabel *>(QStringLiteral("sandboxWarning"));
    QCOMPARE(sandbox->currentData().toString(), QStringLiteral("local-bwrap"));
    const QString isolated = warning->text();
    sandbox->setCurrentIndex(sandbox->findData(QStringLiteral("plain")));
    QVERIFY2(warning->text().contains(QLatin1String("No isolation")), qPrintable(warning->text()));
    QVERIFY(warning->text() != isolated);
    page->findChild<QCheckBox *>(QStringLiteral("network"))->setChecked(true);
    auto *pack = page->findChild<QComboBox *>(QStringLiteral("toolPack"));
    QVERIFY(pack->findData(QStringLiteral("review")) >= 0);
    pack->setCurrentIndex(pack->findData(QStringLiteral("review")));
    pressButton(dialog, QDialogButtonBox::Ok);
    QTRY_VERIFY(!dialog.isVisible());

    const Result<ApprovalPolicy> policy = ApprovalPolicy::load(profile.locations.approvalsPath());
    VALIS_VERIFY_OK(policy);
    QCOMPARE(policy->ruleFor(QStringLiteral("exec"), QStringLiteral("exec"), false), ApprovalRule::Deny);
    QCOMPARE(policy->ruleFor(QStringLiteral("mcp_gone_tool"), QStringLiteral("mcp:gone"), false), ApprovalRule::Allow);
    const Result<ToolSettings> tools = ToolSettings::load(profile.locations.toolSettingsPath());
    VALIS_VERIFY_OK(tools);
    QCOMPARE(tools->sandbox(), QStringLiteral("plain"));
    QCOMPARE(tools->network(), NetworkAccess::Allowed);
    QCOMPARE(tools->toolPack(), QStringLiteral("review"));
    VALIS_VERIFY_OK(tools->pack(QStringLiteral("review")));
}

void TestSettings::pluginSwitchedOffFromNextStart()
{
    Profile profile;
    SettingsDialog dialog(profile.locations, profile.plugins.get(), nullptr);
    dialog.show();
    auto *table = dialog.findChild<PluginsPage *>()->findChild<QTableWidget *>(QStringLiteral("pluginTable"));
    QVERIFY(table);
    QTableWidgetItem *images = nullptr;
    for (int row = 0; row < table->rowCount(); ++row) {
        if (table->item(row, 0)->data(Qt::UserRole).toString() == QLatin1String("images")) {
            images = table->item(row, 0);
            QVERIFY(!table->item(row, 1)->text().isEmpty());                      // version
            QCOMPARE(table->item(row, 2)->text(), PluginSpec::stateName(PluginSpec::State::Running));
        }
    }
    QVERIFY2(images, "the images plugin is listed");
    QCOMPARE(images->checkState(), Qt::Checked);
    images->setCheckState(Qt::Unchecked);
    pressButton(dialog, QDialogButtonBox::Ok);
    QTRY_VERIFY(!dialog.isVisible());
    // Still running now; off when plugins are loaded again.
    QVERIFY(profile.plugins->spec(QStringLiteral("images"))->isRunning());
    // (Resolved only: a plugin library is one instance per process, which the first manager owns.)
    PluginManager next(profile.locations, {QStringLiteral(VALIS_BUILT_PLUGIN_DIR)});
    next.scan();
    next.resolve();
    QVERIFY(!next.isEnabled(QStringLiteral("images")));
    QCOMPARE(next.spec(QStringLiteral("images"))->state(), PluginSpec::State::Disabled);
    QCOMPARE(next.spec(QStringLiteral("anthropic"))->state(), PluginSpec::State::Resolved);
}

void TestSettings::appearanceThemeAndLanguage()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    QVERIFY(!Appearance::isDark(QApplication::palette()));
    SettingsDialog dialog(locations, nullptr, nullptr);
    dialog.show();
    auto *page = dialog.findChild<AppearancePage *>();
    auto *theme = page->findChild<QComboBox *>(QStringLiteral("theme"));
    auto *language = page->findChild<QComboBox *>(QStringLiteral("language"));
    theme->setCurrentIndex(theme->findData(QStringLiteral("dark")));
    const int chinese = language->findData(QStringLiteral("zh_CN"));
    QVERIFY(chinese > 0);
    QCOMPARE(language->itemText(chinese), QStringLiteral("简体中文"));
    language->setCurrentIndex(chinese);
    pressButton(dialog, QDialogButtonBox::Apply);
    QTRY_VERIFY(status(dialog).startsWith(QLatin1String("Saved")));
    QVERIFY(Appearance::isDark(QApplication::palette()));
    QTRY_VERIFY(Appearance::isDark(dialog.palette()));

    const Appearance saved = Appearance::load(locations);
    QCOMPARE(saved.theme, QStringLiteral("dark"));
    QCOMPARE(saved.language, QStringLiteral("zh_CN"));
    // What the next start installs.
    installTranslations(*QCoreApplication::instance(), interfaceLocale(locations));
    QCOMPARE(QCoreApplication::translate("valis::SettingsDialog", "Settings"), QStringLiteral("设置"));
    const auto translators = QCoreApplication::instance()->findChildren<QTranslator *>();
    for (QTranslator *translator : translators) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
    }

    // Back to the system's look.
    theme->setCurrentIndex(theme->findData(QStringLiteral("system")));
    pressButton(dialog, QDialogButtonBox::Ok);
    QTRY_VERIFY(!dialog.isVisible());
    QVERIFY(!Appearance::isDark(QApplication::palette()));
    QCOMPARE(Appearance::load(locations).theme, QStringLiteral("system"));
}

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    TestSettings test;
    QTEST_SET_MAIN_SOURCE_PATH
    return ::valis::test::runTests(&test, argc, argv);
}
#include "tst_settings.moc"
