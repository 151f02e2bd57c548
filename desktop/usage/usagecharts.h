#pragma once

#include "valis/store/usagereport.h"

#include <QDate>
#include <QList>

class QChart;
class QPalette;

/// The usage view's charts, each built whole from a UsageReport (a new QChart the caller owns).
/// Money is in USD, tokens as counted, the cache-read share in percent.
namespace valis::usagecharts {

/// The days the per-day charts show: every day from `since` through `today` when a period is
/// chosen; else the days with usage, gaps filled while they span at most two months.
QList<QDate> chartDays(const UsageReport &report, const QDate &since, const QDate &today);

/// Stacked bars: cost per day, one bar set per model (the five costliest, then "other").
QChart *costPerDay(const UsageReport &report, const QList<QDate> &days);
/// Stacked bars: uncached input, cache reads, cache writes and output tokens per day.
QChart *tokensPerDay(const UsageReport &report, const QList<QDate> &days);
/// A pie of the cost per provider/model (tokens when nothing is priced).
QChart *costByModel(const UsageReport &report);
/// Horizontal bars: the `limit` costliest sessions.
QChart *costBySession(const UsageReport &report, int limit = 10);
/// A line: the share of the prompt tokens read from the cache, per day with requests.
QChart *cacheShare(const UsageReport &report, const QList<QDate> &days);
/// Bars: prompt tokens compactions took out of the requests, per day.
QChart *compactions(const UsageReport &report, const QList<QDate> &days);

/// Light or dark to match `palette` (Appearance's theme), on the palette's own background.
void applyTheme(QChart *chart, const QPalette &palette);

} // namespace valis::usagecharts
