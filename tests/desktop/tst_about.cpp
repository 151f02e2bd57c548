// The About dialog, and the desktop binary's --version and --help, which must work without any
// display (over SSH, and for help2man while a package is built).
#include "testsupport.h"

#include "aboutdialog.h"

#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProcess>
#include <QSettings>
#include <QTabWidget>

using namespace valis;

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

/// Runs the real `valis` with no display of any kind and LANG=`lang` deciding the language.
Run valisWithoutDisplay(const QStringList &arguments, const QString &lang = QStringLiteral("C"))
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &name : environment.keys()) {
        if (name.startsWith(QLatin1String("LC_")) || name == QLatin1String("LANGUAGE") || name == QLatin1String("VALIS_HOME"))
            environment.remove(name);
    }
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "XAUTHORITY"})
        environment.remove(QString::fromLatin1(name));
    environment.insert(QStringLiteral("LANG"), lang);
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(VALIS_BINARY), arguments);
    Run run;
    if (!process.waitForFinished(60000)) {
        process.kill();
        process.waitForFinished();
        run.err = QStringLiteral("valis did not finish: ") + process.errorString();
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

QString qtLine()
{
    return QStringLiteral(QT_VERSION_STR) == QString::fromLatin1(qVersion())
               ? QStringLiteral("Qt ") + QString::fromLatin1(qVersion())
               : QStringLiteral("Qt %1 (built against Qt %2)").arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR));
}

/// The licence files of an npm package in node_modules, as the build read them.
QStringList licenceTexts(const QString &package)
{
    QStringList texts;
    const QDir folder(test::sourceDir() + QStringLiteral("/node_modules/") + package);
    for (const QString &name : folder.entryList({QStringLiteral("LICENSE*")}, QDir::Files, QDir::Name)) {
        QFile file(folder.filePath(name));
        if (file.open(QIODevice::ReadOnly))
            texts.append(QString::fromUtf8(file.readAll()).trimmed());
    }
    return texts;
}

} // namespace

class TestAbout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsVersionsProfileAndLicence();
    void listsTheThirdPartyLicences();
    void versionWithoutDisplay();
    void helpWithoutDisplayIsTranslated();
};

void TestAbout::showsVersionsProfileAndLicence()
{
    test::TemporaryHome home;
    AboutDialog dialog(DataLocations::underHome(home.path()));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const auto *versions = dialog.findChild<QLabel *>(QStringLiteral("versions"));
    QVERIFY(versions && versions->isVisible());
    const QStringList lines = versions->text().split(QLatin1Char('\n'));
    QCOMPARE(lines.value(0), QStringLiteral("Valis " VALIS_VERSION_STRING));
    QVERIFY2(lines.contains(qtLine()), qPrintable(versions->text()));
    QVERIFY2(lines.contains(QStringLiteral("Plugin API version %1").arg(VALIS_PLUGIN_API_VERSION)), qPrintable(versions->text()));
    QVERIFY(versions->textInteractionFlags().testFlag(Qt::TextSelectableByMouse));

    const auto *profile = dialog.findChild<QLabel *>(QStringLiteral("profile"));
    QVERIFY(profile);
    QVERIFY2(profile->text().contains(QDir::toNativeSeparators(home.path())), qPrintable(profile->text()));
    const auto *licence = dialog.findChild<QLabel *>(QStringLiteral("licence"));
    QVERIFY(licence);
    QVERIFY2(licence->text().contains(QLatin1String("All rights reserved.")), qPrintable(licence->text()));
    QVERIFY(licence->text().contains(QLatin1String("proprietary")));
    QVERIFY(licence->textInteractionFlags().testFlag(Qt::TextSelectableByMouse));
    // For people: VALIS_SCREENSHOT_DIR=/some/dir keeps a picture of what the dialog showed.
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        dialog.grab().save(dir + QStringLiteral("/about-valis.png"));
}

