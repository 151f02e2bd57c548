// The cache of run_script's compiled self-hosted code (SelfHostedCache): the file format refuses
// what is not an intact file of this engine build, and the real valis-cli writes the cache once,
// starts from it afterwards, and runs scripts as usual when the file is damaged, truncated or
// garbage (writing it anew).
#include "clirunner.h"
#include "selfhostedcache.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace valis;
using namespace valis::codemode;
using namespace valis::test;

namespace {

QByteArray fileBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestEngineCache : public QObject
{
    Q_OBJECT

private:
    static CliRun runScript(const TemporaryHome &home, const QString &code)
    {
        const QString arguments = QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("code"), code}}).toJson(QJsonDocument::Compact));
        return runCli({QStringLiteral("--home"), home.path(), QStringLiteral("tool"), QStringLiteral("run_script"), QStringLiteral("--workspace"),
                       home.path(), QStringLiteral("--args"), arguments},
                      anthropicCliEnvironment());
    }

    // The one cache file of the profile, or empty.
    static QString cacheFile(const TemporaryHome &home)
    {
        const QDir dir(home.filePath(QStringLiteral("cache/codemode")));
        const QStringList files = dir.entryList({QStringLiteral("selfhosted-*.bin")}, QDir::Files);
        return files.size() == 1 ? dir.filePath(files.first()) : QString();
    }

    // A script that needs the self-hosted built-ins (Array.prototype.map, sort, JSON, Promise.all).
    static void verifyScriptRuns(const TemporaryHome &home)
    {
        const CliRun run = runScript(home, QStringLiteral("const xs = await Promise.all([3, 1, 2].map(async x => x * 2));\n"
                                                          "return xs.sort((a, b) => a - b).join(',') + ' ' + [...'ab'].reverse().join('');"));
        QVERIFY2(run.exitCode == 0, QByteArray(run.err + run.out).constData());
        QCOMPARE(QString::fromUtf8(run.out).trimmed(), QStringLiteral("2,4,6 ba"));
    }

private Q_SLOTS:
    void theFileFormatRefusesWhatIsNotIntact()
    {
        QTemporaryDir dir;
        const QByteArray key = "engine-build-1";
        const QString path = SelfHostedCache::filePath(dir.path(), key);
        QByteArray payload(300000, '\0');
        for (qsizetype i = 0; i < payload.size(); ++i)
            payload[i] = char((i * 7919) % 251);
        QVERIFY(SelfHostedCache::read(path, key).hasError()); // missing
        QVERIFY(SelfHostedCache::write(path, key, payload).ok());
        Result<QByteArray> back = SelfHostedCache::read(path, key);
        QVERIFY2(back.ok(), qPrintable(back.hasError() ? back.error().message : QString()));
        QCOMPARE(*back, payload);
        // Another build's file, even intact, is not used.
        QVERIFY(SelfHostedCache::read(path, "engine-build-2").hasError());
        QVERIFY(SelfHostedCache::filePath(dir.path(), "engine-build-2") != path);

        const QByteArray good = fileBytes(path);
        const auto refused = [&](const QByteArray &bytes) {
            QFile file(path);
            if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size())
                return false;
            file.close();
            return SelfHostedCache::read(path, key).hasError();
        };
        QByteArray flipped = good;
        flipped[flipped.size() / 2] = char(flipped.at(flipped.size() / 2) ^ 0x40);
        QVERIFY(refused(flipped));
        QVERIFY(refused(good.left(good.size() / 2)));
        QVERIFY(refused(good + "x"));
        QVERIFY(refused(QByteArray()));
        QVERIFY(refused(QByteArray(4096, '\xff')));
        QByteArray badMagic = good;
        badMagic[0] = 'X';
        QVERIFY(refused(badMagic));
        QVERIFY(!refused(good)); // the same bytes again are accepted
    }

    void theCliWritesTheCacheOnceAndSurvivesADamagedOne()
    {
        TemporaryHome home;
        verifyScriptRuns(home);
        const QString path = cacheFile(home);
        QVERIFY2(!path.isEmpty(), qPrintable(QDir(home.filePath(QStringLiteral("cache"))).entryList().join(QLatin1Char(' '))));
        const QByteArray written = fileBytes(path);
        QVERIFY2(written.size() > 100000, qPrintable(QString::number(written.size())));

        // Started from the cache: the file is read, not written again.
        const QDateTime modified = QFileInfo(path).lastModified();
        QTest::qWait(1100); // file times have a resolution of a second on some file systems
        verifyScriptRuns(home);
        QCOMPARE(QFileInfo(path).lastModified(), modified);
        QCOMPARE(fileBytes(path), written);

        // Damaged in the middle, truncated, replaced by garbage: each time the script runs, and
        // the engine writes a good file again.
        QByteArray flipped = written;
        for (qsizetype i = written.size() / 3; i < written.size() / 3 + 64; ++i)
            flipped[i] = char(flipped.at(i) ^ 0x5a);
        const QList<QByteArray> damaged = {flipped, written.left(written.size() / 2), QByteArray(written.size(), 'z')};
        for (const QByteArray &bytes : damaged) {
            QVERIFY(writeFile(path, bytes));
            verifyScriptRuns(home);
            const QByteArray after = fileBytes(path);
            QVERIFY(after != bytes);
            QCOMPARE(after.size(), written.size());
            QCOMPARE(cacheFile(home), path);
        }
    }
};

VALIS_TEST_MAIN(TestEngineCache)
#include "tst_enginecache.moc"
