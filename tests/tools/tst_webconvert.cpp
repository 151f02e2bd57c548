// The document converter behind fetch_url (plugins/tools/webfetch/convert): saved real-world-like
// pages (tests/data/webpages) keep their article and lose their chrome, charsets are honoured,
// PDFs give their text, binaries are refused, and hostile input stays bounded.
#include "documentconverter.h"
#include "testsupport.h"

#include <QFile>
#include <QRegularExpression>
#include <QStringDecoder>
#include <QtTest>

using namespace valis;
using namespace valis::web;

namespace {

QByteArray page(const char *name)
{
    QFile file(QStringLiteral(VALIS_WEBPAGES_DIR "/") + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("test page %s is missing", name);
    return file.readAll();
}

ConvertedDocument convert(const QByteArray &body, const QString &contentType = QStringLiteral("text/html"),
                          ConvertOptions options = {})
{
    if (options.baseUrl.isEmpty())
        options.baseUrl = QUrl(QStringLiteral("https://news.example/2024/03/story.html"));
    Result<ConvertedDocument> result = convertDocument(body, contentType, options);
    if (result.hasError())
        qFatal("conversion failed: %s", qPrintable(result.error().toString()));
    return std::move(result).value();
}

/// No tag, comment or doctype of the page survived (escaped "\<" in text is not a tag, nor is
/// "<int>" in code).
bool hasHtml(QString text)
{
    static const QRegularExpression code(QStringLiteral("```.*?```|`[^`\n]*`"), QRegularExpression::DotMatchesEverythingOption);
    text.remove(code);
    static const QRegularExpression tag(QStringLiteral("(?<!\\\\)<(/?[a-zA-Z][a-zA-Z0-9-]*[\\s>/]|!--|!doctype)"),
                                        QRegularExpression::CaseInsensitiveOption);
    return tag.match(text).hasMatch();
}

/// The text survives a UTF-8 round trip unchanged: no lone surrogates anywhere.
bool isValidUnicode(const QString &text)
{
    return QString::fromUtf8(text.toUtf8()) == text;
}

#define VERIFY_KEPT(content, needle)                                                                         \
    QVERIFY2((content).contains(needle), qPrintable(QStringLiteral("missing: ") + (needle)))
#define VERIFY_DROPPED(content, needle)                                                                      \
    QVERIFY2(!(content).contains(needle), qPrintable(QStringLiteral("chrome kept: ") + (needle)))

/// A two-page PDF with a title, written out with a correct cross-reference table.
QByteArray twoPagePdf()
{
    QList<QByteArray> objects;
    auto stream = [](const QByteArray &text) -> QByteArray {
        const QByteArray content = "BT /F1 18 Tf 72 700 Td (" + text + ") Tj ET";
        return "<< /Length " + QByteArray::number(content.size()) + " >>\nstream\n" + content + "\nendstream";
    };
    objects << "<< /Type /Catalog /Pages 2 0 R >>"
            << "<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>"
            << "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>"
            << "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
            << stream("Tidal mill report, first page")
            << "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 7 0 R >>"
            << stream("Second page: sluice gates")
            << "<< /Title (Mill restoration) /Producer (tst_webconvert) >>";
    QByteArray pdf = "%PDF-1.4\n";
    QList<qsizetype> offsets;
    for (qsizetype i = 0; i < objects.size(); ++i) {
        offsets << pdf.size();
        pdf += QByteArray::number(i + 1) + " 0 obj\n" + objects.at(i) + "\nendobj\n";
    }
    const qsizetype xref = pdf.size();
    pdf += "xref\n0 " + QByteArray::number(objects.size() + 1) + "\n0000000000 65535 f \n";
    for (const qsizetype offset : offsets)
        pdf += QByteArray::number(offset).rightJustified(10, '0') + " 00000 n \n";
    pdf += "trailer\n<< /Size " + QByteArray::number(objects.size() + 1) + " /Root 1 0 R /Info 8 0 R >>\nstartxref\n"
        + QByteArray::number(xref) + "\n%%EOF\n";
    return pdf;
}

} // namespace

class TestWebConvert : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void newsArticle();
    void newsArticleWholePage();
    void documentationPage();
    void blogWithComments();
    void readmePage();
    void questionAndAnswers();
    void pageWithoutArticle();
    void plainTextFormat();
    void htmlFormat();
    void markdownSyntax();
    void windows1252();
    void shiftJisAndGbk();
    void charsetPrecedence();
    void textDocuments();
    void pdfText();
    void unsupportedTypes();
    void deeplyNested();
    void hugeInput();
    void debianDocumentation();
};

