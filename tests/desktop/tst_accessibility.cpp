#include "accessibilitytestsupport.h"
#include "mainwindowtestsupport.h"
#include "testsupport.h"
#include "webtestsupport.h"

#include "aboutdialog.h"
#include "appearance.h"
#include "composerwidget.h"
#include "conversationcontroller.h"
#include "conversationview.h"
#include "mainwindow.h"
#include "providerserver.h"
#include "settingsdialog.h"
#include "streambuilders.h"

#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDockWidget>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QPalette>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>

using namespace valis;
using test::evaluate;
using test::pageText;

namespace {

QJsonObject jsonOf(const QVariant &value)
{
    return QJsonDocument::fromJson(value.toString().toUtf8()).object();
}

QStringList stringsOf(const QJsonValue &value)
{
    QStringList strings;
    for (const QJsonValue &entry : value.toArray())
        strings << entry.toString();
    return strings;
}

QWidget *focused()
{
    return QApplication::focusWidget();
}

} // namespace

// Issue 23's accessibility: every control named, the whole app from the keyboard alone, focus
// always visible, WCAG AA contrast in both themes, and the conversation's structure for screen
// readers.
class TestAccessibility : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyControlHasAnAccessibleName();
    void widgetPalettesMeetWcagAa();
    void worksFromTheKeyboardAlone();
};

void TestAccessibility::everyControlHasAnAccessibleName()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    qputenv("VALIS_PLUGIN_PATH", QByteArray(VALIS_BUILT_PLUGIN_DIR));
    qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/valis-no-session-bus");
    MainWindow window(locations, {});
    QSignalSpy loaded(&window, &MainWindow::pluginsLoaded);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY_WITH_TIMEOUT(loaded.count() > 0, 20000);
    QTRY_VERIFY(window.composer()->isEnabled());
    for (QDockWidget *dock : window.findChildren<QDockWidget *>())
        dock->show(); // panes built on first show name their controls too
    QTest::qWait(200);

    QStringList unnamed = test::unnamedControls(&window);
    window.showSettings();
    auto *settings = window.findChild<SettingsDialog *>();
    QTRY_VERIFY(settings && settings->isVisible());
    unnamed += test::unnamedControls(settings);
    settings->reject();
    QTRY_VERIFY(!window.findChild<SettingsDialog *>());
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(&window, Qt::Key_F1);
    QDialog *shortcuts = nullptr;
    QTRY_VERIFY((shortcuts = window.findChild<QDialog *>(QStringLiteral("shortcutsHelp"))) != nullptr);
    unnamed += test::unnamedControls(shortcuts);
    shortcuts->close();
    AboutDialog about(locations, &window);
    about.show();
    QVERIFY(QTest::qWaitForWindowExposed(&about));
    unnamed += test::unnamedControls(&about);
    about.close();
    unnamed.removeDuplicates();
    for (const QString &control : std::as_const(unnamed))
        qInfo("unnamed: %s", qPrintable(control)); // the whole list (a failure message is cut short)
    QVERIFY2(unnamed.isEmpty(), qPrintable(QStringLiteral("%1 controls without an accessible name:\n  ").arg(unnamed.size())
                                           + unnamed.join(QLatin1String("\n  "))));
    // The names are what a person hears: the composer says what it is for.
    QAccessibleInterface *editor = QAccessible::queryAccessibleInterface(window.composer()->editor());
    QVERIFY(!editor->text(QAccessible::Name).isEmpty());
    qunsetenv("VALIS_PLUGIN_PATH");
}

