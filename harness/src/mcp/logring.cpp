#include "valis/mcp/logring.h"

#include <QStringList>

namespace valis {

void LogRing::append(const QString &line)
{
    m_text.append(line);
    if (!line.endsWith(QLatin1Char('\n')))
        m_text.append(QLatin1Char('\n'));
    // Characters stand in for bytes here: close enough for a cap, and it never splits a character.
    if (m_text.size() <= m_capacity)
        return;
    qsizetype cut = m_text.size() - m_capacity;
    const qsizetype lineStart = m_text.indexOf(QLatin1Char('\n'), cut);
    if (lineStart >= 0 && lineStart + 1 < m_text.size())
        cut = lineStart + 1;
    m_text.remove(0, cut);
}

QString LogRing::tail(int lines) const
{
    QStringList all = m_text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (all.size() > lines)
        all = all.mid(all.size() - lines);
    return all.join(QLatin1Char('\n'));
}

} // namespace valis