void TestWebConvert::newsArticle()
{
    const ConvertedDocument document = convert(page("news-article.html"));
    const QString &md = document.content;
    QCOMPARE(document.title, QStringLiteral("Harbour Town votes to restore its tidal mill | The Coastal Ledger"));
    QCOMPARE(document.contentType, QStringLiteral("text/html"));
    QCOMPARE(document.charset, QStringLiteral("utf-8"));
    QVERIFY(document.mainContentExtracted);
    QVERIFY(!document.truncated);
    VERIFY_KEPT(md, QStringLiteral("# Harbour Town votes to restore its tidal mill\n"));
    VERIFY_KEPT(md, QStringLiteral("## What the restoration involves\n"));
    VERIFY_KEPT(md, QStringLiteral("The town council voted **nine to two** on Tuesday evening"));
    VERIFY_KEPT(md, QStringLiteral("The £2.4 million plan, drawn up by the [Mills Heritage Trust](https://millstrust.example.org/projects/harbour),"));
    VERIFY_KEPT(md, QStringLiteral("Councillor Ana Pérez said the mill was “the oldest working machine"));
    VERIFY_KEPT(md, QStringLiteral("1. Replacing the sluice gates and repairing the *mill pond* wall.\n2. Rebuilding the undershot wheel"));
    VERIFY_KEPT(md, QStringLiteral("3. Opening the grinding floor"));
    VERIFY_KEPT(md, QStringLiteral("> We are not building a museum piece."));
    VERIFY_KEPT(md, QStringLiteral("[council report](https://news.example/documents/council/mill-report.pdf)"));
    VERIFY_KEPT(md, QStringLiteral("![The tidal mill at low water](https://news.example/media/2024/03/tidal-mill.jpg)"));
    VERIFY_KEPT(md, QStringLiteral("By [Maren Holt](https://news.example/authors/maren-holt)"));
    // Cookie banner, navigation, ads, share bar, article footer, related links, sidebar, footer.
    for (const char *chrome : {"We use cookies", "Accept all", "Skip to content", "Weather forecast", "Obituaries",
                               "Search the Ledger", "Advertisement", "Sunshine Tours", "best kettles", "Share on Twitter",
                               "Tags:", "Related stories", "Ferry timetable", "Most read", "Seal pup", "Subscribe",
                               "Low-rate loans", "About us", "Contact the newsroom", "Privacy notice", "All rights reserved",
                               "dataLayer", "min-height"})
        VERIFY_DROPPED(md, QLatin1String(chrome));
    QVERIFY(!hasHtml(md));
}

void TestWebConvert::newsArticleWholePage()
{
    ConvertOptions options;
    options.mainContentOnly = false;
    const ConvertedDocument document = convert(page("news-article.html"), QStringLiteral("text/html"), options);
    QVERIFY(!document.mainContentExtracted);
    // The same chrome is there when extraction is off: the test above proves the extraction.
    for (const char *chrome : {"Weather forecast", "Contact the newsroom", "Ferry timetable", "Advertisement"})
        VERIFY_KEPT(document.content, QLatin1String(chrome));
    VERIFY_KEPT(document.content, QStringLiteral("# Harbour Town votes to restore its tidal mill"));
    // Scripts and styles are never content.
    VERIFY_DROPPED(document.content, QStringLiteral("dataLayer"));
    VERIFY_DROPPED(document.content, QStringLiteral("min-height"));
    QVERIFY(!hasHtml(document.content));
}

