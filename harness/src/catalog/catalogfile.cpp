#include "catalog/catalogfile.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSet>

#include <cmath>

namespace valis::catalog {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::ModelCatalog)
};

Error invalidEntry(const QString &where, const QString &message)
{
    return Error(QStringLiteral("catalog.invalid-entry"), message, where);
}

void warn(QList<CatalogIssue> *issues, const QString &code, const QString &message,
          const QString &where)
{
    if (issues)
        issues->append({CatalogIssue::Severity::Warning, Error(code, message, where)});
}

const QSet<QString> &entryKeys()
{
    static const QSet<QString> keys{
        QStringLiteral("id"),           QStringLiteral("displayName"),
        QStringLiteral("provider"),     QStringLiteral("family"),
        QStringLiteral("contextWindow"), QStringLiteral("maxOutputTokens"),
        QStringLiteral("prices"),       QStringLiteral("longContextPrices"),
        QStringLiteral("capabilities"), QStringLiteral("aliases"),
        QStringLiteral("tokenizer"),    QStringLiteral("status"),
        QStringLiteral("comment")};
    return keys;
}

// Reads a positive whole number of tokens; JSON numbers arrive as doubles.
bool readTokenCount(const QJsonValue &value, qint64 *out)
{
    if (!value.isDouble())
        return false;
    const double number = value.toDouble();
    if (!(number > 0) || number > 1e15 || std::floor(number) != number)
        return false;
    *out = qint64(number);
    return true;
}

bool readString(const QJsonObject &object, const QString &key, QString *out, QString *problem)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined() || value.isNull())
        return true;
    if (!value.isString()) {
        *problem = Text::tr("\"%1\" must be a string").arg(key);
        return false;
    }
    *out = value.toString();
    return true;
}

bool readPrices(const QJsonObject &object, const QString &context, ModelPrices *prices,
                QString *problem)
{
    const auto readOne = [&](const char *key, std::optional<double> *out) {
        const QJsonValue value = object.value(QLatin1String(key));
        if (value.isUndefined() || value.isNull()) {
            out->reset();
            return true;
        }
        if (!value.isDouble() || !(value.toDouble() >= 0) || !std::isfinite(value.toDouble())) {
            *problem = Text::tr("\"%1.%2\" must be a price of 0 or more, or null for unknown")
                           .arg(context, QLatin1String(key));
            return false;
        }
        *out = value.toDouble();
        return true;
    };
    return readOne("input", &prices->input) && readOne("output", &prices->output)
           && readOne("cacheWrite", &prices->cacheWrite) && readOne("cacheRead", &prices->cacheRead);
}

// Moves past a JSON string starting at data[i] == '"', counting newlines; returns the index
// after the closing quote.
qsizetype skipString(const QByteArray &data, qsizetype i, int *line, QByteArray *text)
{
    ++i;
    while (i < data.size()) {
        const char c = data.at(i);
        if (c == '\\' && i + 1 < data.size()) {
            if (text)
                text->append(data.at(i + 1));
            i += 2;
            continue;
        }
        if (c == '"')
            return i + 1;
        if (c == '\n')
            ++*line;
        if (text)
            text->append(c);
        ++i;
    }
    return i;
}
} // namespace

QString locationOf(const QString &path, int line)
{
    return line > 0 ? path + QLatin1Char(':') + QString::number(line) : path;
}

QList<int> modelEntryLines(const QByteArray &data)
{
    QList<int> lines;
    int line = 1;
    int depth = 0;
    int modelsDepth = -1;      // depth inside the "models" array once found
    bool expectValue = false;  // inside "models": the next token starts an element
    QByteArray lastKey;
    for (qsizetype i = 0; i < data.size();) {
        const char c = data.at(i);
        if (c == '\n') {
            ++line;
            ++i;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r') {
            ++i;
            continue;
        }
        if (modelsDepth > 0 && depth == modelsDepth && expectValue && c != ']') {
            lines.append(line);
            expectValue = false;
        }
        if (c == '"') {
            QByteArray text;
            i = skipString(data, i, &line, depth == 1 ? &text : nullptr);
            if (depth == 1) {
                qsizetype j = i;
                while (j < data.size() && (data.at(j) == ' ' || data.at(j) == '\t'
                                           || data.at(j) == '\r' || data.at(j) == '\n')) {
                    if (data.at(j) == '\n')
                        ++line;
                    ++j;
                }
                if (j < data.size() && data.at(j) == ':')
                    lastKey = text;
                i = j;
            }
            continue;
        }
        if (c == '{' || c == '[') {
            ++depth;
            if (c == '[' && depth == 2 && lastKey == "models" && modelsDepth < 0) {
                modelsDepth = depth;
                expectValue = true;
            }
        } else if (c == '}' || c == ']') {
            if (depth == modelsDepth && c == ']')
                break;
            --depth;
        } else if (c == ',' && depth == modelsDepth) {
            expectValue = true;
        }
        ++i;
    }
    return lines;
}

