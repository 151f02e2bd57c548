#include "valis/memory/embeddings.h"

#include "valis/agent/providersettings.h"
#include "valis/plugins/embeddingprovider.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QJsonValue>

#include <cmath>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::EmbeddingSettings)
};

const QString MalformedCode = QStringLiteral("memory-settings.malformed");

Error malformed(const QString &what, const QString &location)
{
    return Error(MalformedCode, Text::tr("embeddings: %1").arg(what), location);
}
} // namespace

Result<EmbeddingSettings> EmbeddingSettings::fromJson(const QJsonObject &json, const QString &location)
{
    EmbeddingSettings settings;
    static const QStringList known = {QStringLiteral("enabled"),    QStringLiteral("provider"),
                                      QStringLiteral("model"),      QStringLiteral("baseUrl"),
                                      QStringLiteral("dimensions"), QStringLiteral("batchSize"),
                                      QStringLiteral("queryTimeoutMs"), QStringLiteral("retry")};
    for (auto it = json.constBegin(); it != json.constEnd(); ++it) {
        if (!known.contains(it.key()))
            return malformed(Text::tr("unknown setting \"%1\"").arg(it.key()), location);
    }
    auto text = [&](const char *key, QString *out) -> bool {
        const QJsonValue value = json.value(QLatin1String(key));
        if (value.isUndefined())
            return true;
        if (!value.isString())
            return false;
        *out = value.toString().trimmed();
        return true;
    };
    auto number = [&](const char *key, int minimum, int *out) -> bool {
        const QJsonValue value = json.value(QLatin1String(key));
        if (value.isUndefined())
            return true;
        if (!value.isDouble() || value.toDouble() < minimum || value.toDouble() != std::floor(value.toDouble()))
            return false;
        *out = value.toInt();
        return true;
    };
    const QJsonValue enabled = json.value(QLatin1String("enabled"));
    if (!enabled.isUndefined() && !enabled.isBool())
        return malformed(Text::tr("\"enabled\" must be true or false"), location);
    settings.enabled = enabled.toBool(false);
    QString baseUrl;
    if (!text("provider", &settings.provider) || !text("model", &settings.model) || !text("baseUrl", &baseUrl))
        return malformed(Text::tr("provider, model and baseUrl must be text"), location);
    if (!baseUrl.isEmpty())
        settings.baseUrl = QUrl(baseUrl);
    if (!number("dimensions", 0, &settings.dimensions) || !number("batchSize", 1, &settings.batchSize)
        || !number("queryTimeoutMs", 1, &settings.queryTimeoutMs))
        return malformed(Text::tr("dimensions, batchSize and queryTimeoutMs must be whole numbers (batchSize and "
                                  "queryTimeoutMs at least 1)"),
                         location);
    const QJsonValue retry = json.value(QLatin1String("retry"));
    if (retry.isObject())
        settings.retry = RetryPolicy::fromJson(retry.toObject(), settings.retry);
    else if (!retry.isUndefined())
        return malformed(Text::tr("\"retry\" must be an object"), location);
    if (settings.enabled && (settings.provider.isEmpty() || settings.model.isEmpty()))
        return malformed(Text::tr("enabled embeddings need a provider and a model"), location);
    return settings;
}

QJsonObject EmbeddingSettings::toJson() const
{
    QJsonObject json;
    json.insert(QStringLiteral("enabled"), enabled);
    if (!provider.isEmpty())
        json.insert(QStringLiteral("provider"), provider);
    if (!model.isEmpty())
        json.insert(QStringLiteral("model"), model);
    if (!baseUrl.isEmpty())
        json.insert(QStringLiteral("baseUrl"), baseUrl.toString());
    if (dimensions > 0)
        json.insert(QStringLiteral("dimensions"), dimensions);
    json.insert(QStringLiteral("batchSize"), batchSize);
    json.insert(QStringLiteral("queryTimeoutMs"), queryTimeoutMs);
    json.insert(QStringLiteral("retry"), retry.toJson());
    return json;
}

QString EmbeddingSettings::space() const
{
    return dimensions > 0 ? model + QLatin1Char('#') + QString::number(dimensions) : model;
}

QString EmbeddingSettings::spaceModel(const QString &space)
{
    const qsizetype mark = space.lastIndexOf(QLatin1Char('#'));
    return mark < 0 ? space : space.left(mark);
}

int EmbeddingSettings::spaceDimensions(const QString &space)
{
    const qsizetype mark = space.lastIndexOf(QLatin1Char('#'));
    return mark < 0 ? 0 : space.mid(mark + 1).toInt();
}

Result<EmbeddingTarget> makeEmbeddingTarget(const EmbeddingSettings &settings, EmbeddingProvider *provider,
                                            QObject *providerOwner, const ApiKey &key)
{
    if (!provider)
        return Error(QStringLiteral("embedding.unavailable"),
                     Text::tr("no embedding provider \"%1\" is loaded (is its plugin enabled?)").arg(settings.provider));
    if (settings.model.isEmpty())
        return Error(QStringLiteral("embedding.unavailable"), Text::tr("no embedding model is configured"));
    ProviderSettingsEntry entry;
    entry.baseUrl = settings.baseUrl;
    Result<ResolvedBaseUrl> base = resolveBaseUrl(provider->defaults(), entry, {}, processEnvironment());
    if (base.hasError())
        return base.error();
    EmbeddingTarget target;
    target.providerOwner = providerOwner;
    target.provider = provider;
    target.model = settings.model;
    target.dimensions = settings.dimensions;
    target.endpoint.baseUrl = base->url;
    target.endpoint.apiKey = key.value;
    target.endpoint.idleTimeout = std::chrono::seconds(60);
    target.keySource = key.source;
    target.batchSize = settings.batchSize;
    target.retry = settings.retry;
    return target;
}

void normalizeVector(QVector<float> &vector)
{
    double sum = 0;
    for (const float value : std::as_const(vector))
        sum += double(value) * double(value);
    if (sum <= 0)
        return;
    const float scale = float(1.0 / std::sqrt(sum));
    for (float &value : vector)
        value *= scale;
}

QString embeddingHash(const QString &space, const QString &text)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(space.toUtf8());
    hash.addData(QByteArrayView("\0", 1));
    hash.addData(text.toUtf8());
    return QString::fromLatin1(hash.result().toHex());
}

} // namespace valis