void TestWebConvert::documentationPage()
{
    const ConvertedDocument document = convert(page("docs-page.html"), QStringLiteral("text/html; charset=utf-8"));
    const QString &md = document.content;
    QVERIFY(document.mainContentExtracted);
    QVERIFY(md.startsWith(QStringLiteral("# Configuring retries\n")));
    VERIFY_DROPPED(md, QStringLiteral("¶"));
    VERIFY_KEPT(md, QStringLiteral("By default a `Client` retries idempotent requests"));
    VERIFY_KEPT(md, QStringLiteral("```python\nfrom tidewater import Client, Retry\n\npolicy = Retry(total=5, backoff_factor=0.5)\n"
                                   "with Client(retry=policy) as client:\n"
                                   "    response = client.get(\"https://api.example.com/items?page=1&size=50\")\n```"));
    VERIFY_KEPT(md, QStringLiteral("The wait before attempt *n* is `backoff_factor * 2 ** (n - 1)` seconds"));
    VERIFY_KEPT(md, QStringLiteral("| Option | Default | Meaning |\n| --- | --- | --- |\n| `total` | 3 | Attempts in all, the first included. |"));
    VERIFY_KEPT(md, QStringLiteral("| `status_forcelist` | `{502\\|503\\|504}` | Statuses retried even for **POST**. |"));
    VERIFY_KEPT(md, QStringLiteral("```shell\n$ tidewater get --retries 5 --backoff 0.5 https://api.example.com/items\nHTTP/1.1 200 OK\n```"));
    VERIFY_KEPT(md, QStringLiteral("Retrying a non-idempotent request can apply it twice."));
    VERIFY_KEPT(md, QStringLiteral("[Timeouts and deadlines](https://news.example/2024/03/timeouts.html)"));
    for (const char *chrome : {"Source on GitHub", "Installation", "Proxy settings", "User guide", "Previous: Quickstart",
                               "Next: Timeouts", "On this page", "Built with Sphinx"})
        VERIFY_DROPPED(md, QLatin1String(chrome));
    QVERIFY(!hasHtml(md));
}

void TestWebConvert::blogWithComments()
{
    const ConvertedDocument document = convert(page("blog-post.html"));
    const QString &md = document.content;
    QCOMPARE(document.title, QStringLiteral("Sourdough at altitude: what changed when I moved to the hills – Crumb & Crust"));
    VERIFY_KEPT(md, QStringLiteral("# Sourdough at altitude: what changed when I moved to the hills\n"));
    VERIFY_KEPT(md, QStringLiteral("Water boils at about **93 °C** up here"));
    VERIFY_KEPT(md, QStringLiteral("roughly *a third faster*"));
    VERIFY_KEPT(md, QStringLiteral("- Starter: 12 % of the flour weight\n  - fed the night before, at room temperature\n"
                                   "  - used when it has just doubled\n- Hydration: 72 % instead of 75 %\n"));
    VERIFY_KEPT(md, QStringLiteral("[country loaf recipe](https://news.example/recipes/country-loaf/)"));
    VERIFY_KEPT(md, QStringLiteral("![Open crumb of a sourdough loaf](https://news.example/wp-content/uploads/2023/11/loaf-crumb-1024x768.jpg)"));
    for (const char *chrome : {"frisbee problem in Quito", "honey at altitude", "thoughts on", "Leave a Reply",
                               "Post Comment", "Share this", "Recent Posts", "Slow Loaves", "Proudly powered", "About me",
                               "A baking notebook", "A week of rye", "Posted in"})
        VERIFY_DROPPED(md, QLatin1String(chrome));
    QVERIFY(!hasHtml(md));
}

void TestWebConvert::readmePage()
{
    const ConvertedDocument document = convert(page("readme.html"), QStringLiteral("text/html"),
                                               ConvertOptions{QUrl(QStringLiteral("https://github.example/quaywork/knotbench")),
                                                              DocumentFormat::Markdown, true});
    const QString &md = document.content;
    QVERIFY(md.startsWith(QStringLiteral("# knotbench\n")));
    VERIFY_KEPT(md, QStringLiteral("[![CI status](https://ci.example/quaywork/knotbench/badge.svg)](https://ci.example/quaywork/knotbench)"));
    VERIFY_KEPT(md, QStringLiteral("**knotbench** measures how fast invariants of knot diagrams can be computed"));
    VERIFY_KEPT(md, QStringLiteral("```shell\ncargo install knotbench --locked\nknotbench --version\n```"));
    VERIFY_KEPT(md, QStringLiteral("```rust\nuse knotbench::{Diagram, jones};\n"));
    VERIFY_KEPT(md, QStringLiteral("println!(\"{}\", jones(&trefoil));"));
    VERIFY_KEPT(md, QStringLiteral("1. Describe your diagrams in a `knots.toml` file (see [the example](https://github.example/quaywork/knotbench/blob/main/examples/knots.toml))."));
    VERIFY_KEPT(md, QStringLiteral("| Invariant | Crossings | Median time |"));
    VERIFY_KEPT(md, QStringLiteral("| Alexander polynomial | 12 | 9.3 µs |"));
    VERIFY_KEPT(md, QStringLiteral("- [x] HOMFLY-PT polynomial\n- [ ] Khovanov homology"));
    VERIFY_KEPT(md, QStringLiteral("## Licence"));
    for (const char *chrome : {"Skip to content", "Pricing", "Sign up", "Pull requests", "Cargo.toml", "README.md",
                               "Releases", "v0.4.1", "Terms", "GitHub, Inc."})
        VERIFY_DROPPED(md, QLatin1String(chrome));
    QVERIFY(!hasHtml(md));
}

