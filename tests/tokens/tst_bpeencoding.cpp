// Exact BPE for o200k_base and cl100k_base: identical token ids to the reference (gpt-tokenizer,
// run under node at test time) on the hard cases of pre-tokenisation, random text in many
// scripts, long inputs and the fixture transcripts; and the encoding's own contract.
#include "testsupport.h"
#include "valis/import/transcriptimporter.h"
#include "valis/tokens/bpeencoding.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QtConcurrent/QtConcurrent>
#include <QtTest>

using namespace valis;

namespace {

QString sourceDir()
{
    return QStringLiteral(VALIS_SOURCE_DIR);
}

/// Why the reference cannot run here, or an empty string.
QString oracleMissing()
{
    if (QStandardPaths::findExecutable(QStringLiteral("node")).isEmpty())
        return QStringLiteral("node is not installed");
    if (!QFile::exists(sourceDir() + QStringLiteral("/node_modules/gpt-tokenizer/package.json")))
        return QStringLiteral("the npm package gpt-tokenizer is not installed (run npm ci in %1)").arg(sourceDir());
    return {};
}

/// The reference's ids of each text.
QList<std::vector<quint32>> oracle(const QString &encoding, const QStringList &texts)
{
    QByteArray input;
    for (const QString &text : texts)
        input += QJsonDocument(QJsonObject{{QStringLiteral("encoding"), encoding}, {QStringLiteral("text"), text}}).toJson(QJsonDocument::Compact) + '\n';
    QProcess node;
    node.start(QStringLiteral("node"), {sourceDir() + QStringLiteral("/tests/tokens/oracle.mjs")});
    if (!node.waitForStarted())
        return {};
    node.write(input);
    node.closeWriteChannel();
    node.waitForFinished(300000);
    QList<std::vector<quint32>> results;
    for (const QByteArray &line : node.readAllStandardOutput().split('\n')) {
        if (line.isEmpty())
            continue;
        std::vector<quint32> ids;
        for (const QJsonValue &id : QJsonDocument::fromJson(line).array())
            ids.push_back(quint32(id.toInteger()));
        results.append(ids);
    }
    if (results.size() != texts.size())
        qWarning().noquote() << node.readAllStandardError();
    return results;
}

QString shown(const std::vector<quint32> &ids)
{
    QStringList list;
    for (quint32 id : ids)
        list << QString::number(id);
    return list.join(QLatin1Char(' '));
}

/// Compares every text's ids with the reference's, naming the first text that differs.
void compareWithOracle(const QString &encoding, const QStringList &texts)
{
    const QString missing = oracleMissing();
    if (!missing.isEmpty())
        QSKIP(qPrintable(QStringLiteral("the reference tokenizer cannot run: ") + missing));
    const std::shared_ptr<const BpeEncoding> bpe = BpeEncoding::load(encoding).value();
    const QList<std::vector<quint32>> expected = oracle(encoding, texts);
    QCOMPARE(expected.size(), texts.size());
    for (qsizetype i = 0; i < texts.size(); ++i) {
        const std::vector<quint32> ids = bpe->encode(texts.at(i));
        if (ids != expected.at(i)) {
            QFAIL(qPrintable(QStringLiteral("%1 differs on text %2 %3:\n  ours   %4\n  theirs %5")
                                 .arg(encoding)
                                 .arg(i)
                                 .arg(QString::fromUtf8(QJsonDocument(QJsonArray{texts.at(i).left(300)}).toJson(QJsonDocument::Compact)),
                                      shown(ids).left(600), shown(expected.at(i)).left(600))));
        }
        QCOMPARE(bpe->count(texts.at(i)), qint64(ids.size()));
    }
}

QStringList hardCases()
{
    return {
        QStringLiteral("Hello, world!"),
        // contractions, in every case, attached and loose
        QStringLiteral("I'm sure it's fine, they'RE here and we'Ve been; you'll see, he'd said, don't"),
        QStringLiteral("'s 't 're 've 'm 'll 'd 'S 'T 'RE 'VE 'M 'LL 'D 'x"),
        QStringLiteral("ROCK'N'ROLL O'Neil McDONALD's HTTPServer iPhone's"),
        QStringLiteral("'tis 'twas rock 'n' roll"),
        // digits
        QStringLiteral("1 12 123 1234 12345 1234567890 3.14159 1,000,000 -42 0x1F 2024-11-24"),
        QStringLiteral("٣٤٥٦ १२३४ 一二三 ⅣⅤ ①②③ ¼½"),
        // emoji, ZWJ sequences, flags, skin tones
        QStringLiteral("👍 👍🏽 👨‍👩‍👧‍👦 🇩🇪🇯🇵 ❤️ ✔︎ 🧑🏿‍💻 a👍b"),
        // CJK, Japanese, Korean
        QStringLiteral("中文分词测试，你好世界。日本語のテキストです。한국어 텍스트입니다."),
        // combining marks and scripts with marks
        QStringLiteral("e\u0301 cafe\u0301 Z̸̛͚a̷l̵g̶o\u0300\u0301 नमस्ते दुनिया ภาษาไทย"),
        QStringLiteral("\u0301leading mark \u0301\u0302 two marks"),
        // right to left
        QStringLiteral("مرحبا بالعالم שלום עולם"),
        // whitespace runs and line breaks
        QStringLiteral("a  b   c    d"),
        QStringLiteral("line one\n\nline two\n\n\n   indented\n\ttabbed\r\nwindows\r\n\r\nend   "),
        QStringLiteral("   "),
        QStringLiteral("\n"),
        QStringLiteral(" \n \n "),
        QStringLiteral("trailing space "),
        QStringLiteral("\u00a0non breaking\u00a0space \u3000ideographic"),
        // punctuation runs, slashes, specials as text
        QStringLiteral("!!! ... ??? /// --- === *** \"quoted\" (paren) [bracket] {brace}"),
        QStringLiteral("path/to/file.cpp:12:5: error: expected ';'\n///\n//\n"),
        QStringLiteral("<|endoftext|> <|endofprompt|> <|fim_prefix|>"),
        // code and JSON
        QStringLiteral("int main(int argc, char *argv[]) {\n    return argc > 1 ? 0 : 1;\n}\n"),
        QStringLiteral("{\"key\": [1, 2.5, true, null], \"nested\": {\"a\": \"b\\n\"}}"),
        QStringLiteral("def f(x):\n    if x:\n        return x ** 2\n    return None\n"),
        // long words and runs
        QStringLiteral("Pneumonoultramicroscopicsilicovolcanoconiosis supercalifragilisticexpialidocious"),
        QStringLiteral("aGVsbG8gd29ybGQgdGhpcyBpcyBiYXNlNjQgZW5jb2RlZCB0ZXh0IGZvciB0ZXN0aW5nIHB1cnBvc2Vz=="),
        QStringLiteral("https://example.com/path?query=1&x=y#fragment"),
        QString(),
    };
}

/// Random text from pools of characters every Unicode version since 9 agrees on: ASCII,
/// whitespace, apostrophes, Latin, Greek, Cyrillic, CJK, kana, Hangul, Arabic, Devanagari with
/// its marks, combining marks, digits of several scripts, emoji. (U+0085 and U+FEFF are left
/// out: JavaScript's \s, which the reference uses, and Unicode's White_Space disagree on them.)
QStringList randomTexts(int count, quint32 seed)
{
    static const QList<QList<char32_t>> pools = {
        {U'a', U'b', U'e', U's', U't', U'z', U'A', U'B', U'S', U'T', U'Z', U'x', U'r', U'v', U'l', U'm', U'd'},
        {U' ', U' ', U' ', U'\t', U'\n', U'\r', U'\u00a0', U'\u3000'},
        {U'\'', U'\'', U'"', U'.', U',', U';', U'!', U'?', U'/', U'-', U'_', U'(', U')', U'{', U'}', U'#', U'@', U'$', U'%'},
        {U'0', U'1', U'2', U'3', U'4', U'5', U'6', U'7', U'8', U'9'},
        {U'é', U'É', U'ñ', U'ß', U'ø', U'Å', U'ǅ', U'ʰ', U'ſ'},
        {U'α', U'β', U'Ω', U'д', U'Ж', U'я'},
        {U'中', U'文', U'字', U'あ', U'カ', U'ー', U'한', U'국'},
        {U'م', U'ر', U'ح', U'ب', U'ا', U'ש', U'ל'},
        {U'न', U'म', U'स', U'\u094d', U'\u0947', U'\u0301', U'\u0300', U'\u20dd'},
        {U'٣', U'४', U'Ⅻ', U'½', U'①'},
        {U'😀', U'👍', U'\U0001F3FD', U'\u200d', U'❤', U'\ufe0f', U'🇩', U'🇪'},
    };
    QRandomGenerator random(seed);
    QStringList texts;
    for (int t = 0; t < count; ++t) {
        QString text;
        const int length = random.bounded(1, 60);
        for (int i = 0; i < length; ++i) {
            // Runs from one pool make words and whitespace runs, switches make the edges.
            const QList<char32_t> &pool = pools.at(random.bounded(int(pools.size())));
            const int run = random.bounded(1, 6);
            for (int r = 0; r < run; ++r) {
                const char32_t c = pool.at(random.bounded(int(pool.size())));
                text += QString::fromUcs4(&c, 1);
            }
        }
        texts.append(text);
    }
    return texts;
}

QString repositoryCode(qsizetype bytes)
{
    QString code;
    QDirIterator it(sourceDir() + QStringLiteral("/harness/src"), {QStringLiteral("*.cpp")}, QDir::Files, QDirIterator::Subdirectories);
    QStringList files;
    while (it.hasNext())
        files << it.next();
    files.sort();
    for (const QString &path : std::as_const(files)) {
        QFile file(path);
        if (file.open(QIODevice::ReadOnly))
            code += QString::fromUtf8(file.readAll());
        if (code.size() >= bytes)
            break;
    }
    return code.left(bytes);
}

/// Every text of a transcript: messages, tool arguments, tool results.
QStringList transcriptTexts(const QString &path)
{
    QStringList texts;
    const TranscriptImporters importers;
    const Result<const TranscriptImporter *> importer = importers.detect(path);
    if (importer.hasError())
        return texts;
    const Result<ImportedTranscript> imported = importer.value()->read(path);
    if (imported.hasError())
        return texts;
    for (const ImportedSession &session : imported->sessions) {
        for (const Message &message : session.messages) {
            for (const Part &part : message.parts) {
                if (!part.text.isEmpty())
                    texts << part.text;
                if (part.kind == PartKind::ToolCall)
                    texts << part.argumentsJson();
                for (const Part &inner : part.content) {
                    if (!inner.text.isEmpty())
                        texts << inner.text;
                }
            }
        }
    }
    return texts;
}

} // namespace

