// fetch_url's built-in backend against a real local HTTP server (ProviderTestServer on
// 127.0.0.1, reached with "allowLoopback": true in the home's config/web.json): pages converted,
// redirects, the SSRF guard, size and time limits, the domain rules and the local cache; and
// `valis-cli tool fetch_url` with the real plugin.
#include "builtinfetcher.h"
#include "clirunner.h"
#include "providerserver.h"
#include "testsupport.h"
#include "webfetchfixture.h"

#include <QJsonDocument>
#include <QScopeGuard>
#include <QSslConfiguration>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTest>

using namespace valis;
using namespace valis::test;

namespace {

const QByteArray ArticleHtml = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Tide Tables</title></head><body>"
                               "<nav><a href=\"/\">Home</a></nav><main><h1>Tide Tables</h1>"
                               "<p>The sea rises twice a day.</p></main></body></html>";

ScriptedResponse page(const QByteArray &body, const QByteArray &contentType = "text/html; charset=utf-8", int status = 200)
{
    ScriptedResponse response;
    response.status = status;
    response.headers = {{"Content-Type", contentType}};
    response.body = body;
    return response;
}

ScriptedResponse redirect(int status, const QByteArray &location)
{
    ScriptedResponse response;
    response.status = status;
    if (!location.isEmpty())
        response.headers = {{"Location", location}};
    response.chunkedEncoding = false;
    return response;
}

/// A one-page PDF saying `text`, with a correct cross-reference table.
QByteArray tinyPdf(const QByteArray &text)
{
    const QByteArray stream = "BT /F1 18 Tf 40 100 Td (" + text + ") Tj ET";
    const QList<QByteArray> objects{
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
        "<< /Length " + QByteArray::number(stream.size()) + " >>\nstream\n" + stream + "\nendstream",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"};
    QByteArray pdf = "%PDF-1.4\n";
    QList<qsizetype> offsets;
    for (qsizetype i = 0; i < objects.size(); ++i) {
        offsets.append(pdf.size());
        pdf += QByteArray::number(i + 1) + " 0 obj\n" + objects[i] + "\nendobj\n";
    }
    const qsizetype xref = pdf.size();
    pdf += "xref\n0 " + QByteArray::number(objects.size() + 1) + "\n0000000000 65535 f \n";
    for (qsizetype offset : offsets)
        pdf += QByteArray::number(offset).rightJustified(10, '0') + " 00000 n \n";
    pdf += "trailer\n<< /Size " + QByteArray::number(objects.size() + 1) + " /Root 1 0 R >>\nstartxref\n"
           + QByteArray::number(xref) + "\n%%EOF\n";
    return pdf;
}

QJsonObject loopbackOn(QJsonObject fetch = {})
{
    fetch.insert(QStringLiteral("allowLoopback"), true);
    return fetch;
}

} // namespace

class TestWebFetch : public QObject
{
    Q_OBJECT

    std::unique_ptr<WebFetchHome> m_home;
    std::unique_ptr<ProviderTestServer> m_server;

    QString url(const QString &path) const { return m_server->baseUrl().toString() + path; }
    QString port() const { return QString::number(m_server->baseUrl().port()); }

private Q_SLOTS:
    void init()
    {
        m_home = std::make_unique<WebFetchHome>();
        m_server = std::make_unique<ProviderTestServer>();
        QVERIFY(m_server->listen());
        QVERIFY(m_home->writeSettings(loopbackOn()));
    }

    void cleanup()
    {
        m_home.reset();
        m_server.reset();
    }

