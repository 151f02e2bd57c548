#pragma once

#include "valis/core/result.h"
#include "valis/mcp/mcpauditlog.h"

#include <QThreadPool>
#include <QWidget>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace valis {

/// The newest calls other agents made to Valis's MCP server (time, client, method, target,
/// error), from the audit log every `valis-cli mcp serve` appends to. Calls that changed memory
/// are marked as writes. The log is read on a worker thread, when shown and on Refresh.
class McpAuditView : public QWidget
{
    Q_OBJECT

public:
    /// `path` is DataLocations::mcpAuditLogPath().
    explicit McpAuditView(QString path, QWidget *parent = nullptr);
    ~McpAuditView() override;

    /// How many entries are listed at most.
    static constexpr int Limit = 200;

    /// Reads the log again (off the GUI thread); refreshed() follows.
    void refresh();
    QTreeWidget *list() const { return m_list; }

Q_SIGNALS:
    /// The list shows the log as it was just read (or the reason it could not be).
    void refreshed();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void showEntries(const Result<QList<McpAuditEntry>> &entries, int skipped);

    QString m_path;
    QThreadPool m_pool; ///< one thread; done before the view goes
    QTreeWidget *m_list = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_refresh = nullptr;
    bool m_loaded = false;
};

} // namespace valis
