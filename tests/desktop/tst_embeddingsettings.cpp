// Settings > Embeddings and the shell's embedding runner: the page writes config/memory.json's
// "embeddings" (keeping the rest) and the key to the real Secret Service (with-keyring.sh);
// the runner embeds a real SQLite memory and session database through the real embeddings
// plugin against the stand-in server, shows its progress in the status widget, runs again after
// a turn (debounced) and stops on the status widget's cancel button.
#include "embeddingstandin.h"
#include "testsupport.h"

#include "embeddingrunner.h"
#include "embeddingspage.h"
#include "embeddingstatus.h"
#include "settingsdialog.h"

#include "valis/keychain/keychaincredentialstore.h"
#include "valis/memory/embeddings.h"
#include "valis/memory/memorysettings.h"
#include "valis/memory/sqlitedetailstore.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/store/sessionstore.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QToolButton>

using namespace valis;

namespace {

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

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

QString status(SettingsDialog &dialog)
{
    return dialog.findChild<QLabel *>(QStringLiteral("settingsStatus"))->text();
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

class TestEmbeddingSettings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        for (const char *name : {"OPENAI_API_KEY", "OPENAI_COMPATIBLE_API_KEY", "OPENAI_COMPATIBLE_BASE_URL", "OLLAMA_HOST"})
            qunsetenv(name);
    }

