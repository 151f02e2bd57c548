#pragma once

// Small pieces the Session suites share: tool arguments, provider error bodies, a look into the
// requests the server captured, and a strategy simple enough to see it work.
#include "providerserver.h"
#include "valis/plugins/contextstrategy.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>

namespace valis::test {

class SessionHarness;

/// Arguments for the test tools: {"text": text, "delayMs": delayMs}.
QJsonObject args(const QString &text, int delayMs = 0);
/// An Anthropic error body: {"type":"error","error":{"type":..., "message":...}}.
QByteArray anthropicError(const char *type, const char *message);
/// The JSON body of the server's request number `index`, or an empty object.
QJsonObject body(const ProviderTestServer &server, int index);
/// `value` with every "cache_control" key removed, to compare requests apart from where
/// their breakpoints sit.
QJsonValue withoutCacheControl(const QJsonValue &value);
/// How many "cache_control" keys `value` holds, at any depth.
int countCacheControl(const QJsonValue &value);
/// 35 tools, more than the selector's threshold of 10, and a cheap model to choose among them.
void withManyToolsAndASelector(SessionHarness &h);

/// Replaces the oldest turn with a note when the view is over its target or compaction is
/// forced: enough to prove the pipeline was asked to compact.
class DropOldest : public ContextStrategy
{
public:
    QString id() const override { return QStringLiteral("drop-oldest"); }
    Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &budget, const StrategyContext &context) override;
};

} // namespace valis::test
