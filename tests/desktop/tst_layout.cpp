// Issue 23, "Layout and first impressions": the conversation first at a readable measure, docks
// that come forward when they have something, the arrangement remembered; the composer ready to
// send with a default model; emoji and CJK drawn; one set of colours for page and widgets; an
// icon that reads at 16 px. Run twice by CTest: as is, and at 200 % (QT_SCALE_FACTOR=2).
#include "mainwindowtestsupport.h"
#include "testsupport.h"
#include "webtestsupport.h"

#include "appearance.h"
#include "composerreadiness.h"
#include "composerwidget.h"
#include "conversationbridge.h"
#include "conversationcontroller.h"
#include "conversationscheme.h"
#include "conversationview.h"
#include "welcomeview.h"
#include "windowlayout.h"

#include "valis/catalog/modelcatalog.h"
#include "valis/store/sessionstore.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFontDatabase>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace valis;
using test::evaluate;
using test::pageText;

namespace {

const QString LongText = QStringLiteral(
    "A paragraph long enough to fill the column several times over, so that the measure of the text is what the "
    "window allows and not what the sentence happens to need. It goes on about the build, the tests and the "
    "screenshots, and then it goes on a little more, because a readable measure only shows on long lines.");
const QString GlyphText = QStringLiteral("Emoji \U0001F600 and CJK \u6F22\u5B57\u30C6\u30B9\u30C8 in one line.");

bool scaled()
{
    return qEnvironmentVariable("QT_SCALE_FACTOR") == QLatin1String("2");
}

QString screenshotDir()
{
    const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        QDir().mkpath(dir);
    return dir;
}

// A stored session with a long user message and an answer, to be opened at start.
QString seedSession(const DataLocations &locations)
{
    auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
    if (!store.ok())
        return {};
    SessionInfo info;
    info.title = QStringLiteral("Layout \U0001F600 \u6F22\u5B57");
    auto created = store.value()->createSession(info);
    if (!created.ok())
        return {};
    Message user;
    user.role = Role::User;
    user.parts = {Part::makeText(GlyphText)};
    Message answer;
    answer.role = Role::Assistant;
    answer.parts = {Part::makeText(LongText + QStringLiteral("\n\n") + LongText)};
    if (!store.value()->appendMessages(created->id, {user, answer}).ok())
        return {};
    return created->id;
}

QJsonObject evaluateJson(MainWindow &window, const QString &script)
{
    return QJsonDocument::fromJson(evaluate(window, script).toString().toUtf8()).object();
}

// The page's text column: its width in CSS pixels, the width of "0" in its font, and where it sits.
const QString MeasureScript = QStringLiteral(
    "(() => { const m = document.getElementById('messages'); const cs = getComputedStyle(m);"
    " const column = m.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);"
    " const probe = document.createElement('span'); probe.textContent = '0'.repeat(100);"
    " probe.style.whiteSpace = 'pre'; probe.style.position = 'absolute'; probe.style.visibility = 'hidden';"
    " m.appendChild(probe); const zero = probe.getBoundingClientRect().width / 100; probe.remove();"
    " const r = m.getBoundingClientRect();"
    " return JSON.stringify({column, zero, chars: column / zero, left: r.left,"
    "   right: document.documentElement.clientWidth - r.right}); })()");

// The box of the first occurrence of `needle` in the messages, in CSS pixels.
QRectF textBox(MainWindow &window, const QString &needle)
{
    const QJsonObject box = evaluateJson(
        window, QStringLiteral("(() => { const w = document.createTreeWalker(document.getElementById('messages'), NodeFilter.SHOW_TEXT);"
                               " let n; while ((n = w.nextNode())) { const i = n.data.indexOf(%1); if (i < 0) continue;"
                               " const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + %1.length);"
                               " const b = r.getBoundingClientRect();"
                               " return JSON.stringify({x: b.left, y: b.top, w: b.width, h: b.height}); } return '{}'; })()")
                    .arg(QString::fromUtf8(QJsonDocument(QJsonArray{needle}).toJson(QJsonDocument::Compact)).mid(1).chopped(1)));
    return QRectF(box.value(QLatin1String("x")).toDouble(), box.value(QLatin1String("y")).toDouble(),
                  box.value(QLatin1String("w")).toDouble(), box.value(QLatin1String("h")).toDouble());
}

QImage crop(const QImage &shot, const QRectF &box)
{
    const qreal ratio = shot.devicePixelRatio();
    return shot.copy(QRectF(box.topLeft() * ratio, box.size() * ratio).toAlignedRect());
}

int colourfulPixels(const QImage &image)
{
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor colour = image.pixelColor(x, y);
            if (colour.hsvSaturation() > 120 && colour.value() > 100)
                ++count;
        }
    return count;
}