    void pageRoundTrip()
    {
        if (qEnvironmentVariableIsEmpty("VALIS_TEST_KEYRING"))
            QSKIP("needs the private Secret Service of tests/support/with-keyring.sh");
        Profile profile;
        QVERIFY2(profile.plugins->embeddingProvider(QStringLiteral("openai-compatible")),
                 "the embeddings plugin is built beside the others");
        QVERIFY(test::writeFile(profile.locations.memorySettingsPath(),
                                R"({"version": 1, "captureThresholdTokens": 777,
                                    "embeddings": {"queryTimeoutMs": 300}})"));
        KeychainCredentialStore keys;
        const QString secret = QStringLiteral("sk-embed-settings-0123456789-qrst");

        {
            SettingsDialog dialog(profile.locations, profile.plugins.get(), &keys);
            dialog.show();
            QVERIFY(dialog.showPage(QStringLiteral("Embeddings")));
            auto *page = dialog.findChild<EmbeddingsPage *>();
            QVERIFY(page);
            auto *enabled = page->findChild<QCheckBox *>(QStringLiteral("embeddingsEnabled"));
            QVERIFY(!enabled->isChecked());
            auto *provider = page->findChild<QComboBox *>(QStringLiteral("embeddingProvider"));
            // The running embedding plugins' providers, by id.
            QVERIFY(provider->findData(QStringLiteral("ollama")) >= 0);
            provider->setCurrentIndex(provider->findData(QStringLiteral("openai-compatible")));
            enabled->setChecked(true);
            auto *keyState = page->findChild<QLabel *>(QStringLiteral("embeddingKeyState"));
            QTRY_VERIFY(keyState->text().contains(QLatin1String("None stored")));
            QTest::keyClicks(page->findChild<QLineEdit *>(QStringLiteral("embeddingModel")), QStringLiteral("nomic-embed-text"));
            auto *baseUrl = page->findChild<QLineEdit *>(QStringLiteral("embeddingBaseUrl"));
            QTest::keyClicks(baseUrl, QStringLiteral("not a url"));
            auto *batch = page->findChild<QSpinBox *>(QStringLiteral("embeddingBatchSize"));
            batch->setValue(16);
            QTest::keyClicks(page->findChild<QLineEdit *>(QStringLiteral("embeddingKey")), secret);

            // A bad address: nothing written, the reason shown, nothing typed lost.
            auto *buttons = dialog.findChild<QDialogButtonBox *>();
            buttons->button(QDialogButtonBox::Apply)->click();
            QTRY_VERIFY(!status(dialog).startsWith(QLatin1String("Saving")));
            QVERIFY2(status(dialog).contains(QLatin1String("not a url")), qPrintable(status(dialog)));
            QVERIFY(!readJson(profile.locations.memorySettingsPath()).value(QLatin1String("embeddings")).toObject().contains(
                QLatin1String("enabled")));
            QCOMPARE(keychainHolds(keys, QStringLiteral("openai-compatible")), QStringLiteral("<none>"));

            baseUrl->clear();
            QTest::keyClicks(baseUrl, QStringLiteral("http://gpu-box:11434/v1"));
            buttons->button(QDialogButtonBox::Apply)->click();
            QTRY_VERIFY_WITH_TIMEOUT(status(dialog).startsWith(QLatin1String("Saved")), 20000);
            QCOMPARE(keychainHolds(keys, QStringLiteral("openai-compatible")), secret);
            QTRY_VERIFY(keyState->text().contains(QStringLiteral("sk-emb\u2026qrst")));
            QVERIFY(!keyState->text().contains(secret));
        }

        const QJsonObject saved = readJson(profile.locations.memorySettingsPath());
        QCOMPARE(saved.value(QLatin1String("captureThresholdTokens")).toInt(), 777);
        QVERIFY(!QJsonDocument(saved).toJson().contains(secret.toUtf8()));
        const Result<MemorySettings> memory = MemorySettings::load(profile.locations.memorySettingsPath());
        VALIS_VERIFY_OK(memory);
        const Result<EmbeddingSettings> embeddings = EmbeddingSettings::fromJson(memory->embeddings);
        VALIS_VERIFY_OK(embeddings);
        QVERIFY(embeddings->enabled);
        QCOMPARE(embeddings->provider, QStringLiteral("openai-compatible"));
        QCOMPARE(embeddings->model, QStringLiteral("nomic-embed-text"));
        QCOMPARE(embeddings->baseUrl, QUrl(QStringLiteral("http://gpu-box:11434/v1")));
        QCOMPARE(embeddings->batchSize, 16);
        QCOMPARE(embeddings->queryTimeoutMs, 300); // not on the page, kept

        // Opened again: what was saved, the key masked; switching it off keeps the rest.
        SettingsDialog again(profile.locations, profile.plugins.get(), &keys);
        again.show();
        auto *page = again.findChild<EmbeddingsPage *>();
        QVERIFY(page->findChild<QCheckBox *>(QStringLiteral("embeddingsEnabled"))->isChecked());
        QCOMPARE(page->findChild<QComboBox *>(QStringLiteral("embeddingProvider"))->currentData().toString(),
                 QStringLiteral("openai-compatible"));
        QCOMPARE(page->findChild<QLineEdit *>(QStringLiteral("embeddingModel"))->text(), QStringLiteral("nomic-embed-text"));
        QCOMPARE(page->findChild<QSpinBox *>(QStringLiteral("embeddingBatchSize"))->value(), 16);
        QTRY_VERIFY(page->findChild<QLabel *>(QStringLiteral("embeddingKeyState"))->text().contains(QStringLiteral("sk-emb\u2026qrst")));
        page->findChild<QCheckBox *>(QStringLiteral("embeddingsEnabled"))->setChecked(false);
        auto *remove = page->findChild<QPushButton *>(QStringLiteral("removeEmbeddingKey"));
        QTRY_VERIFY(remove->isEnabled());
        remove->click();
        again.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Apply)->click();
        QTRY_VERIFY_WITH_TIMEOUT(status(again).startsWith(QLatin1String("Saved")), 20000);
        QCOMPARE(keychainHolds(keys, QStringLiteral("openai-compatible")), QStringLiteral("<none>"));
        const QJsonObject off = readJson(profile.locations.memorySettingsPath()).value(QLatin1String("embeddings")).toObject();
        QCOMPARE(off.value(QLatin1String("enabled")).toBool(true), false);
        QCOMPARE(off.value(QLatin1String("model")).toString(), QStringLiteral("nomic-embed-text"));
    }

    void runnerEmbedsAfterTurnsAndCancels()
    {
        Profile profile;
        test::EmbeddingStandIn server;
        QVERIFY(server.listen());
        QVERIFY(QDir().mkpath(profile.locations.dataDir()));
        auto memory = SqliteDetailStore::open(profile.locations.memoryDatabasePath());
        VALIS_VERIFY_OK(memory);
        for (int i = 0; i < 3; ++i) {
            NewMemory record;
            record.summary = QStringLiteral("note %1").arg(i);
            record.content = QStringLiteral("The note number %1 about staging builds.").arg(i).toUtf8();
            VALIS_VERIFY_OK((*memory)->put(record));
        }
        auto sessions = SessionStore::open(profile.locations.sessionDatabasePath());
        VALIS_VERIFY_OK(sessions);
        QJsonObject embeddings{{QStringLiteral("enabled"), true},
                               {QStringLiteral("provider"), QStringLiteral("openai-compatible")},
                               {QStringLiteral("model"), QStringLiteral("desk-model")},
                               {QStringLiteral("baseUrl"), QString(server.baseUrl().toString() + QStringLiteral("/v1"))},
                               {QStringLiteral("batchSize"), 1}};
        QVERIFY(test::writeFile(profile.locations.memorySettingsPath(),
                                QJsonDocument(QJsonObject{{QStringLiteral("version"), 1}, {QStringLiteral("embeddings"), embeddings}})
                                    .toJson()));

        QWidget window;
        EmbeddingRunner runner(profile.locations, nullptr);
        runner.setDebounce(std::chrono::milliseconds(200));
        auto *view = new EmbeddingStatus(&runner, &window);
        window.show();
        QStringList shown;
        connect(&runner, &EmbeddingRunner::progressed, view, [&] { shown.append(view->text()); });
        QList<Result<void>> results;
        connect(&runner, &EmbeddingRunner::finished, this, [&](const Result<void> &result) { results.append(result); });

        runner.reload(profile.plugins.get());
        QVERIFY(runner.isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(results.size() == 1, 30000);
        VALIS_VERIFY_OK(results.first());
        QVERIFY2(shown.contains(QStringLiteral("Embedding 3 / 3")), qPrintable(shown.join(QLatin1Char('|'))));
        QVERIFY(view->isHidden()); // done: nothing left to show
        QCOMPARE(server.inputsPerRequest().size(), 3);

        // A turn ended (its message stored): one pass after the debounce, for the new text only.
        SessionInfo info;
        info.title = QStringLiteral("Turn");
        const QString session = (*sessions)->createSession(info).value().id;
        Message message;
        message.role = Role::User;
        message.parts = {Part::makeText(QStringLiteral("a question asked in the turn"))};
        VALIS_VERIFY_OK((*sessions)->appendMessages(session, {message}));
        runner.scheduleRun();
        runner.scheduleRun(); // debounced into the same pass
        QTRY_VERIFY_WITH_TIMEOUT(results.size() == 2, 30000);
        VALIS_VERIFY_OK(results.at(1));
        QCOMPARE(server.inputsPerRequest().size(), 4);
        QCOMPARE(server.inputsPerRequest().last(), QStringList{QStringLiteral("a question asked in the turn")});

        // Many new records; the status bar's cancel stops the pass after the first request.
        for (int i = 0; i < 40; ++i) {
            NewMemory record;
            record.summary = QStringLiteral("bulk %1").arg(i);
            record.content = QStringLiteral("Bulk record %1.").arg(i).toUtf8();
            VALIS_VERIFY_OK((*memory)->put(record));
        }
        auto *cancel = view->findChild<QToolButton *>(QStringLiteral("cancelEmbedding"));
        bool clicked = false;
        connect(&runner, &EmbeddingRunner::progressed, view, [&](qint64 done, qint64) {
            if (done >= 1 && !clicked && !view->isHidden() && cancel->isVisible()) {
                clicked = true;
                cancel->click();
            }
        });
        runner.scheduleRun();
        QTRY_VERIFY_WITH_TIMEOUT(results.size() == 3, 30000);
        QVERIFY(clicked);
        QVERIFY(results.at(2).hasError());
        QCOMPARE(results.at(2).error().code, QStringLiteral("embedding.cancelled"));
        QVERIFY(server.inputsPerRequest().size() < 4 + 40);
        QVERIFY(view->isHidden()); // a cancel is no failure to show

        // A provider that refuses: the status bar says so.
        embeddings.insert(QStringLiteral("model"), QStringLiteral("missing-model"));
        QVERIFY(test::writeFile(profile.locations.memorySettingsPath(),
                                QJsonDocument(QJsonObject{{QStringLiteral("version"), 1}, {QStringLiteral("embeddings"), embeddings}})
                                    .toJson()));
        runner.reload(profile.plugins.get());
        QTRY_VERIFY_WITH_TIMEOUT(results.size() == 4, 30000);
        QVERIFY(results.at(3).hasError());
        QCOMPARE(view->text(), QStringLiteral("Embedding failed"));
        QVERIFY2(view->findChild<QLabel *>(QStringLiteral("embeddingProgress"))->toolTip().contains(QLatin1String("missing-model")),
                 qPrintable(view->findChild<QLabel *>(QStringLiteral("embeddingProgress"))->toolTip()));

        // Turned off: the runner stays idle.
        embeddings.insert(QStringLiteral("enabled"), false);
        QVERIFY(test::writeFile(profile.locations.memorySettingsPath(),
                                QJsonDocument(QJsonObject{{QStringLiteral("version"), 1}, {QStringLiteral("embeddings"), embeddings}})
                                    .toJson()));
        runner.reload(profile.plugins.get());
        QVERIFY(!runner.isEnabled());
        const qsizetype requests = server.requests().size();
        runner.scheduleRun();
        QTest::qWait(500);
        QCOMPARE(server.requests().size(), requests);
    }
};

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    TestEmbeddingSettings test;
    QTEST_SET_MAIN_SOURCE_PATH
    return ::valis::test::runTests(&test, argc, argv);
}
#include "tst_embeddingsettings.moc"
