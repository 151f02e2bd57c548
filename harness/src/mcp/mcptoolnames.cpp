#include "valis/mcp/mcptoolnames.h"

#include <QCryptographicHash>

namespace valis {

namespace {

QString suffixFor(const QString &server, const QString &tool)
{
    const QByteArray digest = QCryptographicHash::hash((server + QLatin1Char('\n') + tool).toUtf8(), QCryptographicHash::Sha1);
    return QLatin1Char('_') + QString::fromLatin1(digest.toHex().left(8));
}

} // namespace

QString McpToolNames::sanitise(const QString &name)
{
    QString out;
    out.reserve(name.size());
    for (const QChar c : name) {
        const ushort u = c.unicode();
        const bool ok = (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '_' || u == '-';
        out.append(ok ? c : QLatin1Char('_'));
    }
    return out;
}

QString McpToolNames::visibleName(const QString &server, const QString &tool)
{
    const QString full = QStringLiteral("mcp__") + sanitise(server) + QStringLiteral("__") + sanitise(tool);
    if (full.size() <= MaxLength)
        return full;
    return full.left(MaxLength - 9) + suffixFor(server, tool);
}

QString McpToolNames::assign(const QString &server, const QString &tool)
{
    const QString rawKey = server + QLatin1Char('\n') + tool;
    if (const auto it = m_byRaw.constFind(rawKey); it != m_byRaw.constEnd())
        return *it;
    QString visible = visibleName(server, tool);
    if (m_raw.contains(visible)) {
        // Two raw names that sanitise alike ("a.b" and "a_b"): the later one gets the hash.
        visible = visible.left(MaxLength - 9) + suffixFor(server, tool);
        int extra = 1;
        while (m_raw.contains(visible))
            visible = visible.left(MaxLength - 12) + QStringLiteral("_%1").arg(extra++, 2, 10, QLatin1Char('0'));
    }
    m_raw.insert(visible, {server, tool});
    m_byRaw.insert(rawKey, visible);
    return visible;
}

void McpToolNames::clear()
{
    m_raw.clear();
    m_byRaw.clear();
}

} // namespace valis