void TestWebConvert::questionAndAnswers()
{
    const ConvertedDocument document = convert(page("forum-qa.html"));
    const QString &md = document.content;
    QCOMPARE(document.title, QStringLiteral("c++ - Why does std::vector::reserve not change size()? - Stack Overflow"));
    VERIFY_KEPT(md, QStringLiteral("I call `reserve(100)` on an empty vector and then read `v[5]`"));
    VERIFY_KEPT(md, QStringLiteral("```cpp\nstd::vector<int> v;\nv.reserve(100);\nv[5] = 42;   // undefined behaviour?\n"
                                   "std::cout << v.size() << '\\n';\n```"));
    VERIFY_KEPT(md, QStringLiteral("`reserve` changes the *capacity*, not the size."));
    VERIFY_KEPT(md, QStringLiteral("for (int i = 0; i < 100; ++i)\n    v.push_back(i);"));
    VERIFY_KEPT(md, QStringLiteral("when `_GLIBCXX_ASSERTIONS` is defined"));
    for (const char *chrome : {"Possible duplicate", "Sorted by", "Hot Network Questions", "freeze sourdough starter",
                               "Choice between vector::resize", "Explore Collectives", "Accept all cookies",
                               "Privacy Policy", "The Overflow Blog", "Jobs"})
        VERIFY_DROPPED(md, QLatin1String(chrome));
    QVERIFY(!hasHtml(md));
}

void TestWebConvert::pageWithoutArticle()
{
    // No article, main or role: the scoring finds the prose block.
    const ConvertedDocument document = convert(page("no-article.html"));
    const QString &md = document.content;
    QVERIFY(document.mainContentExtracted);
    QVERIFY(md.startsWith(QStringLiteral("## Notes on repairing a 1970s cassette deck\n")));
    VERIFY_KEPT(md, QStringLiteral("The capstan belt had turned to black tar"));
    VERIFY_KEPT(md, QStringLiteral("10k log pot, and the deck has played every tape I own since."));
    VERIFY_KEPT(md, QStringLiteral("| Part | Value | Cost |\n| --- | --- | --- |\n| Capstan belt | 120 x 5 mm | £3.50 |"));
    VERIFY_KEPT(md, QStringLiteral("[Photos of the repair](https://news.example/projects/cassette-photos.html)"));
    for (const char *chrome : {"Nixie clock", "Modular synth", "contact", "Hit counter", "guestbook", "Next site in the ring"})
        VERIFY_DROPPED(md, QLatin1String(chrome));
}

void TestWebConvert::plainTextFormat()
{
    ConvertOptions options;
    options.format = DocumentFormat::Text;
    const QString text = convert(page("news-article.html"), QStringLiteral("text/html"), options).content;
    VERIFY_KEPT(text, QStringLiteral("Harbour Town votes to restore its tidal mill\n"));
    VERIFY_KEPT(text, QStringLiteral("The town council voted nine to two on Tuesday evening"));
    VERIFY_KEPT(text, QStringLiteral("drawn up by the Mills Heritage Trust, will replace"));
    VERIFY_KEPT(text, QStringLiteral("1. Replacing the sluice gates and repairing the mill pond wall."));
    for (const char *markup : {"**", "](", "# ", "![", "> "})
        VERIFY_DROPPED(text, QLatin1String(markup));
    VERIFY_DROPPED(text, QStringLiteral("Weather forecast"));
    QVERIFY(!hasHtml(text));

    const QString table = convert(page("docs-page.html"), QStringLiteral("text/html"), options).content;
    VERIFY_KEPT(table, QStringLiteral("status_forcelist | {502|503|504} | Statuses retried even for POST."));
    VERIFY_KEPT(table, QStringLiteral("from tidewater import Client, Retry\n"));
    VERIFY_DROPPED(table, QStringLiteral("```"));
}

