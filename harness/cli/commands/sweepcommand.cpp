#include "clicontext.h"
#include "commands.h"
#include "memorystore.h"

#include "valis/memory/sqlitedetailstore.h"
#include "valis/store/sessionstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace valis::cli {

namespace {

QJsonObject reportToJson(const OrphanSweepReport &report)
{
    return QJsonObject{{QStringLiteral("examined"), report.examined},
                       {QStringLiteral("kept_recent"), report.keptRecent},
                       {QStringLiteral("removed"), QJsonArray::fromStringList(report.removed)},
                       {QStringLiteral("bytes_removed"), double(report.bytesRemoved)}};
}

void printReport(QTextStream &out, const QString &what, const OrphanSweepReport &report)
{
    out << Text::tr("%1: removed %2 of %3 files (%4 bytes); %5 younger than the grace period were left alone")
               .arg(what)
               .arg(report.removed.size())
               .arg(report.examined)
               .arg(report.bytesRemoved)
               .arg(report.keptRecent)
        << '\n';
    for (const QString &path : report.removed)
        out << "  " << path << '\n';
}

} // namespace

int runSweep(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("sweep");
    CliParser parser;
    const QCommandLineOption grace(QStringLiteral("grace"),
                                   Text::tr("Leave files younger than SECONDS (default %1: a file is written just before the row "
                                            "that refers to it).")
                                       .arg(OrphanSweepReport::DefaultGracePeriod.count()),
                                   QStringLiteral("SECONDS"));
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("One JSON object with what each store removed."));
    parser.addOptions({grace, json});
    if (const int code = context.parse(parser, command,
                                       Text::tr("Removes files nothing refers to: images of deleted sessions, and image and "
                                                "memory content files a crash left without their row. Valis also does this by "
                                                "itself in the background."),
                                       arguments);
        code >= 0)
        return code;
    if (!parser.positionalArguments().isEmpty())
        return context.usageError(command, Text::tr("unexpected argument \"%1\"").arg(parser.positionalArguments().first()));
    std::chrono::seconds period = OrphanSweepReport::DefaultGracePeriod;
    if (parser.isSet(grace)) {
        bool ok = false;
        const qint64 seconds = parser.value(grace).toLongLong(&ok);
        if (!ok || seconds < 0)
            return context.usageError(command, Text::tr("--grace takes a whole number of seconds, 0 or more"));
        period = std::chrono::seconds(seconds);
    }

    SessionStore *store = context.store();
    if (!store)
        return 1;
    const Result<OrphanSweepReport> sessions = store->sweepOrphanBlobs(period);
    if (sessions.hasError())
        return context.fail(command, sessions.error());

    // The memory's content files: only SQLite keeps them as files (PostgreSQL holds them in rows).
    std::optional<OrphanSweepReport> memory;
    const Result<MemorySettings> settings = memorySettings(context.locations(), {});
    if (settings.hasError())
        return context.fail(command, settings.error());
    if (settings->backend == MemorySettings::Backend::Sqlite) {
        const Result<std::shared_ptr<DetailStore>> opened = openMemoryStore(settings.value(), context.locations());
        if (opened.hasError())
            return context.fail(command, opened.error());
        if (auto *sqlite = dynamic_cast<SqliteDetailStore *>(opened.value().get())) {
            const Result<OrphanSweepReport> swept = sqlite->sweepOrphanBlobs(period);
            if (swept.hasError())
                return context.fail(command, swept.error());
            memory = swept.value();
        }
    }

    QTextStream &out = context.out();
    if (parser.isSet(json)) {
        QJsonObject result{{QStringLiteral("sessions"), reportToJson(sessions.value())}};
        result.insert(QStringLiteral("memory"), memory ? QJsonValue(reportToJson(*memory)) : QJsonValue());
        out << QJsonDocument(result).toJson(QJsonDocument::Compact) << '\n';
    } else {
        printReport(out, Text::tr("Session images"), sessions.value());
        if (memory)
            printReport(out, Text::tr("Memory content files"), *memory);
    }
    return 0;
}

} // namespace valis::cli
