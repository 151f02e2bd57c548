// The zero-token write, through the real valis-cli against the local provider server:
// exec prints 5 MB, the harness captures it as a MemoryRef, and the model writes it to files
// with write_file from_key (the MemoryRef, then a document saved from it) and from_call. Every
// file is byte-exact, while no request sent to the provider carries more than a small part of
// the output.
#include "clirunner.h"
#include "providerserver.h"
#include "streambuilders.h"
#include "testsupport.h"

#include "valis/memory/memoryref.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

constexpr qsizetype OutputBytes = 5 * 1024 * 1024;

QByteArray call(const QString &id, const QString &tool, const QJsonObject &arguments)
{
    return AnthropicStream().toolUse(id, tool, arguments).stop(QStringLiteral("tool_use"));
}

QByteArray answer(const QString &text)
{
    return AnthropicStream().text(text).stop(QStringLiteral("end_turn"));
}

/// 5 MB of text a lossy path would change: tabs, UTF-8, long and short lines, no final newline.
QByteArray payload()
{
    QByteArray bytes;
    bytes.reserve(OutputBytes + 100);
    QRandomGenerator random(2205);
    int row = 0;
    while (bytes.size() < OutputBytes) {
        bytes += "row " + QByteArray::number(++row) + "\t" + QByteArray::number(random.generate(), 16) + "\t\xc3\xa9l\xc3\xa8ve \xe2\x82\xac ";
        bytes += QByteArray(int(random.generate() % 90), char('a' + row % 26));
        bytes += '\n';
    }
    bytes.truncate(OutputBytes);
    // Never half a character at the cut: exec's output is text.
    while (!bytes.isEmpty() && (uchar(bytes.back()) & 0x80))
        bytes.chop(1);
    if (bytes.endsWith('\n'))
        bytes.chop(1);
    return bytes;
}

/// Empty when equal; else the sizes and the first byte that differs, for the failure message.
QString difference(const QByteArray &got, const QByteArray &expected)
{
    if (got == expected)
        return {};
    qsizetype at = 0;
    while (at < got.size() && at < expected.size() && got.at(at) == expected.at(at))
        ++at;
    return QStringLiteral("%1 bytes, expected %2; first difference at byte %3: got \"%4\", expected \"%5\"")
        .arg(got.size())
        .arg(expected.size())
        .arg(at)
        .arg(QString::fromLatin1(got.mid(at, 40).toPercentEncoding()), QString::fromLatin1(expected.mid(at, 40).toPercentEncoding()));
}

QString documentKeyIn(const QString &text)
{
    static const QRegularExpression key(QStringLiteral("\\b(doc-[a-z0-9-]*[0-9a-f]{6})\\b"));
    return key.match(text).captured(1);
}

QByteArray fileBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
}

} // namespace

class TestDocumentSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aFiveMegabyteOutputGoesToFilesByKey()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("bwrap")).isEmpty())
            QSKIP("bubblewrap (bwrap) is not installed: commands cannot run isolated here");
        TemporaryHome home;
        QTemporaryDir workspace;
        ProviderTestServer server;
        QVERIFY(server.listen());
        const QByteArray bytes = payload();
        QVERIFY(writeFile(workspace.filePath(QStringLiteral("payload.dat")), bytes));

        server.enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_gen"), QStringLiteral("exec"),
                                                  {{QStringLiteral("command"), QStringLiteral("cat payload.dat")}})));
        // The model reads keys off what it was shown, as a model would.
        QString ref;
        QString document;
        server.setBeforeAnswer([&](int index, const CapturedRequest &request) {
            const QJsonObject body = request.json();
            if (index == 1) {
                const QList<MemoryRef> refs = MemoryRef::findAll(anthropicToolResult(body, QStringLiteral("toolu_gen")));
                ref = refs.isEmpty() ? QStringLiteral("m-000000") : refs.first().key;
                server.enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_w1"), QStringLiteral("write_file"),
                                                          {{QStringLiteral("path"), QStringLiteral("out/by-ref.dat")},
                                                           {QStringLiteral("from_key"), ref}})));
            } else if (index == 2) {
                server.enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_save"), QStringLiteral("save_document"),
                                                          {{QStringLiteral("name"), QStringLiteral("payload dump")},
                                                           {QStringLiteral("from_key"), ref}})));
            } else if (index == 3) {
                document = documentKeyIn(anthropicToolResult(body, QStringLiteral("toolu_save")));
                server.enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_w2"), QStringLiteral("write_file"),
                                                          {{QStringLiteral("path"), QStringLiteral("out/by-document.dat")},
                                                           {QStringLiteral("from_key"), document.isEmpty() ? QStringLiteral("doc-none-000000") : document}})));
            } else if (index == 4) {
                server.enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_w3"), QStringLiteral("write_file"),
                                                          {{QStringLiteral("path"), QStringLiteral("out/by-call.dat")},
                                                           {QStringLiteral("from_call"), QStringLiteral("toolu_gen")}})));
            } else if (index == 5) {
                server.enqueue(ScriptedResponse::sse(answer(QStringLiteral("Written three times."))));
            }
        });

        const CliRun result = runCli({QStringLiteral("--home"), home.path(), QStringLiteral("run"), QStringLiteral("--provider"),
                                      QStringLiteral("anthropic"), QStringLiteral("--model"), QStringLiteral("claude-sonnet-4-5"),
                                      QStringLiteral("--base-url"), server.baseUrl().toString(), QStringLiteral("--workspace"),
                                      workspace.path(), QStringLiteral("--approve"), QStringLiteral("all"),
                                      QStringLiteral("--no-keychain"), QStringLiteral("Dump the payload into out/ three ways.")},
                                     anthropicCliEnvironment());
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QCOMPARE(server.requests().size(), 6);
        QCOMPARE(server.unexpectedRequests(), 0);

        const QList<CapturedRequest> requests = server.requests();
        const QString shown = anthropicToolResult(requests.at(1).json(), QStringLiteral("toolu_gen"));
        QVERIFY2(shown.contains(QStringLiteral("[MemoryRef: ") + ref), qPrintable(shown.left(2000)));
        for (const QString &id : {QStringLiteral("toolu_w1"), QStringLiteral("toolu_w2"), QStringLiteral("toolu_w3")}) {
            const QString written = anthropicToolResult(requests.last().json(), id);
            QVERIFY2(written.startsWith(QStringLiteral("Created ")), qPrintable(id + QStringLiteral(": ") + written));
        }
        QVERIFY2(!document.isEmpty(), qPrintable(anthropicToolResult(requests.at(3).json(), QStringLiteral("toolu_save"))));

        // Byte-exact, all three ways.
        for (const QString &name : {QStringLiteral("by-ref.dat"), QStringLiteral("by-document.dat"), QStringLiteral("by-call.dat")}) {
            const QString wrong = difference(fileBytes(workspace.filePath(QStringLiteral("out/") + name)), bytes);
            QVERIFY2(wrong.isEmpty(), qPrintable(name + QStringLiteral(": ") + wrong));
        }

        // Zero tokens: no request carried more than a small fraction of the output, and none
        // carried a stretch from its middle (the preview shows only its start and end).
        const QByteArray middle = bytes.mid(bytes.size() / 2, 200);
        qsizetype largest = 0;
        for (int i = 0; i < requests.size(); ++i) {
            const QByteArray body = requests.at(i).body;
            largest = qMax(largest, body.size());
            QVERIFY2(body.size() < OutputBytes / 50, qPrintable(QStringLiteral("request %1 is %2 bytes").arg(i).arg(body.size())));
            QVERIFY2(!body.contains(middle), qPrintable(QStringLiteral("request %1 carries the output's middle").arg(i)));
        }
        qInfo("output %lld bytes; largest request body %lld bytes", qlonglong(bytes.size()), qlonglong(largest));
    }
};

VALIS_TEST_MAIN(TestDocumentSession)
#include "tst_documentsession.moc"