void TestWebConvert::htmlFormat()
{
    ConvertOptions options;
    options.format = DocumentFormat::Html;
    const ConvertedDocument document = convert(page("legacy-windows-1252.html"), QStringLiteral("text/html"), options);
    QCOMPARE(document.charset, QStringLiteral("windows-1252"));
    QCOMPARE(document.title, QStringLiteral("Café Müller – Speisekarte & Geschichte"));
    // The page as it came, decoded: markup and chrome included.
    VERIFY_KEPT(document.content, QStringLiteral("<TD WIDTH=\"160\" VALIGN=\"top\" BGCOLOR=\"#EEDDBB\">"));
    VERIFY_KEPT(document.content, QStringLiteral("<A HREF=\"gaestebuch.htm\">Gästebuch</A>"));
    VERIFY_KEPT(document.content, QStringLiteral("3,80\u00a0€ pro Stück"));
}

void TestWebConvert::markdownSyntax()
{
    const QByteArray html = "<html><head><base href=\"/docs/v2/\"></head><body>"
                            "<p>Use a_b and _private, 2 * 3, `tick`, [not a link] and a literal <code>&lt;div&gt;</code>"
                            " beside the text &lt;div class=x&gt; and &lt;!-- no comment --&gt;.</p>"
                            "<p># not a heading</p><p>1. not a list</p><p>- not a bullet</p>"
                            "<p>Line one<br>line two</p>"
                            "<p><a href=\"javascript:alert(1)\">Click me</a> and <a href=\"guide.html#install\">the guide</a>"
                            " and <a href=\"mailto:team@example.org\">mail us</a>"
                            " and <a href=\"/a path/(x).html\">odd link</a>.</p>"
                            "<p><code>a`b</code> <del>gone</del> <img src=\"data:image/png;base64,AAAA\" alt=\"inline\">"
                            "<img src=\"pixel.gif\" width=\"1\" height=\"1\" alt=\"\"></p>"
                            "<blockquote><p>Outer</p><blockquote><p>Inner</p></blockquote></blockquote>"
                            "<hr><ol start=\"7\"><li>seventh</li><li>eighth<ol><li>nested</li></ol></li></ol>"
                            "<p><b>bold <strong>twice</strong></b> <i> spaced </i>end</p>"
                            "<pre><code>code with ``` inside\n</code></pre>"
                            "</body></html>";
    const QString md = convert(html, QStringLiteral("text/html"),
                               ConvertOptions{QUrl(QStringLiteral("https://site.example/start/")), DocumentFormat::Markdown, false})
                           .content;
    VERIFY_KEPT(md, QStringLiteral("Use a_b and \\_private, 2 \\* 3, \\`tick\\`, \\[not a link\\] and a literal `<div>`"
                                   " beside the text \\<div class=x> and \\<!-- no comment -->."));
    VERIFY_KEPT(md, QStringLiteral("\\# not a heading"));
    VERIFY_KEPT(md, QStringLiteral("1\\. not a list"));
    VERIFY_KEPT(md, QStringLiteral("\\- not a bullet"));
    VERIFY_KEPT(md, QStringLiteral("Line one\\\nline two"));
    VERIFY_KEPT(md, QStringLiteral("Click me and [the guide](https://site.example/docs/v2/guide.html#install)"));
    VERIFY_DROPPED(md, QStringLiteral("javascript"));
    VERIFY_KEPT(md, QStringLiteral("[mail us](mailto:team@example.org)"));
    VERIFY_KEPT(md, QStringLiteral("[odd link](https://site.example/a%20path/%28x%29.html)"));
    VERIFY_KEPT(md, QStringLiteral("``a`b`` ~~gone~~"));
    VERIFY_DROPPED(md, QStringLiteral("base64"));
    VERIFY_DROPPED(md, QStringLiteral("pixel.gif"));
    VERIFY_KEPT(md, QStringLiteral("> Outer\n>\n> > Inner"));
    VERIFY_KEPT(md, QStringLiteral("---\n\n7. seventh\n8. eighth\n   1. nested"));
    VERIFY_KEPT(md, QStringLiteral("**bold twice** *spaced* end"));
    VERIFY_KEPT(md, QStringLiteral("````\ncode with ``` inside\n````"));
    QVERIFY(!hasHtml(md));
}

