// Settings > Share memory with other agents, the OpenAI-compatible API switch, offscreen inside
// a private Secret Service (tests/support/with-keyring.sh): a small shell script that speaks
// valis-cli serve's process contract (its first stdout line, stderr, exit status), then the real
// valis-cli serve on a free port with the scripted provider server upstream: the URL shown, the
// token from "Copy token", GET /v1/models and a chat completion through that URL, the served
// session in the session list with its "API" badge, and the server stopped by the switch.
#include "providerserver.h"
#include "sharingtestsupport.h"
#include "streambuilders.h"

#include "sessionlistmodel.h"

#include "valis/keychain/keychaincredentialstore.h"
#include "valis/store/sessionstore.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPixmap>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>

#include <optional>

#if defined(Q_OS_UNIX)
#include <signal.h>
#endif

using namespace valis;
using namespace valis::sharingtest;

class TestSharingApi : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void apiSwitchRunsAndStopsTheServer();
    void apiServerFailureShowsItsErrors();
    void apiSwitchRunsTheRealValisCliServe();
    void copyTokenReadsTheKeychain();
    void servedSessionsCarryAnApiBadge();
};

void TestSharingApi::apiSwitchRunsAndStopsTheServer()
{
#if !defined(Q_OS_UNIX)
    QSKIP("the stand-in for valis-cli serve is a POSIX shell script");
#else
    Fixture f;
    const QString pidFile = f.home.filePath(QStringLiteral("server.pid"));
    const QString argsFile = f.home.filePath(QStringLiteral("server.args"));
    QVERIFY(test::writeFile(QDir(f.locations.configDir()).filePath(QStringLiteral("serve.json")),
                            "{\"version\": 1, \"profiles\": {\"fast\": {\"provider\": \"anthropic\", \"model\": \"claude-haiku-4-5\"},"
                            " \"local\": {\"provider\": \"openai-compatible\", \"model\": \"qwen3\"}}}"));
    // It checks its arguments as valis-cli serve gets them, then serves until terminated.
    const QString program = script(f.home.path(), QStringLiteral("serve.sh"),
                                   "[ \"$1\" = serve ] && [ \"$2\" = --port ] || { echo \"bad arguments: $*\" >&2; exit 2; }\n"
                                   "echo \"$*\" > '" + argsFile.toUtf8() + "'\n"
                                   "echo $$ > '" + pidFile.toUtf8() + "'\n"
                                   "echo \"Serving the OpenAI-compatible API at http://127.0.0.1:$3/v1\"\n"
                                   "exec sleep 300\n");
    auto server = std::make_unique<ApiServerController>(program, f.locations.desktopSettingsPath(), QString());
    SharingPage page(f.locations, nullptr, f.setup(server.get()));
    page.show();
    auto *serve = page.findChild<QCheckBox *>(QStringLiteral("apiServe"));
    auto *port = page.findChild<QSpinBox *>(QStringLiteral("apiPort"));
    auto *state = page.findChild<QLabel *>(QStringLiteral("apiState"));
    auto *url = page.findChild<QLabel *>(QStringLiteral("apiUrl"));
    QVERIFY(serve && port && state && url);
    QCOMPARE(port->value(), 8787); // valis-cli serve's default
    QVERIFY(!serve->isChecked());
    auto *profile = page.findChild<QComboBox *>(QStringLiteral("apiProfile"));
    QVERIFY(profile);
    QCOMPARE(profile->count(), 3); // the default and the two of config/serve.json
    QVERIFY(profile->currentData().toString().isEmpty());
    port->setValue(18555);
    serve->setChecked(true);
    QTRY_COMPARE(server->state(), ApiServerController::State::Serving);
    QCOMPARE(url->text(), QStringLiteral("http://127.0.0.1:18555/v1"));
    QTRY_COMPARE(readBytes(argsFile).trimmed(), QByteArray("serve --port 18555")); // no profile chosen: the file's default
    QVERIFY(!profile->isEnabled());
    QCOMPARE(state->text(), ApiServerController::stateText(ApiServerController::State::Serving));
    QVERIFY(!port->isEnabled()); // the port of a running server does not change under it
    page.findChild<QPushButton *>(QStringLiteral("apiCopyUrl"))->click();
    QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("http://127.0.0.1:18555/v1"));
    QTRY_VERIFY(QFile::exists(pidFile));
    const pid_t pid = pid_t(readBytes(pidFile).trimmed().toLongLong());
    QVERIFY(pid > 0);
    QCOMPARE(::kill(pid, 0), 0);
    screenshot(&page, QStringLiteral("sharing-api-serving"));

    // Remembered: a new controller on the same settings (the next start of the app) knows.
    QVERIFY(ApiServerController(program, f.locations.desktopSettingsPath(), QString()).rememberedOn());
    QCOMPARE(ApiServerController(program, f.locations.desktopSettingsPath(), QString()).port(), quint16(18555));

    serve->setChecked(false);
    QTRY_COMPARE(server->state(), ApiServerController::State::Stopped);
    QTRY_VERIFY(::kill(pid, 0) != 0);
    QVERIFY(url->text().isEmpty());
    QVERIFY(port->isEnabled());
    QVERIFY(!ApiServerController(program, f.locations.desktopSettingsPath(), QString()).rememberedOn());

    // A profile chosen: --profile, and remembered. Switched on and the app quits: the server
    // goes with it, the switch stays on.
    profile->setCurrentIndex(profile->findData(QStringLiteral("local")));
    QVERIFY(profile->currentText().contains(QLatin1String("openai-compatible/qwen3")));
    QCOMPARE(server->profile(), QStringLiteral("local"));
    QFile::remove(pidFile);
    serve->setChecked(true);
    QTRY_COMPARE(server->state(), ApiServerController::State::Serving);
    QTRY_VERIFY(QFile::exists(pidFile));
    QTRY_COMPARE(readBytes(argsFile).trimmed(), QByteArray("serve --port 18555 --profile local"));
    const pid_t second = pid_t(readBytes(pidFile).trimmed().toLongLong());
    QCOMPARE(::kill(second, 0), 0);
    server.reset();
    QVERIFY(::kill(second, 0) != 0);
    ApiServerController restarted(program, f.locations.desktopSettingsPath(), QString());
    restarted.restore();
    QCOMPARE(restarted.state(), ApiServerController::State::Starting);
    QTRY_COMPARE(restarted.state(), ApiServerController::State::Serving);
    QCOMPARE(restarted.url(), QStringLiteral("http://127.0.0.1:18555/v1"));
    QCOMPARE(restarted.profile(), QStringLiteral("local"));
    SharingPage again(f.locations, nullptr, f.setup(&restarted));
    QCOMPARE(again.findChild<QComboBox *>(QStringLiteral("apiProfile"))->currentData().toString(), QStringLiteral("local"));
