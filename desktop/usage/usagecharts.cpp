#include "usagecharts.h"

#include "valis/catalog/modelinfo.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QLineSeries>
#include <QPalette>
#include <QPieSeries>
#include <QPieSlice>
#include <QStackedBarSeries>
#include <QBarSeries>
#include <QValueAxis>

#include <algorithm>

namespace valis::usagecharts {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::UsageView)
};

constexpr int MaxModelSets = 5;

/// Appearance::isDark()'s rule (light text on a dark window), here so this library needs no
/// part of the shell.
bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < palette.color(QPalette::WindowText).lightness();
}

/// "MM-dd" under each bar while they fit (a category label wider than its bar is elided to
/// "..."); past two weeks of bars only the range in the axis title says which days they are.
QStringList dayLabels(const QList<QDate> &days)
{
    QStringList labels;
    for (qsizetype i = 0; i < days.size(); ++i)
        labels << days.at(i).toString(QStringLiteral("MM-dd"));
    return labels;
}

QString dayRange(const QList<QDate> &days)
{
    if (days.isEmpty())
        return {};
    if (days.size() == 1)
        return days.first().toString(Qt::ISODate);
    return QStringLiteral("%1 \u2013 %2").arg(days.first().toString(Qt::ISODate), days.last().toString(Qt::ISODate));
}

/// Tokens are drawn in thousands or millions once they are that large: the axis cannot group
/// digits, and 40000000 is hard to read.
double tokenScale(double top)
{
    return top >= 2e6 ? 1e6 : top >= 2e4 ? 1e3 : 1.0;
}

QString tokenAxisTitle(double scale)
{
    return scale >= 1e6 ? Text::tr("million tokens") : scale >= 1e3 ? Text::tr("thousand tokens") : Text::tr("tokens");
}

QString modelLabel(const QString &key)
{
    // "anthropic/claude-sonnet-4-5" -> "claude-sonnet-4-5": legends are narrow.
    const qsizetype slash = key.indexOf(QLatin1Char('/'));
    return slash > 0 ? key.mid(slash + 1) : key;
}

/// The two large per-day charts name their days in the title (an axis title is elided away
/// once the labels are hidden); the smaller ones below share those days.
QString withDays(const QString &title, const QList<QDate> &days)
{
    return days.isEmpty() ? title : title + QStringLiteral(" \u00b7 ") + dayRange(days);
}

QChart *newChart(const QString &title)
{
    auto *chart = new QChart;
    chart->setTitle(title);
    chart->setAnimationOptions(QChart::NoAnimation); // a report, not a show; screenshots stay exact
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    return chart;
}

/// A category axis of days below and a value axis from 0 at the left, both attached.
void attachDayAxes(QChart *chart, QAbstractSeries *series, const QList<QDate> &days, const QString &valueTitle,
                   const QString &labelFormat)
{
    auto *x = new QBarCategoryAxis;
    x->append(dayLabels(days));
    if (days.size() > 14) {
        x->setLabelsVisible(false);
        x->setGridLineVisible(false);
    }
    auto *y = new QValueAxis;
    y->setTitleText(valueTitle);
    y->setLabelFormat(labelFormat);
    y->setMin(0);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
}

double maxOfStack(const QList<QBarSet *> &sets, qsizetype count)
{
    double top = 0;
    for (qsizetype i = 0; i < count; ++i) {
        double sum = 0;
        for (const QBarSet *set : sets)
            sum += set->at(i);
        top = qMax(top, sum);
    }
    return top;
}

/// Room above the tallest bar, so an empty period still has a readable axis.
void fitValueAxis(QChart *chart, double top, double emptyTop = 1.0)
{
    const QList<QAbstractAxis *> axes = chart->axes(Qt::Vertical);
    if (axes.isEmpty())
        return;
    if (auto *axis = qobject_cast<QValueAxis *>(axes.first())) {
        axis->setRange(0, top > 0 ? top * 1.1 : emptyTop);
        axis->applyNiceNumbers();
    }
}

} // namespace

QList<QDate> chartDays(const UsageReport &report, const QDate &since, const QDate &today)
{
    QList<QDate> days;
    if (since.isValid()) {
        for (QDate day = since; day <= today; day = day.addDays(1))
            days << day;
        return days;
    }
    for (const UsageGroup &group : report.groups(UsageGrouping::Day)) {
        const QDate day = QDate::fromString(group.key, Qt::ISODate);
        if (day.isValid())
            days << day;
    }
    if (days.size() > 1 && days.first().daysTo(days.last()) <= 62) {
        const QDate first = days.first();
        const QDate last = days.last();
        days.clear();
        for (QDate day = first; day <= last; day = day.addDays(1))
            days << day;
    }
    return days;
}