void TestWebConvert::windows1252()
{
    const ConvertedDocument document = convert(page("legacy-windows-1252.html"));
    QCOMPARE(document.charset, QStringLiteral("windows-1252"));
    const QString &md = document.content;
    VERIFY_KEPT(md, QStringLiteral("# Willkommen im Café Müller"));
    // 0x80 and 0x84/0x93/0x94 exist only in windows-1252, not in ISO-8859-1, which the page declares.
    VERIFY_KEPT(md, QStringLiteral("Unser Käsekuchen kostet 3,80 € pro Stück"));
    VERIFY_KEPT(md, QStringLiteral("„Das beste Marzipan nördlich der Elbe“ – und wir finden"));
    VERIFY_KEPT(md, QStringLiteral("“Try the plum cake”, wrote a visitor from Leeds"));
    VERIFY_DROPPED(md, QStringLiteral("Gästebuch"));
    VERIFY_DROPPED(md, QStringLiteral("Impressum"));
    VERIFY_DROPPED(md, QStringLiteral("\uFFFD"));
}

void TestWebConvert::shiftJisAndGbk()
{
    if (!QStringDecoder("Shift_JIS").isValid() || !QStringDecoder("GBK").isValid())
        QSKIP("this build of Qt has no Shift_JIS or GBK decoder (Qt without ICU)");
    const ConvertedDocument japanese = convert(page("shift-jis.html"));
    QCOMPARE(japanese.charset, QStringLiteral("shift_jis"));
    QCOMPARE(japanese.title, QStringLiteral("東京の桜、今年は観測史上最も早い開花"));
    VERIFY_KEPT(japanese.content, QStringLiteral("# 東京の桜、今年は観測史上最も早い開花"));
    VERIFY_KEPT(japanese.content, QStringLiteral("東京都心で桜（ソメイヨシノ）が開花したと発表しました。"));
    VERIFY_KEPT(japanese.content, QStringLiteral("- 開花：3月14日\n- 満開の予想：3月22日ごろ"));
    VERIFY_DROPPED(japanese.content, QStringLiteral("ニュース"));
    VERIFY_DROPPED(japanese.content, QStringLiteral("コースタル新聞"));

    const ConvertedDocument chinese = convert(page("gbk.html"));
    QCOMPARE(chinese.charset, QStringLiteral("gbk")); // declared gb2312, which means GBK on the web
    VERIFY_KEPT(chinese.content, QStringLiteral("# 如何在家里种植豆芽"));
    VERIFY_KEPT(chinese.content, QStringLiteral("绿豆芽是最容易在家里种的蔬菜"));
    VERIFY_DROPPED(chinese.content, QStringLiteral("美食"));
    VERIFY_DROPPED(chinese.content, QStringLiteral("版权所有"));
}

void TestWebConvert::charsetPrecedence()
{
    const QByteArray legacy = page("legacy-windows-1252.html");
    // The header wins over <meta>: the same bytes read as UTF-8 are broken.
    const ConvertedDocument asUtf8 = convert(legacy, QStringLiteral("text/html; charset=UTF-8"));
    QCOMPARE(asUtf8.charset, QStringLiteral("utf-8"));
    VERIFY_KEPT(asUtf8.content, QStringLiteral("\uFFFD"));
    QVERIFY(isValidUnicode(asUtf8.content));
    QCOMPARE(convert(legacy, QStringLiteral("text/html;charset=\"ISO-8859-1\"")).charset, QStringLiteral("windows-1252"));

    // A BOM wins over the header.
    const QByteArray bom = "\xEF\xBB\xBF<html><body><p>Gr\xC3\xBC\xC3\x9F" "e aus K\xC3\xB6ln</p></body></html>";
    const ConvertedDocument withBom = convert(bom, QStringLiteral("text/html; charset=windows-1252"));
    QCOMPARE(withBom.charset, QStringLiteral("utf-8"));
    QCOMPARE(withBom.content, QStringLiteral("Grüße aus Köln"));

    // Nothing declared: valid UTF-8 is UTF-8, anything else windows-1252.
    QCOMPARE(convert("<p>na\xC3\xAFve</p>").charset, QStringLiteral("utf-8"));
    const ConvertedDocument undeclared = convert("<p>na\xEFve \x80 5</p>");
    QCOMPARE(undeclared.charset, QStringLiteral("windows-1252"));
    QCOMPARE(undeclared.content, QStringLiteral("naïve € 5"));

    // An unknown charset is an error that names it.
    const Result<ConvertedDocument> unknown = convertDocument("<p>x</p>", QStringLiteral("text/html; charset=x-klingon"), {});
    QVERIFY(unknown.hasError());
    QCOMPARE(unknown.error().code, QStringLiteral("web.charset"));
    VERIFY_KEPT(unknown.error().message, QStringLiteral("x-klingon"));
    const Result<ConvertedDocument> unknownMeta = convertDocument("<meta charset=\"x-elvish\"><p>x</p>", QStringLiteral("text/html"), {});
    QVERIFY(unknownMeta.hasError());
    QCOMPARE(unknownMeta.error().code, QStringLiteral("web.charset"));
}

