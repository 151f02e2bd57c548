#include "embeddingwire.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace valis::embeddings {

namespace {
bool toVector(const QJsonValue &value, QVector<float> *vector)
{
    if (!value.isArray())
        return false;
    const QJsonArray numbers = value.toArray();
    vector->resize(numbers.size());
    for (qsizetype i = 0; i < numbers.size(); ++i) {
        if (!numbers.at(i).isDouble())
            return false;
        (*vector)[i] = float(numbers.at(i).toDouble());
    }
    return true;
}
} // namespace

QString requestPath(EmbeddingWire wire)
{
    return wire == EmbeddingWire::OpenAi ? QStringLiteral("embeddings") : QStringLiteral("api/embed");
}

QByteArray requestBody(EmbeddingWire wire, const EmbeddingRequest &request)
{
    QJsonObject body{{QStringLiteral("model"), request.model},
                     {QStringLiteral("input"), QJsonArray::fromStringList(request.inputs)}};
    if (request.dimensions > 0)
        body.insert(QStringLiteral("dimensions"), request.dimensions);
    if (wire == EmbeddingWire::OpenAi)
        body.insert(QStringLiteral("encoding_format"), QStringLiteral("float"));
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

std::optional<EmbeddingBatch> parseResponse(EmbeddingWire wire, const QByteArray &body, qsizetype inputs, QString *problem)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    if (!document.isObject()) {
        *problem = error.error != QJsonParseError::NoError ? QStringLiteral("the answer is not JSON: %1").arg(error.errorString())
                                                           : QStringLiteral("the answer is not a JSON object");
        return std::nullopt;
    }
    const QJsonObject root = document.object();
    EmbeddingBatch batch;
    batch.model = root.value(QLatin1String("model")).toString();
    if (wire == EmbeddingWire::OpenAi) {
        const QJsonValue data = root.value(QLatin1String("data"));
        if (!data.isArray()) {
            *problem = QStringLiteral("the answer has no \"data\" array");
            return std::nullopt;
        }
        batch.vectors.resize(inputs);
        QList<bool> filled(inputs, false);
        const QJsonArray entries = data.toArray();
        for (qsizetype i = 0; i < entries.size(); ++i) {
            const QJsonObject entry = entries.at(i).toObject();
            // "index" says which input a vector belongs to; servers may reorder.
            const qsizetype index = entry.contains(QLatin1String("index")) ? entry.value(QLatin1String("index")).toInt(-1) : i;
            if (index < 0 || index >= inputs || filled.at(index)) {
                *problem = QStringLiteral("data[%1] has a missing, repeated or out-of-range index").arg(i);
                return std::nullopt;
            }
            if (!toVector(entry.value(QLatin1String("embedding")), &batch.vectors[index])) {
                *problem = QStringLiteral("data[%1].embedding is not an array of numbers (base64 answers are not asked for)").arg(i);
                return std::nullopt;
            }
            filled[index] = true;
        }
        if (filled.contains(false)) {
            *problem = QStringLiteral("the answer has %1 vectors for %2 inputs").arg(entries.size()).arg(inputs);
            return std::nullopt;
        }
        const QJsonValue tokens = root.value(QLatin1String("usage")).toObject().value(QLatin1String("prompt_tokens"));
        if (tokens.isDouble())
            batch.promptTokens = qint64(tokens.toDouble());
        return batch;
    }
    const QJsonValue embeddings = root.value(QLatin1String("embeddings"));
    if (!embeddings.isArray()) {
        *problem = QStringLiteral("the answer has no \"embeddings\" array");
        return std::nullopt;
    }
    const QJsonArray rows = embeddings.toArray();
    if (rows.size() != inputs) {
        *problem = QStringLiteral("the answer has %1 vectors for %2 inputs").arg(rows.size()).arg(inputs);
        return std::nullopt;
    }
    for (qsizetype i = 0; i < rows.size(); ++i) {
        QVector<float> vector;
        if (!toVector(rows.at(i), &vector)) {
            *problem = QStringLiteral("embeddings[%1] is not an array of numbers").arg(i);
            return std::nullopt;
        }
        batch.vectors.append(vector);
    }
    const QJsonValue tokens = root.value(QLatin1String("prompt_eval_count"));
    if (tokens.isDouble())
        batch.promptTokens = qint64(tokens.toDouble());
    return batch;
}

} // namespace valis::embeddings
