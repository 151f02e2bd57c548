#include "testsupport.h"

#include "valis/catalog/modelcatalog.h"
#include "valis/core/datalocations.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QUrl>

#include <cmath>

using namespace valis;

namespace {
// The built-in file as raw JSON, read without the catalogue's own parser.
QJsonArray rawBuiltInModels()
{
    QFile file(ModelCatalog::builtInPath());
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object().value(QLatin1String("models")).toArray();
}

bool near(std::optional<double> actual, double expected)
{
    return actual && std::fabs(*actual - expected) < 1e-9;
}

QString describe(const QList<CatalogIssue> &issues)
{
    QStringList lines;
    for (const CatalogIssue &issue : issues)
        lines << issue.error.code + QLatin1Char(' ') + issue.error.toString();
    return lines.join(QLatin1Char('\n'));
}

Usage usageOf(qint64 input, qint64 output, qint64 cacheWrite, qint64 cacheRead)
{
    Usage usage;
    usage.inputTokens = input;
    usage.outputTokens = output;
    usage.cacheWriteTokens = cacheWrite;
    usage.cacheReadTokens = cacheRead;
    return usage;
}
} // namespace

class TestModelCatalog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void builtInLoadsCleanly();
    void builtInEntriesAreWellFormed();
    void everyNameFindsItsModel();
    void lookup_data();
    void lookup();
    void fixtureModelNamesResolve();
    void unknownModelFallsBack();
    void overrideAddsAndChangesFieldByField();
    void overrideFromDataLocations();
    void malformedOverrideKeepsBuiltIns();
    void invalidOverrideEntryIsSkippedWithItsLine();
    void futureFormatOverrideIsRefused();
    void anthropicCostByHand();
    void unknownPriceIsUnknownNotZero();
    void longContextTier();
    void formatting();
};

void TestModelCatalog::builtInLoadsCleanly()
{
    const ModelCatalog catalog = ModelCatalog::builtIn();
    QVERIFY2(catalog.issues().isEmpty(), qPrintable(describe(catalog.issues())));
    const QJsonArray raw = rawBuiltInModels();
    QVERIFY(!raw.isEmpty());
    QCOMPARE(catalog.size(), raw.size());
    QVERIFY(!catalog.checked().isEmpty());
    QVERIFY(!catalog.sources().isEmpty());
    // Sorted by provider then id, for listing.
    const QList<ModelInfo> models = catalog.models();
    for (qsizetype i = 1; i < models.size(); ++i) {
        const ModelInfo &a = models.at(i - 1);
        const ModelInfo &b = models.at(i);
        QVERIFY(a.provider < b.provider || (a.provider == b.provider && a.id < b.id));
    }
}

