#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>

#include <functional>

class QNetworkAccessManager;
class QObject;

namespace valis::oauth {

/// What an authorization or resource server answered to one request.
struct HttpAnswer
{
    int status = 0;          ///< 0: no HTTP answer at all (see problem)
    QByteArray body;
    QJsonObject json;        ///< the body, when it is a JSON object
    bool isJson = false;
    QString problem;         ///< why there was no answer (network error, time-out)

    bool ok() const { return status / 100 == 2; }
    /// An OAuth error response's `error` and `error_description` (RFC 6749 §5.2).
    QString oauthError() const { return json.value(QStringLiteral("error")).toString(); }
    QString oauthErrorDescription() const { return json.value(QStringLiteral("error_description")).toString(); }
    /// "HTTP 400: invalid_grant (the code expired)" or the network problem, for messages.
    QString describe() const;
};

using AnswerCallback = std::function<void(const HttpAnswer &)>;
using FormFields = QList<QPair<QString, QString>>;

/// application/x-www-form-urlencoded, every reserved character escaped (a literal '+' in a
/// secret must not arrive as a space).
QByteArray formEncode(const FormFields &fields);

/// The small HTTP client of the OAuth flow: GET JSON metadata, POST a form or JSON, each with
/// its own time-out, never following a redirect to another origin. `done` runs once, in
/// `context`'s thread, not when `context` is gone.
void getJson(QNetworkAccessManager *network, const QUrl &url, int timeoutMs, QObject *context, AnswerCallback done);
void postForm(QNetworkAccessManager *network, const QUrl &url, const FormFields &fields, const QByteArray &authorization,
              int timeoutMs, QObject *context, AnswerCallback done);
void postJson(QNetworkAccessManager *network, const QUrl &url, const QJsonObject &body, int timeoutMs, QObject *context,
              AnswerCallback done);

} // namespace valis::oauth