#endif
}

void TestSharingApi::apiServerFailureShowsItsErrors()
{
#if !defined(Q_OS_UNIX)
    QSKIP("the stand-in for valis-cli serve is a POSIX shell script");
#else
    Fixture f;
    const QString program = script(f.home.path(), QStringLiteral("busy.sh"),
                                   "echo 'starting' >&2\n"
                                   "echo 'The API'\\''s bearer token (shown once; kept in the OS keychain as \"api-server-token\"): sk-valis-secret' >&2\n"
                                   "echo \"error: 127.0.0.1:$3 is in use\" >&2\nexit 3\n");
    ApiServerController server(program, f.locations.desktopSettingsPath(), QString());
    SharingPage page(f.locations, nullptr, f.setup(&server));
    page.show();
    page.findChild<QCheckBox *>(QStringLiteral("apiServe"))->setChecked(true);
    QTRY_COMPARE(server.state(), ApiServerController::State::Failed);
    auto *problem = page.findChild<QLabel *>(QStringLiteral("apiProblem"));
    QVERIFY2(problem->text().contains(QStringLiteral("127.0.0.1:%1 is in use").arg(ApiServerController::DefaultPort)),
             qPrintable(problem->text()));
    QVERIFY(problem->text().contains(QLatin1String("exit code 3")));
    QVERIFY(problem->text().contains(QLatin1String("starting")));
    QVERIFY2(!problem->text().contains(QLatin1String("sk-valis-secret")), qPrintable(problem->text())); // never the token
    QVERIFY(problem->isVisible());
    QVERIFY(page.findChild<QLabel *>(QStringLiteral("apiUrl"))->text().isEmpty());

    // A program that is not there.
    ApiServerController missing(f.home.filePath(QStringLiteral("no-such-valis-cli")), f.locations.desktopSettingsPath(), QString());
    missing.start();
    QTRY_COMPARE(missing.state(), ApiServerController::State::Failed);
    QVERIFY2(missing.problem().contains(QLatin1String("no-such-valis-cli")), qPrintable(missing.problem()));
#endif
}