void TestAbout::listsTheThirdPartyLicences()
{
    test::TemporaryHome home;
    AboutDialog dialog(DataLocations::underHome(home.path()));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *tabs = dialog.findChild<QTabWidget *>();
    QVERIFY(tabs);
    tabs->setCurrentIndex(1);
    auto *list = dialog.findChild<QListWidget *>(QStringLiteral("components"));
    auto *text = dialog.findChild<QPlainTextEdit *>(QStringLiteral("licenceText"));
    auto *facts = dialog.findChild<QLabel *>(QStringLiteral("componentFacts"));
    QVERIFY(list && text && facts);
    QVERIFY(text->isReadOnly());
    QVERIFY(text->textInteractionFlags().testFlag(Qt::TextSelectableByMouse));
    const auto select = [list](const QString &name) {
        for (int row = 0; row < list->count(); ++row) {
            if (list->item(row)->text().section(QLatin1Char(' '), 0, -2) == name || list->item(row)->text() == name) {
                list->setCurrentRow(row);
                return true;
            }
        }
        return false;
    };

    // Every npm package compiled into the app, with its own licence file(s) word for word.
    const QList<QPair<QString, QString>> packages = {
        {QStringLiteral("markdown-it"), QStringLiteral("markdown-it")}, {QStringLiteral("entities"), QStringLiteral("entities")},
        {QStringLiteral("linkify-it"), QStringLiteral("linkify-it")}, {QStringLiteral("mdurl"), QStringLiteral("mdurl")},
        {QStringLiteral("punycode.js"), QStringLiteral("punycode.js")}, {QStringLiteral("uc.micro"), QStringLiteral("uc.micro")},
        {QStringLiteral("DOMPurify"), QStringLiteral("dompurify")}, {QStringLiteral("highlight.js"), QStringLiteral("@highlightjs/cdn-assets")},
        {QStringLiteral("gpt-tokenizer"), QStringLiteral("gpt-tokenizer")}};
    for (const auto &[shown, package] : packages) {
        QVERIFY2(select(shown), qPrintable(shown));
        const QStringList expected = licenceTexts(package);
        QVERIFY2(!expected.isEmpty(), qPrintable(package));
        for (const QString &licenceText : expected)
            QVERIFY2(text->toPlainText().contains(licenceText), qPrintable(shown));
    }
    // DOMPurify is dual-licensed: both texts, and the choice in its facts.
    QVERIFY(select(QStringLiteral("DOMPurify")));
    QVERIFY(text->toPlainText().contains(QLatin1String("Apache License")));
    QVERIFY(text->toPlainText().contains(QLatin1String("Mozilla Public License")));
    QVERIFY2(facts->text().contains(QLatin1String("MPL-2.0 OR Apache-2.0")), qPrintable(facts->text()));
    QVERIFY(facts->text().contains(QLatin1String("3.")));

    // The libraries it links, each named with its licence.
    QVERIFY(select(QStringLiteral("Qt")));
    QVERIFY(list->currentItem()->text().endsWith(QString::fromLatin1(qVersion())));
    QVERIFY(facts->text().contains(QLatin1String("LGPL-3.0-only")));
    QVERIFY(text->toPlainText().contains(QLatin1String("GNU Lesser General Public License")));
    QVERIFY(select(QStringLiteral("Qt WebEngine")));
    QVERIFY(text->toPlainText().contains(QLatin1String("Chromium")));
    QVERIFY(select(QStringLiteral("QtKeychain")));
    QVERIFY(facts->text().contains(QLatin1String("BSD-2-Clause")));
    QVERIFY(text->toPlainText().contains(QLatin1String("Frank Osterfeld")));
    QVERIFY(select(QStringLiteral("SQLite")));
    QVERIFY(text->toPlainText().contains(QLatin1String("public domain")));
    QCOMPARE(list->count(), packages.size() + 4);
    QVERIFY(select(QStringLiteral("DOMPurify")));
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        dialog.grab().save(dir + QStringLiteral("/about-third-party.png"));
}

void TestAbout::versionWithoutDisplay()
{
    for (const QString &option : {QStringLiteral("--version"), QStringLiteral("-v")}) {
        const Run run = valisWithoutDisplay({option});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.isEmpty(), qPrintable(run.err));
        const QStringList lines = run.out.split(QLatin1Char('\n'));
        // help2man reads the program's name and version from the first line.
        QCOMPARE(lines.first(), QStringLiteral("valis " VALIS_VERSION_STRING));
        QVERIFY2(lines.contains(qtLine()), qPrintable(run.out));
        QVERIFY2(lines.contains(QStringLiteral("Plugin API version %1").arg(VALIS_PLUGIN_API_VERSION)), qPrintable(run.out));
        QVERIFY(run.out.contains(QLatin1String("\n\nCopyright (C) ")));
    }
    // Among other options too, and with --home naming a profile.
    test::TemporaryHome home;
    const Run mixed = valisWithoutDisplay({QStringLiteral("--home"), home.path(), QStringLiteral("--safe-mode"), QStringLiteral("--version")});
    QCOMPARE(mixed.exitCode, 0);
    QVERIFY(mixed.out.startsWith(QLatin1String("valis " VALIS_VERSION_STRING "\n")));
}

void TestAbout::helpWithoutDisplayIsTranslated()
{
    const Run english = valisWithoutDisplay({QStringLiteral("--help")});
    QCOMPARE(english.exitCode, 0);
    QVERIFY2(english.out.contains(QLatin1String("--safe-mode")), qPrintable(english.out + english.err));
    QVERIFY(english.out.contains(QLatin1String("Start without loading any plugin.")));
    QVERIFY(english.out.contains(QLatin1String("Show the versions of Valis, Qt and the plugin API.")));

    const Run german = valisWithoutDisplay({QStringLiteral("--help")}, QStringLiteral("de_DE.UTF-8"));
    QCOMPARE(german.exitCode, 0);
    QVERIFY2(german.out.contains(QLatin1String("Ohne Plugins starten.")), qPrintable(german.out));
    QVERIFY(!german.out.contains(QLatin1String("Start without loading any plugin.")));

    // The language chosen in the profile wins over the system's, as when the window starts.
    test::TemporaryHome home;
    {
        QSettings settings(DataLocations::underHome(home.path()).desktopSettingsPath(), QSettings::IniFormat);
        settings.setValue(QStringLiteral("ui/language"), QStringLiteral("zh_CN"));
    }
    const Run chinese = valisWithoutDisplay({QStringLiteral("--home"), home.path(), QStringLiteral("--help")}, QStringLiteral("de_DE.UTF-8"));
    QCOMPARE(chinese.exitCode, 0);
    QVERIFY2(chinese.out.contains(QString::fromUtf8("不加载任何插件")), qPrintable(chinese.out));
}

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    TestAbout test;
    QTEST_SET_MAIN_SOURCE_PATH
    return ::valis::test::runTests(&test, argc, argv);
}
#include "tst_about.moc"