void TestWebConvert::textDocuments()
{
    const QByteArray markdown = "# Title\n\nSome *markdown* with <b>tags</b> kept as written.\n";
    const ConvertedDocument md = convert(markdown, QStringLiteral("text/markdown; charset=utf-8"));
    QCOMPARE(md.content, QString::fromUtf8(markdown));
    QCOMPARE(md.contentType, QStringLiteral("text/markdown"));

    const QByteArray json = "{\"name\": \"caf\xC3\xA9\", \"items\": [1, 2]}";
    const ConvertedDocument fromJson = convert(json, QStringLiteral("application/json"));
    QCOMPARE(fromJson.content, QString::fromUtf8(json));
    QCOMPARE(convert(json, QStringLiteral("application/vnd.api+json")).content, QString::fromUtf8(json));

    const QByteArray latin = "Preis: 5 \x80, Gr\xF6\xDF" "e M";
    QCOMPARE(convert(latin, QStringLiteral("text/plain; charset=iso-8859-1")).content, QStringLiteral("Preis: 5 €, Größe M"));

    const QByteArray xml = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<feed><title>Caf\xE9</title></feed>";
    const ConvertedDocument feed = convert(xml, QStringLiteral("application/atom+xml"));
    QCOMPARE(feed.charset, QStringLiteral("windows-1252"));
    QCOMPARE(feed.content, QStringLiteral("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<feed><title>Café</title></feed>"));

    // Without a type: sniffed.
    QCOMPARE(convert("just words\n", QString()).contentType, QStringLiteral("text/plain"));
    const ConvertedDocument sniffedHtml = convert("  <!DOCTYPE html><title>T</title><p>Hello <b>there</b></p>",
                                                  QStringLiteral("application/octet-stream"));
    QCOMPARE(sniffedHtml.contentType, QStringLiteral("text/html"));
    QCOMPARE(sniffedHtml.content, QStringLiteral("Hello **there**"));
}

void TestWebConvert::pdfText()
{
    const QByteArray pdf = twoPagePdf();
    for (const QString &type : {QStringLiteral("application/pdf"), QStringLiteral("application/octet-stream"), QString()}) {
        const ConvertedDocument document = convert(pdf, type);
        QCOMPARE(document.contentType, QStringLiteral("application/pdf"));
        QCOMPARE(document.title, QStringLiteral("Mill restoration"));
        const QString &text = document.content;
        const qsizetype first = text.indexOf(QStringLiteral("--- Page 1 of 2 ---"));
        const qsizetype one = text.indexOf(QStringLiteral("Tidal mill report, first page"));
        const qsizetype second = text.indexOf(QStringLiteral("--- Page 2 of 2 ---"));
        const qsizetype two = text.indexOf(QStringLiteral("Second page: sluice gates"));
        QVERIFY2(first == 0 && first < one && one < second && second < two, qPrintable(text));
    }
    const Result<ConvertedDocument> broken = convertDocument("%PDF-1.4\nthis is not really a pdf\n%%EOF",
                                                             QStringLiteral("application/pdf"), {});
    QVERIFY(broken.hasError());
    QCOMPARE(broken.error().code, QStringLiteral("web.pdf"));
}

