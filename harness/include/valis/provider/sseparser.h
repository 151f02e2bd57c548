#pragma once

#include "valis/harness_export.h"

#include <QByteArray>
#include <QByteArrayView>

namespace valis {

/// One event of a text/event-stream: its `event:` name (empty when the stream names none),
/// its `data:` lines joined with '\n', and its `id:`.
struct VALIS_HARNESS_EXPORT SseEvent
{
    QByteArray event;
    QByteArray data;
    QByteArray id;

    bool operator==(const SseEvent &other) const = default;
};

/// An incremental parser of the WHATWG text/event-stream format, fed bytes as they arrive.
///
/// Lines end in LF, CRLF or CR (a CRLF split across two feeds is one line end). `data:` lines
/// accumulate, joined with '\n'; one optional space after the colon is removed; a line starting
/// with ':' is a comment; an empty line dispatches the event, unless it has no data lines (a
/// bare `event: ping` block still dispatches, with empty data, so decoders see pings). Fields it
/// does not know (`retry:`) are ignored. Bytes after the last line end wait for the next feed;
/// finish() dispatches an event the stream ended without its blank line (servers that close
/// right after the last `data:` line).
///
/// Works on bytes, never decodes text, and copies each byte at most once, so it runs at memory
/// speed (bench/bench_sse).
class VALIS_HARNESS_EXPORT SseParser
{
public:
    /// Parses `bytes` and calls `onEvent(const SseEvent &)` for each complete event.
    template<typename Handler>
    void feed(QByteArrayView bytes, Handler &&onEvent)
    {
        m_pending.append(bytes.data(), bytes.size());
        qsizetype start = 0;
        SseEvent event;
        while (takeEvent(&start, &event))
            onEvent(std::as_const(event));
        m_pending.remove(0, start);
    }

    /// The stream ended: dispatches a last event left without its blank line. Returns whether
    /// one was dispatched.
    template<typename Handler>
    bool finish(Handler &&onEvent)
    {
        SseEvent event;
        const bool any = takeFinal(&event);
        if (any)
            onEvent(std::as_const(event));
        return any;
    }

    /// Bytes received but not yet part of a dispatched event.
    qsizetype pendingBytes() const { return m_pending.size() + m_event.data.size(); }
    /// Forgets everything, for a new stream.
    void reset();

private:
    bool takeEvent(qsizetype *start, SseEvent *out);
    bool takeFinal(SseEvent *out);
    void processLine(QByteArrayView line);

    QByteArray m_pending;
    SseEvent m_event;
    bool m_hasData = false;
    bool m_hasField = false;
    bool m_skipLeadingLf = false;
};

} // namespace valis