    void htmlPageBecomesMarkdownWithAHeader()
    {
        m_server->enqueue(page(ArticleHtml));
        const ToolCallOutcome outcome = m_home->fetch(url(QStringLiteral("/article.html")));
        QVERIFY(outcome.finished);
        QVERIFY2(!outcome.result.isError, qPrintable(outcome.text()));
        const QString text = outcome.text();
        QVERIFY2(text.startsWith(QStringLiteral("URL: ") + url(QStringLiteral("/article.html"))), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Title: Tide Tables")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("Status: 200")));
        QVERIFY(text.contains(QStringLiteral("Content type: text/html; charset=utf-8")));
        QVERIFY(!text.contains(QStringLiteral("From cache")));
        QVERIFY2(text.contains(QStringLiteral("allowLoopback")), "the result must say the test-only switch is on");
        QVERIFY2(text.contains(QStringLiteral("# Tide Tables")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("The sea rises twice a day.")));
        QVERIFY(!text.contains(QStringLiteral("<p>")));

        // Connected to the vetted address, the host in the Host header, our own User-Agent.
        QCOMPARE(m_server->requests().size(), 1);
        const CapturedRequest request = m_server->requests().constFirst();
        QCOMPARE(request.method, QByteArray("GET"));
        QCOMPARE(request.path, QByteArray("/article.html"));
        QCOMPARE(request.header("Host"), QByteArray("127.0.0.1:") + port().toLatin1());
        QCOMPARE(request.header("User-Agent"), web::BuiltInFetcher::userAgent());
    }

    void aNameIsPinnedToItsCheckedAddress()
    {
        // localhost resolves (to ::1 and 127.0.0.1): the connection goes to an address that was
        // checked, and the server still sees the name it was asked for.
        m_server->enqueue(page(ArticleHtml));
        const ToolCallOutcome outcome = m_home->fetch(QStringLiteral("http://localhost:%1/a.html").arg(port()));
        QVERIFY2(!outcome.result.isError, qPrintable(outcome.text()));
        QCOMPARE(m_server->requests().constFirst().header("Host"), QByteArray("localhost:") + port().toLatin1());
        QVERIFY(outcome.text().contains(QStringLiteral("this page came from a loopback address")));
    }

    void charsetOfTheHeaderIsHonoured()
    {
        m_server->enqueue(page("<html><head><title>Menu</title></head><body><p>Caf\xe9 cr\xe8me</p></body></html>",
                               "text/html; charset=iso-8859-1"));
        const ToolCallOutcome outcome = m_home->fetch(url(QStringLiteral("/menu.html")));
        QVERIFY2(!outcome.result.isError, qPrintable(outcome.text()));
        QVERIFY2(outcome.text().contains(QStringLiteral("Caf\u00e9 cr\u00e8me")), qPrintable(outcome.text()));
    }

    void textAndHtmlFormats()
    {
        m_server->enqueue(page(ArticleHtml));
        const ToolCallOutcome html = m_home->fetch(url(QStringLiteral("/article.html")), QStringLiteral("html"));
        QVERIFY2(html.text().contains(QStringLiteral("<p>The sea rises twice a day.</p>")), qPrintable(html.text()));

        m_server->enqueue(page(ArticleHtml));
        const ToolCallOutcome text = m_home->fetch(url(QStringLiteral("/article.html")), QStringLiteral("text"));
        QVERIFY2(text.text().contains(QStringLiteral("The sea rises twice a day.")), qPrintable(text.text()));
        QVERIFY(!text.text().contains(QStringLiteral("<p>")));
        QVERIFY(!text.text().contains(QStringLiteral("# Tide")));

        m_server->enqueue(page("Plain notes.\nLine two.\n", "text/plain; charset=utf-8"));
        const ToolCallOutcome plain = m_home->fetch(url(QStringLiteral("/notes.txt")));
        QVERIFY2(plain.text().contains(QStringLiteral("Plain notes.\nLine two.")), qPrintable(plain.text()));
        QCOMPARE(m_server->requests().size(), 3); // three formats, three cache keys
    }

    void httpsChecksTheCertificateAgainstTheHostNotTheAddress()
    {
        // The connection goes to the checked IP, yet TLS must verify (and send as SNI) the host
        // name: the certificate names only "localhost".
        QTemporaryDir folder;
        TlsPageServer tls(ArticleHtml);
        const QString problem = tls.start(folder.path());
        if (problem.contains(QLatin1String("not installed")))
            QSKIP(qPrintable(problem));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        const QSslConfiguration saved = QSslConfiguration::defaultConfiguration();
        QSslConfiguration trusting = saved;
        trusting.addCaCertificate(tls.certificate());
        QSslConfiguration::setDefaultConfiguration(trusting);
        const auto restore = qScopeGuard([&saved] { QSslConfiguration::setDefaultConfiguration(saved); });

        const ToolCallOutcome named = m_home->fetch(QStringLiteral("https://localhost:%1/secure.html").arg(tls.port()));
        QVERIFY2(!named.result.isError, qPrintable(named.text()));
        QVERIFY(named.text().contains(QStringLiteral("The sea rises twice a day.")));

        const ToolCallOutcome byAddress = m_home->fetch(QStringLiteral("https://127.0.0.1:%1/secure.html").arg(tls.port()));
        QVERIFY(byAddress.result.isError);
        QVERIFY2(byAddress.text().contains(QStringLiteral("SSL handshake failed")), qPrintable(byAddress.text()));
        QCOMPARE(tls.requestCount(), 1);
    }

    void pdfBecomesText()
    {
        m_server->enqueue(page(tinyPdf("Tidal harmonics explained"), "application/pdf"));
        const ToolCallOutcome outcome = m_home->fetch(url(QStringLiteral("/paper.pdf")));
        QVERIFY2(!outcome.result.isError, qPrintable(outcome.text()));
        QVERIFY(outcome.text().contains(QStringLiteral("Content type: application/pdf")));
        QVERIFY2(outcome.text().contains(QStringLiteral("Tidal harmonics explained")), qPrintable(outcome.text()));
    }

    void redirectsOnTheSameHostAreFollowed()
    {
        m_server->enqueue(redirect(301, "/moved.html"));
        m_server->enqueue(redirect(302, url(QStringLiteral("/final.html")).toLatin1()));
        m_server->enqueue(page(ArticleHtml));
        const ToolCallOutcome outcome = m_home->fetch(url(QStringLiteral("/start.html")));
        QVERIFY2(!outcome.result.isError, qPrintable(outcome.text()));
        QVERIFY2(outcome.text().contains(QStringLiteral("Final URL: ") + url(QStringLiteral("/final.html"))), qPrintable(outcome.text()));
        QCOMPARE(m_server->requests().size(), 3);
        QCOMPARE(m_server->requests().at(1).path, QByteArray("/moved.html"));
    }

    void aRedirectToAnotherHostIsReportedNotFollowed()
    {
        const QString elsewhere = QStringLiteral("http://localhost:%1/other.html").arg(port());
        m_server->enqueue(redirect(302, elsewhere.toLatin1()));
        const ToolCallOutcome outcome = m_home->fetch(url(QStringLiteral("/start.html")));
        QVERIFY2(!outcome.result.isError, qPrintable(outcome.text()));
        QVERIFY2(outcome.text().contains(QStringLiteral("did not follow it. Call fetch_url on ") + elsewhere), qPrintable(outcome.text()));
        QCOMPARE(m_server->requests().size(), 1);
    }

    void redirectsThatMustNotBeFollowed()
    {
        m_server->enqueue(redirect(302, "http://169.254.169.254/latest/meta-data/"));
        ToolCallOutcome outcome = m_home->fetch(url(QStringLiteral("/a")));
        QVERIFY(outcome.result.isError);
        QVERIFY2(outcome.text().contains(QStringLiteral("which fetch_url refuses")), qPrintable(outcome.text()));
        QVERIFY(outcome.text().contains(QStringLiteral("cloud metadata")));

        m_server->enqueue(redirect(307, "http://10.0.0.7/admin"));
        outcome = m_home->fetch(url(QStringLiteral("/b")));
        QVERIFY(outcome.result.isError);
        QVERIFY2(outcome.text().contains(QStringLiteral("private network")), qPrintable(outcome.text()));

        m_server->enqueue(redirect(302, QByteArray()));
        outcome = m_home->fetch(url(QStringLiteral("/c")));
        QVERIFY(outcome.result.isError);
        QVERIFY2(outcome.text().contains(QStringLiteral("without a Location header")), qPrintable(outcome.text()));

        QVERIFY(m_home->writeSettings(loopbackOn({{QStringLiteral("maxRedirects"), 2}})));
        for (int i = 0; i < 3; ++i)
            m_server->enqueue(redirect(302, "/again"));
        outcome = m_home->fetch(url(QStringLiteral("/d")));
        QVERIFY(outcome.result.isError);
        QVERIFY2(outcome.text().contains(QStringLiteral("redirected more than 2 times")), qPrintable(outcome.text()));
        QCOMPARE(m_server->requests().size(), 6);
    }

    void ssrfRefusedWithoutTheLoopbackSwitch_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("expected");
        const QString p = QStringLiteral(":PORT");
        QTest::newRow("10/8") << QStringLiteral("http://10.1.2.3/") << QStringLiteral("private network");
        QTest::newRow("192.168/16") << QStringLiteral("http://192.168.0.1/") << QStringLiteral("private network");
        QTest::newRow("172.16/12") << QStringLiteral("http://172.20.0.1/") << QStringLiteral("private network");
        QTest::newRow("metadata") << QStringLiteral("http://169.254.169.254/latest/meta-data/") << QStringLiteral("cloud metadata");
        QTest::newRow("CGNAT") << QStringLiteral("http://100.64.1.1/") << QStringLiteral("carrier-grade NAT");
        QTest::newRow("unspecified") << QStringLiteral("http://0.0.0.0") + p + QStringLiteral("/") << QStringLiteral("unspecified");
        QTest::newRow("multicast") << QStringLiteral("http://224.0.0.1/") << QStringLiteral("multicast");
        QTest::newRow("127.0.0.1") << QStringLiteral("http://127.0.0.1") + p + QStringLiteral("/") << QStringLiteral("loopback");
        QTest::newRow("[::1]") << QStringLiteral("http://[::1]") + p + QStringLiteral("/") << QStringLiteral("loopback");
        QTest::newRow("IPv4-mapped") << QStringLiteral("http://[::ffff:127.0.0.1]") + p + QStringLiteral("/") << QStringLiteral("loopback");
        QTest::newRow("IPv4-mapped hex") << QStringLiteral("http://[::ffff:7f00:1]") + p + QStringLiteral("/") << QStringLiteral("loopback");
        QTest::newRow("decimal") << QStringLiteral("http://2130706433") + p + QStringLiteral("/") << QStringLiteral("loopback");
        QTest::newRow("hex") << QStringLiteral("http://0x7f.1") + p + QStringLiteral("/") << QStringLiteral("loopback");
        QTest::newRow("octal") << QStringLiteral("http://017700000001") + p + QStringLiteral("/") << QStringLiteral("loopback");
        QTest::newRow("short") << QStringLiteral("http://127.1") + p + QStringLiteral("/") << QStringLiteral("loopback");
        QTest::newRow("6to4 of 127.0.0.1") << QStringLiteral("http://[2002:7f00:1::1]/") << QStringLiteral("loopback");
        QTest::newRow("NAT64 of 10.0.0.1") << QStringLiteral("http://[64:ff9b::a00:1]/") << QStringLiteral("private network");
        QTest::newRow("Teredo client 127.0.0.1") << QStringLiteral("http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/") << QStringLiteral("loopback");
        QTest::newRow("IPv6 metadata") << QStringLiteral("http://[fd00:ec2::254]/") << QStringLiteral("cloud metadata");
        QTest::newRow("IPv6 link-local") << QStringLiteral("http://[fe80::1]/") << QStringLiteral("link-local");
        QTest::newRow("IPv6 ULA") << QStringLiteral("http://[fd12:3456::1]/") << QStringLiteral("private network");
        QTest::newRow("metadata name") << QStringLiteral("http://metadata.google.internal/computeMetadata/v1/") << QStringLiteral("cloud metadata");
        QTest::newRow("DNS name to 127.0.0.1") << QStringLiteral("http://localhost") + p + QStringLiteral("/") << QStringLiteral("resolves to");
        QTest::newRow("not http") << QStringLiteral("file:///etc/passwd") << QStringLiteral("only http and https");
        QTest::newRow("credentials") << QStringLiteral("http://user:pw@127.0.0.1") + p + QStringLiteral("/") << QStringLiteral("user name or password");
    }