void TestAccessibility::widgetPalettesMeetWcagAa()
{
    struct Pair
    {
        QPalette::ColorRole foreground = QPalette::WindowText;
        QPalette::ColorRole background = QPalette::Window;
        double need = 4.5;
        const char *what = "";
    };
    const QList<Pair> pairs = {
        {QPalette::WindowText, QPalette::Window, 4.5, "WindowText/Window"},
        {QPalette::Text, QPalette::Base, 4.5, "Text/Base"},
        {QPalette::Text, QPalette::AlternateBase, 4.5, "Text/AlternateBase"},
        {QPalette::ButtonText, QPalette::Button, 4.5, "ButtonText/Button"},
        {QPalette::HighlightedText, QPalette::Highlight, 4.5, "HighlightedText/Highlight"},
        {QPalette::PlaceholderText, QPalette::Base, 4.5, "PlaceholderText/Base"},
        {QPalette::Link, QPalette::Base, 4.5, "Link/Base"},
        {QPalette::Link, QPalette::Window, 4.5, "Link/Window"},
        {QPalette::ToolTipText, QPalette::ToolTipBase, 4.5, "ToolTipText/ToolTipBase"},
        // The focus frame and the current item are drawn in the highlight colour: a UI part, 3:1.
        {QPalette::Highlight, QPalette::Window, 3.0, "Highlight/Window (focus)"},
        {QPalette::Highlight, QPalette::Base, 3.0, "Highlight/Base (focus)"},
    };
    QStringList failures;
    for (const QString &theme : {QStringLiteral("light"), QStringLiteral("dark")}) {
        Appearance::applyTheme(theme);
        const QPalette palette = QApplication::palette();
        QCOMPARE(Appearance::isDark(palette), theme == QLatin1String("dark"));
        for (const Pair &pair : pairs) {
            const double ratio = test::contrast(palette.color(QPalette::Active, pair.foreground), palette.color(QPalette::Active, pair.background));
            if (ratio < pair.need)
                failures << QStringLiteral("%1 %2: %3 < %4 (%5 on %6)")
                                .arg(theme, QLatin1String(pair.what))
                                .arg(ratio, 0, 'f', 2)
                                .arg(pair.need)
                                .arg(palette.color(pair.foreground).name(QColor::HexArgb), palette.color(pair.background).name());
        }
    }
    Appearance::applyTheme(QStringLiteral("system"));
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
}