QChart *costPerDay(const UsageReport &report, const QList<QDate> &days)
{
    QChart *chart = newChart(withDays(Text::tr("Cost per day (USD)"), days));
    QStringList models;
    for (const UsageGroup &group : report.groups(UsageGrouping::Model)) {
        if (group.totals.costUsd > 0)
            models << group.key;
    }
    const bool withOther = models.size() > MaxModelSets;
    if (withOther)
        models = models.mid(0, MaxModelSets);
    auto *series = new QStackedBarSeries;
    QHash<QString, QBarSet *> sets;
    QList<QBarSet *> ordered;
    for (const QString &model : std::as_const(models)) {
        auto *set = new QBarSet(modelLabel(model));
        set->setProperty("key", model);
        ordered << set;
        sets.insert(model, set);
    }
    QBarSet *other = withOther ? new QBarSet(Text::tr("other models")) : nullptr;
    if (other)
        ordered << other;
    QHash<QDate, qsizetype> index;
    for (qsizetype i = 0; i < days.size(); ++i)
        index.insert(days.at(i), i);
    QList<QList<double>> values(ordered.size(), QList<double>(days.size(), 0.0));
    for (const UsageCell &cell : report.cells()) {
        const auto at = index.constFind(cell.day);
        if (at == index.cend() || cell.totals.costUsd <= 0)
            continue;
        QBarSet *set = sets.value(cell.model, other);
        if (!set)
            continue;
        values[ordered.indexOf(set)][at.value()] += cell.totals.costUsd;
    }
    for (qsizetype i = 0; i < ordered.size(); ++i) {
        for (double value : std::as_const(values.at(i)))
            ordered.at(i)->append(value);
        series->append(ordered.at(i));
    }
    chart->addSeries(series);
    attachDayAxes(chart, series, days, Text::tr("USD"), QStringLiteral("%.2f"));
    fitValueAxis(chart, maxOfStack(ordered, days.size()));
    return chart;
}

QChart *tokensPerDay(const UsageReport &report, const QList<QDate> &days)
{
    QChart *chart = newChart(withDays(Text::tr("Tokens per day"), days));
    QHash<QString, UsageTotals> byDay;
    for (const UsageGroup &group : report.groups(UsageGrouping::Day))
        byDay.insert(group.key, group.totals);
    QList<UsageTotals> perDay;
    double top = 0;
    for (const QDate &day : days) {
        perDay << byDay.value(day.toString(Qt::ISODate));
        top = qMax(top, double(perDay.last().promptTokens() + perDay.last().outputTokens));
    }
    const double scale = tokenScale(top);
    chart->setProperty("tokenScale", scale);
    auto *input = new QBarSet(Text::tr("input"));
    auto *cacheRead = new QBarSet(Text::tr("cache read"));
    auto *cacheWrite = new QBarSet(Text::tr("cache write"));
    auto *output = new QBarSet(Text::tr("output"));
    for (const UsageTotals &totals : std::as_const(perDay)) {
        input->append(double(totals.inputTokens) / scale);
        cacheRead->append(double(totals.cacheReadTokens) / scale);
        cacheWrite->append(double(totals.cacheWriteTokens) / scale);
        output->append(double(totals.outputTokens) / scale);
    }
    auto *series = new QStackedBarSeries;
    series->append({input, cacheRead, cacheWrite, output});
    chart->addSeries(series);
    attachDayAxes(chart, series, days, tokenAxisTitle(scale), scale > 1 ? QStringLiteral("%.1f") : QStringLiteral("%.0f"));
    fitValueAxis(chart, top / scale, 10.0);
    return chart;
}

QChart *costByModel(const UsageReport &report)
{
    QChart *chart = newChart(Text::tr("Cost by provider and model"));
    const QList<UsageGroup> groups = report.groups(UsageGrouping::Model);
    const bool priced = std::any_of(groups.cbegin(), groups.cend(),
                                    [](const UsageGroup &group) { return group.totals.costUsd > 0; });
    auto *series = new QPieSeries;
    for (const UsageGroup &group : groups) {
        const double value = priced ? group.totals.costUsd
                                    : double(group.totals.promptTokens() + group.totals.outputTokens);
        if (value <= 0)
            continue;
        const QString amount = priced ? formatUsd(value) : formatTokenCount(qint64(value));
        QPieSlice *slice = series->append(QStringLiteral("%1 %2").arg(modelLabel(group.key), amount), value);
        slice->setProperty("key", group.key);
    }
    series->setPieSize(0.85);
    if (!priced)
        chart->setTitle(Text::tr("Tokens by provider and model (no known prices)"));
    chart->addSeries(series);
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->legend()->setShowToolTips(true); // long model names are elided there
    return chart;
}

