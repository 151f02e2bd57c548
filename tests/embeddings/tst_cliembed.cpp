// `valis-cli memory embed` end to end: the real valis-cli (which loads the real embeddings plugin
// from the build) against the embedding stand-in, over a profile's SQLite memory and session
// database filled through the API. --status before and after, progress on stderr, a second run
// that sends nothing, and the refusals (embeddings off, an unknown provider).
#include "embeddingstandin.h"
#include "testsupport.h"

#include "valis/core/datalocations.h"
#include "valis/memory/sqlitedetailstore.h"
#include "valis/store/sessionstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace valis;
using namespace valis::test;

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

Message textMessage(Role role, const QString &text)
{
    Message message;
    message.role = role;
    message.parts = {Part::makeText(text)};
    return message;
}

/// The JSON lines of `out`, by "source" (and "space" when several spaces are listed).
QHash<QString, QJsonObject> bySource(const QString &out)
{
    QHash<QString, QJsonObject> objects;
    for (const QString &line : out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QJsonObject object = QJsonDocument::fromJson(line.toUtf8()).object();
        objects.insert(object.value(QLatin1String("source")).toString() + QLatin1Char('/')
                           + object.value(QLatin1String("space")).toString(),
                       object);
    }
    return objects;
}

} // namespace

class TestCliEmbed : public QObject
{
    Q_OBJECT

private:
    /// valis-cli with the profile, run while this process's event loop serves the stand-in.
    Run cli(const QStringList &arguments)
    {
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        for (const char *name : {"VALIS_HOME", "OPENAI_API_KEY", "OPENAI_COMPATIBLE_API_KEY", "OPENAI_COMPATIBLE_BASE_URL"})
            environment.remove(QLatin1String(name));
        environment.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
        // No keychain to ask: the provider needs no key, so its absence is no error.
        environment.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), QStringLiteral("unix:path=/nonexistent/valis-no-session-bus"));
        process.setProcessEnvironment(environment);
        process.setWorkingDirectory(m_home->path());
        process.start(buildDir() + QStringLiteral("/bin/valis-cli"),
                      QStringList{QStringLiteral("--home"), m_home->path(), QStringLiteral("memory"), QStringLiteral("embed")}
                          + arguments);
        Run run;
        if (!QTest::qWaitFor([&] { return process.state() == QProcess::NotRunning; }, 120000)) {
            process.kill();
            process.waitForFinished();
            run.err = QStringLiteral("valis-cli did not finish");
            return run;
        }
        run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
        run.out = QString::fromUtf8(process.readAllStandardOutput());
        run.err = QString::fromUtf8(process.readAllStandardError());
        return run;
    }

    void writeSettings(const QJsonObject &embeddings)
    {
        const QJsonObject settings{{QStringLiteral("version"), 1}, {QStringLiteral("embeddings"), embeddings}};
        QVERIFY(writeFile(m_locations.memorySettingsPath(), QJsonDocument(settings).toJson()));
    }

    QJsonObject enabledSettings() const
    {
        return QJsonObject{{QStringLiteral("enabled"), true},
                           {QStringLiteral("provider"), QStringLiteral("openai-compatible")},
                           {QStringLiteral("model"), QStringLiteral("cli-model")},
                           {QStringLiteral("baseUrl"), QString(m_server->baseUrl().toString() + QStringLiteral("/v1"))},
                           {QStringLiteral("batchSize"), 2}};
    }

    std::unique_ptr<TemporaryHome> m_home;
    DataLocations m_locations;
    std::unique_ptr<EmbeddingStandIn> m_server;

