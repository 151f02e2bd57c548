#include "valis/provider/sseparser.h"

#include <cstring>

namespace valis {

namespace {

bool fieldIs(QByteArrayView field, const char (&name)[5])
{
    return field.size() == 4 && std::memcmp(field.data(), name, 4) == 0;
}

bool fieldIs(QByteArrayView field, const char (&name)[6])
{
    return field.size() == 5 && std::memcmp(field.data(), name, 5) == 0;
}

bool fieldIs(QByteArrayView field, const char (&name)[3])
{
    return field.size() == 2 && std::memcmp(field.data(), name, 2) == 0;
}

// Replaces `target`'s bytes without giving up its allocation when it is not shared, so the
// event name costs no allocation per event.
void assignBytes(QByteArray &target, QByteArrayView bytes)
{
    target.resize(bytes.size());
    if (!bytes.isEmpty())
        std::memcpy(target.data(), bytes.data(), size_t(bytes.size()));
}

} // namespace

qsizetype SseParser::pendingBytes() const
{
    return m_partialLine.size() + (m_handedOut ? 0 : m_event.data.size());
}

void SseParser::reset()
{
    m_input = {};
    m_inputPos = 0;
    m_partialLine.clear();
    m_event = SseEvent();
    m_lastId.clear();
    m_hasData = false;
    m_handedOut = false;
    m_skipLeadingLf = false;
    m_atStreamStart = true;
}

void SseParser::startEvent()
{
    // resize(0) keeps the capacity for the next event (unless a handler kept a copy).
    m_event.data.resize(0);
    m_event.event.resize(0);
    m_hasData = false;
    m_handedOut = false;
}

bool SseParser::takeEvent()
{
    if (m_handedOut)
        startEvent();
    const char *const base = m_input.data();
    const qsizetype end = m_input.size();
    while (m_inputPos < end) {
        const qsizetype start = m_inputPos;
        if (m_skipLeadingLf) {
            // The previous feed ended in CR: an LF starting this one completes that CRLF.
            m_skipLeadingLf = false;
            if (base[start] == '\n') {
                ++m_inputPos;
                continue;
            }
        }
        // Look for CR only up to the next LF, so each byte is scanned a bounded number of times.
        const auto *lf = static_cast<const char *>(std::memchr(base + start, '\n', size_t(end - start)));
        const qsizetype lfAt = lf ? lf - base : end;
        const auto *cr = static_cast<const char *>(std::memchr(base + start, '\r', size_t(lfAt - start)));
        qsizetype lineEnd;
        if (cr) {
            lineEnd = cr - base;
            if (lineEnd + 1 < end) {
                m_inputPos = lineEnd + (base[lineEnd + 1] == '\n' ? 2 : 1);
            } else {
                m_inputPos = end;
                m_skipLeadingLf = true;
            }
        } else if (lf) {
            lineEnd = lfAt;
            m_inputPos = lfAt + 1;
        } else {
            m_partialLine.append(base + start, end - start);
            m_inputPos = end;
            return false;
        }
        bool dispatched;
        if (m_partialLine.isEmpty()) {
            dispatched = processLine(QByteArrayView(base + start, lineEnd - start));
        } else {
            m_partialLine.append(base + start, lineEnd - start);
            dispatched = processLine(m_partialLine);
            m_partialLine.resize(0);
        }
        if (dispatched)
            return true;
    }
    return false;
}

bool SseParser::takeFinal()
{
    if (m_handedOut)
        startEvent();
    // A last line without its line end still counts: servers close right after it.
    bool dispatched = false;
    if (!m_partialLine.isEmpty())
        dispatched = processLine(m_partialLine);
    if (!dispatched)
        dispatched = dispatch();
    const SseEvent last = dispatched ? m_event : SseEvent();
    reset();
    if (dispatched) {
        m_event = last;
        m_handedOut = true;
    }
    return dispatched;
}

bool SseParser::dispatch()
{
    if (!m_hasData && m_event.event.isEmpty()) {
        m_event.event.resize(0);
        return false;
    }
    m_event.id = m_lastId;
    m_handedOut = true;
    return true;
}

bool SseParser::processLine(QByteArrayView line)
{
    if (m_atStreamStart) {
        m_atStreamStart = false;
        if (line.startsWith("\xEF\xBB\xBF"))
            line = line.sliced(3);
    }
    if (line.isEmpty())
        return dispatch();
    if (line.front() == ':')
        return false; // a comment (keep-alives, OpenRouter's ": OPENROUTER PROCESSING")
    const auto *colon = static_cast<const char *>(std::memchr(line.data(), ':', size_t(line.size())));
    QByteArrayView field = line;
    QByteArrayView value;
    if (colon) {
        const qsizetype at = colon - line.data();
        field = line.first(at);
        value = line.sliced(at + 1);
        if (!value.isEmpty() && value.front() == ' ')
            value = value.sliced(1);
    }
    if (fieldIs(field, "data")) {
        if (m_hasData)
            m_event.data.append('\n');
        m_event.data.append(value.data(), value.size());
        m_hasData = true;
    } else if (fieldIs(field, "event")) {
        assignBytes(m_event.event, value);
    } else if (fieldIs(field, "id")) {
        if (!value.contains('\0'))
            m_lastId = value.toByteArray();
    } else if (fieldIs(field, "retry")) {
        // WHATWG: only a value of ASCII digits sets the reconnection time.
        bool digits = !value.isEmpty() && value.size() <= 9;
        for (const char c : value)
            digits = digits && c >= '0' && c <= '9';
        if (digits)
            m_retryMs = value.toInt();
    }
    return false;
}

} // namespace valis
