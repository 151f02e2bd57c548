// What a driver that holds the conversation itself uses (the OpenAI-compatible API): appending the
// messages it brings, and the tools it runs on its side.
#include "valis/agent/session.h"

#include "agent/agentloop.h"

#include <QCoreApplication>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::Session)
};
} // namespace

Result<void> Session::continueWith(const QList<Message> &messages)
{
    if (isBusy())
        return Error(QStringLiteral("session.busy"), Text::tr("a turn is running; interrupt it or wait for it to finish"));
    const bool opensTurn = !messages.isEmpty() && messages.constLast().role == Role::User && messages.constLast().startsTurn();
    const qsizetype before = opensTurn ? messages.size() - 1 : messages.size();
    if (before == 0 && !opensTurn && m_path.isEmpty())
        return Error(QStringLiteral("session.empty-turn"), Text::tr("there is nothing to send"));
    for (qsizetype i = 0; i < before; ++i) {
        const Result<Message> stored = append(messages.at(i));
        if (stored.hasError())
            return stored.error();
    }
    if (opensTurn) {
        const Message &user = messages.constLast();
        const QString text = user.text();
        nameAfter(text);
        return startTurnWith(user, text, false);
    }
    if (m_path.isEmpty())
        return Error(QStringLiteral("session.empty-turn"), Text::tr("there is nothing to send"));
    // Tool results (or nothing new): the turn they belong to goes on, with no recall of its own.
    m_loop->startTurn(m_path.constLast().turn, QString());
    return success();
}

Result<void> Session::setClientTools(const QJsonArray &definitions)
{
    if (isBusy())
        return Error(QStringLiteral("session.busy"), Text::tr("a turn is running; interrupt it or wait for it to finish"));
    m_config.clientTools = definitions;
    return success();
}

Result<void> Session::setTurnOptions(const QJsonObject &options, qint64 maxOutputTokens)
{
    if (isBusy())
        return Error(QStringLiteral("session.busy"), Text::tr("a turn is running; interrupt it or wait for it to finish"));
    m_config.turnOptions = options;
    m_config.turnMaxOutputTokens = maxOutputTokens;
    return success();
}

} // namespace valis