void TestModelCatalog::builtInEntriesAreWellFormed()
{
    const QJsonArray raw = rawBuiltInModels();
    QVERIFY(!raw.isEmpty());
    QHash<QString, QString> owner; // lower-cased id or alias -> id
    static const QStringList priceKeys{QStringLiteral("input"), QStringLiteral("output"),
                                       QStringLiteral("cacheWrite"), QStringLiteral("cacheRead")};
    int hostedWithPrices = 0;
    for (const QJsonValue &value : raw) {
        const QJsonObject entry = value.toObject();
        const QString id = entry.value(QLatin1String("id")).toString();
        QVERIFY2(!id.isEmpty(), "an entry without id");
        const double window = entry.value(QLatin1String("contextWindow")).toDouble();
        const double output = entry.value(QLatin1String("maxOutputTokens")).toDouble();
        QVERIFY2(window > 0, qPrintable(id));
        QVERIFY2(output > 0 && output <= window, qPrintable(id));
        QVERIFY2(!entry.value(QLatin1String("provider")).toString().isEmpty(), qPrintable(id));
        const QString tokenizer = entry.value(QLatin1String("tokenizer")).toString();
        QVERIFY2(tokenizer == QLatin1String("o200k_base") || tokenizer == QLatin1String("cl100k_base")
                     || tokenizer == QLatin1String("estimate"),
                 qPrintable(id));
        const QJsonObject prices = entry.value(QLatin1String("prices")).toObject();
        for (const char *block : {"prices", "longContextPrices"}) {
            const QJsonObject list = entry.value(QLatin1String(block)).toObject();
            for (const QString &key : priceKeys) {
                const QJsonValue price = list.value(key);
                QVERIFY2(price.isNull() || price.isUndefined() || (price.isDouble() && price.toDouble() >= 0),
                         qPrintable(id + QLatin1Char(' ') + key));
            }
        }
        // The big hosted providers publish input and output prices for every model, and a
        // model that caches prompts has its cache prices.
        const QString provider = entry.value(QLatin1String("provider")).toString();
        if (QStringList{QStringLiteral("anthropic"), QStringLiteral("openai"), QStringLiteral("google"),
                        QStringLiteral("xai")}.contains(provider)) {
            QVERIFY2(prices.value(QLatin1String("input")).isDouble(), qPrintable(id));
            QVERIFY2(prices.value(QLatin1String("output")).isDouble(), qPrintable(id));
            if (entry.value(QLatin1String("capabilities")).toObject().value(QLatin1String("promptCaching")).toBool()) {
                QVERIFY2(prices.value(QLatin1String("cacheWrite")).isDouble(), qPrintable(id));
                QVERIFY2(prices.value(QLatin1String("cacheRead")).isDouble(), qPrintable(id));
            }
            ++hostedWithPrices;
        }
        QStringList names{id};
        for (const QJsonValue &alias : entry.value(QLatin1String("aliases")).toArray())
            names << alias.toString();
        for (const QString &name : std::as_const(names)) {
            const QString folded = name.toLower();
            QVERIFY2(!owner.contains(folded),
                     qPrintable(QStringLiteral("%1 is claimed by %2 and %3").arg(name, owner.value(folded), id)));
            owner.insert(folded, id);
        }
    }
    QVERIFY(hostedWithPrices > 0);
}

void TestModelCatalog::everyNameFindsItsModel()
{
    const ModelCatalog catalog = ModelCatalog::builtIn();
    for (const ModelInfo &model : catalog.models()) {
        const ModelMatch byId = catalog.lookup(model.id);
        QCOMPARE(byId.kind, MatchKind::Exact);
        QCOMPARE(byId.model.id, model.id);
        for (const QString &alias : model.aliases) {
            const ModelMatch byAlias = catalog.lookup(alias);
            QVERIFY2(byAlias.kind == MatchKind::Alias && byAlias.model.id == model.id, qPrintable(alias));
        }
    }
}

