#pragma once

#include "valis/record/message.h"

#include <QJsonObject>
#include <QRandomGenerator>

/// The message the crash-test writer appends as number `seq` of a session: fully determined by
/// (session, seq), so the test can rebuild what every stored message must be, whether or not the
/// writer lived to report it.
inline valis::Message crashTestMessage(const QString &session, qint64 seq)
{
    QRandomGenerator random(quint32(qHash(session) ^ quint32(seq * 2654435761u)));
    valis::Message message;
    message.id = QStringLiteral("%1-m%2").arg(session).arg(seq);
    message.createdAt = QDateTime::fromMSecsSinceEpoch(1700000000000 + seq * 1000, Qt::UTC);
    const int kind = int(seq % 3);
    const auto filler = [&random](int lines) {
        QString text;
        for (int i = 0; i < lines; ++i)
            text += QStringLiteral("line %1 of output: value=%2 status ok\n").arg(i).arg(random.generate());
        return text;
    };
    if (kind == 0) {
        message.role = valis::Role::User;
        message.parts = {valis::Part::makeText(QStringLiteral("please run step %1").arg(seq))};
    } else if (kind == 1) {
        message.role = valis::Role::Assistant;
        message.parts = {valis::Part::makeText(QStringLiteral("running step %1").arg(seq)),
                         valis::Part::makeToolCall(QStringLiteral("call-%1").arg(seq), QStringLiteral("exec"),
                                                   QJsonObject{{QStringLiteral("command"),
                                                                QStringLiteral("make step%1").arg(seq)}})};
    } else {
        // Tool outputs of very different sizes, some of several megabytes, so kills land in the
        // middle of large writes as well as small ones.
        const int lines = int(random.bounded(4) == 0 ? random.bounded(20000, 60000) : random.bounded(1, 200));
        message.role = valis::Role::Tool;
        message.parts = {valis::Part::makeToolResult(QStringLiteral("call-%1").arg(seq - 1),
                                                     {valis::Part::makeText(filler(lines)),
                                                      valis::Part::makeText(QStringLiteral("exit 0"))})};
    }
    return message;
}
