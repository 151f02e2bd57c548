#include "commands/contextrequest.h"

#include "clicontext.h"

#include "valis/catalog/modelcatalog.h"
#include "valis/context/requestinspector.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/requestbodywriter.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace valis::cli {

namespace {

QString usd(const QJsonValue &amount)
{
    return amount.isDouble() ? QStringLiteral("$%1").arg(amount.toDouble(), 0, 'f', 4) : Text::tr("unknown cost");
}

QString tokens(const QJsonValue &value)
{
    return value.isDouble() ? formatTokenCount(value.toInteger()) : QStringLiteral("-");
}

void printText(QTextStream &out, const QJsonObject &inspection)
{
    const QJsonObject hash = inspection.value(QLatin1String("hash")).toObject();
    const QJsonObject tokenCounts = inspection.value(QLatin1String("tokens")).toObject();
    const QJsonObject cache = inspection.value(QLatin1String("cache")).toObject();
    out << Text::tr("%1 \u00b7 request %2 of %3 \u00b7 %4 \u00b7 turn %5 \u00b7 %6")
               .arg(inspection.value(QLatin1String("session")).toString())
               .arg(inspection.value(QLatin1String("request")).toInt())
               .arg(inspection.value(QLatin1String("requests")).toInt())
               .arg(inspection.value(QLatin1String("model")).toString())
               .arg(inspection.value(QLatin1String("turn")).toInt())
               .arg(inspection.value(QLatin1String("source")).toString())
        << '\n';
    const QJsonValue match = hash.value(QLatin1String("match"));
    if (match.isBool() && match.toBool())
        out << Text::tr("view hash matches the recorded request") << " \u00b7 " << hash.value(QLatin1String("reason")).toString() << '\n';
    else if (match.isBool())
        out << Text::tr("MISMATCH: the rebuilt request differs from the one recorded: %1").arg(hash.value(QLatin1String("reason")).toString())
            << '\n';
    else
        out << Text::tr("no hash to check: %1").arg(hash.value(QLatin1String("reason")).toString()) << '\n';
    out << Text::tr("Tokens (%1): %2 \u00b7 system %3 \u00b7 tools %4 \u00b7 messages %5")
               .arg(tokenCounts.value(QLatin1String("counter")).toString(), tokens(tokenCounts.value(QLatin1String("total"))),
                    tokens(tokenCounts.value(QLatin1String("system"))), tokens(tokenCounts.value(QLatin1String("tools"))),
                    tokens(tokenCounts.value(QLatin1String("messages"))))
        << '\n';
    out << Text::tr("Messages:") << '\n';
    for (const QJsonValue &value : inspection.value(QLatin1String("messages")).toArray()) {
        const QJsonObject message = value.toObject();
        QString preview = message.value(QLatin1String("text")).toString().simplified();
        if (preview.size() > 72)
            preview = preview.left(71) + QStringLiteral("\u2026");
        out << QStringLiteral("  %1 %2 %3 %4 %5 %6")
                   .arg(message.value(QLatin1String("index")).toInt(), 4)
                   .arg(message.value(QLatin1String("role")).toString().leftJustified(9))
                   .arg(message.value(QLatin1String("origin")).toString().leftJustified(8))
                   .arg(tokens(message.value(QLatin1String("tokens"))), 7)
                   .arg(message.value(QLatin1String("cacheBreakpoint")).toBool() ? QStringLiteral("\u25c6") : QStringLiteral(" "))
                   .arg(preview)
            << '\n';
    }
    QStringList breakpoints;
    for (const QJsonValue &index : cache.value(QLatin1String("breakpoints")).toArray())
        breakpoints.append(QString::number(index.toInt()));
    out << Text::tr("Cache breakpoints (\u25c6): %1 \u00b7 read %2 \u00b7 written %3 \u00b7 input %4 \u00b7 output %5 \u00b7 %6")
               .arg(breakpoints.isEmpty() ? Text::tr("none") : breakpoints.join(QStringLiteral(", ")),
                    tokens(cache.value(QLatin1String("readTokens"))), tokens(cache.value(QLatin1String("writeTokens"))),
                    tokens(cache.value(QLatin1String("inputTokens"))), tokens(cache.value(QLatin1String("outputTokens"))),
                    usd(cache.value(QLatin1String("costUsd"))))
        << '\n';
    const QJsonArray refs = inspection.value(QLatin1String("memoryRefs")).toArray();
    out << Text::tr("Memory refs: %1").arg(refs.isEmpty() ? Text::tr("none") : QString::number(refs.size())) << '\n';
    for (const QJsonValue &ref : refs)
        out << "  " << ref.toObject().value(QLatin1String("key")).toString() << " - "
            << ref.toObject().value(QLatin1String("description")).toString() << '\n';
    const QJsonArray pointers = inspection.value(QLatin1String("pointers")).toArray();
    out << Text::tr("Pointers: %1").arg(pointers.isEmpty() ? Text::tr("none") : QString::number(pointers.size())) << '\n';
    for (const QJsonValue &pointer : pointers)
        out << "  " << pointer.toString() << '\n';
    if (!inspection.contains(QLatin1String("diff")))
        return;
    const QJsonObject diff = inspection.value(QLatin1String("diff")).toObject();
    if (diff.value(QLatin1String("previous")).isNull()) {
        out << Text::tr("Diff: this is the first request") << '\n';
        return;
    }
    out << Text::tr("Diff against request %1: %2 added, %3 evicted, %4 summarised, %5 moved")
               .arg(diff.value(QLatin1String("previous")).toInt())
               .arg(diff.value(QLatin1String("added")).toArray().size())
               .arg(diff.value(QLatin1String("evicted")).toArray().size())
               .arg(diff.value(QLatin1String("summarised")).toArray().size())
               .arg(diff.value(QLatin1String("moved")).toArray().size())
        << '\n';
    for (const QJsonValue &value : diff.value(QLatin1String("evicted")).toArray())
        out << "  - " << value.toObject().value(QLatin1String("id")).toString() << " -> "
            << value.toObject().value(QLatin1String("pointer")).toString() << '\n';
    for (const QJsonValue &value : diff.value(QLatin1String("summarised")).toArray())
        out << "  \u03a3 " << Text::tr("%n message(s)", nullptr, int(value.toObject().value(QLatin1String("ids")).toArray().size()))
            << " -> " << value.toObject().value(QLatin1String("pointer")).toString() << '\n';
    if (diff.value(QLatin1String("cacheBreakIndex")).isNull())
        out << Text::tr("Cached prefix: intact") << '\n';
    else
        out << Text::tr("Cached prefix broke at message %1: %2 (%3 tokens, %4)")
                   .arg(diff.value(QLatin1String("cacheBreakIndex")).toInt())
                   .arg(diff.value(QLatin1String("cacheBreakReason")).toString(), tokens(diff.value(QLatin1String("cacheBreakTokens"))),
                        usd(diff.value(QLatin1String("cacheBreakCostUsd"))))
            << '\n';
}

} // namespace

