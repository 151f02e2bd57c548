#include "searchcorpus.h"

#include "testsupport.h"

#include <QStringEncoder>

namespace valis::test {

namespace {

QByteArray utf16(const QString &text, QStringEncoder::Encoding encoding)
{
    QStringEncoder encoder(encoding, QStringEncoder::Flag::WriteBom);
    return encoder.encode(text);
}

QJsonObject call(const QString &pattern, const QString &mode = QStringLiteral("content"))
{
    return QJsonObject{{QStringLiteral("pattern"), pattern}, {QStringLiteral("output_mode"), mode}};
}

QJsonObject with(QJsonObject object, const QString &key, const QJsonValue &value)
{
    object.insert(key, value);
    return object;
}

} // namespace

bool writeGrepCorpus(const QString &folder)
{
    bool ok = true;
    const auto put = [&ok, &folder](const QString &name, const QByteArray &bytes) {
        ok = ok && !writeFileIn(folder, name, bytes).isEmpty();
    };
    put(QStringLiteral("src/alpha.cpp"),
        "#include <vector>\n"
        "#include \"beta.h\"\n"
        "\n"
        "// TODO: fix the overflow\n"
        "int value = 42;\n"
        "int other_value = 1234;\n"
        "static int f(int x)\n"
        "{\n"
        "    if (x) {\n"
        "        return value + x; // path/to/file\n"
        "    }\n"
        "\treturn 0;\t\n"
        "}\n"
        "struct A {\n"
        "  int x;\n"
        "};\n"
        "// TODO: second\n"
        "int last_value = 7;\n");
    put(QStringLiteral("src/beta.h"),
        "#pragma once\n"
        "#include <string>\n"
        "// NEEDLE in a header\n"
        "struct Beta { int value; };\n");
    put(QStringLiteral("docs/unicode.md"),
        QStringLiteral("Café crème brûlée\n"
                       "Straße und STRASSE\n"
                       "Ελληνικά λέξη ΛΈΞΗ\n"
                       "日本語のテキスト\n"
                       "emoji 😀 smile 🎉\n"
                       "naïve résumé façade\n"
                       "CAFÉ in capitals\n"
                       "ǅ titlecase and ǆ\n")
            .toUtf8());
    put(QStringLiteral("crlf.txt"), "first line end\r\nsecond NEEDLE end\r\n\r\nfourth not\r\nfifth end  \r\n");
    QByteArray longLine(3000, 'a');
    longLine += "NEEDLE";
    longLine += QByteArray(2000, 'b');
    QByteArray wide = QStringLiteral("😀").repeated(300).toUtf8() + "NEEDLE" + QStringLiteral("é😀").repeated(300).toUtf8();
    put(QStringLiteral("long.txt"), "short NEEDLE line\n" + longLine + "\n" + wide + "\nNEEDLE" + QByteArray(700, 'c') + "\n");
    put(QStringLiteral("utf16le.txt"), utf16(QStringLiteral("hello utf16\nsecond line NEEDLE ünïcode\n"), QStringEncoder::Utf16LE));
    put(QStringLiteral("utf16be.txt"), utf16(QStringLiteral("big endian NEEDLE\r\nline two\r\n"), QStringEncoder::Utf16BE));
    put(QStringLiteral("bom8.txt"), "\xEF\xBB\xBFNEEDLE at the start after a BOM\nsecond\n");
    static const char binary[] = "NEEDLE\0\x01\x02\x03 binary NEEDLE\n";
    put(QStringLiteral("data/binary.dat"), QByteArray(binary, sizeof(binary) - 1));
    QByteArray lateNul;
    for (int i = 0; i < 200; ++i)
        lateNul += "filler line number " + QByteArray::number(i) + " of text\n";
    lateNul += QByteArray(1, '\0') + "\nNEEDLE after a late NUL\n";
    put(QStringLiteral("latenul.txt"), lateNul);
    put(QStringLiteral("invalid.txt"), "bad \xff\xfe bytes NEEDLE here\nvalid line\n");
    put(QStringLiteral("empty.txt"), QByteArray());
    put(QStringLiteral("nonl.txt"), "no newline at the end NEEDLE");
    QByteArray many;
    for (int i = 1; i <= 300; ++i)
        many += "line " + QByteArray::number(i) + " common\n";
    put(QStringLiteral("many.txt"), many);
    put(QStringLiteral("src/deep/nested/gamma.py"), "def gamma():\n    return 'NEEDLE'  # TODO\n\n\nvalue = 3\n");
    return ok;
}

QList<GrepCase> grepEquivalenceCases()
{
    QList<GrepCase> cases;
    const auto add = [&cases](const QJsonObject &arguments, bool expectMatches = true) {
        cases.append(GrepCase{arguments, expectMatches});
    };
    add(call(QStringLiteral("NEEDLE")));
    add(call(QStringLiteral("NEEDLE"), QStringLiteral("files_with_matches")));
    add(call(QStringLiteral("NEEDLE"), QStringLiteral("count")));
    add(with(call(QStringLiteral("needle")), QStringLiteral("case_insensitive"), true));
    add(with(call(QStringLiteral("common")), QStringLiteral("head_limit"), 50));
    add(with(with(call(QStringLiteral("common")), QStringLiteral("head_limit"), 50), QStringLiteral("offset"), 120));
    add(with(call(QStringLiteral("common"), QStringLiteral("files_with_matches")), QStringLiteral("offset"), 0));
    add(call(QStringLiteral("common"), QStringLiteral("count")));
    add(call(QStringLiteral("end$")));
    add(call(QStringLiteral("^line \\d+ common$"), QStringLiteral("count")));
    add(with(call(QStringLiteral("TODO")), QStringLiteral("context"), 2));
    add(with(with(call(QStringLiteral("value")), QStringLiteral("before_context"), 1), QStringLiteral("after_context"), 3));
    add(with(call(QStringLiteral("straße")), QStringLiteral("case_insensitive"), true));
    add(with(call(QStringLiteral("λέξη")), QStringLiteral("case_insensitive"), true));
    add(with(call(QStringLiteral("\\bcafé\\b")), QStringLiteral("case_insensitive"), true));
    add(call(QStringLiteral("\\w+語")));
    add(call(QStringLiteral("😀 \\w+")));
    add(call(QStringLiteral("[0-9]{2,}"), QStringLiteral("count")));
    add(call(QStringLiteral("if (x) {")), false); // (x) is a group: it matches "if x {"
    add(call(QStringLiteral("if \\(x\\) \\{")));
    add(call(QStringLiteral("path\\/to")));
    add(with(call(QStringLiteral("value + x;")), QStringLiteral("fixed_strings"), true));
    add(with(call(QStringLiteral("struct A \\{\\n\\s+int")), QStringLiteral("multiline"), true));
    add(with(call(QStringLiteral("\\{\\n(?s:.*?)\\};"), QStringLiteral("count")), QStringLiteral("multiline"), true));
    add(with(with(call(QStringLiteral("x;\\n};\\n//")), QStringLiteral("multiline"), true), QStringLiteral("context"), 1));
    add(with(call(QStringLiteral("NEEDLE")), QStringLiteral("glob"), QStringLiteral("*.txt")));
    add(with(call(QStringLiteral("include"), QStringLiteral("files_with_matches")), QStringLiteral("type"), QStringLiteral("cpp")));
    add(call(QStringLiteral("x*"), QStringLiteral("count")));
    add(call(QStringLiteral("^$"), QStringLiteral("count")));
    add(call(QStringLiteral("(?i)LINE 1\\d\\b")));
    add(call(QStringLiteral("\\p{Greek}+"), QStringLiteral("count")));
    add(with(call(QStringLiteral("NEEDLE")), QStringLiteral("path"), QStringLiteral("src")));
    add(call(QStringLiteral("résumé|naïve")));
    add(with(call(QStringLiteral("e")), QStringLiteral("head_limit"), 5));
    add(call(QStringLiteral("\\s+$"), QStringLiteral("count")));
    add(call(QStringLiteral("[[:upper:]]{3}"), QStringLiteral("count")));
    add(with(call(QStringLiteral("NEEDLE")), QStringLiteral("path"), QStringLiteral("long.txt")));
    add(call(QStringLiteral("\\x{1F389}|\\u00e8")));
    add(call(QStringLiteral("nothing-matches-this")), false);
    add(with(call(QStringLiteral("common")), QStringLiteral("offset"), 1000), true);
    return cases;
}

QByteArray binaryFileContent()
{
    static const char bytes[] = "TODO\0\x01\x02 binary TODO\n";
    return QByteArray(bytes, sizeof(bytes) - 1);
}

QStringList invalidGrepPatterns()
{
    return {QStringLiteral("(?=x)"), QStringLiteral("a\\1"),     QStringLiteral("foo("),     QStringLiteral("[abc"),
            QStringLiteral("(?<=a)b"), QStringLiteral("\\h"),   QStringLiteral("a++"),      QStringLiteral("x**"),
            QStringLiteral("*a"),    QStringLiteral("foo)"),    QStringLiteral("a\\nb"),    QStringLiteral("\\p{NoSuchClass}"),
            QStringLiteral("[z-a]")};
}

} // namespace valis::test