Result<CatalogFile> parseCatalogFile(const QByteArray &data, const QString &path,
                                     QList<CatalogIssue> *issues)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        const qsizetype offset = qBound(qsizetype(0), qsizetype(parseError.offset), data.size());
        const int line = int(data.left(offset).count('\n')) + 1;
        const qsizetype lineStart = data.lastIndexOf('\n', offset - 1) + 1;
        return Error(QStringLiteral("catalog.malformed"),
                     Text::tr("not valid JSON (%1 at column %2)")
                         .arg(parseError.errorString())
                         .arg(offset - lineStart + 1),
                     locationOf(path, line));
    }
    if (!document.isObject()) {
        return Error(QStringLiteral("catalog.malformed"),
                     Text::tr("a model catalogue must be a JSON object with a \"models\" array"),
                     locationOf(path, 1));
    }
    const QJsonObject root = document.object();
    const QJsonValue version = root.value(QLatin1String("formatVersion"));
    if (version.isUndefined()) {
        warn(issues, QStringLiteral("catalog.no-format-version"),
             Text::tr("no \"formatVersion\"; reading it as version %1").arg(CatalogFormatVersion),
             locationOf(path, 1));
    } else if (!version.isDouble() || version.toDouble() < 1) {
        return Error(QStringLiteral("catalog.malformed"),
                     Text::tr("\"formatVersion\" must be a whole number"), locationOf(path, 1));
    } else if (version.toDouble() > CatalogFormatVersion) {
        return Error(QStringLiteral("catalog.future-format"),
                     Text::tr("the file has format version %1, but this Valis reads version %2 at most; "
                              "it is ignored and left as it is")
                         .arg(version.toInt())
                         .arg(CatalogFormatVersion),
                     locationOf(path, 1));
    }
    const QJsonValue models = root.value(QLatin1String("models"));
    if (!models.isArray()) {
        return Error(QStringLiteral("catalog.malformed"),
                     Text::tr("a model catalogue must have a \"models\" array"), locationOf(path, 1));
    }
    static const QSet<QString> topKeys{QStringLiteral("formatVersion"), QStringLiteral("checked"),
                                       QStringLiteral("sources"), QStringLiteral("comment"),
                                       QStringLiteral("models")};
    for (auto it = root.begin(); it != root.end(); ++it) {
        if (!topKeys.contains(it.key())) {
            warn(issues, QStringLiteral("catalog.unknown-key"),
                 Text::tr("unknown key \"%1\" is ignored").arg(it.key()), locationOf(path, 1));
        }
    }

    CatalogFile file;
    file.checked = root.value(QLatin1String("checked")).toString();
    const QJsonArray sources = root.value(QLatin1String("sources")).toArray();
    for (const QJsonValue &source : sources)
        file.sources << source.toString();

    const QList<int> lines = modelEntryLines(data);
    const QJsonArray array = models.toArray();
    for (qsizetype index = 0; index < array.size(); ++index) {
        const int line = index < lines.size() ? lines.at(index) : 0;
        if (!array.at(index).isObject()) {
            if (issues) {
                issues->append({CatalogIssue::Severity::Error,
                                invalidEntry(locationOf(path, line),
                                             Text::tr("each element of \"models\" must be an object; "
                                                      "this one is skipped"))});
            }
            continue;
        }
        file.entries.append({array.at(index).toObject(), line});
    }
    return file;
}

