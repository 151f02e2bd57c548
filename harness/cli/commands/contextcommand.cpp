#include "clicontext.h"
#include "commands.h"
#include "commands/contextrequest.h"

#include "valis/catalog/modelcatalog.h"
#include "valis/context/compactionevent.h"
#include "valis/context/contextsettings.h"
#include "valis/plugins/contextstrategy.h"
#include "valis/plugins/pluginmanager.h"

#include <QJsonArray>

#include <algorithm>
#include <QJsonDocument>

namespace valis::cli {

namespace {

QString usd(double amount)
{
    return QStringLiteral("$%1").arg(amount, 0, 'f', 4);
}

/// The effective settings of the configured strategies for `model`: each strategy's defaults,
/// then config/context.json.
int printSettings(CliContext &context, const QString &command, const QString &model, bool json)
{
    const Result<ContextSettings> settings = ContextSettings::load(context.locations().contextSettingsPath());
    if (settings.hasError())
        return context.fail(command, settings.error());
    PluginManager plugins(context.locations(), DataLocations::systemPluginDirs());
    plugins.loadAll();
    QList<Error> warnings;
    const QList<ContextStrategy *> strategies = settings->select(plugins.strategies(), &warnings);
    for (const Error &warning : std::as_const(warnings))
        context.err() << Text::tr("warning: %1").arg(warning.message) << Qt::endl;
    QJsonObject all;
    const QHash<QString, QJsonObject> effective = settings->effectiveSettings(strategies, model);
    for (auto it = effective.constBegin(); it != effective.constEnd(); ++it)
        all.insert(it.key(), it.value());
    if (json) {
        context.out() << QString::fromUtf8(QJsonDocument(all).toJson(QJsonDocument::Indented));
        return 0;
    }
    context.out() << Text::tr("Context strategies in use (%1):").arg(context.locations().contextSettingsPath()) << '\n';
    if (strategies.isEmpty())
        context.out() << "  " << Text::tr("none: the context is not managed") << '\n';
    for (auto it = all.constBegin(); it != all.constEnd(); ++it) {
        context.out() << "  " << it.key() << '\n';
        const QJsonObject values = it.value().toObject();
        for (auto v = values.constBegin(); v != values.constEnd(); ++v) {
            const QString text = v.value().isString() ? v.value().toString()
                                                      : QString::fromUtf8(QJsonDocument(QJsonArray{v.value()}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
            context.out() << "    " << v.key().leftJustified(22) << ' ' << text << '\n';
        }
    }
    return 0;
}

} // namespace

int runContext(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("context");
    CliParser parser;
    parser.addPositionalArgument(QStringLiteral("session"), Text::tr("The session whose compactions to show."), QStringLiteral("[SESSION]"));
    const QCommandLineOption settingsOption(QStringLiteral("settings"),
                                            Text::tr("Show the context strategies in use and their settings instead."));
    const QCommandLineOption modelOption(QStringLiteral("model"), Text::tr("With --settings: the settings for model M."),
                                         QStringLiteral("M"));
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("Print JSON."));
    const QCommandLineOption pinOption(QStringLiteral("pin"),
                                       Text::tr("Pin message ID of the session: never evicted or summarised, carried "
                                                "verbatim after every summary."),
                                       QStringLiteral("ID"));
    const QCommandLineOption unpinOption(QStringLiteral("unpin"), Text::tr("Unpin message ID."), QStringLiteral("ID"));
    const QCommandLineOption requestOption(QStringLiteral("request"),
                                           Text::tr("Show request N of the session (1 is the first, \"last\" the last) as "
                                                    "the model saw it, rebuilt from the record and checked against the hash "
                                                    "recorded when it was sent."),
                                           QStringLiteral("N"));
    const QCommandLineOption diffOption(QStringLiteral("diff"), Text::tr("With --request: what changed since the previous request."));
    parser.addOptions({settingsOption, modelOption, json, pinOption, unpinOption, requestOption, diffOption});
    if (const int code = context.parse(parser, command,
                                       Text::tr("Shows what the context strategies did in a session: every compaction (what "
                                                "moved where, tokens before and after, cache cost) and the totals. With "
                                                "--settings, the strategies in use and their thresholds. With --request N, "
                                                "request N as the model saw it."),
                                       arguments);
        code >= 0) {
        return code;
    }
    if (parser.isSet(settingsOption))
        return printSettings(context, command, parser.value(modelOption), parser.isSet(json));
    if (parser.positionalArguments().size() != 1)
        return context.usageError(command, Text::tr("name exactly one session (or use --settings)"));
    if (parser.isSet(requestOption) || parser.isSet(diffOption)) {
        const QString request = parser.isSet(requestOption) ? parser.value(requestOption) : QStringLiteral("last");
        return runContextRequest(context, command, {parser.positionalArguments().first(), request, parser.isSet(diffOption), parser.isSet(json)});
    }
    SessionStore *store = context.store();
    if (!store)
        return 1;
    const QString sessionId = parser.positionalArguments().first();
    const Result<SessionInfo> info = store->session(sessionId);
    if (info.hasError())
        return context.fail(command, info.error());
    const Result<QList<Message>> messages = store->messages(sessionId);
    if (messages.hasError())
        return context.fail(command, messages.error());
    if (parser.isSet(pinOption) || parser.isSet(unpinOption)) {
        const bool pin = parser.isSet(pinOption);
        const QString target = parser.value(pin ? pinOption : unpinOption);
        const bool known = std::any_of(messages->cbegin(), messages->cend(), [&target](const Message &message) {
            return message.id == target && message.role != Role::System;
        });
        if (!known)
            return context.fail(command, Error(QStringLiteral("cli.no-message"),
                                               Text::tr("session %1 has no message \"%2\" (valis-cli show %1 --json lists their ids)")
                                                   .arg(sessionId, target)));
        const Result<Message> stored = store->appendMessage(sessionId, pinMessage(target, pin));
        if (stored.hasError())
            return context.fail(command, stored.error());
        context.out() << (pin ? Text::tr("pinned %1").arg(target) : Text::tr("unpinned %1").arg(target)) << '\n';
        return 0;
    }
    const CompactionStats stats = CompactionStats::of(messages.value());
    QList<CompactionEvent> events;
    for (const Message &message : messages.value()) {
        if (const auto event = CompactionEvent::fromMessage(message); event && event->ok())
            events.append(event->value());
    }
    for (const Error &problem : stats.unreadable)
        context.err() << Text::tr("warning: %1").arg(problem.message) << Qt::endl;

    if (parser.isSet(json)) {
        QJsonArray list;
        for (CompactionEvent event : std::as_const(events)) {
            QJsonObject object = event.toJson();
            // The replacement messages can be long; what moved where is what this is for.
            QJsonArray moved;
            for (const ViewEdit &edit : event.edits)
                moved.append(QJsonObject{{QStringLiteral("item"), edit.item},
                                         {QStringLiteral("pointer"), edit.pointer},
                                         {QStringLiteral("tokensBefore"), edit.tokensBefore},
                                         {QStringLiteral("tokensAfter"), edit.tokensAfter}});
            object.remove(QStringLiteral("edits"));
            object.insert(QStringLiteral("moved"), moved);
            list.append(object);
        }
        context.out() << QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("session"), sessionId},
                                                                     {QStringLiteral("stats"), stats.toJson()},
                                                                     {QStringLiteral("events"), list}})
                                               .toJson(QJsonDocument::Compact))
                      << '\n';
        return 0;
    }
    QTextStream &out = context.out();
    out << Text::tr("%1 \u00b7 %n compaction(s)", nullptr, stats.events).arg(sessionId) << '\n';
    for (const CompactionEvent &event : std::as_const(events)) {
        out << QStringLiteral("  T-%1  %2 %3").arg(event.turn).arg(event.strategy, event.action.leftJustified(17));
        if (event.tokensBefore >= 0 && event.tokensAfter >= 0)
            out << Text::tr("  %1 -> %2 tokens").arg(formatTokenCount(event.tokensBefore), formatTokenCount(event.tokensAfter));
        if (!event.edits.isEmpty())
            out << Text::tr(", %n item(s) moved", nullptr, int(event.edits.size()));
        if (event.cacheInvalidatedTokens > 0)
            out << Text::tr(", cache: %1 tokens rewritten").arg(formatTokenCount(event.cacheInvalidatedTokens))
                << (event.cacheCostUsd ? QStringLiteral(" (%1)").arg(usd(*event.cacheCostUsd)) : QString());
        out << '\n';
        for (const QString &pointer : event.pointers.mid(0, 5))
            out << "      " << pointer << '\n';
        if (event.pointers.size() > 5)
            out << "      " << Text::tr("… and %n more", nullptr, int(event.pointers.size() - 5)) << '\n';
    }
    out << Text::tr("Tokens saved: %1 \u00b7 items moved: %2 \u00b7 pointers: %3 \u00b7 cache rewritten: %4 tokens, %5")
               .arg(formatTokenCount(stats.tokensSaved))
               .arg(stats.itemsMoved)
               .arg(stats.pointersCreated)
               .arg(formatTokenCount(stats.cacheInvalidatedTokens))
               .arg(stats.cacheCostKnown ? usd(stats.cacheCostUsd) : Text::tr("unknown cost"))
        << '\n';
    return 0;
}

} // namespace valis::cli
