#include "clicontext.h"
#include "commands.h"

#include "valis/catalog/modelcatalog.h"
#include "valis/store/usagereport.h"

#include <QJsonDocument>

namespace valis::cli {

namespace {

QString oneLine(QString text, int width)
{
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text.size() > width ? text.left(width - 1) + QChar(0x2026) : text;
}

QString percent(double share)
{
    return QStringLiteral("%1%").arg(share * 100.0, 0, 'f', 1);
}

QString cost(const UsageTotals &totals)
{
    // An unpriced message leaves the sum a lower bound; say so where the figure is.
    const QString amount = formatUsd(totals.costUsd);
    return totals.unpricedMessages > 0 ? amount + QLatin1Char('+') : amount;
}

QString row(const QString &key, int keyWidth, const UsageTotals &totals)
{
    return key.leftJustified(keyWidth) + QLatin1Char(' ') + QString::number(totals.messages).rightJustified(8)
           + QLatin1Char(' ') + formatTokenCount(totals.inputTokens).rightJustified(13)
           + QLatin1Char(' ') + formatTokenCount(totals.outputTokens).rightJustified(11)
           + QLatin1Char(' ') + formatTokenCount(totals.cacheReadTokens).rightJustified(13)
           + QLatin1Char(' ') + formatTokenCount(totals.cacheWriteTokens).rightJustified(12)
           + QLatin1Char(' ') + percent(totals.cacheReadShare()).rightJustified(7)
           + QLatin1Char(' ') + cost(totals).rightJustified(11);
}

void printTable(QTextStream &out, const UsageReport &report, UsageGrouping grouping)
{
    const QList<UsageGroup> groups = report.groups(grouping);
    const QString keyHeader = grouping == UsageGrouping::Day     ? Text::tr("DAY")
                              : grouping == UsageGrouping::Model ? Text::tr("MODEL")
                                                                 : Text::tr("SESSION");
    int keyWidth = qMax(10, int(keyHeader.size()));
    for (const UsageGroup &group : groups)
        keyWidth = qMax(keyWidth, int(qMin<qsizetype>(group.key.size(), 44)));
    out << (report.since().isValid() ? Text::tr("Usage since %1, by %2").arg(report.since().toString(Qt::ISODate),
                                                                            usageGroupingName(grouping))
                                     : Text::tr("Usage of all sessions, by %1").arg(usageGroupingName(grouping)))
        << "\n\n";
    out << keyHeader.leftJustified(keyWidth) << ' ' << Text::tr("MESSAGES").rightJustified(8) << ' '
        << Text::tr("INPUT").rightJustified(13) << ' ' << Text::tr("OUTPUT").rightJustified(11) << ' '
        << Text::tr("CACHE READ").rightJustified(13) << ' ' << Text::tr("CACHE WRITE").rightJustified(12) << ' '
        << Text::tr("CACHED").rightJustified(7) << ' ' << Text::tr("COST").rightJustified(11);
    if (grouping == UsageGrouping::Session)
        out << "  " << Text::tr("TITLE");
    out << '\n';
    for (const UsageGroup &group : groups) {
        out << row(oneLine(group.key, 44), keyWidth, group.totals);
        if (grouping == UsageGrouping::Session)
            out << "  " << oneLine(group.label == group.key ? QString() : group.label, 50)
                << (group.originKind.isEmpty() || group.originKind == QLatin1String("valis")
                        ? QString()
                        : QStringLiteral(" (%1)").arg(group.originKind));
        out << '\n';
    }
    const UsageTotals totals = report.totals();
    out << row(Text::tr("Total"), keyWidth, totals) << "\n\n";
    out << Text::tr("Tokens: %1 sent (%2 read from the cache, %3), %4 generated. Cost: %5.")
               .arg(formatTokenCount(totals.promptTokens()), formatTokenCount(totals.cacheReadTokens),
                    percent(totals.cacheReadShare()), formatTokenCount(totals.outputTokens), formatUsd(totals.costUsd))
        << '\n';
    if (totals.unpricedMessages > 0)
        out << Text::tr("%n message(s) of models without a known price are not in the cost.", nullptr,
                        int(totals.unpricedMessages))
            << '\n';
    const UsageCompactions compactions = report.compactions();
    if (compactions.events > 0)
        out << Text::tr("Compactions: %1, %2 tokens taken out of the requests they were made for; cache writes they "
                        "caused: %3 tokens, %4.")
                   .arg(compactions.events)
                   .arg(formatTokenCount(compactions.tokensSaved), formatTokenCount(compactions.cacheInvalidatedTokens),
                        formatUsd(compactions.cacheCostUsd))
            << '\n';
    else
        out << Text::tr("Compactions: none in this period.") << '\n';
}

} // namespace

int runUsage(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("usage");
    CliParser parser;
    const QCommandLineOption since(QStringLiteral("since"),
                                   Text::tr("Only usage from DATE on: YYYY-MM-DD, a number of days (7d, 30d) or all "
                                            "(the default)."),
                                   QStringLiteral("DATE"));
    const QCommandLineOption by(QStringLiteral("by"), Text::tr("Group by day (the default), model or session."),
                                QStringLiteral("day|model|session"));
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("Print JSON."));
    parser.addOptions({since, by, json});
    if (const int code = context.parse(parser, command,
                                       Text::tr("Shows the tokens and the cost of every session's model requests, "
                                                "imported ones included, priced with the model catalogue: per day, "
                                                "model or session, with the share read from the prompt cache and what "
                                                "context compactions saved."),
                                       arguments);
        code >= 0) {
        return code;
    }
    if (!parser.positionalArguments().isEmpty())
        return context.usageError(command, Text::tr("unexpected argument \"%1\"").arg(parser.positionalArguments().first()));
    UsageGrouping grouping = UsageGrouping::Day;
    if (parser.isSet(by) && !usageGroupingFromName(parser.value(by), &grouping))
        return context.usageError(command, Text::tr("--by takes day, model or session, not \"%1\"").arg(parser.value(by)));
    QDate from;
    if (parser.isSet(since)) {
        const Result<QDate> parsed = parseUsageSince(parser.value(since), QDate::currentDate());
        if (parsed.hasError())
            return context.usageError(command, Text::tr("--since: %1").arg(parsed.error().message));
        from = parsed.value();
    }
    SessionStore *store = context.store();
    if (!store)
        return 1;
    const Result<UsageReport> report = UsageReport::build(*store, ModelCatalog::load(context.locations()), from);
    if (report.hasError())
        return context.fail(command, report.error());
    if (parser.isSet(json)) {
        context.out() << QString::fromUtf8(QJsonDocument(report->toJson(grouping)).toJson(QJsonDocument::Indented));
        return 0;
    }
    printTable(context.out(), report.value(), grouping);
    return 0;
}

} // namespace valis::cli