void TestSharingApi::apiSwitchRunsTheRealValisCliServe()
{
    if (!qEnvironmentVariableIsSet("VALIS_TEST_KEYRING"))
        QSKIP("needs the private Secret Service of tests/support/with-keyring.sh");
    Fixture f;
    // "scripted-32k" upstream: the scripted provider server speaking Anthropic's API.
    QVERIFY(test::writeFile(QDir(f.locations.configDir()).filePath(QStringLiteral("serve.json")),
                            "{\"version\": 1, \"profiles\": {\"fast\": {\"provider\": \"anthropic\", \"model\": \"scripted-32k\","
                            " \"maxOutputTokens\": 1024}}}"));
    test::ProviderTestServer upstream;
    QVERIFY(upstream.listen());
    upstream.setBeforeAnswer([&upstream](int, const test::CapturedRequest &) {
        upstream.enqueue(test::ScriptedResponse::sse(test::AnthropicStream().text(QStringLiteral("Done: the parser is split.")).stop(QStringLiteral("end_turn"))));
    });
    // The server inherits the desktop's environment.
    const ScopedEnvironment key(QStringLiteral("ANTHROPIC_API_KEY"), QStringLiteral("sk-ant-upstream-test"));
    const ScopedEnvironment base(QStringLiteral("ANTHROPIC_BASE_URL"), upstream.baseUrl().toString());
    // valis-cli serve keeps its token under the default service: the desktop reads it there.
    KeychainCredentialStore keys;
    QCOMPARE(keys.service(), QStringLiteral("org.valis.Valis"));
    ApiServerController server(cli(), f.locations.desktopSettingsPath(), f.locations.home());
    SharingPage page(f.locations, &keys, f.setup(&server));
    page.show();
    auto *port = page.findChild<QSpinBox *>(QStringLiteral("apiPort"));
    port->setValue(0); // a free one, named in the URL
    QCOMPARE(port->text(), port->specialValueText());
    auto *profile = page.findChild<QComboBox *>(QStringLiteral("apiProfile"));
    profile->setCurrentIndex(profile->findData(QStringLiteral("fast")));
    page.findChild<QCheckBox *>(QStringLiteral("apiServe"))->setChecked(true);
    QTRY_VERIFY_WITH_TIMEOUT(server.state() != ApiServerController::State::Starting, 60000);
    QVERIFY2(server.state() == ApiServerController::State::Serving, qPrintable(server.problem()));
    const QString url = page.findChild<QLabel *>(QStringLiteral("apiUrl"))->text();
    const QRegularExpressionMatch match = QRegularExpression(QStringLiteral("^http://127\\.0\\.0\\.1:(\\d+)/v1$")).match(url);
    QVERIFY2(match.hasMatch(), qPrintable(url));
    QVERIFY(match.captured(1).toInt() > 0);

    // The token valis-cli serve made at its first start, through "Copy token".
    QApplication::clipboard()->clear();
    page.findChild<QPushButton *>(QStringLiteral("apiCopyToken"))->click();
    QTRY_VERIFY2(page.status().contains(QLatin1String("token is on the clipboard")), qPrintable(page.status()));
    const QString token = QApplication::clipboard()->text();
    QVERIFY(token.size() >= 20);

    QNetworkAccessManager network;
    auto get = [&](const QString &bearer) {
        QNetworkRequest request(QUrl(url + QStringLiteral("/models")));
        if (!bearer.isEmpty())
            request.setRawHeader("Authorization", "Bearer " + bearer.toUtf8());
        std::unique_ptr<QNetworkReply> reply(network.get(request));
        QSignalSpy done(reply.get(), &QNetworkReply::finished);
        if (!done.wait(20000))
            return std::pair<int, QByteArray>(-1, QByteArray("no answer"));
        return std::pair<int, QByteArray>(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), reply->readAll());
    };
    const auto [status, body] = get(token);
    QCOMPARE(status, 200);
    const QJsonArray models = QJsonDocument::fromJson(body).object().value(QLatin1String("data")).toArray();
    QVERIFY2(!models.isEmpty() && models.at(0).toObject().value(QLatin1String("id")).toString() == QLatin1String("fast"), body.constData());
    QCOMPARE(get(QStringLiteral("not-the-token")).first, 401);

    // A conversation through the API is a session of the desktop's list, named after its first
    // prompt, with the badge.
    QNetworkRequest post(QUrl(url + QStringLiteral("/chat/completions")));
    post.setRawHeader("Authorization", "Bearer " + token.toUtf8());
    post.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    std::unique_ptr<QNetworkReply> chat(network.post(
        post, QJsonDocument(QJsonObject{{QStringLiteral("model"), QStringLiteral("fast")},
                                        {QStringLiteral("messages"),
                                         QJsonArray{QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                                                                {QStringLiteral("content"), QStringLiteral("Split the parser in two\nKeep the tests green.")}}}}})
                  .toJson()));
    QSignalSpy chatDone(chat.get(), &QNetworkReply::finished);
    QVERIFY(chatDone.wait(60000));
    const QByteArray completion = chat->readAll();
    QCOMPARE(chat->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    QVERIFY2(completion.contains("Done: the parser is split."), completion.constData());
    auto store = SessionStore::open(f.locations.sessionDatabasePath());
    VALIS_VERIFY_OK(store);
    const Result<QList<SessionInfo>> sessions = (*store)->sessions();
    VALIS_VERIFY_OK(sessions);
    QCOMPARE(sessions->size(), 1);
    SessionListModel model;
    model.setSessions(*sessions);
    const QModelIndex served = model.indexOf(sessions->first().id);
    QCOMPARE(served.data().toString(), QStringLiteral("Split the parser in two"));
    QVERIFY(!served.data(Qt::DecorationRole).value<QPixmap>().isNull());
    QCOMPARE(served.data(SessionListModel::ServedProfileRole).toString(), QStringLiteral("fast"));

    // Off: the server stops, and the port answers no more.
    page.findChild<QCheckBox *>(QStringLiteral("apiServe"))->setChecked(false);
    QTRY_COMPARE_WITH_TIMEOUT(server.state(), ApiServerController::State::Stopped, 10000);
    QVERIFY(page.findChild<QLabel *>(QStringLiteral("apiUrl"))->text().isEmpty());
    QCOMPARE(get(token).first, 0); // connection refused: no HTTP status
    std::optional<Result<void>> removed;
    keys.remove(SharingPage::apiTokenAccount(), [&](const Result<void> &result) { removed = result; });
    QTRY_VERIFY(removed.has_value());
}