void TestModelCatalog::lookup_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("id");
    QTest::addColumn<MatchKind>("kind");
    const auto row = [](const char *name, const char *id, MatchKind kind) {
        QTest::newRow(name) << QString::fromUtf8(name) << QString::fromUtf8(id) << kind;
    };
    row("claude-opus-4-6", "claude-opus-4-6", MatchKind::Exact);
    row("gpt-4.1", "gpt-4.1", MatchKind::Exact);
    row("gemini-3-pro-preview", "gemini-3-pro-preview", MatchKind::Exact);
    row("claude-sonnet-4-5-20250929", "claude-sonnet-4-5", MatchKind::Alias);
    row("anthropic/claude-sonnet-4.5", "claude-sonnet-4-5", MatchKind::Alias);
    row("us.anthropic.claude-sonnet-4-5-20250929-v1:0", "claude-sonnet-4-5", MatchKind::Alias);
    row("claude-sonnet-4-5@20250929", "claude-sonnet-4-5", MatchKind::Alias);
    row("claude-3-5-sonnet-latest", "claude-3-5-sonnet", MatchKind::Alias);
    row("gpt-oss:20b", "gpt-oss-20b", MatchKind::Alias);
    row("gpt-4o-2024-08-06", "gpt-4o", MatchKind::Alias);
    row("Claude-Opus-4-6", "claude-opus-4-6", MatchKind::Normalised);
    row("  gpt-5  ", "gpt-5", MatchKind::Normalised);
    row("openrouter/anthropic/claude-3.5-sonnet", "claude-3-5-sonnet", MatchKind::Normalised);
    row("openrouter/anthropic/claude-3-haiku", "claude-3-haiku", MatchKind::Normalised);
    row("anthropic/claude-4.5-haiku-20251001", "claude-haiku-4-5", MatchKind::Normalised);
    row("eu.anthropic.claude-opus-4-6-v1", "claude-opus-4-6", MatchKind::Normalised);
    row("apac.anthropic.claude-3-7-sonnet-20250219-v1:0", "claude-3-7-sonnet", MatchKind::Normalised);
    row("publishers/anthropic/models/claude-3-7-sonnet@20250219", "claude-3-7-sonnet", MatchKind::Normalised);
    row("vertex_ai/claude-3-5-sonnet@20240620", "claude-3-5-sonnet", MatchKind::Normalised);
    row("claude-opus-4-8[1m]", "claude-opus-4-8", MatchKind::Normalised);
    row("claude-opus-4-1-20991231", "claude-opus-4-1", MatchKind::Normalised);
    row("z-ai/glm-5-turbo-20260315", "glm-5-turbo", MatchKind::Normalised);
    row("openai/gpt-5.4-nano-20260317", "gpt-5.4-nano", MatchKind::Normalised);
    row("google/gemini-3.1-flash-lite-preview-20260303", "gemini-3.1-flash-lite", MatchKind::Normalised);
    row("moonshotai/kimi-k2.5-0127", "kimi-k2.5", MatchKind::Normalised);
    row("moonshotai/Kimi-K2-Instruct-0905:groq", "kimi-k2-0905", MatchKind::Normalised);
    row("grok-3-mini-high", "grok-3-mini", MatchKind::Normalised);
    row("llama3.1:8b-instruct-q4_K_M", "llama3.1", MatchKind::Normalised);
    row("qwen2.5-coder:32b-instruct-fp16", "qwen2.5-coder", MatchKind::Normalised);
    row("qwen3:30b-a3b-instruct-2507-q4_K_M", "qwen3", MatchKind::Normalised);
    row("gemma3:latest", "gemma3", MatchKind::Normalised);
    row("gpt-4-0125-preview", "gpt-4-turbo", MatchKind::Alias);
    row("gpt-3.5-turbo-1106", "gpt-3.5-turbo", MatchKind::Normalised);
    row("gpt-5-codex-mini", "gpt-5-codex", MatchKind::Prefix);
    row("gemini-2.5-flash-preview-05-20", "gemini-2.5-flash", MatchKind::Prefix);
    row("claude-opus-4-6-fast", "claude-opus-4-6", MatchKind::Prefix);
    row("gpt-5.5", "", MatchKind::Unknown);  // "gpt-5" must not swallow a newer version
    row("gpt-50", "", MatchKind::Unknown);
    row("acme-llm-9000", "", MatchKind::Unknown);
}

void TestModelCatalog::lookup()
{
    QFETCH(QString, name);
    QFETCH(QString, id);
    QFETCH(MatchKind, kind);
    const ModelCatalog catalog = ModelCatalog::builtIn();
    const ModelMatch match = catalog.lookup(name);
    QVERIFY2(match.kind == kind, qPrintable(matchKindName(match.kind) + QStringLiteral(": ") + match.message));
    QCOMPARE(match.query, name);
    QVERIFY(!match.message.isEmpty());
    if (kind == MatchKind::Unknown) {
        QCOMPARE(match.model.id, name);
        QCOMPARE(match.model.origin, ModelOrigin::Fallback);
        return;
    }
    QCOMPARE(match.model.id, id);
    QVERIFY(!match.matchedKey.isEmpty());
    if (kind == MatchKind::Normalised || kind == MatchKind::Prefix) {
        QVERIFY2(!match.steps.isEmpty() || kind == MatchKind::Prefix, qPrintable(match.message));
        QVERIFY(match.message.contains(name));
        QVERIFY(!match.isCertain());
    }
}

