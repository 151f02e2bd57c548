#pragma once

#include "execlog.h"

#include <QByteArray>
#include <QString>
#include <QStringDecoder>

#include <functional>

namespace valis::tools {

/// Collects a command's output (stdout and stderr interleaved in the order they arrive) into
/// what the model is shown: everything when it fits in `capBytes`, otherwise the head and the
/// tail with a marker saying what was left out between them, while the full bytes stream into
/// an ExecLog. Memory stays bounded by about twice the cap whatever the output's size.
///
/// Also decodes the output for people watching (UTF-8, leniently: invalid bytes become U+FFFD)
/// and remembers whether any of it was not valid UTF-8.
class OutputCollector
{
public:
    enum class Channel { StandardOutput, StandardError };

    /// `capBytes`: how much raw output the model may be shown (head + tail); `log` receives the
    /// full output once it exceeds that (opened lazily through `openLog`, which the collector
    /// calls once, at that moment).
    OutputCollector(qint64 capBytes, std::function<ExecLog *()> openLog);

    /// Adds a chunk; returns its text for live display.
    QString add(Channel channel, const QByteArray &bytes);

    qint64 totalBytes() const { return m_total; }
    qint64 totalLines() const;
    bool isTruncated() const { return m_spilled; }
    bool isValidUtf8() const { return !m_outDecoder.hasError() && !m_errDecoder.hasError(); }
    /// The most raw bytes held at any moment (for tests: memory stays bounded).
    qint64 peakRetainedBytes() const { return m_peakRetained; }

    /// What the model is shown: all the output, or head + "[... N bytes / M lines omitted ...]"
    /// + tail, cut at line boundaries where one is near, never inside a UTF-8 sequence.
    QString shownText() const;

private:
    void spill(const QByteArray &bytes);
    void retain(const QByteArray &bytes);
    void noteRetained();

    qint64 m_cap;
    qint64 m_headCap;
    qint64 m_tailCap;
    std::function<ExecLog *()> m_openLog;
    ExecLog *m_log = nullptr;
    QByteArray m_all;   // everything, until it exceeds the cap
    QByteArray m_head;  // after that: the first m_headCap bytes
    QByteArray m_tail;  // and the last m_tailCap (or a little more) bytes
    bool m_spilled = false;
    qint64 m_total = 0;
    qint64 m_newlines = 0;
    bool m_endsWithNewline = true;
    qint64 m_peakRetained = 0;
    QStringDecoder m_outDecoder{QStringDecoder::Utf8};
    QStringDecoder m_errDecoder{QStringDecoder::Utf8};
};

} // namespace valis::tools
