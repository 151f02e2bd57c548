// valis: the desktop shell. Thin: options, translations, the main window.
#include "appearance.h"
#include "conversationscheme.h"
#include "mainwindow.h"

#include "valis/core/translations.h"

#include <QApplication>
#include <QCommandLineParser>

#include <cstdio>
#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

int main(int argc, char *argv[])
{
#ifdef Q_OS_UNIX
    // Chromium refuses to start as root with its sandbox on (containers, CI machines). The page
    // it shows is our own and sanitised; say so rather than show nothing.
    if (::geteuid() == 0 && !qEnvironmentVariable("QTWEBENGINE_CHROMIUM_FLAGS").contains(QLatin1String("--no-sandbox"))) {
        qputenv("QTWEBENGINE_CHROMIUM_FLAGS", (qEnvironmentVariable("QTWEBENGINE_CHROMIUM_FLAGS") + QStringLiteral(" --no-sandbox")).toUtf8());
        std::fputs("valis: running as root, so the conversation view runs without Chromium's sandbox\n", stderr);
    }
#endif
    valis::ConversationScheme::registerScheme();
    QCoreApplication::setAttribute(Qt::AA_ShareOpenGLContexts);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Valis"));
    QApplication::setApplicationVersion(QStringLiteral(VALIS_VERSION_STRING));
    QApplication::setDesktopFileName(QStringLiteral("org.valis.Valis"));
    QStringList arguments = app.arguments();
    const valis::DataLocations locations = valis::DataLocations::fromArguments(&arguments);
    // The person's language and theme (Settings > Appearance) before any window exists.
    const valis::Appearance appearance = valis::Appearance::load(locations);
    valis::installTranslations(app, appearance.locale());
    valis::Appearance::applyTheme(appearance.theme);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("valis", "Valis, a desktop agent harness."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({QStringLiteral("home"),
                      QApplication::translate("valis", "Keep all of Valis's files in DIR (also: VALIS_HOME)."),
                      QStringLiteral("DIR")});
    const QCommandLineOption session(QStringLiteral("session"), QApplication::translate("valis", "Open the session ID."),
                                     QStringLiteral("ID"));
    const QCommandLineOption safeMode(QStringLiteral("safe-mode"), QApplication::translate("valis", "Start without loading any plugin."));
    parser.addOption(session);
    parser.addOption(safeMode);
    parser.process(arguments);

    valis::ShellOptions options;
    options.safeMode = parser.isSet(safeMode);
    options.initialSession = parser.value(session);
    valis::MainWindow window(locations, options);
    window.show();
    return app.exec();
}
