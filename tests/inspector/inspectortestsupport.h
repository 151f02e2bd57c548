#pragma once

// Helpers of the inspector suite: the scripted model's answers, the session id a run prints,
// and the SHA-256 of what the provider server received.

#include "clirunner.h"
#include "providerserver.h"
#include "../context/scriptedanthropic.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace valis::test {

inline QString sessionIdIn(const QByteArray &text)
{
    static const QRegularExpression id(QStringLiteral("(s-[0-9a-z]{6,})"));
    return id.match(QString::fromUtf8(text)).captured(1);
}

/// The first session `valis-cli import` lists ("  <id>  <title>").
inline QString importedSessionIdIn(const QByteArray &text)
{
    static const QRegularExpression id(QStringLiteral("^  (\\S+)  "), QRegularExpression::MultilineOption);
    return id.match(QString::fromUtf8(text)).captured(1);
}

inline QString bodySha256(const CapturedRequest &request)
{
    return QString::fromLatin1(QCryptographicHash::hash(request.body, QCryptographicHash::Sha256).toHex());
}

/// The text blocks of a request's last message.
inline QString lastUserTextOf(const QJsonObject &request)
{
    const QJsonArray messages = request.value(QLatin1String("messages")).toArray();
    QString text;
    for (const QJsonValue &block : messages.last().toObject().value(QLatin1String("content")).toArray()) {
        if (block.toObject().value(QLatin1String("type")).toString() == QLatin1String("text"))
            text += block.toObject().value(QLatin1String("text")).toString();
    }
    return text;
}

inline QJsonObject jsonOf(const CliRun &run)
{
    return QJsonDocument::fromJson(run.out).object();
}

} // namespace valis::test