void TestModelCatalog::fixtureModelNamesResolve()
{
    // Every model name the recorded transcripts and wire captures use, found by scanning the raw
    // text: "model" fields, Bedrock "/model/<id>/invoke" and Gemini/Vertex "/models/<id>:" URLs.
    const char *dirs[] = {"claude-code-sessions-spotter", "openai-codex", "fantasy-provider-cassettes",
                          "swe-agent", "openhands", "claude-trace-traffic", "anthropic-sdk-python",
                          "anthropic-sdk-typescript", "openai-python-chat-sse"};
    VALIS_REQUIRE_FIXTURE(root, "fantasy-provider-cassettes");
    Q_UNUSED(root)
    static const QRegularExpression modelField(QStringLiteral("\"model\"\\s*:\\s*\"([^\"\\\\]*)\""));
    static const QRegularExpression bedrockUrl(QStringLiteral("/model/([^/\\s]+)/invoke"));
    static const QRegularExpression googleUrl(QStringLiteral(
        "/models/([A-Za-z0-9._@-]+):(?:generateContent|streamGenerateContent|rawPredict|streamRawPredict)"));
    // Not model ids: Claude Code's per-version short names in Task tool input, empty test
    // fields, and SWE-agent's replay pseudo-model.
    static const QSet<QString> placeholders{QString(), QStringLiteral("sonnet"), QStringLiteral("haiku"),
                                            QStringLiteral("opus"), QStringLiteral("replay"),
                                            QStringLiteral("<synthetic>")};
    QSet<QString> names;
    int filesScanned = 0;
    for (const char *dir : dirs) {
        const QString path = test::fixturePath(QString::fromUtf8(dir));
        if (path.isEmpty())
            continue;
        QDirIterator it(path, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString file = it.next();
            if (file.contains(QLatin1String("LICENSE")) || file.contains(QLatin1String("NOTICE")))
                continue;
            QFile in(file);
            QVERIFY(in.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(in.readAll());
            ++filesScanned;
            for (const QRegularExpression *re : {&modelField, &bedrockUrl, &googleUrl}) {
                QRegularExpressionMatchIterator matches = re->globalMatch(text);
                while (matches.hasNext())
                    names.insert(QUrl::fromPercentEncoding(matches.next().captured(1).toUtf8()));
            }
        }
    }
    QVERIFY(filesScanned > 0);
    names -= placeholders;
    QVERIFY(!names.isEmpty());
    const ModelCatalog catalog = ModelCatalog::builtIn();
    QStringList unresolved;
    for (const QString &name : std::as_const(names)) {
        const ModelMatch match = catalog.lookup(name);
        if (match.kind == MatchKind::Unknown || match.kind == MatchKind::Prefix)
            unresolved << name;
    }
    QVERIFY2(unresolved.isEmpty(), qPrintable(unresolved.join(QLatin1String(", "))));
    qInfo("%lld distinct model names in %d fixture files all resolve", qlonglong(names.size()), filesScanned);
}

void TestModelCatalog::unknownModelFallsBack()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    const ModelCatalog catalog = ModelCatalog::load(locations);
    QVERIFY(!catalog.overrideLoaded()); // no override file written
    const ModelMatch match = catalog.lookup(QStringLiteral("acme-llm-9000"));
    QCOMPARE(match.kind, MatchKind::Unknown);
    QVERIFY(!match.isKnown());
    QCOMPARE(match.model.contextWindow, ModelCatalog::FallbackContextWindow);
    QCOMPARE(match.model.contextWindow, qint64(32768));
    QCOMPARE(match.model.maxOutputTokens, qint64(4096));
    QVERIFY(!match.model.prices.input && !match.model.prices.output);
    QVERIFY(match.message.contains(QLatin1String("acme-llm-9000")));
    QVERIFY(match.message.contains(QLatin1String("32,768")));
    QVERIFY(match.message.contains(QLatin1String("4,096")));
    QVERIFY2(match.message.contains(locations.modelCatalogOverridePath()), qPrintable(match.message));
    const Cost cost = catalog.cost(QStringLiteral("acme-llm-9000"), usageOf(1000, 10, -1, -1));
    QVERIFY(!cost.isKnown());
    QCOMPARE(cost.totalText(), QStringLiteral("unknown"));
}

