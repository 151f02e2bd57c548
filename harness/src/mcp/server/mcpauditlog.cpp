#include "valis/mcp/mcpauditlog.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

#include <algorithm>

namespace valis {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("valis::McpAuditLog", text);
}
} // namespace

QJsonObject McpAuditEntry::toJson() const
{
    QJsonObject json{{QStringLiteral("time"), time.toUTC().toString(Qt::ISODateWithMs)},
                     {QStringLiteral("client"), clientName},
                     {QStringLiteral("transport"), transport},
                     {QStringLiteral("method"), method},
                     {QStringLiteral("ms"), milliseconds}};
    if (!clientVersion.isEmpty())
        json.insert(QStringLiteral("clientVersion"), clientVersion);
    if (!sessionId.isEmpty())
        json.insert(QStringLiteral("session"), sessionId);
    if (!target.isEmpty())
        json.insert(QStringLiteral("target"), target);
    if (!error.isEmpty())
        json.insert(QStringLiteral("error"), error);
    if (write)
        json.insert(QStringLiteral("write"), true);
    return json;
}

Result<McpAuditEntry> McpAuditEntry::fromJson(const QJsonObject &json)
{
    McpAuditEntry entry;
    entry.time = QDateTime::fromString(json.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs);
    entry.method = json.value(QStringLiteral("method")).toString();
    if (!entry.time.isValid() || entry.method.isEmpty())
        return Error(QStringLiteral("mcp.audit-malformed"), tr("an audit entry needs a time and a method"));
    entry.time = entry.time.toUTC();
    entry.clientName = json.value(QStringLiteral("client")).toString();
    entry.clientVersion = json.value(QStringLiteral("clientVersion")).toString();
    entry.transport = json.value(QStringLiteral("transport")).toString();
    entry.sessionId = json.value(QStringLiteral("session")).toString();
    entry.target = json.value(QStringLiteral("target")).toString();
    entry.error = json.value(QStringLiteral("error")).toString();
    entry.milliseconds = json.value(QStringLiteral("ms")).toInteger();
    entry.write = json.value(QStringLiteral("write")).toBool();
    return entry;
}

McpAuditLog::McpAuditLog(QString path)
    : m_path(std::move(path))
{}

Result<void> McpAuditLog::append(const McpAuditEntry &entry) const
{
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QFile file(m_path);
    // Append mode is O_APPEND: a whole line written at once lands whole even when several
    // servers append to the log together.
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append)) {
        return Error(QStringLiteral("mcp.audit-write"), tr("cannot write the MCP audit log: %1").arg(file.errorString()),
                     m_path);
    }
    const QByteArray line = QJsonDocument(entry.toJson()).toJson(QJsonDocument::Compact) + '\n';
    if (file.write(line) != line.size())
        return Error(QStringLiteral("mcp.audit-write"), tr("cannot write the MCP audit log: %1").arg(file.errorString()), m_path);
    return success();
}

Result<QList<McpAuditEntry>> McpAuditLog::read(int limit, int *skipped) const
{
    if (skipped)
        *skipped = 0;
    QFile file(m_path);
    if (!file.exists())
        return QList<McpAuditEntry>();
    if (!file.open(QIODevice::ReadOnly))
        return Error(QStringLiteral("mcp.audit-read"), tr("cannot read the MCP audit log: %1").arg(file.errorString()), m_path);
    QList<McpAuditEntry> entries;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        if (line.isEmpty())
            continue;
        const QJsonDocument document = QJsonDocument::fromJson(line);
        Result<McpAuditEntry> entry = document.isObject() ? McpAuditEntry::fromJson(document.object())
                                                          : Result<McpAuditEntry>(Error(QStringLiteral("mcp.audit-malformed"), QString()));
        if (entry.hasError()) {
            if (skipped)
                ++*skipped;
            continue;
        }
        entries.append(std::move(entry).value());
    }
    std::reverse(entries.begin(), entries.end());
    if (limit >= 0 && entries.size() > limit)
        entries.resize(limit);
    return entries;
}

} // namespace valis
