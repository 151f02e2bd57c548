// View > Usage and cost in the running window: opened from the View menu, its charts hold the
// figures worked out by hand from the catalogue's prices, the period chooser changes them, the
// charts follow the light and dark themes (screenshots of both), and on the fixture sessions the
// view and `valis-cli usage` agree.
#include "mainwindow.h"
#include "settings/appearance.h"
#include "testsupport.h"
#include "usage/usageview.h"
#include "../desktop/webtestsupport.h"

#include "valis/catalog/modelinfo.h"
#include "valis/context/compactionevent.h"
#include "valis/store/sessionstore.h"

#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineSeries>
#include <QMenuBar>
#include <QPieSeries>
#include <QPieSlice>
#include <QProcess>
#include <QSignalSpy>
#include <QStackedBarSeries>
#include <QBarSeries>

#include <cmath>

using namespace valis;

namespace {

QDateTime localAt(int daysAgo, int hour, int minute = 0)
{
    return QDateTime(QDate::currentDate().addDays(-daysAgo), QTime(hour, minute));
}

Message assistant(const QDateTime &at, const QString &model, qint64 input, qint64 output, qint64 cacheWrite,
                  qint64 cacheRead)
{
    Message message;
    message.role = Role::Assistant;
    message.createdAt = at;
    message.model = model;
    message.parts = {Part::makeText(QStringLiteral("done"))};
    message.usage = Usage{input, output, cacheWrite, cacheRead};
    return message;
}

Message user(const QDateTime &at)
{
    Message message;
    message.role = Role::User;
    message.createdAt = at;
    message.parts = {Part::makeText(QStringLiteral("go on"))};
    return message;
}

bool near(double a, double b)
{
    return std::abs(a - b) < 1e-9;
}

QChart *chartOf(QWidget *view, const char *name)
{
    auto *chartView = view->findChild<QChartView *>(QString::fromLatin1(name));
    return chartView ? chartView->chart() : nullptr;
}

/// The bar set named `label` (or whose "key" is `label`: the cost per day's sets are models).
QBarSet *barSet(QChart *chart, const QString &label)
{
    for (QAbstractSeries *series : chart->series()) {
        if (auto *bars = qobject_cast<QAbstractBarSeries *>(series)) {
            for (QBarSet *set : bars->barSets()) {
                if (set->label() == label || set->property("key").toString() == label)
                    return set;
            }
        }
    }
    return nullptr;
}

void saveShot(QWidget *widget, const QString &name)
{
    const QPixmap shot = widget->grab();
    QVERIFY(!shot.isNull());
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(shot.save(dir + QLatin1Char('/') + name));
}

QByteArray runCli(const QStringList &arguments, int *exitCode)
{
    QProcess process;
    process.start(valis::test::buildDir() + QStringLiteral("/bin/valis-cli"), arguments);
    if (!process.waitForFinished(120000)) {
        *exitCode = -2;
        return {};
    }
    *exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    return process.readAllStandardOutput();
}

} // namespace

class TestUsageView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void opensFromTheViewMenuWithTheFigures();
    void fixtureCostsAgreeWithTheCli();
};