QChart *costBySession(const UsageReport &report, int limit)
{
    QChart *chart = newChart(Text::tr("Costliest sessions (USD)"));
    QList<UsageGroup> groups = report.groups(UsageGrouping::Session);
    groups.erase(std::remove_if(groups.begin(), groups.end(),
                                [](const UsageGroup &group) { return group.totals.costUsd <= 0; }),
                 groups.end());
    if (groups.size() > limit)
        groups = groups.mid(0, limit);
    // One bar set per session, so each title is a legend entry: category labels on a bar axis
    // are elided to "..." once a few of them share its length.
    auto *series = new QBarSeries;
    QStringList keys;
    double top = 0;
    for (const UsageGroup &group : std::as_const(groups)) {
        QString label = group.label.simplified();
        if (label.size() > 48)
            label = label.left(47) + QChar(0x2026);
        auto *set = new QBarSet(QStringLiteral("%1  %2").arg(formatUsd(group.totals.costUsd), label));
        set->setProperty("key", group.key);
        set->append(group.totals.costUsd);
        series->append(set);
        keys << group.key;
        top = qMax(top, group.totals.costUsd);
    }
    series->setProperty("sessionKeys", keys);
    series->setBarWidth(0.9);
    chart->addSeries(series);
    auto *x = new QBarCategoryAxis;
    x->append(Text::tr("sessions, costliest first"));
    auto *y = new QValueAxis;
    y->setLabelFormat(QStringLiteral("%.2f"));
    y->setTitleText(Text::tr("USD"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    fitValueAxis(chart, top);
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->legend()->setShowToolTips(true);
    return chart;
}

QChart *cacheShare(const UsageReport &report, const QList<QDate> &days)
{
    QChart *chart = newChart(Text::tr("Read from the prompt cache (%)"));
    QHash<QString, UsageTotals> byDay;
    for (const UsageGroup &group : report.groups(UsageGrouping::Day))
        byDay.insert(group.key, group.totals);
    auto *series = new QLineSeries;
    series->setName(Text::tr("cache-read share"));
    series->setPointsVisible(true);
    for (qsizetype i = 0; i < days.size(); ++i) {
        const UsageTotals totals = byDay.value(days.at(i).toString(Qt::ISODate));
        if (totals.promptTokens() > 0)
            series->append(double(i), totals.cacheReadShare() * 100.0);
    }
    chart->addSeries(series);
    attachDayAxes(chart, series, days, Text::tr("%"), QStringLiteral("%.0f"));
    if (auto *axis = qobject_cast<QValueAxis *>(chart->axes(Qt::Vertical).value(0)))
        axis->setRange(0, 100);
    chart->legend()->hide();
    return chart;
}

QChart *compactions(const UsageReport &report, const QList<QDate> &days)
{
    const UsageCompactions all = report.compactions();
    QChart *chart = newChart(Text::tr("Compactions: %1, cache writes %2")
                                 .arg(all.events)
                                 .arg(formatUsd(all.cacheCostUsd)));
    QHash<QString, UsageCompactions> byDay;
    for (const UsageGroup &group : report.groups(UsageGrouping::Day))
        byDay.insert(group.key, group.compactions);
    double top = 0;
    for (const QDate &day : days)
        top = qMax(top, double(byDay.value(day.toString(Qt::ISODate)).tokensSaved));
    const double scale = tokenScale(top);
    chart->setProperty("tokenScale", scale);
    auto *saved = new QBarSet(Text::tr("tokens taken out of requests"));
    for (const QDate &day : days)
        saved->append(double(byDay.value(day.toString(Qt::ISODate)).tokensSaved) / scale);
    auto *series = new QBarSeries;
    series->append(saved);
    chart->addSeries(series);
    attachDayAxes(chart, series, days, tokenAxisTitle(scale), scale > 1 ? QStringLiteral("%.1f") : QStringLiteral("%.0f"));
    fitValueAxis(chart, top / scale, 10.0);
    return chart;
}

void applyTheme(QChart *chart, const QPalette &palette)
{
    chart->setTheme(isDark(palette) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setBackgroundBrush(palette.brush(QPalette::Base));
    chart->setTitleBrush(palette.brush(QPalette::WindowText));
    chart->legend()->setLabelColor(palette.color(QPalette::WindowText));
    for (QAbstractAxis *axis : chart->axes()) {
        axis->setLabelsColor(palette.color(QPalette::WindowText));
        axis->setTitleBrush(palette.brush(QPalette::WindowText));
    }
}

} // namespace valis::usagecharts
