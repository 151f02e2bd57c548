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

Result<StrategyReport> DropOldest::apply(QList<Message> &view, const StrategyBudget &budget)
{
    StrategyReport report;
    report.tokensBefore = budget.count(view);
    if (view.size() > 2) {
        report.replaced = {view.at(0).id, view.at(1).id};
        view.remove(0, 2);
    }
    report.tokensAfter = budget.count(view);
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
