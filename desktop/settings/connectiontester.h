#pragma once

#include "valis/core/result.h"

#include <QHash>
#include <QNetworkRequest>
#include <QObject>
#include <QStringList>
#include <QUrl>

#include <functional>

class QNetworkAccessManager;

namespace valis {

/// The settings' "Test connection": asks a provider's endpoint for its model list (GET
/// /v1/models on Anthropic's API, GET <base>/models on OpenAI's and every OpenAI-compatible
/// server), which proves the address, the key and the network without spending a token.
class ConnectionTester : public QObject
{
    Q_OBJECT

public:
    explicit ConnectionTester(QObject *parent = nullptr);

    /// The request for `providerId` at `baseUrl` (as a request would use it) with `apiKey`
    /// (may be empty) and the person's extra `headers`.
    static QNetworkRequest modelsRequest(const QString &providerId, const QUrl &baseUrl, const QString &apiKey,
                                         const QHash<QByteArray, QByteArray> &headers = {});
    /// The model ids in a models listing ({"data": [{"id": ...}]}, or Ollama's {"models": [...]}),
    /// sorted; an Error when the body is not one.
    static Result<QStringList> parseModels(const QByteArray &body);

    /// Runs the request; `done` gets the models or an Error saying what failed (the HTTP status
    /// and the server's own message, or the network error). A newer test of the same tester
    /// supersedes an older one, whose `done` is not called.
    void test(const QString &providerId, const QUrl &baseUrl, const QString &apiKey,
              const QHash<QByteArray, QByteArray> &headers, std::function<void(const Result<QStringList> &)> done);

private:
    QNetworkAccessManager *m_network;
    int m_generation = 0;
};

} // namespace valis