double luminance(const QColor &colour)
{
    const auto channel = [](double value) {
        value /= 255.0;
        return value <= 0.03928 ? value / 12.92 : std::pow((value + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(colour.red()) + 0.7152 * channel(colour.green()) + 0.0722 * channel(colour.blue());
}

QDockWidget *dock(MainWindow &window, const QString &name)
{
    return window.findChild<QDockWidget *>(name);
}

} // namespace

class TestLayout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void firstStartPutsTheConversationFirst_data();
    void firstStartPutsTheConversationFirst();
    void docksComeForwardAndTheArrangementIsRemembered();
    void composerIsReadyWithADefaultModel();
    void sendSaysWhyWithoutAKey();
    void emojiAndCjkRender();
    void pageAndWidgetsShareOneLook();
    void appIconReadsAt16Pixels();
};

void TestLayout::initTestCase()
{
    qputenv("VALIS_PLUGIN_PATH", VALIS_BUILT_PLUGIN_DIR);
    qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/valis-no-session-bus");
    for (const char *name : {"ANTHROPIC_BASE_URL", "OPENAI_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY", "XAI_API_KEY",
                             "DEEPSEEK_API_KEY", "MOONSHOT_API_KEY", "ZAI_API_KEY", "OPENROUTER_API_KEY"})
        qunsetenv(name);
    qputenv("ANTHROPIC_API_KEY", "sk-layout-test");
    Appearance::applyTheme(QStringLiteral("light"));
    Appearance::applyFontFallback();
}

void TestLayout::firstStartPutsTheConversationFirst_data()
{
    QTest::addColumn<QSize>("size");
    if (scaled()) {
        QTest::newRow("1280x800@2x") << QSize(1280, 800);
        return;
    }
    QTest::newRow("1280x800") << QSize(1280, 800);
    QTest::newRow("1920x1080") << QSize(1920, 1080);
}

void TestLayout::firstStartPutsTheConversationFirst()
{
    QFETCH(QSize, size);
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    ShellOptions options;
    options.initialSession = seedSession(locations);
    QVERIFY(!options.initialSession.isEmpty());
    QVERIFY(!QFileInfo::exists(locations.desktopSettingsPath())); // a first start: nothing arranged yet

    MainWindow window(locations, options);
    window.resize(size);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("readable measure")), 15000);
    QTRY_VERIFY_WITH_TIMEOUT(window.composer()->isEnabled(), 15000);
    QCOMPARE(window.size(), size);

    // Only the session list, narrow; every other pane waits until it has something.
    for (QDockWidget *each : window.findChildren<QDockWidget *>()) {
        if (each->objectName() == WindowLayout::sessionsDockName())
            QVERIFY(each->isVisible());
        else
            QVERIFY2(!each->isVisible(), qPrintable(each->objectName()));
    }
    QDockWidget *sessions = dock(window, WindowLayout::sessionsDockName());
    QVERIFY(sessions);
    QTRY_VERIFY2(qAbs(sessions->width() - WindowLayout::SessionListWidth) <= 40, qPrintable(QString::number(sessions->width())));

    // The conversation takes most of the window, its text a readable measure, centred.
    const int conversationWidth = window.conversationView()->width();
    QVERIFY2(conversationWidth >= 0.6 * window.width(),
             qPrintable(QStringLiteral("%1 of %2").arg(conversationWidth).arg(window.width())));
    const QJsonObject measure = evaluateJson(window, MeasureScript);
    const double chars = measure.value(QLatin1String("chars")).toDouble();
    qInfo("conversation %d of %d px; text column %.0f px = %.1f characters", conversationWidth, window.width(),
          measure.value(QLatin1String("column")).toDouble(), chars);
    QVERIFY2(chars >= 60 && chars <= 90, qPrintable(QString::fromUtf8(QJsonDocument(measure).toJson(QJsonDocument::Compact))));
    QVERIFY(qAbs(measure.value(QLatin1String("left")).toDouble() - measure.value(QLatin1String("right")).toDouble()) <= 2);

    // The composer is centred at the page's column width, its pickers not cut.
    QWidget *composer = window.composer();
    const int column = int(measure.value(QLatin1String("column")).toDouble()) + 32;
    QVERIFY2(qAbs(composer->width() - column) <= column / 5, qPrintable(QStringLiteral("%1 vs %2").arg(composer->width()).arg(column)));
    const QPoint composerLeft = composer->mapTo(&window, QPoint(0, 0));
    const QPoint viewLeft = window.conversationView()->mapTo(&window, QPoint(0, 0));
    const int leftGap = composerLeft.x() - viewLeft.x();
    const int rightGap = viewLeft.x() + conversationWidth - composerLeft.x() - composer->width();
    QVERIFY2(qAbs(leftGap - rightGap) <= 12, qPrintable(QStringLiteral("%1 vs %2").arg(leftGap).arg(rightGap)));
    auto *provider = window.findChild<QComboBox *>(QStringLiteral("composerProvider"));
    QVERIFY(provider->width() >= provider->fontMetrics().horizontalAdvance(provider->currentText()) + 16);

    if (const QString dir = screenshotDir(); !dir.isEmpty()) {
        const QString name = QStringLiteral("layout-default-%1.png").arg(QString::fromLatin1(QTest::currentDataTag()));
        QVERIFY(window.grab().save(dir + QLatin1Char('/') + name));
    }
}

