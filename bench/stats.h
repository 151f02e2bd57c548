#pragma once

#include <QList>
#include <QString>

#include <algorithm>

/// Percentiles of a list of durations in milliseconds.
struct LatencySummary
{
    double p50 = 0;
    double p90 = 0;
    double p99 = 0;
    double max = 0;
    double mean = 0;
    qsizetype count = 0;

    static LatencySummary of(QList<double> values)
    {
        LatencySummary summary;
        summary.count = values.size();
        if (values.isEmpty())
            return summary;
        std::sort(values.begin(), values.end());
        const auto at = [&values](double q) {
            const qsizetype index = qMin(values.size() - 1, qsizetype(q * double(values.size() - 1) + 0.5));
            return values.at(index);
        };
        summary.p50 = at(0.50);
        summary.p90 = at(0.90);
        summary.p99 = at(0.99);
        summary.max = values.last();
        double total = 0;
        for (double value : values)
            total += value;
        summary.mean = total / double(values.size());
        return summary;
    }

    QString toString() const
    {
        return QStringLiteral("p50 %1 ms  p90 %2 ms  p99 %3 ms  max %4 ms  (n=%5)")
            .arg(p50, 0, 'f', 3)
            .arg(p90, 0, 'f', 3)
            .arg(p99, 0, 'f', 3)
            .arg(max, 0, 'f', 3)
            .arg(count);
    }
};