void TestSharingApi::copyTokenReadsTheKeychain()
{
    if (!qEnvironmentVariableIsSet("VALIS_TEST_KEYRING"))
        QSKIP("needs the private Secret Service of tests/support/with-keyring.sh");
    Fixture f;
    KeychainCredentialStore keys(QStringLiteral("org.valis.Test.sharing"));
    SharingPage page(f.locations, &keys, f.setup());
    page.show();
    QApplication::clipboard()->clear();
    page.findChild<QPushButton *>(QStringLiteral("apiCopyToken"))->click();
    QTRY_VERIFY(page.status().contains(QLatin1String("no token yet")));

    const QString token = QStringLiteral("valis-api-token-0123456789");
    std::optional<Result<void>> written;
    keys.write(SharingPage::apiTokenAccount(), token, [&](const Result<void> &result) { written = result; });
    QTRY_VERIFY(written.has_value());
    VALIS_VERIFY_OK(*written);
    page.findChild<QPushButton *>(QStringLiteral("apiCopyToken"))->click();
    QTRY_COMPARE(QApplication::clipboard()->text(), token);
    QVERIFY(!page.status().contains(token)); // the secret goes to the clipboard only
    std::optional<Result<void>> removed;
    keys.remove(SharingPage::apiTokenAccount(), [&](const Result<void> &result) { removed = result; });
    QTRY_VERIFY(removed.has_value());
}