void TestModelCatalog::overrideAddsAndChangesFieldByField()
{
    test::TemporaryHome home;
    const QString path = home.filePath(QStringLiteral("models.json"));
    QVERIFY(valis::test::writeFile(path, R"({
  "formatVersion": 1,
  "models": [
    {"id": "acme-coder-2", "displayName": "Acme Coder 2", "provider": "acme", "contextWindow": 65536,
     "maxOutputTokens": 8192, "prices": {"input": 1.5, "output": 6}, "aliases": ["acme/coder-2"]},
    {"id": "claude-sonnet-4-5", "prices": {"cacheRead": 0.25}},
    {"id": "claude-haiku-4-5-20251001", "maxOutputTokens": 32000},
    {"id": "gpt-4o", "prices": {"input": null}}
  ]
}
)"));
    const ModelCatalog builtIn = ModelCatalog::builtIn();
    const ModelCatalog catalog = ModelCatalog::load(path);
    QVERIFY2(catalog.issues().isEmpty(), qPrintable(describe(catalog.issues())));
    QVERIFY(catalog.overrideLoaded());
    QCOMPARE(catalog.size(), builtIn.size() + 1);

    const ModelMatch added = catalog.lookup(QStringLiteral("acme/coder-2"));
    QCOMPARE(added.kind, MatchKind::Alias);
    QCOMPARE(added.model.id, QStringLiteral("acme-coder-2"));
    QCOMPARE(added.model.origin, ModelOrigin::Override);
    QCOMPARE(added.model.contextWindow, qint64(65536));
    QVERIFY(near(added.model.prices.input, 1.5));
    QVERIFY(!added.model.prices.cacheRead); // not given: unknown, not 0

    // Only the cache-read price changes; everything else stays as built in.
    const ModelInfo before = *builtIn.model(QStringLiteral("claude-sonnet-4-5"));
    const ModelInfo after = *catalog.model(QStringLiteral("claude-sonnet-4-5"));
    QVERIFY(near(after.prices.cacheRead, 0.25));
    QCOMPARE(after.prices.input, before.prices.input);
    QCOMPARE(after.prices.cacheWrite, before.prices.cacheWrite);
    QCOMPARE(after.contextWindow, before.contextWindow);
    QCOMPARE(after.aliases, before.aliases);
    QCOMPARE(after.origin, ModelOrigin::BuiltInWithOverride);

    // An override may name a model by an alias; the model keeps its id.
    const ModelInfo haiku = *catalog.model(QStringLiteral("claude-haiku-4-5"));
    QCOMPARE(haiku.maxOutputTokens, qint64(32000));
    QCOMPARE(haiku.contextWindow, builtIn.model(QStringLiteral("claude-haiku-4-5"))->contextWindow);
    QVERIFY(!catalog.model(QStringLiteral("claude-haiku-4-5-20251001")));

    // null makes a price unknown, so a cost that needs it is unknown too.
    QVERIFY(!catalog.model(QStringLiteral("gpt-4o"))->prices.input);
    QVERIFY(!catalog.cost(QStringLiteral("gpt-4o"), usageOf(100, 10, -1, -1)).isKnown());
    QVERIFY(builtIn.cost(QStringLiteral("gpt-4o"), usageOf(100, 10, -1, -1)).isKnown());
}

void TestModelCatalog::overrideFromDataLocations()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    const QString path = locations.modelCatalogOverridePath();
    QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
    QVERIFY(valis::test::writeFile(path, R"({"formatVersion": 1, "models": [{"id": "my-local", "contextWindow": 8192, "maxOutputTokens": 2048, "prices": {"input": 0, "output": 0, "cacheWrite": 0, "cacheRead": 0}}]})"));
    const ModelCatalog catalog = ModelCatalog::load(locations);
    QVERIFY(catalog.overrideLoaded());
    QCOMPARE(catalog.overridePath(), path);
    const ModelMatch match = catalog.lookup(QStringLiteral("my-local"));
    QCOMPARE(match.kind, MatchKind::Exact);
    QCOMPARE(match.model.contextWindow, qint64(8192));
    QCOMPARE(match.model.displayName, QStringLiteral("my-local"));
    const Cost cost = catalog.cost(QStringLiteral("my-local"), usageOf(5000, 500, 0, 0));
    QVERIFY(cost.isKnown());
    QCOMPARE(*cost.total(), 0.0);
}

void TestModelCatalog::malformedOverrideKeepsBuiltIns()
{
    test::TemporaryHome home;
    const QString path = home.filePath(QStringLiteral("models.json"));
    // Line 4 lacks the comma between two members.
    QVERIFY(valis::test::writeFile(path, "{\n"
                            "  \"formatVersion\": 1,\n"
                            "  \"models\": [\n"
                            "    {\"id\": \"broken\" \"contextWindow\": 1000}\n"
                            "  ]\n"
                            "}\n"));
    const ModelCatalog builtIn = ModelCatalog::builtIn();
    const ModelCatalog catalog = ModelCatalog::load(path);
    QVERIFY(!catalog.overrideLoaded());
    QVERIFY(catalog.hasErrors());
    QCOMPARE(catalog.issues().size(), qsizetype(1));
    const CatalogIssue issue = catalog.issues().constFirst();
    QCOMPARE(issue.severity, CatalogIssue::Severity::Error);
    QCOMPARE(issue.error.code, QStringLiteral("catalog.malformed"));
    QCOMPARE(issue.error.location, path + QStringLiteral(":4"));
    QVERIFY(issue.error.toString().startsWith(path + QStringLiteral(":4: ")));
    QCOMPARE(catalog.size(), builtIn.size());
    QCOMPARE(catalog.lookup(QStringLiteral("claude-opus-4-6")).kind, MatchKind::Exact);
    QCOMPARE(catalog.lookup(QStringLiteral("broken")).kind, MatchKind::Unknown);
}