void TestLayout::docksComeForwardAndTheArrangementIsRemembered()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    ShellOptions options;
    options.initialSession = seedSession(locations);
    {
        MainWindow window(locations, options);
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QDockWidget *commands = dock(window, QStringLiteral("sandboxDock"));
        QDockWidget *search = dock(window, QStringLiteral("transcriptSearchDock"));
        QVERIFY(!commands->isVisible());
        QVERIFY(!search->isVisible());

        // A command starts: Commands comes forward, beside the conversation, not over it.
        Q_EMIT window.conversation()->commandStarted(QStringLiteral("call-1"), QStringLiteral("exec"), QStringLiteral("make test"));
        QTRY_VERIFY(commands->isVisible());
        QTRY_VERIFY2(commands->width() <= window.width() * 0.36, qPrintable(QString::number(commands->width())));
        QVERIFY(window.conversationView()->width() >= window.width() / 2);

        // Ctrl+Shift+F: the transcript search comes forward with its query focused.
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        window.composer()->editor()->setFocus();
        QTest::keyClick(window.composer()->editor(), Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY(search->isVisible());

        // The person hides the session list; closing keeps the arrangement.
        dock(window, WindowLayout::sessionsDockName())->hide();
        QVERIFY(window.close());
    }
    MainWindow again(locations, options);
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    QVERIFY(!dock(again, WindowLayout::sessionsDockName())->isVisible());
    QVERIFY(dock(again, QStringLiteral("transcriptSearchDock"))->isVisible());
    QCOMPARE(again.size(), QSize(1280, 800));
}

