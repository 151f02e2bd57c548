#include "usageview.h"

#include "usagecharts.h"
#include "usageworker.h"

#include "valis/catalog/modelinfo.h"

#include <QAction>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QVBoxLayout>

namespace valis {

namespace {

QLabel *figureLabel(const QString &objectName, const QString &name, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setAccessibleName(name);
    label->setTextFormat(Qt::PlainText);
    // Reachable from the keyboard, so a screen reader reads each figure in turn.
    label->setFocusPolicy(Qt::StrongFocus);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    QFont font = label->font();
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * 1.25);
    font.setBold(true);
    label->setFont(font);
    return label;
}

QString percent(double share)
{
    return QStringLiteral("%1%").arg(share * 100.0, 0, 'f', 1);
}

/// "34.6M", "95.0k", "812": a headline figure that fits its column; the charts hold the detail.
QString compactCount(qint64 tokens)
{
    if (tokens >= 1000000)
        return QStringLiteral("%1M").arg(double(tokens) / 1e6, 0, 'f', 1);
    if (tokens >= 10000)
        return QStringLiteral("%1k").arg(double(tokens) / 1e3, 0, 'f', 1);
    return formatTokenCount(tokens);
}

} // namespace

UsageView::UsageView(const DataLocations &locations, QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("usageView"));
    setWindowTitle(tr("Usage and cost"));
    setAccessibleName(tr("Usage and cost"));
    qRegisterMetaType<valis::UsageReport>();

    auto *layout = new QVBoxLayout(this);
    auto *bar = new QHBoxLayout;
    auto *periodLabel = new QLabel(tr("&Period:"), this);
    m_period = new QComboBox(this);
    m_period->setObjectName(QStringLiteral("usagePeriod"));
    m_period->setAccessibleName(tr("Period"));
    m_period->addItem(tr("Last 7 days"), int(Period::Week));
    m_period->addItem(tr("Last 30 days"), int(Period::Month));
    m_period->addItem(tr("All time"), int(Period::All));
    m_period->setCurrentIndex(1);
    periodLabel->setBuddy(m_period);
    auto *refreshButton = new QPushButton(tr("&Refresh"), this);
    refreshButton->setObjectName(QStringLiteral("usageRefresh"));
    refreshButton->setAccessibleName(tr("Refresh the usage"));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("usageStatus"));
    m_status->setAccessibleName(tr("Usage status"));
    bar->addWidget(periodLabel);
    bar->addWidget(m_period);
    bar->addWidget(refreshButton);
    bar->addWidget(m_status, 1);
    layout->addLayout(bar);

    auto *totals = new QGridLayout;
    m_cost = figureLabel(QStringLiteral("usageTotalCost"), tr("Total cost"), this);
    m_tokens = figureLabel(QStringLiteral("usageTotalTokens"), tr("Tokens sent and generated"), this);
    m_cache = figureLabel(QStringLiteral("usageCacheShare"), tr("Share read from the cache"), this);
    m_compactions = figureLabel(QStringLiteral("usageCompactions"), tr("Compactions"), this);
    const QList<QLabel *> figures = {m_cost, m_tokens, m_cache, m_compactions};
    for (int column = 0; column < figures.size(); ++column) {
        auto *caption = new QLabel(figures.at(column)->accessibleName(), this);
        caption->setForegroundRole(QPalette::PlaceholderText);
        totals->addWidget(caption, 0, column);
        totals->addWidget(figures.at(column), 1, column);
        totals->setColumnStretch(column, 1);
    }
    layout->addLayout(totals);

    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("usageCharts"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *charts = new QWidget(scroll);
    auto *grid = new QGridLayout(charts);
    grid->setContentsMargins(0, 0, 0, 0);
    scroll->setWidget(charts);
    layout->addWidget(scroll, 1);
    const auto place = [grid, charts](QChartView *view, int row, int column, int columns) {
        view->setParent(charts);
        grid->addWidget(view, row, column, 1, columns);
    };
    m_costPerDay = addChartView(QStringLiteral("usageCostPerDay"), tr("Cost per day"));
    m_tokensPerDay = addChartView(QStringLiteral("usageTokensPerDay"), tr("Tokens per day"));
    m_byModel = addChartView(QStringLiteral("usageCostByModel"), tr("Cost by provider and model"));
    m_bySession = addChartView(QStringLiteral("usageCostBySession"), tr("Costliest sessions"));
    m_cacheShare = addChartView(QStringLiteral("usageCacheShareChart"), tr("Cache-read share per day"));
    m_compactionChart = addChartView(QStringLiteral("usageCompactionChart"), tr("Compactions and their savings"));
    // Six grid columns: two charts a row, the sessions across the whole width (their titles need
    // room), then three smaller ones.
    place(m_costPerDay, 0, 0, 3);
    place(m_tokensPerDay, 0, 3, 3);
    place(m_bySession, 1, 0, 6);
    place(m_byModel, 2, 0, 2);
    place(m_cacheShare, 2, 2, 2);
    place(m_compactionChart, 2, 4, 2);

    m_worker = new UsageWorker(locations);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(this, &UsageView::reportWanted, m_worker, &UsageWorker::build);
    connect(m_worker, &UsageWorker::built, this, &UsageView::display);
    m_thread.setObjectName(QStringLiteral("valis-usage"));
    m_thread.start();

    connect(m_period, &QComboBox::currentIndexChanged, this, [this] { refresh(); });
    connect(refreshButton, &QPushButton::clicked, this, &UsageView::refresh);
    auto *close = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    connect(close, &QShortcut::activated, this, &QWidget::close);
    resize(1200, 960);
}