void TestModelCatalog::invalidOverrideEntryIsSkippedWithItsLine()
{
    test::TemporaryHome home;
    const QString path = home.filePath(QStringLiteral("models.json"));
    QVERIFY(valis::test::writeFile(path, "{\n"
                            "  \"formatVersion\": 1,\n"
                            "  \"models\": [\n"
                            "    {\"id\": \"good-model\", \"contextWindow\": 16384, \"maxOutputTokens\": 1024},\n"
                            "    {\"id\": \"bad-window\",\n"
                            "     \"contextWindow\": -5, \"maxOutputTokens\": 1024},\n"
                            "    {\"id\": \"gpt-4.1\", \"maxOutputTokens\": 9999999},\n"
                            "    {\"id\": \"typo-model\", \"contextWindow\": 4096, \"maxOutputTokens\": 512, \"contextWindw\": 1}\n"
                            "  ]\n"
                            "}\n"));
    const ModelCatalog builtIn = ModelCatalog::builtIn();
    const ModelCatalog catalog = ModelCatalog::load(path);
    QVERIFY(catalog.overrideLoaded());
    QStringList errors, warnings;
    for (const CatalogIssue &issue : catalog.issues()) {
        (issue.severity == CatalogIssue::Severity::Error ? errors : warnings)
            << issue.error.code + QLatin1Char('@') + issue.error.location;
    }
    const QStringList expectedErrors{QStringLiteral("catalog.invalid-entry@") + path + QStringLiteral(":5"),
                                     QStringLiteral("catalog.invalid-entry@") + path + QStringLiteral(":7")};
    QCOMPARE(errors, expectedErrors);
    QCOMPARE(warnings, QStringList{QStringLiteral("catalog.unknown-key@") + path + QStringLiteral(":8")});
    QCOMPARE(catalog.size(), builtIn.size() + 2); // good-model and typo-model
    QCOMPARE(catalog.lookup(QStringLiteral("good-model")).kind, MatchKind::Exact);
    QCOMPARE(catalog.lookup(QStringLiteral("bad-window")).kind, MatchKind::Unknown);
    // The rejected change leaves the built-in entry as it was.
    QCOMPARE(*catalog.model(QStringLiteral("gpt-4.1")), *builtIn.model(QStringLiteral("gpt-4.1")));
}

void TestModelCatalog::futureFormatOverrideIsRefused()
{
    test::TemporaryHome home;
    const QString path = home.filePath(QStringLiteral("models.json"));
    QVERIFY(valis::test::writeFile(path, R"({"formatVersion": 2, "models": [{"id": "claude-opus-4-6", "contextWindow": 10, "maxOutputTokens": 5}]})"));
    const ModelCatalog catalog = ModelCatalog::load(path);
    QCOMPARE(catalog.issues().size(), qsizetype(1));
    QCOMPARE(catalog.issues().constFirst().error.code, QStringLiteral("catalog.future-format"));
    QCOMPARE(catalog.model(QStringLiteral("claude-opus-4-6"))->contextWindow,
             ModelCatalog::builtIn().model(QStringLiteral("claude-opus-4-6"))->contextWindow);
}