void TestSharingApi::servedSessionsCarryAnApiBadge()
{
    // A session as valis-cli serve records it (harness/src/server/openai/apiconversations.cpp:
    // the metadata "api" with the conversation's key and the profile; the title is the first
    // line of the first prompt, as for any session) beside one of the desktop's own.
    Fixture f;
    auto store = SessionStore::open(f.locations.sessionDatabasePath());
    VALIS_VERIFY_OK(store);
    SessionInfo served;
    served.title = QStringLiteral("Refactor the parser");
    served.metadata = QJsonObject{{QStringLiteral("api"), QJsonObject{{QStringLiteral("key"), QStringLiteral("user:aider")},
                                                                        {QStringLiteral("profile"), QStringLiteral("fast")}}}};
    const Result<SessionInfo> servedInfo = (*store)->createSession(served);
    VALIS_VERIFY_OK(servedInfo);
    SessionInfo own;
    own.title = QStringLiteral("Plan the release");
    const Result<SessionInfo> ownInfo = (*store)->createSession(own);
    VALIS_VERIFY_OK(ownInfo);
    const Result<QList<SessionInfo>> listed = (*store)->sessions();
    VALIS_VERIFY_OK(listed);

    SessionListModel model;
    model.setSessions(*listed);
    const QModelIndex servedIndex = model.indexOf(servedInfo->id);
    const QModelIndex ownIndex = model.indexOf(ownInfo->id);
    QVERIFY(servedIndex.isValid() && ownIndex.isValid());
    QCOMPARE(servedIndex.data().toString(), QStringLiteral("Refactor the parser")); // listed like any other
    const QPixmap badge = servedIndex.data(Qt::DecorationRole).value<QPixmap>();
    QVERIFY(!badge.isNull());
    QVERIFY(badge.width() > badge.height()); // a word in a box, not an icon
    QVERIFY(ownIndex.data(Qt::DecorationRole).isNull());
    QCOMPARE(servedIndex.data(SessionListModel::ServedProfileRole).toString(), QStringLiteral("fast"));
    QVERIFY(servedIndex.data(Qt::ToolTipRole).toString().contains(QLatin1String("Served by the OpenAI-compatible API (profile fast)")));
    QVERIFY(!ownIndex.data(Qt::ToolTipRole).toString().contains(QLatin1String("OpenAI-compatible")));
}


int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    TestSharingApi test;
    QTEST_SET_MAIN_SOURCE_PATH
    return ::valis::test::runTests(&test, argc, argv);
}
#include "tst_sharingapi.moc"
