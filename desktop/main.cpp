// valis: the desktop shell. Thin: options, translations, the main window.
#include "appearance.h"
#include "conversationbridge.h"
#include "conversationscheme.h"
#include "conversationview.h"
#include "mainwindow.h"

#include "valis/core/buildinfo.h"
#include "valis/core/translations.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QTimer>
#include <QWindow>

#include <cstdio>
#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace {

// VALIS_REPORT_STARTUP=1: one line on stderr at each step of the start (bench/bench_startup
// times them from outside): the window's first paint, the plugins running, the first screen of
// the session opened with --session.
class StartupReport : public QObject
{
public:
    StartupReport(valis::MainWindow *window, const QElapsedTimer &clock) : QObject(window), m_window(window), m_clock(clock)
    {
        window->installEventFilter(this);
        window->winId(); // its native window exists, so the first expose is seen
        window->windowHandle()->installEventFilter(this);
        connect(window, &valis::MainWindow::pluginsLoaded, this, [this] { report("plugins-running"); });
        connect(window->conversationView()->bridge(), &valis::ConversationBridge::pageReady, this, [this] { report("page-ready"); });
        connect(window->conversationView()->bridge(), &valis::ConversationBridge::pageRendered, this, [this] {
            if (!m_sessionShown && !m_window->shownSession().isEmpty()) {
                m_sessionShown = true;
                report("session-shown");
            }
        });
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Expose && !m_exposed) {
            m_exposed = true;
            report("first-exposure");
        }
        if (event->type() == QEvent::Paint && !m_painted) {
            m_painted = true;
            // After this paint has reached the screen.
            QTimer::singleShot(0, this, [this] { report("first-paint"); });
        }
        return QObject::eventFilter(watched, event);
    }

private:
    void report(const char *step)
    {
        std::fprintf(stderr, "valis-startup %s %lld\n", step, static_cast<long long>(m_clock.elapsed()));
        std::fflush(stderr);
    }

    valis::MainWindow *m_window;
    QElapsedTimer m_clock;
    bool m_exposed = false;
    bool m_painted = false;
    bool m_sessionShown = false;
};

/// valis's command line. Built after the translations are installed, so --help speaks the
/// person's language.
class ShellCommandLine
{
public:
    ShellCommandLine()
    {
        parser.setApplicationDescription(QCoreApplication::translate("valis", "Valis, a desktop agent harness."));
        parser.addHelpOption();
        parser.addOptions({version, home, session, safeMode});
    }

    const QCommandLineOption version{{QStringLiteral("v"), QStringLiteral("version")},
                                     QCoreApplication::translate("valis", "Show the versions of Valis, Qt and the plugin API.")};
    const QCommandLineOption home{QStringLiteral("home"), QCoreApplication::translate("valis", "Keep all of Valis's files in DIR (also: VALIS_HOME)."),
                                  QStringLiteral("DIR")};
    const QCommandLineOption session{QStringLiteral("session"), QCoreApplication::translate("valis", "Open the session ID."), QStringLiteral("ID")};
    const QCommandLineOption safeMode{QStringLiteral("safe-mode"), QCoreApplication::translate("valis", "Start without loading any plugin.")};
    QCommandLineParser parser;
};

/// Name and version, the same for both ways valis starts: the name also decides where the
/// standard locations put the profile.
void identify()
{
    QCoreApplication::setApplicationName(QStringLiteral("Valis"));
    QCoreApplication::setApplicationVersion(QStringLiteral(VALIS_VERSION_STRING));
}

/// Whether the command line only asks for --help or --version. Those are answered without a
/// window system, so they work over SSH, in a terminal without a display, and for help2man
/// writing the manual page while a package is built.
bool asksOnlyForInformation(const QStringList &arguments)
{
    static const QStringList informational = {QStringLiteral("-h"), QStringLiteral("--help"), QStringLiteral("-?"),
                                              QStringLiteral("--help-all"), QStringLiteral("-v"), QStringLiteral("--version")};
    for (const QString &argument : arguments.mid(1)) {
        if (argument == QLatin1String("--"))
            break;
        if (informational.contains(argument))
            return true;
    }
    return false;
}