private Q_SLOTS:
    void init()
    {
        m_home = std::make_unique<TemporaryHome>();
        m_locations = DataLocations::underHome(m_home->path());
        m_server = std::make_unique<EmbeddingStandIn>();
        QVERIFY(m_server->listen());
        QVERIFY(QDir().mkpath(m_locations.dataDir()));
        auto memory = SqliteDetailStore::open(m_locations.memoryDatabasePath());
        QVERIFY2(memory.ok(), qPrintable(memory.ok() ? QString() : memory.error().toString()));
        for (const char *text : {"The staging build needs --no-lto.", "Deploys go out from the release branch.",
                                 "Lisbon is sunny in May."}) {
            NewMemory record;
            record.summary = QString::fromLatin1(text).left(20);
            record.content = text;
            QVERIFY((*memory)->put(record).ok());
        }
        auto sessions = SessionStore::open(m_locations.sessionDatabasePath());
        QVERIFY(sessions.ok());
        SessionInfo info;
        info.title = QStringLiteral("Staging");
        const QString session = (*sessions)->createSession(info).value().id;
        QVERIFY((*sessions)->appendMessages(session, {textMessage(Role::User, QStringLiteral("why does staging fail")),
                                                      textMessage(Role::Assistant, QStringLiteral("the linker needs no-lto"))})
                    .ok());
    }

    void cleanup()
    {
        m_server.reset();
        m_home.reset();
    }

    void embedsOnceAndReportsStatus()
    {
        writeSettings(enabledSettings());

        Run before = cli({QStringLiteral("--status"), QStringLiteral("--json")});
        QVERIFY2(before.exitCode == 0, qPrintable(before.err));
        QHash<QString, QJsonObject> status = bySource(before.out);
        QJsonObject memories = status.value(QStringLiteral("memory/cli-model"));
        QCOMPARE(memories.value(QLatin1String("passages")).toInt(), 3);
        QCOMPARE(memories.value(QLatin1String("embedded")).toInt(), 0);
        QCOMPARE(memories.value(QLatin1String("pending")).toInt(), 3);
        QCOMPARE(memories.value(QLatin1String("configured")).toBool(), true);
        QCOMPARE(status.value(QStringLiteral("transcript/cli-model")).value(QLatin1String("pending")).toInt(), 2);
        QCOMPARE(m_server->requests().size(), 0);

        Run embedded = cli({});
        QVERIFY2(embedded.exitCode == 0, qPrintable(embedded.err));
        // Progress per source on stderr, ending at the whole.
        QVERIFY2(embedded.err.contains(QStringLiteral("memories: 3 / 3")), qPrintable(embedded.err));
        QVERIFY2(embedded.err.contains(QStringLiteral("transcripts: 2 / 2")), qPrintable(embedded.err));
        QVERIFY2(embedded.out.contains(QStringLiteral("memories: 3 needed a vector: 3 embedded")), qPrintable(embedded.out));
        QVERIFY2(embedded.out.contains(QStringLiteral("transcripts: 2 needed a vector: 2 embedded")), qPrintable(embedded.out));
        // Every passage went to the stand-in once, in batches of at most two.
        QStringList sent;
        for (const QStringList &batch : m_server->inputsPerRequest()) {
            QVERIFY(batch.size() <= 2);
            sent += batch;
        }
        QCOMPARE(sent.size(), 5);
        QVERIFY(sent.filter(QStringLiteral("release branch")).size() == 1);
        QVERIFY(sent.filter(QStringLiteral("the linker needs no-lto")).size() == 1);

        Run after = cli({QStringLiteral("--status"), QStringLiteral("--json")});
        QVERIFY2(after.exitCode == 0, qPrintable(after.err));
        status = bySource(after.out);
        memories = status.value(QStringLiteral("memory/cli-model"));
        QCOMPARE(memories.value(QLatin1String("embedded")).toInt(), 3);
        QCOMPARE(memories.value(QLatin1String("pending")).toInt(), 0);
        QCOMPARE(memories.value(QLatin1String("complete")).toBool(), true);
        QCOMPARE(memories.value(QLatin1String("searched")).toBool(), true);
        QCOMPARE(memories.value(QLatin1String("dimension")).toInt(), EmbeddingStandIn::DefaultLength);
        QVERIFY(QFileInfo::exists(memories.value(QLatin1String("index")).toString()));
        const QJsonObject transcripts = status.value(QStringLiteral("transcript/cli-model"));
        QCOMPARE(transcripts.value(QLatin1String("embedded")).toInt(), 2);
        QVERIFY(QFileInfo::exists(transcripts.value(QLatin1String("index")).toString()));

        // Human-readable status names the index files.
        Run text = cli({QStringLiteral("--status")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains(QStringLiteral("3 of 3 with vectors, 0 pending")), qPrintable(text.out));
        QVERIFY2(text.out.contains(memories.value(QLatin1String("index")).toString()), qPrintable(text.out));

        // Nothing left to do: a second run sends no request.
        const qsizetype requests = m_server->requests().size();
        Run again = cli({QStringLiteral("--json")});
        QVERIFY2(again.exitCode == 0, qPrintable(again.err));
        QCOMPARE(bySource(again.out).value(QStringLiteral("memory/cli-model")).value(QLatin1String("total")).toInt(), 0);
        QCOMPARE(m_server->requests().size(), requests);
    }

    void refusesWithoutEmbeddingsOrProvider()
    {
        Run off = cli({});
        QCOMPARE(off.exitCode, 1);
        QVERIFY2(off.err.contains(QStringLiteral("embeddings are off")), qPrintable(off.err));
        // --status still answers, with nothing configured.
        Run status = cli({QStringLiteral("--status")});
        QVERIFY2(status.exitCode == 0, qPrintable(status.err));
        QVERIFY2(status.out.contains(QStringLiteral("Embeddings are off")), qPrintable(status.out));

        QJsonObject unknown = enabledSettings();
        unknown.insert(QStringLiteral("provider"), QStringLiteral("no-such-provider"));
        writeSettings(unknown);
        Run missing = cli({});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.err.contains(QStringLiteral("no-such-provider")) && missing.err.contains(QStringLiteral("openai-compatible")),
                 qPrintable(missing.err));

        // A server that refuses: the provider's error, exit 1, and nothing counted as embedded.
        QJsonObject broken = enabledSettings();
        broken.insert(QStringLiteral("model"), QStringLiteral("missing-model"));
        writeSettings(broken);
        Run refused = cli({});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains(QStringLiteral("embedding.model-not-found")) || refused.err.contains(QStringLiteral("missing-model")),
                 qPrintable(refused.err));
        Run after = cli({QStringLiteral("--status"), QStringLiteral("--json")});
        QCOMPARE(bySource(after.out).value(QStringLiteral("memory/missing-model")).value(QLatin1String("embedded")).toInt(), 0);
    }
};

QTEST_GUILESS_MAIN(TestCliEmbed)
#include "tst_cliembed.moc"