    void ssrfRefusedWithoutTheLoopbackSwitch()
    {
        QFETCH(QString, target);
        QFETCH(QString, expected);
        QVERIFY(m_home->writeSettings({}));
        m_server->enqueue(page(ArticleHtml));
        const ToolCallOutcome outcome = m_home->fetch(target.replace(QStringLiteral("PORT"), port()));
        QVERIFY(outcome.finished);
        QVERIFY2(outcome.result.isError, qPrintable(outcome.text()));
        QVERIFY2(outcome.text().contains(expected), qPrintable(outcome.text()));
        QVERIFY(!outcome.retryable);
        QCOMPARE(m_server->requests().size(), 0);
    }

    void theLoopbackSwitchOpensLoopbackOnly_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("expected");
        QTest::newRow("metadata") << QStringLiteral("http://169.254.169.254/") << QStringLiteral("cloud metadata");
        QTest::newRow("link-local") << QStringLiteral("http://169.254.10.1/") << QStringLiteral("link-local");
        QTest::newRow("mapped metadata") << QStringLiteral("http://[::ffff:169.254.169.254]/") << QStringLiteral("cloud metadata");
        QTest::newRow("IPv6 link-local") << QStringLiteral("http://[fe80::1]/") << QStringLiteral("link-local");
        QTest::newRow("IPv6 metadata") << QStringLiteral("http://[fd00:ec2::254]/") << QStringLiteral("cloud metadata");
        QTest::newRow("metadata name") << QStringLiteral("http://metadata.google.internal/") << QStringLiteral("cloud metadata");
        QTest::newRow("private") << QStringLiteral("http://192.168.1.1/") << QStringLiteral("private network");
    }