void TestLayout::composerIsReadyWithADefaultModel()
{
    test::TemporaryHome home; // empty: no settings, no sessions
    const DataLocations locations = DataLocations::underHome(home.path());
    MainWindow window(locations, {});
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY_WITH_TIMEOUT(window.composer()->isEnabled(), 15000);
    // The provider whose key is in the environment, and the catalogue's default model for it.
    QTRY_COMPARE(window.composer()->provider(), QStringLiteral("anthropic"));
    const ModelCatalog catalog = ModelCatalog::load(locations);
    const QString expected = ComposerReadiness::defaultModel(catalog, QString(), QStringLiteral("anthropic"));
    QVERIFY(!expected.isEmpty());
    QCOMPARE(catalog.model(expected)->provider, QStringLiteral("anthropic"));
    QCOMPARE(catalog.model(expected)->status, QStringLiteral("current"));
    // The newest: the first current model the catalogue's file lists for the provider.
    QFile builtIn(ModelCatalog::builtInPath());
    QVERIFY(builtIn.open(QIODevice::ReadOnly));
    QString newest;
    for (const QJsonValue &entry : QJsonDocument::fromJson(builtIn.readAll()).object().value(QLatin1String("models")).toArray()) {
        const QJsonObject model = entry.toObject();
        if (newest.isEmpty() && model.value(QLatin1String("provider")).toString() == QLatin1String("anthropic")
            && model.value(QLatin1String("status")).toString() == QLatin1String("current"))
            newest = model.value(QLatin1String("id")).toString();
    }
    QCOMPARE(expected, newest);
    QTRY_COMPARE(window.composer()->model(), expected);
    // The settings' model wins over the catalogue's.
    QCOMPARE(ComposerReadiness::defaultModel(catalog, QStringLiteral("claude-haiku-4-5"), QStringLiteral("anthropic")),
             QStringLiteral("claude-haiku-4-5"));

    // Send: off with nothing written (and says so), on once the prompt is typed.
    auto *send = window.findChild<QPushButton *>(QStringLiteral("composerSend"));
    auto *stop = window.findChild<QPushButton *>(QStringLiteral("composerStop"));
    QTRY_VERIFY(window.composer()->providerReady());
    QVERIFY(!send->isEnabled());
    QCOMPARE(send->toolTip(), QStringLiteral("Write a message first"));
    QVERIFY(send->isVisible());
    QVERIFY(!stop->isVisible());
    QSignalSpy estimated(window.findChild<ComposerReadiness *>(QStringLiteral("composerReadiness")), &ComposerReadiness::draftEstimated);
    QTest::keyClicks(window.composer()->editor(), QStringLiteral("Explain the build in three sentences, please."));
    QVERIFY(send->isEnabled());
    QVERIFY(send->toolTip().contains(expected));
    // The draft's estimate, counted off the GUI thread after typing pauses.
    QTRY_VERIFY_WITH_TIMEOUT(!estimated.isEmpty(), 10000);
    const qint64 tokens = estimated.last().at(0).toLongLong();
    QVERIFY2(tokens >= 5 && tokens <= 30, qPrintable(QString::number(tokens)));
    auto *estimate = window.findChild<QLabel *>(QStringLiteral("composerDraftTokens"));
    QVERIFY(estimate->isVisible());
    QVERIFY(estimate->text().contains(QString::number(tokens)));
    // While a turn runs, Stop stands where Send was.
    window.composer()->setBusy(true);
    QVERIFY(!send->isVisible());
    QVERIFY(stop->isVisible() && stop->isEnabled());
    window.composer()->setBusy(false);
    QVERIFY(send->isVisible() && send->isEnabled());
    // The session's choices are grouped in one row of their own.
    QWidget *choices = window.findChild<QWidget *>(QStringLiteral("composerSessionChoices"));
    QVERIFY(choices && choices->isVisible());
    QVERIFY(choices->isAncestorOf(window.findChild<QWidget *>(QStringLiteral("composerWorkspace"))));
    QVERIFY(choices->isAncestorOf(window.findChild<QWidget *>(QStringLiteral("composerToolPack"))));
    // The welcome view stands where the conversation will be, as wide.
    QVERIFY(window.welcomeView()->isVisible());
    QVERIFY(window.welcomeView()->width() >= 0.6 * window.width());
    if (const QString dir = screenshotDir(); !dir.isEmpty()) {
        QVERIFY(window.composer()->grab().save(dir + QStringLiteral("/composer-ready.png")));
        QVERIFY(window.grab().save(dir + QStringLiteral("/first-start-empty-home.png")));
    }
}

