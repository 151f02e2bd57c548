// valis-cli tokens: counts and ids of a file or standard input, by encoding or by model.
#include "clirunner.h"
#include "testsupport.h"
#include "valis/tokens/bpeencoding.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace valis;
using namespace valis::test;

class TestCliTokens : public QObject
{
    Q_OBJECT

    TemporaryHome m_home;

    CliRun tokens(const QStringList &arguments, const QByteArray &input = {}) const
    {
        return runCli(QStringList{QStringLiteral("--home"), m_home.path(), QStringLiteral("tokens")} + arguments,
                      anthropicCliEnvironment(), input);
    }

private Q_SLOTS:
    void countsAndIdsOfAFileAndOfStandardInput()
    {
        const QString text = QStringLiteral("The café's menu: 12345 crêpes 🥞, don't they?\n\tindented line\n");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("text.md"));
        QVERIFY(writeFile(path, text.toUtf8()));
        for (const QString &name : BpeEncoding::names()) {
            const std::vector<quint32> expected = BpeEncoding::load(name).value()->encode(text);
            QStringList ids;
            for (quint32 id : expected)
                ids << QString::number(id);
            const CliRun fromFile = tokens({QStringLiteral("--encoding"), name, QStringLiteral("--ids"), path});
            QVERIFY2(fromFile.exitCode == 0, fromFile.err.constData());
            QCOMPARE(fromFile.outLines(), (QStringList{QString::number(expected.size()), ids.join(QLatin1Char(' '))}));
            const CliRun fromInput = tokens({QStringLiteral("--encoding"), name, QStringLiteral("-")}, text.toUtf8());
            QCOMPARE(fromInput.outLines(), QStringList{QString::number(expected.size())});
        }
    }

    void modelsChooseTheirTokenizer()
    {
        const QByteArray text = "Count me as a model would.";
        CliRun gpt = tokens({QStringLiteral("--model"), QStringLiteral("gpt-4o"), QStringLiteral("--json"), QStringLiteral("--ids")}, text);
        QVERIFY2(gpt.exitCode == 0, gpt.err.constData());
        const QJsonObject exact = QJsonDocument::fromJson(gpt.out).object();
        QCOMPARE(exact.value(QLatin1String("encoding")).toString(), QStringLiteral("o200k_base"));
        QCOMPARE(exact.value(QLatin1String("exact")).toBool(), true);
        QCOMPARE(exact.value(QLatin1String("tokens")).toInteger(),
                 qint64(BpeEncoding::load(QStringLiteral("o200k_base")).value()->encode(QString::fromUtf8(text)).size()));
        QCOMPARE(exact.value(QLatin1String("ids")).toArray().size(), exact.value(QLatin1String("tokens")).toInteger());
        // Claude: an estimate, said so; no ids to show.
        const CliRun claude = tokens({QStringLiteral("--model"), QStringLiteral("claude-sonnet-4-5")}, text);
        QVERIFY2(claude.exitCode == 0, claude.err.constData());
        QVERIFY(claude.outLines().first().toInt() > 0);
        QVERIFY2(claude.err.contains("estimate"), claude.err.constData());
        const CliRun noIds = tokens({QStringLiteral("--model"), QStringLiteral("claude-sonnet-4-5"), QStringLiteral("--ids")}, text);
        QCOMPARE(noIds.exitCode, 1);
        QVERIFY2(noIds.err.contains("no public tokenizer"), noIds.err.constData());
    }

    void mistakesAreExplained()
    {
        CliRun run = tokens({QStringLiteral("--encoding"), QStringLiteral("p50k")}, "x");
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("o200k_base"), run.err.constData());
        run = tokens({QStringLiteral("--encoding"), QStringLiteral("o200k_base"), QStringLiteral("--model"), QStringLiteral("gpt-4o")}, "x");
        QCOMPARE(run.exitCode, 2);
        run = tokens({}, QByteArray("\xff\xfe broken", 9));
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("not valid UTF-8"), run.err.constData());
        run = tokens({QStringLiteral("/no/such/file.txt")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("/no/such/file.txt"), run.err.constData());
        run = tokens({QStringLiteral("--model"), QStringLiteral("no-such-model-anywhere")}, "x");
        QCOMPARE(run.exitCode, 1);
    }
};

VALIS_TEST_MAIN(TestCliTokens)
#include "tst_clitokens.moc"
