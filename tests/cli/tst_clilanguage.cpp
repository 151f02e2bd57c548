// valis-cli's --version and the language it speaks: the real binary, run as a person would,
// with the locale in the environment and the language chosen in the profile's desktop.ini.
#include "clirunner.h"
#include "testsupport.h"

#include <QSettings>

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

/// Runs valis-cli with `arguments` on `home`, with LANG=`lang` and nothing else saying which
/// language (LANGUAGE and the LC_ variables would win over LANG).
Run cli(const QString &home, const QString &lang, const QStringList &arguments)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &name : environment.keys()) {
        if (name.startsWith(QLatin1String("LC_")) || name == QLatin1String("LANGUAGE") || name == QLatin1String("VALIS_HOME"))
            environment.remove(name);
    }
    environment.insert(QStringLiteral("LANG"), lang);
    const valis::test::CliRun run = valis::test::runCli(QStringList{QStringLiteral("--home"), home} + arguments, environment);
    return {run.exitCode, QString::fromUtf8(run.out), QString::fromUtf8(run.err)};
}

void chooseLanguage(const QString &home, const QString &language)
{
    QSettings settings(home + QStringLiteral("/config/desktop.ini"), QSettings::IniFormat);
    settings.setValue(QStringLiteral("ui/language"), language);
    settings.sync();
    QCOMPARE(settings.status(), QSettings::NoError);
}

} // namespace

class TestCliLanguage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void versionNamesValisQtAndPluginApi();
    void systemLanguage();
    void profileLanguageWinsOverTheSystem();
    void englishWithoutEither();
    void englishChosenInTheProfile();
};

void TestCliLanguage::versionNamesValisQtAndPluginApi()
{
    valis::test::TemporaryHome home;
    for (const QString &option : {QStringLiteral("--version"), QStringLiteral("-v")}) {
        const Run run = cli(home.path(), QStringLiteral("C"), {option});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.isEmpty(), qPrintable(run.err));
        const QStringList lines = run.out.split(QLatin1Char('\n'));
        // help2man reads the program's name and version from the first line.
        QCOMPARE(lines.first(), QStringLiteral("valis-cli " VALIS_VERSION_STRING));
        QVERIFY2(lines.contains(QStringLiteral("Qt ") + QString::fromLatin1(qVersion()))
                     || lines.contains(QStringLiteral("Qt %1 (built against Qt %2)").arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR))),
                 qPrintable(run.out));
        QVERIFY2(lines.contains(QStringLiteral("Plugin API version %1").arg(VALIS_PLUGIN_API_VERSION)), qPrintable(run.out));
        QVERIFY2(run.out.contains(QLatin1String("\n\nCopyright (C) ")), qPrintable(run.out));
        QVERIFY(run.out.contains(QLatin1String("All rights reserved.")));
    }
}

void TestCliLanguage::systemLanguage()
{
    valis::test::TemporaryHome home;
    const Run help = cli(home.path(), QStringLiteral("de_DE.UTF-8"), {QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    QVERIFY2(help.out.contains(QLatin1String("Befehle:")), qPrintable(help.out));
    QVERIFY(help.out.contains(QLatin1String("Aufruf: valis-cli")));
    QVERIFY(!help.out.contains(QLatin1String("Commands:")));
    // A command's own help and its errors too.
    const Run sessions = cli(home.path(), QStringLiteral("de_DE.UTF-8"), {QStringLiteral("sessions"), QStringLiteral("--help")});
    QVERIFY2(sessions.out.contains(QString::fromUtf8("Listet die Sitzungen")), qPrintable(sessions.out));
    const Run unknown = cli(home.path(), QStringLiteral("de_DE.UTF-8"), {QStringLiteral("frobnicate")});
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains(QString::fromUtf8("unbekannter Befehl")), qPrintable(unknown.err));
    // The version's facts are translated; its first line stays as help2man needs it.
    const Run version = cli(home.path(), QStringLiteral("de_DE.UTF-8"), {QStringLiteral("--version")});
    QVERIFY(version.out.startsWith(QLatin1String("valis-cli " VALIS_VERSION_STRING "\n")));
    QVERIFY2(version.out.contains(QStringLiteral("Plugin-API-Version %1").arg(VALIS_PLUGIN_API_VERSION)), qPrintable(version.out));
}

void TestCliLanguage::profileLanguageWinsOverTheSystem()
{
    valis::test::TemporaryHome home;
    chooseLanguage(home.path(), QStringLiteral("zh_CN"));
    for (const QString &lang : {QStringLiteral("C"), QStringLiteral("de_DE.UTF-8")}) {
        const Run help = cli(home.path(), lang, {QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.out.contains(QString::fromUtf8("命令：")), qPrintable(help.out));
        QVERIFY(!help.out.contains(QLatin1String("Commands:")));
        QVERIFY(!help.out.contains(QLatin1String("Befehle:")));
    }
    // VALIS_HOME names the profile as well as --home does.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("VALIS_HOME"), home.path());
    environment.insert(QStringLiteral("LANG"), QStringLiteral("C"));
    environment.remove(QStringLiteral("LANGUAGE"));
    environment.remove(QStringLiteral("LC_ALL"));
    environment.remove(QStringLiteral("LC_MESSAGES"));
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(valis::test::buildDir() + QStringLiteral("/bin/valis-cli"), {QStringLiteral("--help")});
    QVERIFY(process.waitForFinished(60000));
    QVERIFY(QString::fromUtf8(process.readAllStandardOutput()).contains(QString::fromUtf8("命令：")));
}

void TestCliLanguage::englishWithoutEither()
{
    valis::test::TemporaryHome home;
    const Run help = cli(home.path(), QStringLiteral("C"), {QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    QVERIFY2(help.out.startsWith(QLatin1String("Usage: valis-cli")), qPrintable(help.out));
    QVERIFY(help.out.contains(QLatin1String("Commands:")));
    // Reading the language never writes the profile.
    QVERIFY(!QFileInfo::exists(home.filePath(QStringLiteral("config/desktop.ini"))));
}

void TestCliLanguage::englishChosenInTheProfile()
{
    valis::test::TemporaryHome home;
    chooseLanguage(home.path(), QStringLiteral("en"));
    const Run help = cli(home.path(), QStringLiteral("de_DE.UTF-8"), {QStringLiteral("--help")});
    QVERIFY2(help.out.contains(QLatin1String("Commands:")), qPrintable(help.out));
    QVERIFY(!help.out.contains(QLatin1String("Befehle:")));
}

VALIS_TEST_MAIN(TestCliLanguage)
#include "tst_clilanguage.moc"
