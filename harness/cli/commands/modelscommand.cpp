#include "clicontext.h"
#include "commands.h"

#include "valis/catalog/modelcatalog.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace valis::cli {

namespace {

QString price(const std::optional<double> &value)
{
    return value ? formatUsd(value) : Text::tr("unknown");
}

QJsonValue priceJson(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue();
}

QJsonObject modelToJson(const ModelInfo &model)
{
    return QJsonObject{
        {QStringLiteral("id"), model.id},
        {QStringLiteral("name"), model.displayName},
        {QStringLiteral("provider"), model.provider},
        {QStringLiteral("context_window"), model.contextWindow},
        {QStringLiteral("max_output_tokens"), model.maxOutputTokens},
        {QStringLiteral("prices_per_million"), QJsonObject{
            {QStringLiteral("input"), priceJson(model.prices.input)},
            {QStringLiteral("output"), priceJson(model.prices.output)},
            {QStringLiteral("cache_write"), priceJson(model.prices.cacheWrite)},
            {QStringLiteral("cache_read"), priceJson(model.prices.cacheRead)},
        }},
        {QStringLiteral("tokenizer"), model.tokenizer},
        {QStringLiteral("origin"), modelOriginName(model.origin)},
    };
}

} // namespace

int runModels(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("models");
    CliParser parser;
    parser.addPositionalArgument(QStringLiteral("names"), Text::tr("Model names to look up (any spelling a provider uses)."),
                                 QStringLiteral("[NAME...]"));
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("One JSON object per model."));
    const QCommandLineOption sources(QStringLiteral("sources"), Text::tr("Say where the built-in figures come from."));
    parser.addOptions({json, sources});
    if (const int code = context.parse(parser, command,
                                       Text::tr("Lists the model catalogue (context window, output limit, prices per million "
                                                "tokens), or looks names up in it. Your additions and corrections go in %1.")
                                           .arg(context.locations().modelCatalogOverridePath()),
                                       arguments);
        code >= 0) {
        return code;
    }
    const ModelCatalog catalog = ModelCatalog::load(context.locations());
    for (const CatalogIssue &issue : catalog.issues()) {
        context.err() << "valis-cli models: "
                      << (issue.severity == CatalogIssue::Severity::Error ? Text::tr("error: ") : Text::tr("warning: "))
                      << issue.error.toString() << '\n';
    }
    context.err().flush();
    QTextStream &out = context.out();
    if (parser.isSet(sources)) {
        out << Text::tr("Built-in figures checked %1 from:").arg(catalog.checked()) << '\n';
        for (const QString &source : catalog.sources())
            out << "  " << source << '\n';
        out.flush();
        return 0;
    }

    const QStringList names = parser.positionalArguments();
    if (!names.isEmpty()) {
        int unknown = 0;
        for (const QString &name : names) {
            const ModelMatch match = catalog.lookup(name);
            if (!match.isKnown())
                ++unknown;
            if (parser.isSet(json)) {
                QJsonObject object = modelToJson(match.model);
                object.insert(QStringLiteral("query"), name);
                object.insert(QStringLiteral("match"), matchKindName(match.kind));
                object.insert(QStringLiteral("message"), match.message);
                out << QJsonDocument(object).toJson(QJsonDocument::Compact) << '\n';
                continue;
            }
            out << name << " -> " << match.model.id << "  (" << matchKindName(match.kind) << ")\n"
                << "  " << match.message << '\n'
                << "  " << Text::tr("window %1, output %2 tokens").arg(formatTokenCount(match.model.contextWindow),
                                                                formatTokenCount(match.model.maxOutputTokens))
                << '\n'
                << "  " << Text::tr("per million tokens: input %1, output %2, cache write %3, cache read %4")
                               .arg(price(match.model.prices.input), price(match.model.prices.output),
                                    price(match.model.prices.cacheWrite), price(match.model.prices.cacheRead))
                << '\n';
        }
        out.flush();
        return unknown == 0 ? 0 : 1;
    }

    if (!parser.isSet(json)) {
        out << Text::tr("MODEL").leftJustified(34) << Text::tr("WINDOW").rightJustified(10) << Text::tr("OUTPUT").rightJustified(9)
            << Text::tr("INPUT").rightJustified(9) << Text::tr("OUTPUT").rightJustified(9) << Text::tr("C.WRITE").rightJustified(9)
            << Text::tr("C.READ").rightJustified(9) << '\n';
    }
    for (const ModelInfo &model : catalog.models()) {
        if (parser.isSet(json)) {
            out << QJsonDocument(modelToJson(model)).toJson(QJsonDocument::Compact) << '\n';
            continue;
        }
        out << model.id.leftJustified(33) << ' ' << formatTokenCount(model.contextWindow).rightJustified(10)
            << formatTokenCount(model.maxOutputTokens).rightJustified(9) << price(model.prices.input).rightJustified(9)
            << price(model.prices.output).rightJustified(9) << price(model.prices.cacheWrite).rightJustified(9)
            << price(model.prices.cacheRead).rightJustified(9) << '\n';
    }
    out.flush();
    return 0;
}

} // namespace valis::cli
