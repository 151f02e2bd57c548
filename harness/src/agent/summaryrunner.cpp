#include "agent/summaryrunner.h"

#include "valis/core/ids.h"
#include "valis/plugins/providerfailure.h"
#include "valis/plugins/providerstream.h"
#include "valis/record/recordjson.h"

namespace valis {

namespace {
// A summary that takes longer than this is given up; the strategy then summarises extractively.
constexpr int SummaryTimeoutMs = 180000;
} // namespace

SummaryRunner::SummaryRunner(Provider *provider, QObject *parent) : QObject(parent), m_provider(provider)
{
    m_timeout.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, [this] { finish(QStringLiteral("the summary took too long")); });
}

SummaryRunner::~SummaryRunner()
{
    cancel();
}

void SummaryRunner::queue(const QString &strategyId, const SummaryRequest &request, const ProviderRequest &live)
{
    if (!m_provider || m_seen.contains(request.id))
        return;
    m_seen.insert(request.id);
    Pending pending{strategyId, request, live};
    ProviderRequest &summary = pending.providerRequest;
    // The live messages stay as they were sent (the cached prefix), so the breakpoint goes on
    // their end and the instruction follows it.
    summary.stableHistoryEnd = int(summary.messages.size()) - 1;
    Message instruction;
    instruction.role = Role::User;
    instruction.parts.append(Part::makeText(request.instruction));
    summary.messages.append(instruction);
    if (request.maxOutputTokens > 0)
        summary.maxOutputTokens = request.maxOutputTokens;
    m_queue.append(pending);
}

void SummaryRunner::startQueued()
{
    if (m_stream || m_queue.isEmpty())
        return;
    m_running = m_queue.takeFirst();
    m_assembler = std::make_unique<StreamAssembler>();
    ProviderStream *stream = m_provider->stream(m_running->providerRequest, this);
    m_stream = stream;
    connect(stream, &ProviderStream::eventReceived, this, [this](const ProviderEvent &event) {
        if (sender() == m_stream)
            m_assembler->add(event);
    });
    connect(stream, &ProviderStream::finished, this, [this] {
        if (sender() == m_stream)
            finish(QString());
    });
    connect(stream, &ProviderStream::failed, this, [this](const ProviderFailure &failure) {
        if (sender() == m_stream)
            finish(failure.message.isEmpty() ? QStringLiteral("the summary request failed") : failure.message);
    });
    m_timeout.start(SummaryTimeoutMs);
}

void SummaryRunner::finish(const QString &error)
{
    m_timeout.stop();
    if (!m_running)
        return;
    if (m_stream) {
        ProviderStream *stream = m_stream;
        m_stream = nullptr;
        stream->disconnect(this);
        if (!error.isEmpty())
            stream->cancel();
        stream->deleteLater();
    }
    const Pending done = *m_running;
    m_running.reset();
    const QString text = m_assembler ? m_assembler->text().trimmed() : QString();
    const Usage usage = m_assembler ? m_assembler->usage() : Usage();
    m_assembler.reset();

    CompactionEvent event;
    event.id = newTimeOrderedId(u"c");
    event.strategy = done.strategyId;
    event.action = QStringLiteral("summary-prepared");
    event.state = {{QStringLiteral("requestId"), done.request.id},
                   {QStringLiteral("lastMessageId"), done.request.lastMessageId},
                   {QStringLiteral("text"), error.isEmpty() ? text : QString()},
                   {QStringLiteral("usage"), recordjson::toJson(usage)}};
    if (!error.isEmpty() || text.isEmpty())
        event.state.insert(QStringLiteral("error"), error.isEmpty() ? QStringLiteral("the model answered without text") : error);
    Q_EMIT prepared(event, usage);
    startQueued();
}

void SummaryRunner::cancel()
{
    m_queue.clear();
    m_timeout.stop();
    if (m_stream) {
        ProviderStream *stream = m_stream;
        m_stream = nullptr;
        stream->disconnect(this);
        stream->cancel();
        stream->deleteLater();
    }
    m_running.reset();
}

} // namespace valis
