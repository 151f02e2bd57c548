#include "mcpauditview.h"

#include <QDir>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace valis {

McpAuditView::McpAuditView(QString path, QWidget *parent) : QWidget(parent), m_path(std::move(path))
{
    setObjectName(QStringLiteral("mcpAuditView"));
    m_pool.setMaxThreadCount(1);
    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("mcpAuditLog"));
    m_list->setAccessibleName(tr("MCP audit log"));
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setHeaderLabels({tr("Time"), tr("Client"), tr("Method"), tr("Target"), tr("Kind"), tr("Error")});
    m_list->header()->setStretchLastSection(true);
    m_list->setMinimumHeight(160);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("mcpAuditStatus"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_refresh = new QPushButton(tr("&Refresh"), this);
    m_refresh->setObjectName(QStringLiteral("mcpAuditRefresh"));
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_status, 1);
    bottom->addWidget(m_refresh);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list, 1);
    layout->addLayout(bottom);
    connect(m_refresh, &QPushButton::clicked, this, &McpAuditView::refresh);
}

McpAuditView::~McpAuditView()
{
    m_pool.waitForDone();
}

void McpAuditView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!m_loaded)
        refresh();
}

void McpAuditView::refresh()
{
    m_loaded = true;
    m_refresh->setEnabled(false);
    m_status->setText(tr("Reading the log…"));
    const QString path = m_path;
    // The log grows with every call other agents make; reading it is file work.
    m_pool.start([this, path] {
        int skipped = 0;
        const Result<QList<McpAuditEntry>> entries = McpAuditLog(path).read(Limit, &skipped);
        QMetaObject::invokeMethod(this, [this, entries, skipped] { showEntries(entries, skipped); }, Qt::QueuedConnection);
    });
}

void McpAuditView::showEntries(const Result<QList<McpAuditEntry>> &entries, int skipped)
{
    m_refresh->setEnabled(true);
    m_list->clear();
    if (entries.hasError()) {
        m_status->setText(entries.error().toString());
        Q_EMIT refreshed();
        return;
    }
    const QLocale locale;
    QList<QTreeWidgetItem *> items;
    for (const McpAuditEntry &entry : *entries) {
        const QString client = entry.clientVersion.isEmpty() ? entry.clientName
                                                             : tr("%1 %2").arg(entry.clientName, entry.clientVersion);
        auto *item = new QTreeWidgetItem({locale.toString(entry.time.toLocalTime(), QLocale::ShortFormat), client,
                                          entry.method, entry.target, entry.write ? tr("write") : tr("read"), entry.error});
        item->setData(0, Qt::UserRole, entry.write);
        item->setToolTip(3, entry.target);
        item->setToolTip(5, entry.error);
        if (entry.write) {
            // Another agent changed Valis's memory: it stands out.
            QFont font = item->font(0);
            font.setBold(true);
            for (int column = 0; column < m_list->columnCount(); ++column)
                item->setFont(column, font);
        }
        if (!entry.error.isEmpty())
            item->setForeground(5, QColor(0xb3, 0x26, 0x1e));
        items << item;
    }
    m_list->addTopLevelItems(items);
    for (int column = 0; column < m_list->columnCount() - 1; ++column)
        m_list->resizeColumnToContents(column);
    QString status = entries->isEmpty() ? tr("No agent has called Valis yet (%1).").arg(QDir::toNativeSeparators(m_path))
                                        : tr("The newest %n call(s), newest first.", nullptr, int(entries->size()));
    if (skipped > 0)
        status += QLatin1Char(' ') + tr("%n line(s) of the log could not be read.", nullptr, skipped);
    m_status->setText(status);
    Q_EMIT refreshed();
}

} // namespace valis
