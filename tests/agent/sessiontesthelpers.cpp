#include "sessiontesthelpers.h"

#include "sessionharness.h"

#include <QJsonArray>

namespace valis::test {

QJsonObject args(const QString &text, int delayMs)
{
    return {{QStringLiteral("text"), text}, {QStringLiteral("delayMs"), delayMs}};
}

QByteArray anthropicError(const char *type, const char *message)
{
    return QByteArray("{\"type\":\"error\",\"error\":{\"type\":\"") + type + "\",\"message\":\"" + message + "\"}}";
}

QJsonObject body(const ProviderTestServer &server, int index)
{
    const QList<CapturedRequest> requests = server.requests();
    return index < requests.size() ? requests.at(index).json() : QJsonObject();
}

QJsonValue withoutCacheControl(const QJsonValue &value)
{
    if (value.isArray()) {
        QJsonArray out;
        for (const QJsonValue &item : value.toArray())
            out.append(withoutCacheControl(item));
        return out;
    }
    if (value.isObject()) {
        QJsonObject out;
        const QJsonObject object = value.toObject();
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            if (it.key() != QLatin1String("cache_control"))
                out.insert(it.key(), withoutCacheControl(it.value()));
        }
        return out;
    }
    return value;
}

Result<StrategyReport> DropOldest::apply(QList<Message> &view, const StrategyBudget &budget, const StrategyContext &context)
{
    StrategyReport report;
    report.tokensBefore = budget.count(view);
    if (!context.forced && budget.requestTokens(view) <= budget.targetTokens)
        return report;
    // The first turn: up to the next user message, so no call loses its result.
    int last = 0;
    while (last + 1 < view.size() && !view.at(last + 1).startsTurn())
        ++last;
    if (last + 1 >= view.size())
        return report;
    Message note;
    note.id = QStringLiteral("dropped-") + view.at(last).id;
    note.role = Role::User;
    note.turn = view.at(last).turn;
    note.parts = {Part::makeText(QStringLiteral("[the first turn was dropped]"))};
    ViewEdit edit;
    edit.kind = ViewEdit::Kind::ReplacePrefix;
    edit.lastMessageId = view.at(last).id;
    edit.messages = {note};
    edit.item = QStringLiteral("span");
    for (int i = 0; i <= last; ++i)
        report.replaced.append(view.at(i).id);
    view.remove(0, last + 1);
    view.prepend(note);
    report.tokensAfter = budget.count(view);
    CompactionEvent event;
    event.action = QStringLiteral("drop");
    event.edits = {edit};
    report.events = {event};
    return report;
}

void withManyToolsAndASelector(SessionHarness &h)
{
    h.tools().extraTools = 30;
    h.config().toolSelector.enabled = true;
    h.config().toolSelector.threshold = 10;
    h.config().toolSelector.model = QStringLiteral("claude-haiku-4-5");
}

int countCacheControl(const QJsonValue &value)
{
    int count = 0;
    if (value.isArray()) {
        for (const QJsonValue &item : value.toArray())
            count += countCacheControl(item);
    } else if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.constBegin(); it != object.constEnd(); ++it)
            count += it.key() == QLatin1String("cache_control") ? 1 : countCacheControl(it.value());
    }
    return count;
}

} // namespace valis::test
