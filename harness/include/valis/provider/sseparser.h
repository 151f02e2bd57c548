#pragma once

#include "valis/harness_export.h"

#include <QByteArray>
#include <QByteArrayView>

#include <utility>

namespace valis {

/// One event of a text/event-stream: its `event:` name (empty when the stream names none),
/// its `data:` lines joined with '\n', and its `id:` (the last one the stream set, which
/// carries over to later events as the WHATWG rules say).
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
/// bare `event: ping` block still dispatches, with empty data, so decoders see pings). A `retry:`
/// of ASCII digits sets retryMs() (the reconnection time MCP's resumable streams honour). A UTF-8 byte order mark at the stream's start is
/// skipped. Bytes after the last line end wait for the next feed; finish() dispatches an event
/// the stream ended without its blank line (servers that close right after the last `data:`
/// line, with or without its line end).
///
/// Works on bytes, never decodes text, and copies each byte at most once (a line split across
/// two feeds twice), reusing its buffers between events, so it runs at memory speed
/// (bench/bench_sse). The event handed to the handler is valid only during the call.
class VALIS_HARNESS_EXPORT SseParser
{
public:
    /// Parses `bytes` and calls `onEvent(const SseEvent &)` for each complete event.
    /// `onEvent` must not feed this parser.
    template<typename Handler>
    void feed(QByteArrayView bytes, Handler &&onEvent)
    {
        m_input = bytes;
        m_inputPos = 0;
        while (takeEvent())
            onEvent(std::as_const(m_event));
        m_input = {};
        m_inputPos = 0;
    }

    /// The stream ended: dispatches a last event left without its blank line. Returns whether
    /// one was dispatched. Afterwards the parser is ready for a new stream, as after reset().
    template<typename Handler>
    bool finish(Handler &&onEvent)
    {
        const bool any = takeFinal();
        if (any)
            onEvent(std::as_const(m_event));
        return any;
    }

    /// Bytes received but not yet part of a dispatched event.
    qsizetype pendingBytes() const;
    /// Whether bytes after the last line end are waiting: a stream that ends here stopped in
    /// the middle of a line, which servers do not do but dropped connections do.
    bool endsMidLine() const { return !m_partialLine.isEmpty(); }
    /// Forgets everything, for a new stream.
    void reset();
    /// The reconnection time the stream last asked for with `retry:`, in milliseconds; -1 when
    /// it named none. Kept across reset(): a resumed stream keeps the server's wish.
    int retryMs() const { return m_retryMs; }
    /// The last event id the stream set (what a reconnection sends as Last-Event-ID).
    QByteArray lastEventId() const { return m_lastId; }

private:
    bool takeEvent();
    bool takeFinal();
    /// Interprets one line (without its line end); true when it dispatches the event.
    bool processLine(QByteArrayView line);
    bool dispatch();
    void startEvent();

    QByteArrayView m_input;   // the bytes of the feed() in progress
    qsizetype m_inputPos = 0;
    QByteArray m_partialLine; // a line whose end has not arrived yet
    SseEvent m_event;         // the event being built, then handed out
    QByteArray m_lastId;
    bool m_hasData = false;
    bool m_handedOut = false; // m_event was dispatched; clear it before building the next
    bool m_skipLeadingLf = false;
    bool m_atStreamStart = true;
    int m_retryMs = -1;
};

} // namespace valis
