#pragma once

#include "agent/streamassembler.h"
#include "valis/context/compactionevent.h"
#include "valis/plugins/contextstrategy.h"
#include "valis/plugins/provider.h"

#include <QObject>
#include <QPointer>
#include <QSet>
#include <QTimer>

#include <memory>

namespace valis {

class ProviderStream;

/// Makes the summaries context strategies ask for (SummaryRequest) in the background, as a
/// continuation of the live request: the same system prompt, tools and messages, then the
/// strategy's instruction, so the provider reads the prefix from its prompt cache. A request
/// waits in a queue until the live answer has arrived (the cache is written by then), runs one
/// at a time, and its answer, or its failure, becomes a "summary-prepared" CompactionEvent for
/// the strategy, which the agent loop records at a safe point.
class SummaryRunner : public QObject
{
    Q_OBJECT

public:
    explicit SummaryRunner(Provider *provider, QObject *parent = nullptr);
    ~SummaryRunner() override;

    /// Queues `request` of strategy `strategyId`, continuing `live` (the request about to be
    /// sent). A request id already queued, running or answered is ignored.
    void queue(const QString &strategyId, const SummaryRequest &request, const ProviderRequest &live);
    /// Starts the next queued request when none runs.
    void startQueued();
    /// Whether a request is queued or running.
    bool isBusy() const { return !m_queue.isEmpty() || m_stream; }
    /// Stops everything; nothing more is reported.
    void cancel();
    /// Lets `requestId` be queued again (its summary went to a branch the session left).
    void forget(const QString &requestId) { m_seen.remove(requestId); }

Q_SIGNALS:
    /// A summary arrived or failed: state {"requestId", "lastMessageId", "text", "usage", "error"}.
    void prepared(const valis::CompactionEvent &event, const valis::Usage &usage);

private:
    struct Pending
    {
        QString strategyId;
        SummaryRequest request;
        ProviderRequest providerRequest;
    };
    void finish(const QString &error);

    Provider *m_provider;
    QList<Pending> m_queue;
    QSet<QString> m_seen;
    std::optional<Pending> m_running;
    QPointer<ProviderStream> m_stream;
    std::unique_ptr<StreamAssembler> m_assembler;
    QTimer m_timeout;
};

} // namespace valis
