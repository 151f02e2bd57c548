#pragma once

#include "valis/harness_export.h"

#include <QString>

namespace valis {

/// The last `capacity` bytes (UTF-8) of a server's log, cut at a line start where possible, so a
/// chatty server cannot grow Valis's memory (Cline keeps 32 KiB per server, so do we).
class VALIS_HARNESS_EXPORT LogRing
{
public:
    explicit LogRing(qsizetype capacity = 32 * 1024) : m_capacity(capacity) {}

    void append(const QString &line);
    QString text() const { return m_text; }
    /// The last `lines` lines, for an error message.
    QString tail(int lines) const;
    bool isEmpty() const { return m_text.isEmpty(); }
    void clear() { m_text.clear(); }

private:
    qsizetype m_capacity;
    QString m_text;
};

} // namespace valis