    void theLoopbackSwitchOpensLoopbackOnly()
    {
        QFETCH(QString, target);
        QFETCH(QString, expected);
        const ToolCallOutcome outcome = m_home->fetch(target);
        QVERIFY2(outcome.result.isError, qPrintable(outcome.text()));
        QVERIFY2(outcome.text().contains(expected), qPrintable(outcome.text()));
    }

    void otherSpellingsOfLoopbackReachTheSameServer()
    {
        // QUrl reads the decimal form as 127.0.0.1: with the switch on it is that address.
        m_server->enqueue(page(ArticleHtml));
        const ToolCallOutcome outcome = m_home->fetch(QStringLiteral("http://2130706433:%1/x").arg(port()));
        QVERIFY2(!outcome.result.isError, qPrintable(outcome.text()));
        QCOMPARE(m_server->requests().size(), 1);
    }

    void sizeLimit()
    {
        QVERIFY(m_home->writeSettings(loopbackOn({{QStringLiteral("maxBytes"), 2048}})));
        ScriptedResponse streamed = page(QByteArray(8000, 'x'), "text/plain");
        streamed.chunkSize = 1000; // chunked: no length known in advance
        m_server->enqueue(streamed);
        ToolCallOutcome outcome = m_home->fetch(url(QStringLiteral("/big.txt")));
        QVERIFY(outcome.result.isError);
        QVERIFY2(outcome.text().contains(QStringLiteral("larger than the 2.0 KB limit")), qPrintable(outcome.text()));

        ScriptedResponse announced = page(QByteArray(8000, 'y'), "text/plain");
        announced.chunkedEncoding = false; // Content-Length says so at once
        m_server->enqueue(announced);
        outcome = m_home->fetch(url(QStringLiteral("/big2.txt")));
        QVERIFY(outcome.result.isError);
        QVERIFY2(outcome.text().contains(QStringLiteral("fetch.maxBytes")), qPrintable(outcome.text()));

        m_server->enqueue(page(QByteArray(1500, 'z'), "text/plain"));
        outcome = m_home->fetch(url(QStringLiteral("/small.txt")));
        QVERIFY2(!outcome.result.isError, qPrintable(outcome.text()));
    }