void TestModelCatalog::anthropicCostByHand()
{
    // Claude Sonnet 4.5: $3 input, $15 output, $3.75 5-minute cache write, $0.30 cache read.
    // 1,200 x 3 / 1M = 0.0036; 850 x 15 / 1M = 0.01275; 20,000 x 3.75 / 1M = 0.075;
    // 150,000 x 0.30 / 1M = 0.045; total 0.13635.
    const ModelCatalog catalog = ModelCatalog::builtIn();
    const Usage usage = usageOf(1200, 850, 20000, 150000);
    for (const char *name : {"claude-sonnet-4-5", "claude-sonnet-4-5-20250929",
                             "us.anthropic.claude-sonnet-4-5-20250929-v1:0", "anthropic/claude-sonnet-4.5"}) {
        const Cost cost = catalog.cost(QString::fromUtf8(name), usage);
        QVERIFY2(cost.isKnown(), name);
        QVERIFY(near(cost.input, 0.0036));
        QVERIFY(near(cost.output, 0.01275));
        QVERIFY(near(cost.cacheWrite, 0.075));
        QVERIFY(near(cost.cacheRead, 0.045));
        QVERIFY(near(cost.total(), 0.13635));
    }
    // Claude Opus 4.6 ($5 / $25 / $6.25 / $0.50): 10,000 in, 2,000 out, 0 written, 80,000 read
    // = 0.05 + 0.05 + 0 + 0.04 = 0.14.
    const Cost opus = catalog.cost(QStringLiteral("claude-opus-4-6"), usageOf(10000, 2000, 0, 80000));
    QVERIFY(near(opus.total(), 0.14));
    QCOMPARE(opus.totalText(), QStringLiteral("$0.14"));
}

void TestModelCatalog::unknownPriceIsUnknownNotZero()
{
    const ModelCatalog catalog = ModelCatalog::builtIn();
    const ModelInfo deepseek = *catalog.model(QStringLiteral("deepseek-chat"));
    QVERIFY(!deepseek.prices.input);
    const Cost unknown = costOf(deepseek, usageOf(1000, 100, -1, -1));
    QVERIFY(!unknown.isKnown());
    QVERIFY(!unknown.input);
    QVERIFY(!unknown.total());
    QCOMPARE(unknown.totalText(), QStringLiteral("unknown"));
    // GPT-4 Turbo has no cache prices, but a usage without cached tokens is still priced:
    // 1,000 x 10 / 1M + 100 x 30 / 1M = 0.013.
    const ModelInfo turbo = *catalog.model(QStringLiteral("gpt-4-turbo"));
    QVERIFY(!turbo.prices.cacheRead);
    const Cost known = costOf(turbo, usageOf(1000, 100, -1, 0));
    QVERIFY(known.isKnown());
    QVERIFY(near(known.total(), 0.013));
    QVERIFY(!costOf(turbo, usageOf(1000, 100, -1, 50)).isKnown());
    // A local model is free, which is a known 0.
    const Cost local = catalog.cost(QStringLiteral("gpt-oss:20b"), usageOf(50000, 4000, 0, 0));
    QVERIFY(near(local.total(), 0.0));
    QCOMPARE(local.totalText(), QStringLiteral("$0.00"));
}

void TestModelCatalog::longContextTier()
{
    // Gemini 2.5 Pro: $1.25 / $10 / cache read $0.125 up to 200K prompt tokens; above that
    // $2.50 / $15 / $0.25 on the whole request.
    const ModelCatalog catalog = ModelCatalog::builtIn();
    const Cost small = catalog.cost(QStringLiteral("gemini-2.5-pro"), usageOf(150000, 1000, -1, 0));
    QVERIFY(near(small.total(), 0.1875 + 0.01));
    // 150,000 fresh + 60,000 cached = 210,000 > 200,000: 0.375 + 0.015 + 0.015 = 0.405.
    const Cost large = catalog.cost(QStringLiteral("gemini-2.5-pro"), usageOf(150000, 1000, -1, 60000));
    QVERIFY(near(large.input, 0.375));
    QVERIFY(near(large.cacheRead, 0.015));
    QVERIFY(near(large.total(), 0.405));
}

void TestModelCatalog::formatting()
{
    QCOMPARE(formatTokenCount(1048576), QStringLiteral("1,048,576"));
    QCOMPARE(formatTokenCount(999), QStringLiteral("999"));
    QCOMPARE(formatUsd(3.0), QStringLiteral("$3.00"));
    QCOMPARE(formatUsd(0.3), QStringLiteral("$0.30"));
    QCOMPARE(formatUsd(0.0036), QStringLiteral("$0.0036"));
    QCOMPARE(formatUsd(std::nullopt), QStringLiteral("unknown"));
    QCOMPARE(matchKindName(MatchKind::Normalised), QStringLiteral("normalised"));
}

VALIS_TEST_MAIN(TestModelCatalog)
#include "tst_modelcatalog.moc"
