#include "mcphttpsession_p.h"

namespace valis::detail {

QByteArray McpSseStream::frame(quint64 sequence, const QByteArray &data) const
{
    QByteArray event = "id: " + QByteArray::number(m_id) + '-' + QByteArray::number(sequence) + '\n';
    if (data.isEmpty())
        return event + "data: \n\n";
    // serialize() is one line (JSON escapes newlines), so one data field carries it.
    return event + "event: message\ndata: " + data + "\n\n";
}

void McpSseStream::send(const QByteArray &event)
{
    if (m_reader && !m_reader->isClientGone() && m_reader->isStarted() && !m_reader->isFinished())
        m_reader->write(event);
}

void McpSseStream::push(const JsonRpcMessage &message)
{
    const QByteArray event = frame(++m_sequence, message.serialize());
    m_events.emplace_back(m_sequence, event);
    while (m_events.size() > size_t(Capacity))
        m_events.pop_front();
    send(event);
}

void McpSseStream::prime()
{
    // Not kept: replaying it would tell a resuming client nothing.
    send(frame(++m_sequence, {}));
}

void McpSseStream::attach(HttpResponder *responder, quint64 after)
{
    if (m_reader && m_reader != responder && !m_reader->isFinished())
        m_reader->end(); // the client reconnected: the old connection is a dead end
    m_reader = responder;
    for (const auto &[sequence, event] : m_events)
        if (sequence > after)
            send(event);
    if (m_finished) {
        responder->end();
        m_reader = nullptr;
    }
}

void McpSseStream::finish()
{
    m_finished = true;
    awaiting.clear();
    if (m_reader && !m_reader->isFinished())
        m_reader->end();
    m_reader = nullptr;
}

void McpSseStream::detach()
{
    if (m_reader && !m_reader->isFinished())
        m_reader->end();
    m_reader = nullptr;
}

void McpSseStream::keepAlive()
{
    send(QByteArrayLiteral(": keep-alive\n\n"));
}

void McpHttpSession::route(const JsonRpcMessage &message, const QJsonValue &relatedRequest)
{
    lastUse.start();
    if (relatedRequest.isNull() || relatedRequest.isUndefined()) {
        standalone.push(message);
        return;
    }
    const QString key = jsonRpcIdKey(relatedRequest);
    if (capture && captureKeys.contains(key)) {
        capture->append(message);
        return;
    }
    McpSseStream *target = stream(streamOfRequest.value(key, -1));
    if (!target) {
        // A request whose stream is gone (or a response that came too late for one): a
        // notification still has the standalone stream, a response has nowhere to go.
        if (!message.isResponse())
            standalone.push(message);
        return;
    }
    target->push(message);
    if (message.isResponse()) {
        target->awaiting.remove(key);
        streamOfRequest.remove(key);
        if (target->awaiting.isEmpty())
            target->finish();
    }
}

McpSseStream *McpHttpSession::openRequestStream()
{
    const int id = nextStreamId++;
    auto &slot = requestStreams[id];
    slot = std::make_unique<McpSseStream>(id);
    McpSseStream *opened = slot.get();
    // Finished streams are kept a while for clients that resume them; the oldest go first.
    int finished = 0;
    for (auto it = requestStreams.rbegin(); it != requestStreams.rend(); ++it)
        if (it->second->isFinished())
            ++finished;
    for (auto it = requestStreams.begin(); finished > KeptRequestStreams && it != requestStreams.end();) {
        if (it->second->isFinished()) {
            it = requestStreams.erase(it);
            --finished;
        } else {
            ++it;
        }
    }
    return opened;
}

McpSseStream *McpHttpSession::stream(int id)
{
    if (id == 0)
        return &standalone;
    const auto it = requestStreams.find(id);
    return it == requestStreams.end() ? nullptr : it->second.get();
}

bool McpHttpSession::primes() const
{
    // Revision dates compare as strings.
    return protocol && protocol->caller().protocolVersion >= QLatin1String("2025-11-25");
}

void McpHttpSession::detachAll()
{
    standalone.detach();
    for (auto &[id, each] : requestStreams)
        each->detach();
}

bool parseEventId(const QByteArray &eventId, int *stream, quint64 *sequence)
{
    const QList<QByteArray> parts = eventId.trimmed().split('-');
    if (parts.size() != 2)
        return false;
    bool streamOk = false;
    bool sequenceOk = false;
    *stream = parts[0].toInt(&streamOk);
    *sequence = parts[1].toULongLong(&sequenceOk);
    return streamOk && sequenceOk && *stream >= 0;
}

} // namespace valis::detail