UsageView::~UsageView()
{
    // A build under way finishes first (it is one read of the store); its answer goes nowhere.
    m_thread.quit();
    m_thread.wait();
}

QChartView *UsageView::addChartView(const QString &objectName, const QString &name)
{
    auto *view = new QChartView(this);
    view->setObjectName(objectName);
    view->setAccessibleName(name);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(320, 260);
    view->setFocusPolicy(Qt::StrongFocus);
    m_views << view;
    return view;
}

UsageView::Period UsageView::period() const
{
    return Period(m_period->currentData().toInt());
}

void UsageView::setPeriod(Period period)
{
    m_period->setCurrentIndex(m_period->findData(int(period)));
}

void UsageView::refresh()
{
    const QDate today = QDate::currentDate();
    switch (period()) {
    case Period::Week: m_since = today.addDays(-6); break;
    case Period::Month: m_since = today.addDays(-29); break;
    case Period::All: m_since = QDate(); break;
    }
    m_status->setText(tr("Reading the sessions…"));
    Q_EMIT reportWanted(m_since, ++m_pending);
}

void UsageView::display(quint64 generation, const UsageReport &report, const QString &error)
{
    if (generation != m_pending)
        return; // a newer period was asked for meanwhile
    m_shown = generation;
    m_report = report;
    const UsageTotals totals = report.totals();
    const UsageCompactions compactions = report.compactions();
    m_cost->setText(totals.unpricedMessages > 0 ? tr("%1 (+ %n unpriced)", nullptr, int(totals.unpricedMessages))
                                                      .arg(formatUsd(totals.costUsd))
                                                : formatUsd(totals.costUsd));
    m_tokens->setText(tr("%1 sent · %2 generated")
                          .arg(compactCount(totals.promptTokens()), compactCount(totals.outputTokens)));
    m_cache->setText(percent(totals.cacheReadShare()));
    m_compactions->setText(tr("%n compaction(s), %1 tokens saved", nullptr, int(compactions.events))
                               .arg(formatTokenCount(compactions.tokensSaved)));
    for (QLabel *label : {m_cost, m_tokens, m_cache, m_compactions})
        label->setAccessibleDescription(label->text());
    m_tokens->setToolTip(tr("%1 tokens sent (%2 uncached input, %3 read from the cache, %4 written to it), %5 generated")
                             .arg(formatTokenCount(totals.promptTokens()), formatTokenCount(totals.inputTokens),
                                  formatTokenCount(totals.cacheReadTokens), formatTokenCount(totals.cacheWriteTokens),
                                  formatTokenCount(totals.outputTokens)));
    if (!error.isEmpty())
        m_status->setText(tr("The usage could not be read: %1").arg(error));
    else if (totals.messages == 0)
        m_status->setText(tr("No model requests with recorded usage in this period."));
    else
        m_status->setText(tr("%n request(s) in %1 session(s)", nullptr, int(totals.messages))
                              .arg(report.groups(UsageGrouping::Session).size()));

    const QList<QDate> days = usagecharts::chartDays(report, m_since, QDate::currentDate());
    setChart(m_costPerDay, usagecharts::costPerDay(report, days));
    setChart(m_tokensPerDay, usagecharts::tokensPerDay(report, days));
    setChart(m_byModel, usagecharts::costByModel(report));
    setChart(m_bySession, usagecharts::costBySession(report));
    setChart(m_cacheShare, usagecharts::cacheShare(report, days));
    setChart(m_compactionChart, usagecharts::compactions(report, days));
    Q_EMIT reportShown();
}

void UsageView::setChart(QChartView *view, QChart *chart)
{
    usagecharts::applyTheme(chart, palette());
    QChart *previous = view->chart();
    view->setChart(chart); // the view owns the new chart, and no longer the previous one
    delete previous;
    view->setAccessibleDescription(chart->title());
}

void UsageView::retheme()
{
    for (QChartView *view : std::as_const(m_views)) {
        if (view->chart())
            usagecharts::applyTheme(view->chart(), palette());
    }
}

void UsageView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refresh();
}

void UsageView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        retheme();
}

QAction *addUsageAction(QMenu *menu, QWidget *window, const DataLocations &locations)
{
    QAction *action = menu->addAction(UsageView::tr("&Usage and cost…"));
    action->setObjectName(QStringLiteral("usageAction"));
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G));
    QObject::connect(action, &QAction::triggered, window, [window, locations] {
        auto *view = window->findChild<UsageView *>(QStringLiteral("usageView"), Qt::FindDirectChildrenOnly);
        if (!view) {
            view = new UsageView(locations, window);
            view->setWindowFlag(Qt::Window);
        }
        if (view->isVisible())
            view->refresh();
        view->show();
        view->raise();
        view->activateWindow();
    });
    return action;
}

} // namespace valis
