// The facts a provider's error answer carries: its JSON error body and its retry-after headers.
#include "valis/provider/httpssestream.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QNetworkReply>

#include <cmath>

namespace valis {

namespace {

QString stringOrNumber(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isDouble())
        return QString::number(value.toDouble(), 'g', 16);
    return {};
}

bool readErrorObject(const QJsonObject &object, ProviderErrorBody *out)
{
    const QJsonValue error = object.value(QLatin1String("error"));
    if (error.isObject()) {
        // Anthropic {"type":"error","error":{"type","message"}}; OpenAI {"error":{"message",
        // "type","code"}}, where the code is the more precise ("context_length_exceeded").
        const QJsonObject inner = error.toObject();
        const QString code = stringOrNumber(inner.value(QLatin1String("code")));
        out->type = code.isEmpty() ? inner.value(QLatin1String("type")).toString() : code;
        out->message = inner.value(QLatin1String("message")).toString();
        return !out->type.isEmpty() || !out->message.isEmpty();
    }
    if (error.isString()) {
        out->message = error.toString(); // Ollama
        return true;
    }
    if (object.value(QLatin1String("message")).isString()) {
        // vLLM and other OpenAI-compatible servers: {"object":"error","message","type","code"}
        out->message = object.value(QLatin1String("message")).toString();
        out->type = object.value(QLatin1String("type")).toString();
        return true;
    }
    return false;
}

std::optional<std::chrono::milliseconds> nonNegativeMilliseconds(double value)
{
    if (!std::isfinite(value) || value < 0 || value > 1e12)
        return std::nullopt;
    return std::chrono::milliseconds(std::llround(value));
}

/// An HTTP date (RFC 9110 section 5.6.7): IMF-fixdate, or the obsolete RFC 850 and asctime forms.
QDateTime parseHttpDate(const QByteArray &text)
{
    const QString value = QString::fromLatin1(text).simplified();
    const QLocale c = QLocale::c();
    static const QString formats[] = {
        QStringLiteral("ddd, dd MMM yyyy hh:mm:ss 'GMT'"),
        QStringLiteral("dddd, dd-MMM-yy hh:mm:ss 'GMT'"),
        QStringLiteral("ddd MMM d hh:mm:ss yyyy"),
    };
    for (const QString &format : formats) {
        const QDateTime parsed = c.toDateTime(value, format);
        if (!parsed.isValid())
            continue;
        QDate date = parsed.date();
        if (date.year() < 1970) // RFC 850's two-digit years
            date = date.addYears(100);
        return QDateTime(date, parsed.time(), Qt::UTC);
    }
    return {};
}

} // namespace

ProviderErrorBody ProviderErrorBody::parse(const QByteArray &body)
{
    ProviderErrorBody parsed;
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    if (error.error == QJsonParseError::NoError) {
        QJsonObject object = document.object();
        if (document.isArray() && !document.array().isEmpty() && document.array().first().isObject())
            object = document.array().first().toObject(); // Google's [{"error":{...}}]
        if (readErrorObject(object, &parsed))
            return parsed;
        parsed = ProviderErrorBody();
    }
    parsed.message = QString::fromUtf8(body).trimmed().left(500);
    return parsed;
}

std::optional<ProviderErrorBody> ProviderErrorBody::fromJson(const QJsonObject &object)
{
    ProviderErrorBody parsed;
    if (!readErrorObject(object, &parsed))
        return std::nullopt;
    return parsed;
}

std::optional<std::chrono::milliseconds> retryAfterFromHeaders(const QNetworkReply *reply)
{
    if (!reply)
        return std::nullopt;
    const QByteArray milliseconds = reply->rawHeader("retry-after-ms").trimmed();
    if (!milliseconds.isEmpty()) {
        bool ok = false;
        const double value = milliseconds.toDouble(&ok);
        if (ok) {
            if (auto result = nonNegativeMilliseconds(value))
                return result;
        }
    }
    const QByteArray retryAfter = reply->rawHeader("retry-after").trimmed();
    if (retryAfter.isEmpty())
        return std::nullopt;
    bool ok = false;
    const double seconds = retryAfter.toDouble(&ok);
    if (ok)
        return nonNegativeMilliseconds(seconds * 1000.0);
    const QDateTime when = parseHttpDate(retryAfter);
    if (!when.isValid())
        return std::nullopt;
    const qint64 wait = QDateTime::currentDateTimeUtc().msecsTo(when);
    return std::chrono::milliseconds(qMax<qint64>(0, wait));
}

} // namespace valis