void TestLayout::sendSaysWhyWithoutAKey()
{
    const QByteArray key = qgetenv("ANTHROPIC_API_KEY");
    qunsetenv("ANTHROPIC_API_KEY");
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY_WITH_TIMEOUT(window.composer()->isEnabled(), 15000);
    QVERIFY(window.composer()->selectProvider(QStringLiteral("anthropic")));
    auto *send = window.findChild<QPushButton *>(QStringLiteral("composerSend"));
    QTRY_VERIFY_WITH_TIMEOUT(!window.composer()->providerReady(), 10000);
    QTest::keyClicks(window.composer()->editor(), QStringLiteral("hello"));
    QVERIFY(!send->isEnabled());
    QVERIFY2(send->toolTip().contains(QLatin1String("ANTHROPIC_API_KEY")), qPrintable(send->toolTip()));
    QSignalSpy sent(window.composer(), &ComposerWidget::sendRequested);
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);
    QCOMPARE(sent.size(), 0);
    QVERIFY(window.composer()->status().contains(QLatin1String("ANTHROPIC_API_KEY")));
    qputenv("ANTHROPIC_API_KEY", key);
}

void TestLayout::emojiAndCjkRender()
{
    // The fonts the packages depend on are installed here (scripts/dev.sh).
    const QStringList families = QFontDatabase::families();
    if (!families.contains(QStringLiteral("Noto Color Emoji")))
        QSKIP("Noto Color Emoji is not installed (scripts/dev.sh setup installs fonts-noto-color-emoji)");
    QVERIFY(QApplication::font().families().contains(QStringLiteral("Noto Color Emoji")));

    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    ShellOptions options;
    options.initialSession = seedSession(locations);
    MainWindow window(locations, options);
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QStringLiteral("\u6F22\u5B57")), 15000);

    const QRectF emoji = textBox(window, QStringLiteral("\U0001F600"));
    const QRectF first = textBox(window, QStringLiteral("\u6F22"));
    const QRectF second = textBox(window, QStringLiteral("\u5B57"));
    QVERIFY(emoji.width() > 4 && first.width() > 4 && second.width() > 4);
    QImage shot;
    // The page paints asynchronously: look until the glyphs are there (or give up).
    QTRY_VERIFY_WITH_TIMEOUT((shot = window.conversationView()->grab().toImage(), colourfulPixels(crop(shot, emoji)) >= 10), 10000);
    // Two different CJK characters draw differently (missing glyphs draw the same empty box).
    const QImage a = crop(shot, first).convertToFormat(QImage::Format_RGB32);
    const QImage b = crop(shot, second).convertToFormat(QImage::Format_RGB32).scaled(a.size());
    int differing = 0;
    int ink = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            differing += qAbs(qGray(a.pixel(x, y)) - qGray(b.pixel(x, y))) > 60;
            ink += qGray(a.pixel(x, y)) < 128;
        }
    QVERIFY2(differing >= 10, qPrintable(QString::number(differing)));
    QVERIFY2(ink >= 10, qPrintable(QString::number(ink)));
    if (const QString dir = screenshotDir(); !dir.isEmpty())
        QVERIFY(shot.save(dir + QStringLiteral("/emoji-cjk.png")));
}

