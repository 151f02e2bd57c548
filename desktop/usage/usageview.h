#pragma once

#include "valis/core/datalocations.h"
#include "valis/store/usagereport.h"

#include <QDate>
#include <QThread>
#include <QWidget>

class QAction;
class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QMenu;

namespace valis {

class UsageWorker;

/// View > Usage and cost: the totals of a period (7 days, 30 days, all) at the top, and charts of
/// the cost and tokens per day, the cost per model and per session, the cache-read share and
/// what compactions saved. The report is built on a thread of the view's own (UsageWorker);
/// the window never waits on the store. The charts follow the light or dark palette.
class UsageView : public QWidget
{
    Q_OBJECT

public:
    enum class Period { Week, Month, All };

    explicit UsageView(const DataLocations &locations, QWidget *parent = nullptr);
    ~UsageView() override;

    Period period() const;
    void setPeriod(Period period);
    /// Reads the usage again (also done when the view is shown and when the period changes).
    void refresh();
    /// The report the charts show now; loading() is true while a newer one is being built.
    const UsageReport &report() const { return m_report; }
    bool loading() const { return m_pending != m_shown; }
    /// The first day of the period shown (invalid for all).
    QDate since() const { return m_since; }

Q_SIGNALS:
    /// The charts show a new report (or the error of one that could not be read).
    void reportShown();
    /// To the worker thread: build the report from `since` on (see UsageWorker::build()).
    void reportWanted(const QDate &since, quint64 generation);

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void display(quint64 generation, const valis::UsageReport &report, const QString &error);
    void setChart(QChartView *view, QChart *chart);
    QChartView *addChartView(const QString &objectName, const QString &name);
    void retheme();

    QThread m_thread;
    UsageWorker *m_worker = nullptr;
    QComboBox *m_period = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_cost = nullptr;
    QLabel *m_tokens = nullptr;
    QLabel *m_cache = nullptr;
    QLabel *m_compactions = nullptr;
    QList<QChartView *> m_views;
    QChartView *m_costPerDay = nullptr;
    QChartView *m_tokensPerDay = nullptr;
    QChartView *m_byModel = nullptr;
    QChartView *m_bySession = nullptr;
    QChartView *m_cacheShare = nullptr;
    QChartView *m_compactionChart = nullptr;
    UsageReport m_report;
    QDate m_since;
    quint64 m_pending = 0;
    quint64 m_shown = 0;
};

/// Adds "Usage and cost…" (Ctrl+Shift+G) to `menu`; it opens `window`'s one UsageView.
QAction *addUsageAction(QMenu *menu, QWidget *window, const DataLocations &locations);

} // namespace valis