Result<ModelInfo> modelFromJson(const QJsonObject &object, const QString &where,
                                QList<CatalogIssue> *issues)
{
    ModelInfo model;
    const QJsonValue id = object.value(QLatin1String("id"));
    if (!id.isString() || id.toString().trimmed().isEmpty())
        return invalidEntry(where, Text::tr("the entry has no \"id\""));
    model.id = id.toString().trimmed();

    QString problem;
    const auto fail = [&]() {
        return invalidEntry(where, Text::tr("model \"%1\": %2").arg(model.id, problem));
    };
    if (!readString(object, QStringLiteral("displayName"), &model.displayName, &problem)
        || !readString(object, QStringLiteral("provider"), &model.provider, &problem)
        || !readString(object, QStringLiteral("family"), &model.family, &problem)
        || !readString(object, QStringLiteral("tokenizer"), &model.tokenizer, &problem)
        || !readString(object, QStringLiteral("status"), &model.status, &problem)
        || !readString(object, QStringLiteral("comment"), &model.comment, &problem)) {
        return fail();
    }
    if (model.displayName.isEmpty())
        model.displayName = model.id;
    if (model.tokenizer.isEmpty())
        model.tokenizer = QStringLiteral("estimate");

    if (!readTokenCount(object.value(QLatin1String("contextWindow")), &model.contextWindow)) {
        problem = Text::tr("\"contextWindow\" must be a whole number of tokens greater than 0");
        return fail();
    }
    if (!readTokenCount(object.value(QLatin1String("maxOutputTokens")), &model.maxOutputTokens)) {
        problem = Text::tr("\"maxOutputTokens\" must be a whole number of tokens greater than 0");
        return fail();
    }
    if (model.maxOutputTokens > model.contextWindow) {
        problem = Text::tr("\"maxOutputTokens\" (%1) is larger than \"contextWindow\" (%2)")
                      .arg(formatTokenCount(model.maxOutputTokens),
                           formatTokenCount(model.contextWindow));
        return fail();
    }

    const QJsonValue prices = object.value(QLatin1String("prices"));
    if (!prices.isUndefined() && !prices.isNull()) {
        if (!prices.isObject()) {
            problem = Text::tr("\"prices\" must be an object");
            return fail();
        }
        if (!readPrices(prices.toObject(), QStringLiteral("prices"), &model.prices, &problem))
            return fail();
    }
    const QJsonValue longPrices = object.value(QLatin1String("longContextPrices"));
    if (!longPrices.isUndefined() && !longPrices.isNull()) {
        LongContextPricing tier;
        if (!longPrices.isObject()
            || !readTokenCount(longPrices.toObject().value(QLatin1String("aboveInputTokens")),
                               &tier.aboveInputTokens)) {
            problem = Text::tr("\"longContextPrices\" must be an object with \"aboveInputTokens\"");
            return fail();
        }
        if (!readPrices(longPrices.toObject(), QStringLiteral("longContextPrices"), &tier.prices,
                        &problem)) {
            return fail();
        }
        model.longContext = tier;
    }

    const QJsonValue capabilities = object.value(QLatin1String("capabilities"));
    if (!capabilities.isUndefined() && !capabilities.isNull()) {
        if (!capabilities.isObject()) {
            problem = Text::tr("\"capabilities\" must be an object");
            return fail();
        }
        const QJsonObject caps = capabilities.toObject();
        const auto readFlag = [&](const char *key, bool *out) {
            const QJsonValue value = caps.value(QLatin1String(key));
            if (value.isUndefined())
                return true;
            if (!value.isBool()) {
                problem = Text::tr("\"capabilities.%1\" must be true or false").arg(QLatin1String(key));
                return false;
            }
            *out = value.toBool();
            return true;
        };
        if (!readFlag("tools", &model.capabilities.tools)
            || !readFlag("vision", &model.capabilities.vision)
            || !readFlag("thinking", &model.capabilities.thinking)
            || !readFlag("promptCaching", &model.capabilities.promptCaching)) {
            return fail();
        }
    }

    const QJsonValue aliases = object.value(QLatin1String("aliases"));
    if (!aliases.isUndefined() && !aliases.isNull()) {
        if (!aliases.isArray()) {
            problem = Text::tr("\"aliases\" must be an array of names");
            return fail();
        }
        const QJsonArray array = aliases.toArray();
        for (const QJsonValue &alias : array) {
            if (!alias.isString() || alias.toString().trimmed().isEmpty()) {
                problem = Text::tr("\"aliases\" must be an array of names");
                return fail();
            }
            model.aliases << alias.toString().trimmed();
        }
    }

    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!entryKeys().contains(it.key())) {
            warn(issues, QStringLiteral("catalog.unknown-key"),
                 Text::tr("model \"%1\": unknown key \"%2\" is ignored").arg(model.id, it.key()), where);
        }
    }
    return model;
}

QJsonObject mergeEntries(const QJsonObject &base, const QJsonObject &patch)
{
    QJsonObject merged = base;
    for (auto it = patch.begin(); it != patch.end(); ++it) {
        const QString &key = it.key();
        const bool nested = key == QLatin1String("prices")
                            || key == QLatin1String("longContextPrices")
                            || key == QLatin1String("capabilities");
        if (nested && it.value().isObject() && merged.value(key).isObject()) {
            QJsonObject inner = merged.value(key).toObject();
            const QJsonObject changes = it.value().toObject();
            for (auto change = changes.begin(); change != changes.end(); ++change)
                inner.insert(change.key(), change.value());
            merged.insert(key, inner);
        } else {
            merged.insert(key, it.value());
        }
    }
    return merged;
}

} // namespace valis::catalog