void TestAccessibility::worksFromTheKeyboardAlone()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(test::runTurnsAgainst(locations, server,
                                  (QStringLiteral(VALIS_BUILT_PLUGIN_DIR) + QDir::listSeparator() + QStringLiteral(VALIS_TEST_TOOL_PLUGIN_DIR)).toUtf8()));
    // A write that needs approval, then an answer streamed slowly, sentence after sentence.
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream()
                                                   .text(QStringLiteral("I will write the file."))
                                                   .toolUse(QStringLiteral("toolu_w"), QStringLiteral("write"), QJsonObject{{QStringLiteral("text"), QStringLiteral("notes.md")}})
                                                   .stop(QStringLiteral("tool_use"))));
    const QStringList sentences = {QStringLiteral("The file is written. "), QStringLiteral("It holds the notes you asked for. "),
                                   QStringLiteral("Nothing else changed "), QStringLiteral("in the folder. "),
                                   QStringLiteral("Ask again "), QStringLiteral("when you want more")};
    test::AnthropicStream stream;
    for (const QString &sentence : sentences)
        stream.text(sentence);
    test::ScriptedResponse slow = test::ScriptedResponse::sse(stream.stop(QStringLiteral("end_turn")));
    slow.chunkSize = 40;
    slow.chunkDelay = std::chrono::milliseconds(40);
    server.enqueue(slow);

    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY_WITH_TIMEOUT(window.composer()->isEnabled(), 20000);
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));

    // A turn: the composer by its shortcut, typed, sent with Enter.
    QTest::keyClick(focused() ? focused() : &window, Qt::Key_L, Qt::ControlModifier);
    QTRY_COMPARE(focused(), static_cast<QWidget *>(window.composer()->editor()));
    QTest::keyClicks(focused(), QStringLiteral("Write the notes"));
    QTest::keyClick(focused(), Qt::Key_Return);

    // The approval card is an alert dialog for screen readers, announced at once; allowed with its shortcut.
    QTRY_VERIFY_WITH_TIMEOUT(evaluate(window, QStringLiteral("document.querySelector('.approval pre') !== null")).toBool(), 10000);
    QTRY_COMPARE(evaluate(window, QStringLiteral("document.querySelector('.approval').getAttribute('role')")).toString(), QStringLiteral("alertdialog"));
    QVERIFY(evaluate(window, QStringLiteral("document.getElementById(document.querySelector('.approval').getAttribute('aria-labelledby')).textContent"))
                .toString().contains(QLatin1String("write")));
    QVERIFY(evaluate(window, QStringLiteral("document.getElementById('alerts').dataset.last")).toString().contains(QLatin1String("write")));
    QCOMPARE(evaluate(window, QStringLiteral("document.getElementById('alerts').getAttribute('aria-live')")).toString(), QStringLiteral("assertive"));
    const int spokenBefore = evaluate(window, QStringLiteral("Number(document.getElementById('announcer').dataset.count || 0)")).toInt();
    QTest::keyClick(focused(), Qt::Key_Y, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("Ask again when you want more")), 15000);
    // The turn is over (Send itself stays off while the composer is empty).
    QTRY_VERIFY(!window.conversation()->isBusy());
    QCOMPARE(server.requests().size(), 2);

    // The page's structure: a main landmark, a feed of articles labelled by who speaks, a
    // heading per message, and the streamed answer announced politely, a few times, not per token.
    QCOMPARE(evaluate(window, QStringLiteral("document.querySelectorAll('main').length")).toInt(), 1);
    QVERIFY(!evaluate(window, QStringLiteral("document.getElementById('conversation-heading').textContent")).toString().isEmpty());
    QCOMPARE(evaluate(window, QStringLiteral("document.querySelector('main [role=feed]').id")).toString(), QStringLiteral("messages"));
    QTRY_COMPARE(evaluate(window, QStringLiteral("document.getElementById('messages').getAttribute('aria-busy')")).toString(), QStringLiteral("false"));
    const QStringList labels = stringsOf(QJsonDocument::fromJson(
        evaluate(window, QStringLiteral("JSON.stringify([...document.querySelectorAll('#messages article.msg:not([hidden])')].map(a => a.getAttribute('aria-label')))"))
            .toString().toUtf8()).array());
    QVERIFY2(labels.contains(QStringLiteral("You")) && labels.contains(QStringLiteral("Assistant")) && !labels.contains(QString()),
             qPrintable(labels.join(u',')));
    QCOMPARE(evaluate(window, QStringLiteral("document.querySelector('.tool-card').getAttribute('aria-label')")).toString(), QStringLiteral("Tool write"));
    QVERIFY(evaluate(window, QStringLiteral("document.querySelectorAll('#messages [role=heading][aria-level=\"2\"]').length")).toInt() >= 1);
    QCOMPARE(evaluate(window, QStringLiteral("document.querySelectorAll('#messages article.msg:not([hidden])').length")).toInt(),
             evaluate(window, QStringLiteral("document.querySelectorAll('#messages article.msg:not([hidden]) [role=heading]').length")).toInt());
    QCOMPARE(evaluate(window, QStringLiteral("document.getElementById('announcer').getAttribute('aria-live')")).toString(), QStringLiteral("polite"));
    // What was spoken last is the answer's end (the region itself is emptied again soon after).
    QVERIFY2(evaluate(window, QStringLiteral("document.getElementById('announcer').dataset.last")).toString().contains(QLatin1String("Ask again when you want more")),
             qPrintable(evaluate(window, QStringLiteral("document.getElementById('announcer').dataset.last")).toString()));
    QTRY_COMPARE_WITH_TIMEOUT(evaluate(window, QStringLiteral("document.getElementById('announcer').textContent")).toString(), QString(), 8000);
    // Six deltas over about two seconds: spoken sentence by sentence, at most every 1.5 s, and at the end.
    const int spoken = evaluate(window, QStringLiteral("Number(document.getElementById('announcer').dataset.count)")).toInt() - spokenBefore;
    QVERIFY2(spoken >= 2 && spoken < int(sentences.size()), qPrintable(QString::number(spoken)));
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(window.grab().save(dir + QStringLiteral("/keyboard-turn.png")));

    // Focus is visible on every kind of interactive element in the page, in both themes, and the
    // text meets WCAG AA.
    for (const QString &theme : {QStringLiteral("light"), QStringLiteral("dark")}) {
        Appearance::applyTheme(theme);
        QTRY_COMPARE(evaluate(window, QStringLiteral("document.documentElement.dataset.theme")).toString(), theme);
        // Tab through the page as a keyboard user does; each stop shows a focus ring.
        window.conversationView()->setFocus();
        QTRY_VERIFY(focused() && (focused() == window.conversationView() || window.conversationView()->isAncestorOf(focused())));
        QWidget *page = focused();
        QSet<QString> stops;
        for (int i = 0; i < 30 && focused() == page; ++i) {
            QTest::keyClick(page, Qt::Key_Tab);
            QTest::qWait(50);
            const QString stop = evaluate(window, test::focusScript()).toString();
            if (!stop.isEmpty())
                stops << stop;
            // The page with its focus ring on the second stop, as a keyboard user sees it.
            if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty() && stops.size() == 2 && !stop.isEmpty())
                QVERIFY(window.grab().save(dir + QStringLiteral("/keyboard-focus-%1.png").arg(theme)));
        }
        QVERIFY2(stops.size() >= 3, qPrintable(QStringList(stops.values()).join(u',')));
        for (const QString &stop : std::as_const(stops))
            QVERIFY2(!stop.contains(QLatin1String("no focus ring")), qPrintable(theme + QLatin1String(": ") + stop));
        const QJsonObject contrast = jsonOf(evaluate(window, test::contrastScript()));
        const QStringList kinds = stringsOf(contrast.value(QLatin1String("kinds")));
        QVERIFY2(kinds.size() >= 8, qPrintable(kinds.join(u',')));
        for (const QString &failure : stringsOf(contrast.value(QLatin1String("failures"))))
            qInfo("%s contrast: %s", qPrintable(theme), qPrintable(failure));
        QVERIFY2(stringsOf(contrast.value(QLatin1String("failures"))).isEmpty(),
                 qPrintable(theme + QStringLiteral(":\n") + stringsOf(contrast.value(QLatin1String("failures"))).join(QLatin1Char('\n'))));
    }
    Appearance::applyTheme(QStringLiteral("system"));
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));

    // Tab reaches every part of the window: sessions, the conversation, the composer (with a
    // draft typed, so Send is on and in the chain).
    window.composer()->editor()->setFocus();
    QTest::keyClicks(focused(), QStringLiteral("draft"));
    QTRY_VERIFY(window.findChild<QPushButton *>(QStringLiteral("composerSend"))->isEnabled());
    QSet<QString> reached;
    bool conversation = false;
    for (int i = 0; i < 80; ++i) {
        QTest::keyClick(focused(), Qt::Key_Tab);
        QTest::qWait(20);
        if (QWidget *widget = focused()) {
            reached << widget->objectName();
            conversation = conversation || window.conversationView()->isAncestorOf(widget) || widget == window.conversationView();
        }
    }
    for (const char *part : {"sessionFilter", "sessionList", "composerEditor", "composerModel", "composerSend"})
        QVERIFY2(reached.contains(QLatin1String(part)), qPrintable(QLatin1String(part) + QStringLiteral(" not reached; reached: ") + QStringList(reached.values()).join(u',')));
    QVERIFY2(conversation, "Tab never reached the conversation");

    // Transcript search: opened with its shortcut, typed, Enter opens the hit in the conversation.
    QTest::keyClick(focused(), Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_COMPARE(focused() ? focused()->objectName() : QString(), QStringLiteral("grepQuery"));
    QTest::keyClicks(focused(), QStringLiteral("notes"));
    auto *results = window.findChild<QListWidget *>(QStringLiteral("grepResults"));
    QTRY_VERIFY_WITH_TIMEOUT(results->count() > 0, 15000);
    QTest::keyClick(focused(), Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(evaluate(window, QStringLiteral("document.querySelector('article.focus') !== null")).toBool(), 10000);
    QVERIFY(evaluate(window, QStringLiteral("document.querySelector('article.focus').textContent")).toString().contains(QLatin1String("notes")));

    // Settings: opened with Ctrl+,, pages with the arrows, fields with Tab, a value changed,
    // closed with Enter; opened again and closed with Escape.
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(focused() ? focused() : &window, Qt::Key_Comma, Qt::ControlModifier);
    SettingsDialog *settings = nullptr;
    QTRY_VERIFY((settings = window.findChild<SettingsDialog *>()) && settings->isVisible());
    QTRY_VERIFY(focused() && settings->isAncestorOf(focused()));
    auto *pages = settings->findChild<QListWidget *>(QStringLiteral("settingsPages"));
    for (int i = 0; i < 60 && focused() != pages; ++i)
        QTest::keyClick(focused(), Qt::Key_Tab);
    QCOMPARE(focused(), static_cast<QWidget *>(pages));
    for (int i = 0; i < pages->count() && pages->currentItem()->text() != QLatin1String("Appearance"); ++i)
        QTest::keyClick(pages, Qt::Key_Down);
    QCOMPARE(pages->currentItem()->text(), QStringLiteral("Appearance"));
    auto *theme = settings->findChild<QComboBox *>(QStringLiteral("theme"));
    for (int i = 0; i < 60 && focused() != theme; ++i)
        QTest::keyClick(focused(), Qt::Key_Tab);
    QCOMPARE(focused(), static_cast<QWidget *>(theme));
    const int before = theme->currentIndex();
    QTest::keyClick(theme, before + 1 < theme->count() ? Qt::Key_Down : Qt::Key_Up);
    QVERIFY(theme->currentIndex() != before);
    const QString chosen = theme->currentData().toString();
    QTest::keyClick(theme, Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(!window.findChild<SettingsDialog *>() || !window.findChild<SettingsDialog *>()->isVisible(), 10000);
    QCOMPARE(QSettings(locations.desktopSettingsPath(), QSettings::IniFormat).value(QStringLiteral("ui/theme")).toString(), chosen);
    Appearance::applyTheme(QStringLiteral("system"));

    QTRY_VERIFY(!window.findChild<SettingsDialog *>()); // deleted on close
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(focused() ? focused() : &window, Qt::Key_Comma, Qt::ControlModifier);
    QTRY_VERIFY((settings = window.findChild<SettingsDialog *>()) && settings->isVisible());
    QTRY_VERIFY(focused() && settings->isAncestorOf(focused()));
    QTest::keyClick(focused(), Qt::Key_Escape);
    QTRY_VERIFY(!window.findChild<SettingsDialog *>());
}

VALIS_WEBENGINE_TEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