    void timeLimit()
    {
        QVERIFY(m_home->writeSettings(loopbackOn({{QStringLiteral("timeoutSeconds"), 1}})));
        ScriptedResponse slow = page(ArticleHtml);
        slow.headerDelay = std::chrono::milliseconds(4000);
        m_server->enqueue(slow);
        const ToolCallOutcome outcome = m_home->fetch(url(QStringLiteral("/slow.html")));
        QVERIFY(outcome.finished);
        QVERIFY(outcome.result.isError);
        QVERIFY2(outcome.text().contains(QStringLiteral("took longer than the 1 s limit")), qPrintable(outcome.text()));
        QVERIFY(outcome.retryable);
    }

    void httpErrorsGoBackToTheModel()
    {
        m_server->enqueue(page("<h1>Not here</h1>", "text/html", 404));
        ToolCallOutcome outcome = m_home->fetch(url(QStringLiteral("/missing")));
        QVERIFY(outcome.result.isError);
        QVERIFY2(outcome.text().contains(QStringLiteral("answered HTTP 404")), qPrintable(outcome.text()));
        QVERIFY(!outcome.retryable);

        ScriptedResponse busy = page("busy", "text/plain", 503);
        busy.headers.append(qMakePair(QByteArray("Retry-After"), QByteArray("7")));
        m_server->enqueue(busy);
        outcome = m_home->fetch(url(QStringLiteral("/busy")));
        QVERIFY(outcome.result.isError);
        QVERIFY(outcome.retryable);
        QCOMPARE(outcome.retryAfter, std::optional<std::chrono::milliseconds>(std::chrono::milliseconds(7000)));
    }

