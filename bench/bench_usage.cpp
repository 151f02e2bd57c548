// bench_usage: how close Valis's token counts come to what providers bill, on recorded requests
// and the usage their answers reported. For Claude (no public tokenizer) the calibrated estimate,
// alone and corrected by the previous answer's reported usage (last reported + the estimated
// change, what the context pipeline does); for OpenAI models the exact o200k/cl100k count with the
// chat framing. `--fit` searches the estimate's calibration that fits the Claude requests best.
#include "cassette.h"
#include "valis/catalog/modelcatalog.h"
#include "valis/tokens/tokencounter.h"
#include "valis/wire/anthropicmessages.h"
#include "valis/wire/openaichat.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTextStream>

#include <cmath>

using namespace valis;

namespace {

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

/// One recorded request: what was sent, in the record's form, and the prompt tokens billed.
struct Sample
{
    QString source;
    QString model;
    Message system;
    QJsonArray tools;      ///< {name, description, input_schema}
    QList<Message> messages;
    QString extra;         ///< other prompt text the request carries (a response schema)
    qint64 reported = 0;   ///< input + cache reads + cache writes
};

/// The usage object of a response: the JSON body's, or the last one an SSE stream carries.
QJsonObject usageOf(const QByteArray &body)
{
    const QJsonDocument whole = QJsonDocument::fromJson(body);
    if (whole.isObject())
        return whole.object().value(QLatin1String("usage")).toObject();
    QJsonObject found;
    QJsonObject start;
    for (const QByteArray &line : body.split('\n')) {
        if (!line.startsWith("data:"))
            continue;
        const QJsonObject event = QJsonDocument::fromJson(line.mid(5).trimmed()).object();
        // Anthropic: input counts in message_start, output in message_delta.
        const QJsonObject message = event.value(QLatin1String("message")).toObject();
        if (message.contains(QLatin1String("usage")))
            start = message.value(QLatin1String("usage")).toObject();
        if (event.value(QLatin1String("usage")).isObject())
            found = event.value(QLatin1String("usage")).toObject();
    }
    for (auto it = start.constBegin(); it != start.constEnd(); ++it) {
        if (!found.contains(it.key()) || found.value(it.key()).toInteger() == 0)
            found.insert(it.key(), it.value());
    }
    return found;
}

qint64 anthropicPrompt(const QJsonObject &usage)
{
    return usage.value(QLatin1String("input_tokens")).toInteger() + usage.value(QLatin1String("cache_creation_input_tokens")).toInteger()
         + usage.value(QLatin1String("cache_read_input_tokens")).toInteger();
}

std::optional<Sample> anthropicSample(const test::RecordedExchange &exchange, const QString &source)
{
    const QJsonObject body = QJsonDocument::fromJson(exchange.requestBody).object();
    const QJsonObject usage = usageOf(exchange.responseBody);
    if (body.isEmpty() || usage.isEmpty() || exchange.status != 200)
        return std::nullopt;
    Sample sample;
    sample.source = source;
    sample.model = body.value(QLatin1String("model")).toString();
    const Result<Message> system = wire::anthropic::systemFromJson(body.value(QLatin1String("system")));
    const Result<QList<Message>> messages = wire::anthropic::messagesFromJson(body.value(QLatin1String("messages")).toArray());
    if (system.hasError() || messages.hasError())
        return std::nullopt;
    sample.system = system.value();
    sample.messages = messages.value();
    for (const QJsonValue &tool : body.value(QLatin1String("tools")).toArray()) {
        QJsonObject object = tool.toObject();
        // Anthropic's own tools (computer use, web search, its bash and editor) have definitions
        // and results the server adds: what they cost cannot be counted from the request.
        if (object.contains(QLatin1String("type")) && object.value(QLatin1String("type")).toString() != QLatin1String("custom"))
            return std::nullopt;
        object.remove(QStringLiteral("cache_control"));
        sample.tools.append(object);
    }
    sample.reported = anthropicPrompt(usage);
    return sample;
}

std::optional<Sample> openAiSample(const test::RecordedExchange &exchange, const QString &source)
{
    if (!exchange.url.contains(QLatin1String("/chat/completions")) || exchange.status != 200)
        return std::nullopt;
    const QJsonObject body = QJsonDocument::fromJson(exchange.requestBody).object();
    const QJsonObject usage = usageOf(exchange.responseBody);
    if (body.isEmpty() || !usage.contains(QLatin1String("prompt_tokens")))
        return std::nullopt;
    Sample sample;
    sample.source = source;
    sample.model = body.value(QLatin1String("model")).toString();
    const Result<QList<Message>> messages = wire::openaichat::messagesFromJson(body.value(QLatin1String("messages")).toArray());
    if (messages.hasError())
        return std::nullopt;
    for (const Message &message : messages.value()) {
        if (message.role == Role::System)
            sample.system.parts += message.parts;
        else
            sample.messages.append(message);
    }
    for (const QJsonValue &tool : body.value(QLatin1String("tools")).toArray()) {
        const QJsonObject function = tool.toObject().value(QLatin1String("function")).toObject();
        sample.tools.append(QJsonObject{{QStringLiteral("name"), function.value(QLatin1String("name"))},
                                        {QStringLiteral("description"), function.value(QLatin1String("description"))},
                                        {QStringLiteral("input_schema"), function.value(QLatin1String("parameters"))}});
    }
    // A structured-output schema is part of the prompt too.
    if (body.contains(QLatin1String("response_format")))
        sample.extra = QString::fromUtf8(QJsonDocument(body.value(QLatin1String("response_format")).toObject()).toJson(QJsonDocument::Compact));
    sample.reported = usage.value(QLatin1String("prompt_tokens")).toInteger();
    return sample;
}

qint64 counted(const TokenCounter &counter, const Sample &sample)
{
    qint64 tokens = counter.countSystemPrompt(sample.system) + counter.countToolDefinitions(sample.tools) + counter.countText(sample.extra);
    for (const Message &message : sample.messages)
        tokens += counter.countMessage(message);
    return tokens;
}

/// Whether `next` continues `previous`: the same system prompt and tools, and its messages start
/// with all of `previous`'s (the next request of one conversation).
bool continues(const Sample &previous, const Sample &next)
{
    if (previous.model != next.model || previous.system.text() != next.system.text() || previous.tools != next.tools
        || previous.messages.size() >= next.messages.size())
        return false;
    for (qsizetype i = 0; i + 1 < previous.messages.size(); ++i) {
        if (previous.messages.at(i).text() != next.messages.at(i).text())
            return false;
    }
    return true;
}

struct Errors
{
    QList<double> raw;       ///< relative error of the count alone
    QList<double> corrected; ///< relative error of last reported + estimated change