class TestBpeEncoding : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hardCasesMatchTheReference_data()
    {
        QTest::addColumn<QString>("encoding");
        QTest::newRow("o200k_base") << QStringLiteral("o200k_base");
        QTest::newRow("cl100k_base") << QStringLiteral("cl100k_base");
    }
    void hardCasesMatchTheReference()
    {
        QFETCH(QString, encoding);
        compareWithOracle(encoding, hardCases());
    }

    void randomTextMatchesTheReference_data() { hardCasesMatchTheReference_data(); }
    void randomTextMatchesTheReference()
    {
        QFETCH(QString, encoding);
        compareWithOracle(encoding, randomTexts(3000, encoding == QLatin1String("o200k_base") ? 7 : 11));
    }

    void longInputsMatchTheReference_data() { hardCasesMatchTheReference_data(); }
    void longInputsMatchTheReference()
    {
        QFETCH(QString, encoding);
        // Single pieces of many kilobytes take the heap merge (the reference's own merge is
        // quadratic on them, so they stay at 20 KB here).
        compareWithOracle(encoding, {repositoryCode(120000), QString(20000, QLatin1Char('=')), QString(20000, QLatin1Char(' ')),
                                     QStringLiteral("ab1").repeated(30000), QString(20000, QLatin1Char('\n')),
                                     QStringLiteral("x\u0301").repeated(5000), QStringLiteral("-=").repeated(3000) + QStringLiteral("->")});
    }

    void decodeGivesTheTextBack()
    {
        for (const QString &name : BpeEncoding::names()) {
            const std::shared_ptr<const BpeEncoding> bpe = BpeEncoding::load(name).value();
            for (const QString &text : hardCases() + randomTexts(200, 3)) {
                const std::vector<quint32> ids = bpe->encode(text);
                QCOMPARE(QString::fromUtf8(bpe->decode(ids)), text);
                QCOMPARE(bpe->count(text), qint64(ids.size()));
            }
        }
    }

    void threadsGetTheSameIds()
    {
        const std::shared_ptr<const BpeEncoding> bpe = BpeEncoding::load(QStringLiteral("o200k_base")).value();
        const QStringList texts = randomTexts(400, 99) + QStringList{repositoryCode(60000)};
        QList<std::vector<quint32>> alone;
        for (const QString &text : texts)
            alone.append(bpe->encode(text));
        QList<int> runs{0, 1, 2, 3, 4, 5, 6, 7};
        const QList<bool> same = QtConcurrent::blockingMapped(runs, [&](int) {
            for (qsizetype i = 0; i < texts.size(); ++i) {
                if (bpe->encode(texts.at(i)) != alone.at(i))
                    return false;
            }
            return true;
        });
        QVERIFY(!same.contains(false));
    }

    void specialTokensAreTiktokens()
    {
        for (const QString &name : BpeEncoding::names()) {
            QFile file(sourceDir() + QStringLiteral("/node_modules/tiktoken/encoders/%1.json").arg(name));
            if (!file.open(QIODevice::ReadOnly))
                QSKIP("the npm package tiktoken is not installed (run npm ci)");
            const QJsonObject specials = QJsonDocument::fromJson(file.readAll()).object().value(QLatin1String("special_tokens")).toObject();
            QVERIFY(!specials.isEmpty());
            const std::shared_ptr<const BpeEncoding> bpe = BpeEncoding::load(name).value();
            for (auto it = specials.constBegin(); it != specials.constEnd(); ++it)
                QCOMPARE(bpe->specialToken(it.key()), std::optional<quint32>(quint32(it.value().toInteger())));
            QVERIFY(!bpe->specialToken(QStringLiteral("<|nope|>")));
            // As text they are ordinary: several tokens, not the special id.
            const std::vector<quint32> asText = bpe->encode(QStringLiteral("<|endoftext|>"));
            QVERIFY(asText.size() > 1);
            QVERIFY(std::find(asText.cbegin(), asText.cend(), *bpe->specialToken(QStringLiteral("<|endoftext|>"))) == asText.cend());
        }
        QCOMPARE(BpeEncoding::load(QStringLiteral("o200k_base")).value()->vocabularySize(), 200019);
        QCOMPARE(BpeEncoding::load(QStringLiteral("cl100k_base")).value()->vocabularySize(), 100277);
    }

    void badDataAndNamesAreRefused()
    {
        const Result<std::shared_ptr<const BpeEncoding>> unknown = BpeEncoding::load(QStringLiteral("p50k_edit"));
        QVERIFY(unknown.hasError());
        QCOMPARE(unknown.error().code, QStringLiteral("tokens.unknown-encoding"));
        QVERIFY(unknown.error().message.contains(QStringLiteral("o200k_base")));
        const Result<std::shared_ptr<const BpeEncoding>> corrupt =
            BpeEncoding::fromRankFile(QStringLiteral("o200k_base"), QByteArray("IQ== 0\nIg== 1\n!!notbase64 2\n"));
        QVERIFY(corrupt.hasError());
        QCOMPARE(corrupt.error().code, QStringLiteral("tokens.data-corrupt"));
        QVERIFY(corrupt.error().message.contains(QStringLiteral("line 3")));
        QCOMPARE(BpeEncoding::fromRankFile(QStringLiteral("o200k_base"), QByteArray("IQ== 0\nIQ== 1\n")).error().code,
                 QStringLiteral("tokens.data-corrupt"));
        // A tiny vocabulary of its own merges by its own ranks: "ab" is a token, "abc" is not.
        const QByteArray small = QByteArray("YQ== 0\nYg== 1\nYw== 2\nYWI= 3\n"); // a b c ab
        const std::shared_ptr<const BpeEncoding> tiny = BpeEncoding::fromRankFile(QStringLiteral("cl100k_base"), small).value();
        QCOMPARE(tiny->encode(QStringLiteral("abc")), (std::vector<quint32>{3, 2}));
    }

    void fixtureTranscriptsMatchTheReference_data() { hardCasesMatchTheReference_data(); }
    void fixtureTranscriptsMatchTheReference()
    {
        QFETCH(QString, encoding);
        VALIS_REQUIRE_FIXTURE(claude, "claude-code-sessions-spotter/fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl");
        VALIS_REQUIRE_FIXTURE(codex, "openai-codex/tui-session-log.oss-story.jsonl");
        VALIS_REQUIRE_FIXTURE(aider, "aider/chat-history.md");
        QStringList texts = transcriptTexts(claude) + transcriptTexts(codex);
        QFile chat(aider);
        QVERIFY(chat.open(QIODevice::ReadOnly));
        texts += QString::fromUtf8(chat.readAll()).split(QStringLiteral("\n#### "));
        QVERIFY2(texts.size() > 1000, qPrintable(QString::number(texts.size())));
        compareWithOracle(encoding, texts);
    }
};

VALIS_TEST_MAIN(TestBpeEncoding)
#include "tst_bpeencoding.moc"