    void cacheHitMissAndExpiry()
    {
        m_server->enqueue(page(ArticleHtml));
        const ToolCallOutcome first = m_home->fetch(url(QStringLiteral("/cached.html")));
        QVERIFY2(!first.result.isError, qPrintable(first.text()));
        QVERIFY(!first.text().contains(QStringLiteral("From cache")));

        const ToolCallOutcome second = m_home->fetch(url(QStringLiteral("/cached.html")));
        QVERIFY2(second.text().contains(QStringLiteral("From cache: yes")), qPrintable(second.text()));
        QVERIFY(second.text().contains(QStringLiteral("The sea rises twice a day.")));
        QCOMPARE(m_server->requests().size(), 1);

        // Another format is another entry.
        m_server->enqueue(page(ArticleHtml));
        QVERIFY(!m_home->fetch(url(QStringLiteral("/cached.html")), QStringLiteral("html")).text().contains(QStringLiteral("From cache")));
        QCOMPARE(m_server->requests().size(), 2);

        // Two days on, the one-day TTL has passed: fetched again.
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("age"));
            db.setDatabaseName(m_home->cachePath());
            QVERIFY(db.open());
            QSqlQuery query(db);
            QVERIFY(query.exec(QStringLiteral("UPDATE pages SET stored_at = stored_at - 172800")));
            QCOMPARE(query.numRowsAffected(), 2);
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("age"));
        m_server->enqueue(page(ArticleHtml));
        const ToolCallOutcome expired = m_home->fetch(url(QStringLiteral("/cached.html")));
        QVERIFY2(!expired.text().contains(QStringLiteral("From cache")), qPrintable(expired.text()));
        QCOMPARE(m_server->requests().size(), 3);

        // A TTL of 0 turns the cache off.
        QVERIFY(m_home->writeSettings(loopbackOn({{QStringLiteral("cacheTtlSeconds"), 0}})));
        m_server->enqueue(page(ArticleHtml));
        QVERIFY(!m_home->fetch(url(QStringLiteral("/cached.html"))).text().contains(QStringLiteral("From cache")));
        QCOMPARE(m_server->requests().size(), 4);
    }

    void domainRules()
    {
        QVERIFY(m_home->writeSettings(loopbackOn({{QStringLiteral("denyDomains"), QJsonArray{QStringLiteral("localhost")}}})));
        ToolCallOutcome outcome = m_home->fetch(QStringLiteral("http://localhost:%1/x").arg(port()));
        QVERIFY(outcome.result.isError);
        QVERIFY2(outcome.text().contains(QStringLiteral("not allowed by the web settings")), qPrintable(outcome.text()));

        QVERIFY(m_home->writeSettings(loopbackOn({{QStringLiteral("allowDomains"), QJsonArray{QStringLiteral("example.org")}}})));
        outcome = m_home->fetch(url(QStringLiteral("/x")));
        QVERIFY(outcome.result.isError);
        QVERIFY2(outcome.text().contains(QStringLiteral("not allowed by the web settings")), qPrintable(outcome.text()));
        QCOMPARE(m_server->requests().size(), 0);

        // A redirect to a denied host is refused at once, not offered to the model.
        QVERIFY(m_home->writeSettings(loopbackOn({{QStringLiteral("denyDomains"), QJsonArray{QStringLiteral("localhost")}}})));
        m_server->enqueue(redirect(302, QStringLiteral("http://localhost:%1/y").arg(port()).toLatin1()));
        outcome = m_home->fetch(url(QStringLiteral("/to-denied")));
        QVERIFY(outcome.result.isError);
        QVERIFY2(outcome.text().contains(QStringLiteral("which fetch_url refuses")), qPrintable(outcome.text()));
    }

    void specAndApprovalSubject()
    {
        const QList<ToolSpec> specs = m_home->provider()->tools();
        QCOMPARE(specs.size(), 1);
        const ToolSpec spec = specs.constFirst();
        QCOMPARE(spec.name, QStringLiteral("fetch_url"));
        QVERIFY(spec.readOnly);
        const QJsonObject properties = spec.inputSchema.value(QLatin1String("properties")).toObject();
        QVERIFY(!properties.value(QLatin1String("url")).toObject().value(QLatin1String("description")).toString().isEmpty());
        QCOMPARE(properties.value(QLatin1String("format")).toObject().value(QLatin1String("enum")).toArray().size(), 3);
        QVERIFY(spec.approvalSubject);
        QCOMPARE(spec.approvalSubject(QJsonObject{{QStringLiteral("url"), QStringLiteral("https://Docs.Example.COM./a")}}),
                 QStringLiteral("docs.example.com"));
        QCOMPARE(spec.approvalSubject(QJsonObject{{QStringLiteral("url"), QStringLiteral("https://B\u00fccher.example/")}}),
                 QStringLiteral("xn--bcher-kva.example"));

        QVERIFY(m_home->writeSettings(loopbackOn({{QStringLiteral("approveNewDomains"), false}})));
        QVERIFY(!m_home->provider()->tools().constFirst().approvalSubject);
    }

    void cliFetchesAPageAsMarkdown()
    {
        m_server->enqueue(page(ArticleHtml));
        const QJsonObject arguments{{QStringLiteral("url"), url(QStringLiteral("/page.html"))}};
        const CliRun run = runCli({QStringLiteral("--home"), m_home->path(), QStringLiteral("tool"), QStringLiteral("fetch_url"),
                                   QStringLiteral("--args"), QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact))},
                                  anthropicCliEnvironment());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("# Tide Tables"), run.out.constData());
        QVERIFY(run.out.contains("The sea rises twice a day."));
        QVERIFY(run.out.contains("Title: Tide Tables"));
        QVERIFY2(!run.out.contains("<p>"), run.out.constData());
        QCOMPARE(m_server->requests().size(), 1);
    }
};

VALIS_TEST_MAIN(TestWebFetch)
#include "tst_webfetch.moc"