    static double median(QList<double> values)
    {
        if (values.isEmpty())
            return 0;
        for (double &value : values)
            value = std::abs(value);
        std::sort(values.begin(), values.end());
        return values.at(values.size() / 2);
    }
    static double worst(const QList<double> &values)
    {
        double worst = 0;
        for (double value : values)
            worst = std::max(worst, std::abs(value));
        return worst;
    }
};

Errors measure(const QList<Sample> &samples, const std::function<std::shared_ptr<TokenCounter>(const Sample &)> &counterFor,
               bool print)
{
    Errors errors;
    const Sample *previous = nullptr;
    qint64 previousCount = 0;
    for (const Sample &sample : samples) {
        const std::shared_ptr<TokenCounter> counter = counterFor(sample);
        const qint64 count = counted(*counter, sample);
        const double raw = double(count - sample.reported) / double(qMax<qint64>(1, sample.reported));
        errors.raw.append(raw);
        QString correctedText = QStringLiteral("-");
        if (previous && continues(*previous, sample)) {
            const qint64 predicted = previous->reported + (count - previousCount);
            const double corrected = double(predicted - sample.reported) / double(qMax<qint64>(1, sample.reported));
            errors.corrected.append(corrected);
            correctedText = QStringLiteral("%1 (%2%)").arg(predicted).arg(corrected * 100, 0, 'f', 2);
        }
        if (print) {
            out() << QStringLiteral("  %1  %2  reported %3  counted %4 (%5%)  corrected %6")
                         .arg(sample.source.leftJustified(44), sample.model.leftJustified(26))
                         .arg(sample.reported, 7)
                         .arg(count, 7)
                         .arg(raw * 100, 6, 'f', 2)
                         .arg(correctedText)
                  << Qt::endl;
        }
        previous = &sample;
        previousCount = count;
    }
    return errors;
}

void summarise(const QString &what, const Errors &errors)
{
    out() << QStringLiteral("%1: %2 requests, count alone: median |error| %3%, worst %4%")
                 .arg(what)
                 .arg(errors.raw.size())
                 .arg(Errors::median(errors.raw) * 100, 0, 'f', 2)
                 .arg(Errors::worst(errors.raw) * 100, 0, 'f', 2);
    if (!errors.corrected.isEmpty())
        out() << QStringLiteral("; corrected by the last reported usage (%1 requests): median %2%, worst %3%")
                     .arg(errors.corrected.size())
                     .arg(Errors::median(errors.corrected) * 100, 0, 'f', 2)
                     .arg(Errors::worst(errors.corrected) * 100, 0, 'f', 2);
    out() << Qt::endl;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Token counts against the usage providers reported (see bench/README.md)."));
    parser.addHelpOption();
    const QCommandLineOption fitOption(QStringLiteral("fit"), QStringLiteral("Search the estimate's calibration that fits the Claude requests best."));
    const QCommandLineOption quietOption(QStringLiteral("quiet"), QStringLiteral("Totals only, no row per request."));
    parser.addOptions({fitOption, quietOption});
    parser.process(app);
    const QString fixtures = qEnvironmentVariableIsSet("VALIS_FIXTURES") ? qEnvironmentVariable("VALIS_FIXTURES")
                                                                          : QStringLiteral(VALIS_FIXTURES_DEFAULT);

    QList<Sample> claude;
    QList<Sample> openai;
    const QString trace = fixtures + QStringLiteral("/claude-trace-traffic/test-traffic.redacted.jsonl");
    if (const Result<QList<test::RecordedExchange>> exchanges = test::readClaudeTrace(trace); exchanges.ok()) {
        int line = 0;
        for (const test::RecordedExchange &exchange : exchanges.value()) {
            ++line;
            if (std::optional<Sample> sample = anthropicSample(exchange, QStringLiteral("claude-trace line %1").arg(line)))
                claude.append(*sample);
        }
    } else {
        out() << "skipped the claude-trace requests: " << exchanges.error().toString() << Qt::endl;
    }
    QDirIterator cassettes(fixtures + QStringLiteral("/fantasy-provider-cassettes/testdata"), {QStringLiteral("*.yaml")},
                           QDir::Files, QDirIterator::Subdirectories);
    QStringList paths;
    while (cassettes.hasNext())
        paths.append(cassettes.next());
    paths.sort();
    for (const QString &path : std::as_const(paths)) {
        const Result<QList<test::RecordedExchange>> exchanges = test::readCassette(path);
        if (exchanges.hasError())
            continue;
        const QString name = path.section(QStringLiteral("/testdata/"), 1);
        for (const test::RecordedExchange &exchange : exchanges.value()) {
            if (exchange.url.startsWith(QLatin1String("https://api.anthropic.com/"))) {
                if (std::optional<Sample> sample = anthropicSample(exchange, name))
                    claude.append(*sample);
            } else if (exchange.url.startsWith(QLatin1String("https://api.openai.com/"))) {
                if (std::optional<Sample> sample = openAiSample(exchange, name))
                    openai.append(*sample);
            }
        }
    }

    const ModelCatalog catalog = ModelCatalog::builtIn();
    const bool print = !parser.isSet(quietOption);
    if (print)
        out() << "Claude (calibrated estimate):" << Qt::endl;
    const std::shared_ptr<TokenCounter> estimate = TokenCounter::estimate();
    out() << "estimate family: " << estimate->family() << Qt::endl;
    summarise(QStringLiteral("Claude, all"), measure(claude, [&](const Sample &) { return estimate; }, print));
    // The claude-trace requests are one real Claude Code conversation (its later requests continue
    // the earlier ones); the cassettes are many short API tests.
    QList<Sample> conversation;
    for (const Sample &sample : std::as_const(claude)) {
        if (sample.source.startsWith(QLatin1String("claude-trace")))
            conversation.append(sample);
    }
    summarise(QStringLiteral("Claude, the claude-trace conversation"), measure(conversation, [&](const Sample &) { return estimate; }, false));
    if (print)
        out() << "OpenAI (exact, o200k_base / cl100k_base):" << Qt::endl;
    QHash<QString, std::shared_ptr<TokenCounter>> exact;
    const Errors openaiErrors = measure(openai, [&](const Sample &sample) {
        const ModelInfo model = catalog.lookup(sample.model).model;
        std::shared_ptr<TokenCounter> &counter = exact[model.tokenizer];
        if (!counter)
            counter = TokenCounter::forModel(model);
        return counter;
    }, print);
    summarise(QStringLiteral("OpenAI"), openaiErrors);

    if (parser.isSet(fitOption) && !claude.isEmpty()) {
        // A coarse grid over the ratios, then the framing, minimising the median error.
        EstimateCalibration best;
        double bestScore = 1e9;
        for (double prose = 1.00; prose <= 1.40; prose += 0.02) {
            for (double code = prose; code <= 1.60; code += 0.04) {
                EstimateCalibration candidate;
                candidate.proseRatio = prose;
                candidate.codeRatio = code;
                const std::shared_ptr<TokenCounter> counter = TokenCounter::estimate(candidate);
                const double score = Errors::median(measure(claude, [&](const Sample &) { return counter; }, false).raw);
                if (score < bestScore) {
                    bestScore = score;
                    best = candidate;
                }
            }
        }
        for (qint64 perTool = 0; perTool <= 60; perTool += 4) {
            for (qint64 perMessage = 0; perMessage <= 12; perMessage += 2) {
                EstimateCalibration candidate = best;
                candidate.perTool = perTool;
                candidate.perMessage = perMessage;
                candidate.toolUsePrompt = best.toolUsePrompt;
                const std::shared_ptr<TokenCounter> counter = TokenCounter::estimate(candidate);
                const double score = Errors::median(measure(claude, [&](const Sample &) { return counter; }, false).raw);
                if (score < bestScore) {
                    bestScore = score;
                    best = candidate;
                }
            }
        }
        out() << QStringLiteral("best fit: proseRatio %1, codeRatio %2, perMessage %3, perTool %4: median |error| %5%")
                     .arg(best.proseRatio, 0, 'f', 2)
                     .arg(best.codeRatio, 0, 'f', 2)
                     .arg(best.perMessage)
                     .arg(best.perTool)
                     .arg(bestScore * 100, 0, 'f', 2)
              << Qt::endl;
    }
    return 0;
}