void TestUsageView::opensFromTheViewMenuWithTheFigures()
{
    valis::test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    {
        auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
        VALIS_VERIFY_OK(store);
        SessionInfo sonnet;
        sonnet.id = QStringLiteral("s-sonnet");
        sonnet.title = QStringLiteral("Sonnet work");
        sonnet.model = QStringLiteral("claude-sonnet-4-5");
        VALIS_VERIFY_OK(store.value()->createSession(sonnet));
        CompactionEvent compaction;
        compaction.id = QStringLiteral("c-1");
        compaction.strategy = QStringLiteral("progressive");
        compaction.action = QStringLiteral("evict");
        compaction.tokensBefore = 50000;
        compaction.tokensAfter = 20000;
        compaction.cacheInvalidatedTokens = 8000;
        compaction.cacheCostUsd = 0.0276;
        Message event = compaction.toMessage();
        event.createdAt = localAt(2, 12, 5);
        // claude-sonnet-4-5 at 3 / 15 / 3.75 / 0.30 USD per million tokens:
        // 200*3 + 100*15 + 4000*0.30 = 3300 and 1000*3 + 500*15 + 2000*3.75 + 10000*0.30 = 21000 micro-USD
        VALIS_VERIFY_OK(store.value()->appendMessages(
            sonnet.id, {user(localAt(2, 11)), assistant(localAt(2, 12), QString(), 200, 100, 0, 4000), event,
                        user(localAt(0, 9)), assistant(localAt(0, 9, 1), QStringLiteral("claude-sonnet-4-5"), 1000, 500, 2000, 10000)}));
        SessionInfo gpt;
        gpt.id = QStringLiteral("s-gpt");
        gpt.title = QStringLiteral("GPT work");
        gpt.model = QStringLiteral("gpt-5");
        VALIS_VERIFY_OK(store.value()->createSession(gpt));
        // gpt-5 at 1.25 / 10 / - / 0.125: 100000*1.25 + 2000*10 = 145000 and
        // 4000*1.25 + 1000*10 + 6000*0.125 = 15750 micro-USD
        VALIS_VERIFY_OK(store.value()->appendMessages(
            gpt.id, {user(localAt(10, 8)), assistant(localAt(10, 8, 1), QStringLiteral("gpt-5"), 100000, 2000, -1, 0),
                     user(localAt(0, 10)), assistant(localAt(0, 10, 1), QStringLiteral("gpt-5"), 4000, 1000, -1, 6000)}));
    }

    Appearance::applyTheme(QStringLiteral("light"));
    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // View > Usage and cost…, with its own shortcut.
    QAction *action = window.findChild<QAction *>(QStringLiteral("usageAction"));
    QVERIFY(action);
    QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G));
    bool inViewMenu = false;
    for (QAction *menu : window.menuBar()->actions()) {
        if (menu->menu() && menu->menu()->actions().contains(action))
            inViewMenu = menu->text() == QLatin1String("&View");
    }
    QVERIFY(inViewMenu);
    int sameShortcut = 0;
    for (QAction *other : window.findChildren<QAction *>())
        sameShortcut += other->shortcut() == action->shortcut() ? 1 : 0;
    QCOMPARE(sameShortcut, 1);
    action->trigger();
    auto *view = window.findChild<UsageView *>(QStringLiteral("usageView"));
    QVERIFY(view);
    QVERIFY(QTest::qWaitForWindowExposed(view));
    QTRY_VERIFY(!view->loading() && view->report().totals().messages == 4);
    QCOMPARE(view->period(), UsageView::Period::Month);
    QCOMPARE(view->since(), QDate::currentDate().addDays(-29));

    // Totals at the top.
    QVERIFY(near(view->report().totals().costUsd, 0.18505));
    QCOMPARE(view->findChild<QLabel *>(QStringLiteral("usageTotalCost"))->text(), formatUsd(0.18505));
    QVERIFY(formatUsd(0.18505).startsWith(QLatin1String("$0.185")));
    QVERIFY2(view->findChild<QLabel *>(QStringLiteral("usageCompactions"))->text().contains(QLatin1String("30,000")),
             qPrintable(view->findChild<QLabel *>(QStringLiteral("usageCompactions"))->text()));

    // Per day over 30 days: index 29 is today, 27 two days ago, 19 ten days ago.
    QChart *costPerDay = chartOf(view, "usageCostPerDay");
    QVERIFY(costPerDay);
    QBarSet *sonnetCost = barSet(costPerDay, QStringLiteral("anthropic/claude-sonnet-4-5"));
    QBarSet *gptCost = barSet(costPerDay, QStringLiteral("openai/gpt-5"));
    QVERIFY(sonnetCost && gptCost);
    QCOMPARE(sonnetCost->count(), 30);
    QVERIFY(near(sonnetCost->at(29), 0.021));
    QVERIFY(near(sonnetCost->at(27), 0.0033));
    QVERIFY(near(gptCost->at(29), 0.01575));
    QVERIFY(near(gptCost->at(19), 0.145));
    QVERIFY(near(gptCost->at(20), 0.0));
    QCOMPARE(sonnetCost->label(), QStringLiteral("claude-sonnet-4-5"));
    QChart *tokens = chartOf(view, "usageTokensPerDay");
    // Drawn in thousands: the busiest day has 102,000 tokens.
    const double scale = tokens->property("tokenScale").toDouble();
    QCOMPARE(scale, 1000.0);
    QCOMPARE(barSet(tokens, QStringLiteral("input"))->at(29) * scale, 5000.0);
    QCOMPARE(barSet(tokens, QStringLiteral("cache read"))->at(29) * scale, 16000.0);
    QCOMPARE(barSet(tokens, QStringLiteral("cache write"))->at(29) * scale, 2000.0);
    QCOMPARE(barSet(tokens, QStringLiteral("output"))->at(19) * scale, 2000.0);

    auto *pie = qobject_cast<QPieSeries *>(chartOf(view, "usageCostByModel")->series().value(0));
    QVERIFY(pie);
    QCOMPARE(pie->count(), 2);
    QCOMPARE(pie->slices().at(0)->property("key").toString(), QStringLiteral("openai/gpt-5"));
    QVERIFY(near(pie->slices().at(0)->value(), 0.16075));
    QVERIFY(near(pie->slices().at(1)->value(), 0.0243));

    auto *sessions = qobject_cast<QBarSeries *>(chartOf(view, "usageCostBySession")->series().value(0));
    QVERIFY(sessions);
    QCOMPARE(sessions->property("sessionKeys").toStringList(), (QStringList{QStringLiteral("s-gpt"), QStringLiteral("s-sonnet")}));
    QCOMPARE(sessions->count(), 2);
    QVERIFY(near(sessions->barSets().at(0)->at(0), 0.16075));
    QVERIFY(sessions->barSets().at(0)->label().endsWith(QLatin1String("GPT work")));
    QVERIFY(near(sessions->barSets().at(1)->at(0), 0.0243));

    auto *share = qobject_cast<QLineSeries *>(chartOf(view, "usageCacheShareChart")->series().value(0));
    QVERIFY(share);
    // Days with requests: ten days ago (0 of 100000), two days ago (4000 of 4200), today (16000 of 23000).
    const QList<QPointF> points = share->points();
    QCOMPARE(points.size(), 3);
    QCOMPARE(points.at(0), QPointF(19, 0));
    QCOMPARE(points.at(1).x(), 27.0);
    QVERIFY(std::abs(points.at(1).y() - 4000.0 / 4200.0 * 100.0) < 1e-9);
    QVERIFY(std::abs(points.at(2).y() - 16000.0 / 23000.0 * 100.0) < 1e-9);

    QChart *compactions = chartOf(view, "usageCompactionChart");
    QCOMPARE(barSet(compactions, QStringLiteral("tokens taken out of requests"))->at(27)
                 * compactions->property("tokenScale").toDouble(),
             30000.0);
    QVERIFY(compactions->title().contains(QLatin1String("$0.0276")));

    // Light theme, then dark: the charts follow the application's palette.
    QCOMPARE(costPerDay->theme(), QChart::ChartThemeLight);
    QVERIFY(costPerDay->backgroundBrush().color().lightness() > 128);
    saveShot(view, QStringLiteral("usage-light.png"));
    Appearance::applyTheme(QStringLiteral("dark"));
    QTRY_COMPARE(chartOf(view, "usageCostPerDay")->theme(), QChart::ChartThemeDark);
    QVERIFY(chartOf(view, "usageCostPerDay")->backgroundBrush().color().lightness() < 128);
    QCOMPARE(chartOf(view, "usageCostByModel")->theme(), QChart::ChartThemeDark);
    saveShot(view, QStringLiteral("usage-dark.png"));

    // The last 7 days leave the answer of ten days ago out; new charts keep the dark theme.
    QSignalSpy shown(view, &UsageView::reportShown);
    view->findChild<QComboBox *>(QStringLiteral("usagePeriod"))->setCurrentIndex(0);
    QTRY_COMPARE(shown.count(), 1);
    QCOMPARE(view->period(), UsageView::Period::Week);
    QCOMPARE(view->report().totals().messages, 3);
    QVERIFY(near(view->report().totals().costUsd, 0.04005));
    QCOMPARE(barSet(chartOf(view, "usageCostPerDay"), QStringLiteral("openai/gpt-5"))->count(), 7);
    QCOMPARE(chartOf(view, "usageCostPerDay")->theme(), QChart::ChartThemeDark);
    Appearance::applyTheme(QStringLiteral("light"));
    view->close();
}

