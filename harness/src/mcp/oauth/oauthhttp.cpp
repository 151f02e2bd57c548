#include "oauthhttp.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>

namespace valis::oauth {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::McpOAuthAuthorizer)
};

QNetworkRequest baseRequest(const QUrl &url, int timeoutMs)
{
    QNetworkRequest request(url);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::SameOriginRedirectPolicy);
    request.setTransferTimeout(timeoutMs);
    request.setRawHeader("Accept", "application/json");
    // 2025-03-26 servers may vary their metadata by protocol revision.
    request.setRawHeader("MCP-Protocol-Version", "2025-11-25");
    return request;
}

void watch(QNetworkReply *reply, QObject *context, AnswerCallback done)
{
    QPointer<QObject> guard(context);
    QObject::connect(reply, &QNetworkReply::finished, context, [reply, guard, done = std::move(done)] {
        reply->deleteLater();
        if (!guard)
            return;
        HttpAnswer answer;
        answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        answer.body = reply->readAll();
        if (answer.status == 0) {
            answer.problem = reply->error() == QNetworkReply::OperationCanceledError
                ? Text::tr("no answer in time")
                : reply->errorString();
        }
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(answer.body, &parseError);
        if (parseError.error == QJsonParseError::NoError && document.isObject()) {
            answer.json = document.object();
            answer.isJson = true;
        }
        done(answer);
    });
}

} // namespace

QString HttpAnswer::describe() const
{
    if (status == 0)
        return problem;
    QString text = QStringLiteral("HTTP %1").arg(status);
    const QString error = oauthError();
    if (!error.isEmpty()) {
        text += QStringLiteral(": ") + error;
        const QString description = oauthErrorDescription();
        if (!description.isEmpty())
            text += QStringLiteral(" (") + description + QLatin1Char(')');
    } else if (!body.isEmpty() && !isJson) {
        text += QStringLiteral(": ") + QString::fromUtf8(body.left(200)).simplified();
    }
    return text;
}

QByteArray formEncode(const FormFields &fields)
{
    QByteArray out;
    for (const auto &field : fields) {
        if (!out.isEmpty())
            out += '&';
        out += QUrl::toPercentEncoding(field.first) + '=' + QUrl::toPercentEncoding(field.second);
    }
    return out;
}

void getJson(QNetworkAccessManager *network, const QUrl &url, int timeoutMs, QObject *context, AnswerCallback done)
{
    watch(network->get(baseRequest(url, timeoutMs)), context, std::move(done));
}

void postForm(QNetworkAccessManager *network, const QUrl &url, const FormFields &fields, const QByteArray &authorization,
              int timeoutMs, QObject *context, AnswerCallback done)
{
    QNetworkRequest request = baseRequest(url, timeoutMs);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/x-www-form-urlencoded"));
    if (!authorization.isEmpty())
        request.setRawHeader("Authorization", authorization);
    watch(network->post(request, formEncode(fields)), context, std::move(done));
}

void postJson(QNetworkAccessManager *network, const QUrl &url, const QJsonObject &body, int timeoutMs, QObject *context,
              AnswerCallback done)
{
    QNetworkRequest request = baseRequest(url, timeoutMs);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    watch(network->post(request, QJsonDocument(body).toJson(QJsonDocument::Compact)), context, std::move(done));
}

} // namespace valis::oauth
