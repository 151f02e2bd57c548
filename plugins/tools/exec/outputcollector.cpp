#include "outputcollector.h"

namespace valis::tools {

namespace {

bool isContinuation(char c)
{
    return (uchar(c) & 0xC0) == 0x80;
}

/// The length of `bytes` cut back so it ends at a line break when one is in the last quarter,
/// otherwise so it does not end inside a UTF-8 sequence.
qsizetype headCut(const QByteArray &bytes)
{
    const qsizetype newline = bytes.lastIndexOf('\n');
    if (newline >= 0 && newline + 1 >= bytes.size() - bytes.size() / 4)
        return newline + 1;
    // The start of the last character: back over up to three continuation bytes.
    qsizetype start = bytes.size();
    while (start > 0 && bytes.size() - start < 3 && isContinuation(bytes.at(start - 1)))
        --start;
    if (start == 0)
        return bytes.size();
    const uchar lead = uchar(bytes.at(start - 1));
    const qsizetype length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    if (lead < 0x80 || lead >= 0xF8 || (lead & 0xC0) == 0x80)
        return bytes.size(); // ASCII, or bytes that are invalid anyway
    // Complete when the lead and its continuation bytes are all there.
    return (bytes.size() - (start - 1) >= length) ? bytes.size() : start - 1;
}

/// Where the shown tail of `bytes` starts: after the first line break when one is in the first
/// quarter, and never inside a UTF-8 sequence.
qsizetype tailStart(const QByteArray &bytes, qsizetype wanted)
{
    qsizetype start = qMax<qsizetype>(0, bytes.size() - wanted);
    const qsizetype newline = bytes.indexOf('\n', start);
    if (newline >= 0 && newline - start < wanted / 4)
        return newline + 1;
    qsizetype skipped = 0;
    while (skipped < 3 && start < bytes.size() && isContinuation(bytes.at(start))) {
        ++start;
        ++skipped;
    }
    return start;
}

} // namespace

OutputCollector::OutputCollector(qint64 capBytes, std::function<ExecLog *()> openLog)
    : m_cap(qMax<qint64>(capBytes, 64)), m_headCap(m_cap * 2 / 5), m_tailCap(m_cap - m_cap * 2 / 5),
      m_openLog(std::move(openLog))
{
}

QString OutputCollector::add(Channel channel, const QByteArray &bytes)
{
    if (bytes.isEmpty())
        return {};
    m_total += bytes.size();
    m_newlines += bytes.count('\n');
    m_endsWithNewline = bytes.endsWith('\n');
    if (!m_spilled) {
        if (m_all.size() + bytes.size() <= m_cap)
            m_all.append(bytes);
        else
            spill(bytes);
    } else {
        if (m_log)
            m_log->append(bytes);
        retain(bytes);
    }
    noteRetained();
    QStringDecoder &decoder = channel == Channel::StandardOutput ? m_outDecoder : m_errDecoder;
    return decoder.decode(bytes);
}

void OutputCollector::spill(const QByteArray &bytes)
{
    // Split without joining: the chunk that crosses the cap may be large.
    m_spilled = true;
    if (m_openLog)
        m_log = m_openLog();
    if (m_log) {
        m_log->append(m_all);
        m_log->append(bytes);
    }
    m_head = m_all.left(m_headCap);
    qsizetype fromChunk = 0;
    if (m_head.size() < m_headCap) {
        fromChunk = qMin<qsizetype>(bytes.size(), m_headCap - m_head.size());
        m_head += bytes.left(fromChunk);
    }
    m_tail = m_all.mid(m_head.size() - fromChunk);
    m_all = QByteArray();
    retain(bytes.mid(fromChunk));
}

void OutputCollector::retain(const QByteArray &bytes)
{
    if (bytes.size() >= m_tailCap) {
        m_tail = bytes.right(m_tailCap);
        return;
    }
    m_tail.append(bytes);
    // Trimmed in batches, so the front is not moved for every small chunk.
    if (m_tail.size() > 2 * m_tailCap)
        m_tail.remove(0, m_tail.size() - m_tailCap);
}

void OutputCollector::noteRetained()
{
    const qint64 held = m_all.capacity() + m_head.capacity() + m_tail.capacity();
    m_peakRetained = qMax(m_peakRetained, held);
}

qint64 OutputCollector::totalLines() const
{
    return m_newlines + ((m_total > 0 && !m_endsWithNewline) ? 1 : 0);
}

QString OutputCollector::shownText() const
{
    if (!m_spilled)
        return QString::fromUtf8(m_all);
    const QByteArray head = m_head.left(headCut(m_head));
    const qsizetype tailFrom = tailStart(m_tail, m_tailCap);
    const QByteArray tail = m_tail.mid(tailFrom);
    const qint64 omittedBytes = m_total - head.size() - tail.size();
    const qint64 omittedLines = qMax<qint64>(0, m_newlines - head.count('\n') - tail.count('\n'));
    QString text = QString::fromUtf8(head);
    if (!text.isEmpty() && !text.endsWith(QLatin1Char('\n')))
        text += QLatin1Char('\n');
    text += QStringLiteral("[... %1 bytes / %2 lines omitted ...]\n").arg(omittedBytes).arg(omittedLines);
    text += QString::fromUtf8(tail);
    return text;
}

} // namespace valis::tools