void TestUsageView::fixtureCostsAgreeWithTheCli()
{
    VALIS_REQUIRE_FIXTURE(claude, "claude-code-sessions-spotter");
    VALIS_REQUIRE_FIXTURE(codex, "openai-codex/tui-session-log.binary-size-log.jsonl");
    valis::test::TemporaryHome home;
    int exitCode = -1;
    runCli({QStringLiteral("--home"), home.path(), QStringLiteral("import"), claude, codex}, &exitCode);
    QCOMPARE(exitCode, 0);
    const QJsonObject cli = QJsonDocument::fromJson(runCli({QStringLiteral("--home"), home.path(), QStringLiteral("usage"),
                                                            QStringLiteral("--by"), QStringLiteral("session"),
                                                            QStringLiteral("--json")},
                                                           &exitCode))
                                .object();
    QCOMPARE(exitCode, 0);
    const double cliCost = cli.value(QStringLiteral("totals")).toObject().value(QStringLiteral("costUsd")).toDouble();
    QVERIFY(cliCost > 0);

    Appearance::applyTheme(QStringLiteral("light"));
    UsageView view(DataLocations::underHome(home.path()));
    view.setPeriod(UsageView::Period::All);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTRY_VERIFY(!view.loading() && view.report().totals().messages > 0);
    QVERIFY(std::abs(view.report().totals().costUsd - cliCost) < 1e-9);
    QCOMPARE(view.report().totals().cacheReadTokens,
             cli.value(QStringLiteral("totals")).toObject().value(QStringLiteral("cacheReadTokens")).toInteger());
    // The session bars are the CLI's ten costliest sessions, costliest first.
    auto *sessions = qobject_cast<QBarSeries *>(chartOf(&view, "usageCostBySession")->series().value(0));
    QVERIFY(sessions);
    const QStringList keys = sessions->property("sessionKeys").toStringList();
    const QJsonArray groups = cli.value(QStringLiteral("groups")).toArray();
    QCOMPARE(keys.size(), qMin<qsizetype>(10, groups.size()));
    for (qsizetype i = 0; i < keys.size(); ++i) {
        const QJsonObject group = groups.at(i).toObject();
        QCOMPARE(keys.at(i), group.value(QStringLiteral("key")).toString());
        QVERIFY(std::abs(sessions->barSets().at(i)->at(0) - group.value(QStringLiteral("costUsd")).toDouble()) < 1e-9);
    }
    // The pie's slices add up to the whole cost.
    auto *pie = qobject_cast<QPieSeries *>(chartOf(&view, "usageCostByModel")->series().value(0));
    QVERIFY(std::abs(pie->sum() - cliCost) < 1e-9);
    saveShot(&view, QStringLiteral("usage-fixtures.png"));
}

VALIS_WEBENGINE_TEST_MAIN(TestUsageView)
#include "tst_usageview.moc"
