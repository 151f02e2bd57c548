#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace valis {

/// One call another agent made to Valis's MCP server.
struct VALIS_HARNESS_EXPORT McpAuditEntry
{
    QDateTime time;          ///< UTC
    QString clientName;      ///< clientInfo.name
    QString clientVersion;
    QString transport;       ///< "stdio" or "http"
    QString sessionId;       ///< Mcp-Session-Id (HTTP)
    QString method;          ///< "tools/call", "resources/read", ...
    QString target;          ///< the tool, resource URI or prompt
    QString error;           ///< empty when it succeeded
    qint64 milliseconds = 0;
    bool write = false;      ///< it changed memory (store_memory)

    QJsonObject toJson() const;
    static Result<McpAuditEntry> fromJson(const QJsonObject &json);
};

/// The MCP server's audit log: one JSON object per line in DataLocations' data folder
/// ("mcp-server/audit.jsonl"), appended by every valis-cli mcp serve and read by the desktop.
/// Appends are whole lines (O_APPEND), so several servers may write at once.
class VALIS_HARNESS_EXPORT McpAuditLog
{
public:
    explicit McpAuditLog(QString path);
    QString path() const { return m_path; }

    Result<void> append(const McpAuditEntry &entry) const;
    /// The newest `limit` entries, newest first; lines that are not entries are skipped and
    /// counted in `*skipped`.
    Result<QList<McpAuditEntry>> read(int limit, int *skipped = nullptr) const;

private:
    QString m_path;
};

} // namespace valis