/// Answers --help or --version with a QCoreApplication: no platform plugin, no display.
int printInformation(int argc, char *argv[], QStringList arguments)
{
    QCoreApplication app(argc, argv);
    identify();
    const valis::DataLocations locations = valis::DataLocations::fromArguments(&arguments);
    valis::installTranslations(app, valis::interfaceLocale(locations));
    ShellCommandLine commandLine;
    commandLine.parser.process(arguments); // prints the help and exits for --help
    if (commandLine.parser.isSet(commandLine.version)) {
        std::fputs(valis::versionText(QStringLiteral("valis")).toLocal8Bit().constData(), stdout);
        return 0;
    }
    return 1;
}

} // namespace

int main(int argc, char *argv[])
{
    QElapsedTimer sinceStart;
    sinceStart.start();
    // Read before QApplication sees them: it takes "--session ID" as X11 session management's
    // "-session" and removes it from its own list.
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    if (asksOnlyForInformation(arguments))
        return printInformation(argc, argv, arguments);
#ifdef Q_OS_UNIX
    // Chromium refuses to start as root with its sandbox on (containers, CI machines). The page
    // it shows is our own and sanitised; say so rather than show nothing.
    if (::geteuid() == 0 && !qEnvironmentVariable("QTWEBENGINE_CHROMIUM_FLAGS").contains(QLatin1String("--no-sandbox"))) {
        qputenv("QTWEBENGINE_CHROMIUM_FLAGS", (qEnvironmentVariable("QTWEBENGINE_CHROMIUM_FLAGS") + QStringLiteral(" --no-sandbox")).toUtf8());
        std::fputs("valis: running as root, so the conversation view runs without Chromium's sandbox\n", stderr);
    }
#endif
    // Chromium's zygote exists to start sandboxed renderers; without the sandbox it is two idle
    // processes (about 35 MB).
    if (const QString flags = qEnvironmentVariable("QTWEBENGINE_CHROMIUM_FLAGS");
        flags.contains(QLatin1String("--no-sandbox")) && !flags.contains(QLatin1String("--no-zygote")))
        qputenv("QTWEBENGINE_CHROMIUM_FLAGS", (flags + QStringLiteral(" --no-zygote")).toUtf8());
    valis::ConversationScheme::registerScheme();
    QCoreApplication::setAttribute(Qt::AA_ShareOpenGLContexts);
    QApplication app(argc, argv);
    identify();
    QApplication::setDesktopFileName(QStringLiteral("org.valis.Valis"));
    const valis::DataLocations locations = valis::DataLocations::fromArguments(&arguments);
    // The person's language and theme (Settings > Appearance) before any window exists.
    const valis::Appearance appearance = valis::Appearance::load(locations);
    valis::installTranslations(app, valis::interfaceLocale(locations));
    valis::Appearance::applyTheme(appearance.theme);
    valis::Appearance::applyFontFallback(); // emoji and CJK in the widgets as in the page

    ShellCommandLine commandLine;
    commandLine.parser.process(arguments);

    valis::ShellOptions options;
    options.safeMode = commandLine.parser.isSet(commandLine.safeMode);
    options.initialSession = commandLine.parser.value(commandLine.session);
    const bool reportStartup = qEnvironmentVariableIsSet("VALIS_REPORT_STARTUP");
    if (reportStartup)
        std::fprintf(stderr, "valis-startup application %lld\n", static_cast<long long>(sinceStart.elapsed()));
    valis::MainWindow window(locations, options);
    if (reportStartup) {
        std::fprintf(stderr, "valis-startup window-built %lld\n", static_cast<long long>(sinceStart.elapsed()));
        new StartupReport(&window, sinceStart);
    }
    window.show();
    return app.exec();
}
