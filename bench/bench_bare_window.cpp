// bench_bare_window: the yardstick bench_startup measures valis against. A bare Qt WebEngine
// window and nothing else: one QWebEngineView showing a hello page served from a custom scheme
// (no network), started the way valis starts Chromium. It writes the same kind of lines as
// valis's VALIS_REPORT_STARTUP:
//   valis-startup first-exposure MS             the window first exposed (ms since main())
//   valis-startup first-contentful-paint-at MS  the page's 'paint' entry, in ms since the epoch,
//                                               so the bench can place it on its own clock
#include <QApplication>
#include <QBuffer>
#include <QElapsedTimer>
#include <QWebEnginePage>
#include <QWebEngineProfile>
#include <QWebEngineUrlRequestJob>
#include <QWebEngineUrlScheme>
#include <QWebEngineUrlSchemeHandler>
#include <QWebEngineView>
#include <QWindow>

#include <cstdio>
#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace {

const QByteArray scheme = QByteArrayLiteral("hello");

// The page reports its first contentful paint through the console (the only channel a bare page
// has without QWebChannel).
const QByteArray helloPage = QByteArrayLiteral(
    "<!doctype html><html><head><meta charset=\"utf-8\"><title>Hello</title></head>"
    "<body><h1>Hello</h1><p>A bare Qt WebEngine window.</p>"
    "<script>new PerformanceObserver(function (list) {"
    "  for (const entry of list.getEntries()) {"
    "    if (entry.name === 'first-contentful-paint')"
    "      console.log('fcp ' + (performance.timeOrigin + entry.startTime));"
    "  }"
    "}).observe({type: 'paint', buffered: true});</script></body></html>");

void report(const char *step, qint64 value)
{
    std::fprintf(stderr, "valis-startup %s %lld\n", step, static_cast<long long>(value));
    std::fflush(stderr);
}

class HelloScheme : public QWebEngineUrlSchemeHandler
{
public:
    using QWebEngineUrlSchemeHandler::QWebEngineUrlSchemeHandler;
    void requestStarted(QWebEngineUrlRequestJob *job) override
    {
        auto *buffer = new QBuffer(job);
        buffer->setData(helloPage);
        job->reply(QByteArrayLiteral("text/html"), buffer);
    }
};

class HelloPage : public QWebEnginePage
{
public:
    using QWebEnginePage::QWebEnginePage;

protected:
    void javaScriptConsoleMessage(JavaScriptConsoleMessageLevel, const QString &message, int, const QString &) override
    {
        if (message.startsWith(QLatin1String("fcp ")))
            report("first-contentful-paint-at", qint64(message.mid(4).toDouble()));
    }
};

class ExposureWatch : public QObject
{
public:
    ExposureWatch(const QElapsedTimer &clock, QObject *parent) : QObject(parent), m_clock(clock) {}

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Expose && !m_exposed && static_cast<QWindow *>(watched)->isExposed()) {
            m_exposed = true;
            report("first-exposure", m_clock.elapsed());
        }
        return QObject::eventFilter(watched, event);
    }

private:
    QElapsedTimer m_clock;
    bool m_exposed = false;
};

} // namespace

int main(int argc, char *argv[])
{
    QElapsedTimer sinceStart;
    sinceStart.start();
#ifdef Q_OS_UNIX
    // As valis does: Chromium's sandbox cannot run as root, and without it the zygote is idle.
    QString flags = qEnvironmentVariable("QTWEBENGINE_CHROMIUM_FLAGS");
    if (::geteuid() == 0 && !flags.contains(QLatin1String("--no-sandbox")))
        flags += QStringLiteral(" --no-sandbox");
    if (flags.contains(QLatin1String("--no-sandbox")) && !flags.contains(QLatin1String("--no-zygote")))
        flags += QStringLiteral(" --no-zygote");
    qputenv("QTWEBENGINE_CHROMIUM_FLAGS", flags.toUtf8());
#endif
    QWebEngineUrlScheme hello(scheme);
    hello.setFlags(QWebEngineUrlScheme::SecureScheme | QWebEngineUrlScheme::LocalScheme);
    hello.setSyntax(QWebEngineUrlScheme::Syntax::Path);
    QWebEngineUrlScheme::registerScheme(hello);
    QCoreApplication::setAttribute(Qt::AA_ShareOpenGLContexts);
    QApplication app(argc, argv);

    QWebEngineProfile::defaultProfile()->installUrlSchemeHandler(scheme, new HelloScheme(&app));
    QWebEngineView view;
    view.setPage(new HelloPage(&view));
    view.resize(1200, 800);
    view.setUrl(QUrl(QStringLiteral("hello:index.html")));
    view.winId(); // the native window exists, so its first expose event is seen
    view.windowHandle()->installEventFilter(new ExposureWatch(sinceStart, &view));
    view.show();
    return app.exec();
}
