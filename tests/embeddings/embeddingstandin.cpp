#include "embeddingstandin.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace valis::test {

namespace {
quint32 fnv1a(const QByteArray &bytes)
{
    quint32 hash = 2166136261u;
    for (const char c : bytes) {
        hash ^= quint8(c);
        hash *= 16777619u;
    }
    return hash;
}

QByteArray json(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}
} // namespace

EmbeddingStandIn::EmbeddingStandIn(QObject *parent) : ProviderTestServer(parent)
{
    setBeforeAnswer([this](int, const CapturedRequest &request) {
        if (pendingResponses() > 0)
            return; // a scripted answer (a fault) goes first
        const QJsonObject body = request.json();
        const QString model = body.value(QLatin1String("model")).toString();
        const QJsonArray input = body.value(QLatin1String("input")).toArray();
        const bool ollama = request.path.startsWith("/api/embed");
        if (request.header("authorization").startsWith("Bearer sk-bad")) {
            // Echoes the key, as OpenAI does: the client must never pass it on.
            const QString key = QString::fromUtf8(request.header("authorization").mid(7));
            enqueue(ScriptedResponse::json(401, json({{QStringLiteral("error"),
                                                       QJsonObject{{QStringLiteral("message"), QStringLiteral("Incorrect API key provided: %1.").arg(key)},
                                                                   {QStringLiteral("type"), QStringLiteral("invalid_request_error")},
                                                                   {QStringLiteral("code"), QStringLiteral("invalid_api_key")}}}})));
            return;
        }
        if (model == QLatin1String("missing-model")) {
            enqueue(ScriptedResponse::json(
                404, ollama ? json({{QStringLiteral("error"), QStringLiteral("model \"missing-model\" not found, try pulling it first")}})
                            : json({{QStringLiteral("error"),
                                     QJsonObject{{QStringLiteral("message"), QStringLiteral("The model `missing-model` does not exist")},
                                                 {QStringLiteral("type"), QStringLiteral("invalid_request_error")},
                                                 {QStringLiteral("code"), QStringLiteral("model_not_found")}}}})));
            return;
        }
        if (model == QLatin1String("garbage")) {
            enqueue(ScriptedResponse::json(200, QByteArrayLiteral("{\"data\": [{\"embedding\": [0.1, ")));
            return;
        }
        int length = DefaultLength;
        if (body.contains(QLatin1String("dimensions")) && model != QLatin1String("fixed-64"))
            length = body.value(QLatin1String("dimensions")).toInt();
        QJsonArray rows;
        qint64 tokens = 0;
        for (qsizetype i = 0; i < input.size(); ++i) {
            const QString text = input.at(i).toString();
            tokens += text.split(QLatin1Char(' '), Qt::SkipEmptyParts).size();
            QJsonArray vector;
            for (const float value : vectorOf(text, length))
                vector.append(double(value));
            if (ollama)
                rows.append(vector);
            else
                rows.append(QJsonObject{{QStringLiteral("object"), QStringLiteral("embedding")},
                                        {QStringLiteral("index"), int(i)},
                                        {QStringLiteral("embedding"), vector}});
        }
        if (ollama) {
            enqueue(ScriptedResponse::json(200, json({{QStringLiteral("model"), model},
                                                      {QStringLiteral("embeddings"), rows},
                                                      {QStringLiteral("total_duration"), 1000},
                                                      {QStringLiteral("prompt_eval_count"), double(tokens)}})));
        } else {
            enqueue(ScriptedResponse::json(200, json({{QStringLiteral("object"), QStringLiteral("list")},
                                                      {QStringLiteral("data"), rows},
                                                      {QStringLiteral("model"), model},
                                                      {QStringLiteral("usage"),
                                                       QJsonObject{{QStringLiteral("prompt_tokens"), double(tokens)},
                                                                   {QStringLiteral("total_tokens"), double(tokens)}}}})));
        }
    });
}

QVector<float> EmbeddingStandIn::vectorOf(const QString &text, int length)
{
    QVector<float> vector(length, 0.0f);
    static const QRegularExpression words(QStringLiteral("[\\p{L}\\p{N}]+"));
    auto it = words.globalMatch(text.toLower());
    bool any = false;
    while (it.hasNext()) {
        vector[int(fnv1a(it.next().captured(0).toUtf8()) % quint32(length))] += 1.0f;
        any = true;
    }
    if (!any)
        vector[0] = 1.0f; // a vector of zeros has no direction
    return vector;
}

QList<QStringList> EmbeddingStandIn::inputsPerRequest() const
{
    QList<QStringList> all;
    for (const CapturedRequest &request : requests()) {
        QStringList texts;
        for (const QJsonValue &value : request.json().value(QLatin1String("input")).toArray())
            texts.append(value.toString());
        all.append(texts);
    }
    return all;
}

} // namespace valis::test