void TestWebConvert::unsupportedTypes()
{
    const struct
    {
        QByteArray body;
        QString header;
        QString named;
    } cases[] = {
        {QByteArray("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 16), QStringLiteral("image/png"), QStringLiteral("image/png")},
        {QByteArray("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 16), QStringLiteral("application/octet-stream"), QStringLiteral("image/png")},
        {QByteArray("PK\x03\x04\x14\0\0\0", 8), QString(), QStringLiteral("application/zip")},
        {QByteArray("\x1F\x8B\x08\0\0\0\0\0", 8), QStringLiteral("application/gzip"), QStringLiteral("application/gzip")},
        {QByteArray("ID3\x03\0\0\0", 7), QStringLiteral("audio/mpeg"), QStringLiteral("audio/mpeg")},
        {QByteArray("\0\x01\x02\x03 binary", 11), QString(), QStringLiteral("application/octet-stream")},
        {QByteArray("<svg xmlns=\"http://www.w3.org/2000/svg\"/>"), QStringLiteral("image/svg+xml"), QStringLiteral("image/svg+xml")},
    };
    for (const auto &testCase : cases) {
        const Result<ConvertedDocument> result = convertDocument(testCase.body, testCase.header, {});
        QVERIFY2(result.hasError(), qPrintable(testCase.named));
        QCOMPARE(result.error().code, QStringLiteral("web.unsupported-type"));
        VERIFY_KEPT(result.error().message, testCase.named);
    }
}

void TestWebConvert::deeplyNested()
{
    // 100,000 nested elements: the parser sees at most a few hundred levels, the text survives.
    for (const char *open : {"<div>", "<span>", "<b id=x>", "<blockquote>", "<ul><li>", "<table><tr><td>", "<a href=\"/x\">"}) {
        QByteArray html = "<html><body>";
        html.reserve(120 * 100000);
        for (int i = 0; i < 100000; ++i)
            html += open;
        html += "deep text at the bottom";
        const ConvertedDocument document = convert(html);
        QVERIFY2(document.content.contains(QStringLiteral("deep text at the bottom")), open);
        QVERIFY2(document.content.size() < 20000, qPrintable(QString::number(document.content.size())));
        QVERIFY(isValidUnicode(document.content));
    }
}

void TestWebConvert::hugeInput()
{
    const QByteArray sentence = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. ";
    QByteArray text;
    while (text.size() < 20 * 1000 * 1000)
        text += sentence;
    const ConvertedDocument plain = convert(text, QStringLiteral("text/plain"));
    QVERIFY(plain.truncated);
    QCOMPARE(plain.content.size(), ConvertOptions().maxContentChars);

    QByteArray html = "<html><body><article>";
    while (html.size() < 20 * 1000 * 1000)
        html += "<p>" + sentence + sentence + "</p>\n";
    ConvertOptions options;
    options.maxContentChars = 100000;
    const ConvertedDocument page = convert(html, QStringLiteral("text/html"), options);
    QVERIFY(page.truncated);
    QVERIFY(page.content.size() <= options.maxContentChars);
    QVERIFY(page.content.startsWith(QString::fromLatin1(sentence.trimmed())));

    // A cut never splits a surrogate pair.
    QByteArray emoji;
    for (int i = 0; i < 1000; ++i)
        emoji += "\xF0\x9F\x8C\x8A"; // U+1F30A, two UTF-16 units
    options.maxContentChars = 101;
    const ConvertedDocument cut = convert(emoji, QStringLiteral("text/plain"), options);
    QVERIFY(cut.truncated);
    QCOMPARE(cut.content.size(), 100);
    QVERIFY(isValidUnicode(cut.content));
    const ConvertedDocument cutHtml = convert("<p>" + emoji + "</p>", QStringLiteral("text/html"), options);
    QVERIFY(cutHtml.content.size() <= 101 && isValidUnicode(cutHtml.content));
}

void TestWebConvert::debianDocumentation()
{
    // libffi's manual as Debian ships it (Texinfo HTML: a navigation header above each section).
    const QString path = QStringLiteral("/usr/share/doc/libffi8/html/The-Basics.html");
    if (!QFile::exists(path))
        QSKIP("libffi's HTML manual (package libffi8/libffi-dev) is not installed here");
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const ConvertedDocument document = convert(file.readAll(), QStringLiteral("text/html"),
                                               ConvertOptions{QUrl::fromLocalFile(path), DocumentFormat::Markdown, true});
    QCOMPARE(document.title, QStringLiteral("The Basics (libffi: the portable foreign function interface library)"));
    QVERIFY(document.content.startsWith(QStringLiteral("### 2.1 The Basics\n")));
    VERIFY_KEPT(document.content, QStringLiteral("The first thing you must do is create an `ffi_cif` object"));
    VERIFY_KEPT(document.content, QStringLiteral("[Multiple ABIs](file:///usr/share/doc/libffi8/html/Multiple-ABIs.html)"));
    VERIFY_DROPPED(document.content, QStringLiteral("Next:"));
    VERIFY_DROPPED(document.content, QStringLiteral("Copyright"));
    QVERIFY(!hasHtml(document.content));
}

VALIS_TEST_MAIN(TestWebConvert)
#include "tst_webconvert.moc"