void TestLayout::pageAndWidgetsShareOneLook()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    ShellOptions options;
    options.initialSession = seedSession(locations);
    MainWindow window(locations, options);
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("readable measure")), 15000);
    for (const QString &theme : {QStringLiteral("dark"), QStringLiteral("light")}) {
        Appearance::applyTheme(theme);
        const bool dark = theme == QLatin1String("dark");
        QTRY_COMPARE(evaluate(window, QStringLiteral("document.documentElement.dataset.theme")).toString(), theme);
        const QHash<QString, QColor> tokens = Appearance::designTokens(dark);
        for (auto it = tokens.cbegin(); it != tokens.cend(); ++it) {
            const QString value = evaluate(window, QStringLiteral("getComputedStyle(document.documentElement).getPropertyValue('--%1').trim()")
                                                       .arg(it.key()))
                                      .toString();
            QVERIFY2(QColor(value) == it.value(), qPrintable(QStringLiteral("%1 %2: page %3, widgets %4").arg(theme, it.key(), value, it.value().name())));
        }
        if (dark) {
            // The widgets' dark palette is made of the same colours.
            QCOMPARE(QApplication::palette().color(QPalette::Base), tokens.value(QStringLiteral("bg")));
            QCOMPARE(QApplication::palette().color(QPalette::Window), tokens.value(QStringLiteral("card")));
            QCOMPARE(QApplication::palette().color(QPalette::Link), tokens.value(QStringLiteral("accent")));
        }
        // The page's background is the token's, as drawn.
        QTest::qWait(300);
        const QImage shot = window.conversationView()->grab().toImage();
        QCOMPARE(QColor(shot.pixel(4, shot.height() - 4)), tokens.value(QStringLiteral("bg")));
        if (const QString dir = screenshotDir(); !dir.isEmpty())
            QVERIFY(window.grab().save(dir + QStringLiteral("/theme-%1.png").arg(theme)));
    }
}

void TestLayout::appIconReadsAt16Pixels()
{
    // The real icon tool draws the hicolor sizes; 16 px comes from the small drawing.
    QTemporaryDir out;
    QProcess iconpack;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.remove(QStringLiteral("QT_SCALE_FACTOR"));
    iconpack.setProcessEnvironment(environment);
    iconpack.start(QStringLiteral(VALIS_ICONPACK), {QStringLiteral(VALIS_SOURCE_DIR "/resources/org.valis.Valis.svg"), out.path(),
                                                     QStringLiteral("16"), QStringLiteral("32")});
    QVERIFY(iconpack.waitForFinished(30000));
    QCOMPARE(iconpack.exitCode(), 0);
    const QImage small(out.filePath(QStringLiteral("16x16/apps/org.valis.Valis.png")));
    const QImage large(out.filePath(QStringLiteral("32x32/apps/org.valis.Valis.png")));
    QCOMPARE(small.size(), QSize(16, 16));
    QCOMPARE(large.size(), QSize(32, 32));
    // The V stands out from its square at 16 px: enough pixels at WCAG's 4.5:1 against it, as
    // many as the large drawing gives when a desktop shrinks it to 16.
    const auto legible = [](const QImage &image) {
        const QColor background(0x1f, 0x3a, 0x5f);
        const double back = luminance(background);
        int count = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                const QColor colour = image.pixelColor(x, y);
                if (colour.alpha() > 200 && (luminance(colour) + 0.05) / (back + 0.05) >= 4.5)
                    ++count;
            }
        return count;
    };
    const int drawn = legible(small);
    const int shrunk = legible(large.scaled(16, 16, Qt::IgnoreAspectRatio, Qt::SmoothTransformation));
    QVERIFY2(drawn >= 20, qPrintable(QString::number(drawn)));
    QVERIFY2(drawn > shrunk, qPrintable(QStringLiteral("%1 vs %2").arg(drawn).arg(shrunk)));
    if (const QString dir = screenshotDir(); !dir.isEmpty())
        QVERIFY(small.scaled(128, 128).save(dir + QStringLiteral("/icon-16px-enlarged.png")));
}

VALIS_WEBENGINE_TEST_MAIN(TestLayout)
#include "tst_layout.moc"