int runContextRequest(CliContext &context, const QString &command, const ContextRequestOptions &options)
{
    int number = 0;
    if (options.request != QLatin1String("last")) {
        bool ok = false;
        number = options.request.toInt(&ok);
        if (!ok || number < 0)
            return context.usageError(command, Text::tr("--request takes a request number (1 is the first) or \"last\""));
    }
    SessionStore *store = context.store();
    if (!store)
        return 1;
    Result<RequestInspectionInput> prepared = RequestInspectionInput::fromStore(store, options.sessionId);
    if (prepared.hasError())
        return context.fail(command, prepared.error());
    RequestInspectionInput input = std::move(prepared).value();
    input.request = number;
    input.diff = options.diff;
    input.catalog = ModelCatalog::load(context.locations());
    // The provider's body writer checks the body hash too; only a recorded request needs it.
    std::unique_ptr<PluginManager> plugins;
    if (const QString providerId = requestProviderId(input.path, number); !providerId.isEmpty()) {
        plugins = std::make_unique<PluginManager>(context.locations(), DataLocations::systemPluginDirs());
        plugins->loadAll();
        input.bodyWriter = dynamic_cast<const RequestBodyWriter *>(plugins->provider(providerId));
    }
    const Result<QJsonObject> inspection = inspectRequest(input);
    if (inspection.hasError())
        return context.fail(command, inspection.error());
    if (options.json)
        context.out() << QString::fromUtf8(QJsonDocument(inspection.value()).toJson(QJsonDocument::Indented));
    else
        printText(context.out(), inspection.value());
    const QJsonValue match = inspection->value(QLatin1String("hash")).toObject().value(QLatin1String("match"));
    if (match.isBool() && !match.toBool()) {
        context.err() << Text::tr("valis-cli %1: MISMATCH: request %2 of %3 cannot be rebuilt exactly from the record")
                             .arg(command)
                             .arg(inspection->value(QLatin1String("request")).toInt())
                             .arg(options.sessionId)
                      << Qt::endl;
        return 1;
    }
    return 0;
}

} // namespace valis::cli
