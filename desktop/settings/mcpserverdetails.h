#pragma once

#include "valis/core/datalocations.h"
#include "valis/mcp/mcpserverconfig.h"

#include <QHash>
#include <QJsonObject>
#include <QPointer>
#include <QSet>
#include <QWidget>

#include <memory>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;
class QTableWidgetItem;

namespace valis {

class McpHost;
class TokenCounter;

/// One MCP server in Settings: its state as the running McpHost reports it (ready, starting or
/// failed with the error and its log's tail, restarts, how its command was found), Reconnect,
/// Authorise and Sign out for HTTP servers, its tools with a switch each and what each costs in
/// the context (counted for the default model), and its log as it grows. The switches edit the
/// page's copy of the configuration (toolSwitched()); nothing here writes a file.
class McpServerDetails : public QWidget
{
    Q_OBJECT

public:
    explicit McpServerDetails(const DataLocations &locations, QWidget *parent = nullptr);
    ~McpServerDetails() override;

    void setHost(McpHost *host);
    /// Shows `config` (the page's copy, maybe not saved yet); an empty name shows nothing.
    void showServer(const McpServerConfig &config);
    /// What the offered tools cost together, in tokens (-1 while the server lists none).
    qint64 offeredTokens() const { return m_offeredTokens; }
    QTableWidget *toolTable() const { return m_tools; }
    /// The configuration shown, with the switches as set.
    McpServerConfig config() const { return m_config; }

Q_SIGNALS:
    void toolSwitched(const QString &server, const QString &tool, bool offered);
    /// A Reconnect, Authorise or Sign out outcome, for the page's note line.
    void noted(const QString &text);

private:
    void refresh();
    void fillTools();
    void showCost();
    void onToolChanged(QTableWidgetItem *item);

    DataLocations m_locations;
    QPointer<McpHost> m_host;
    McpServerConfig m_config;
    std::shared_ptr<TokenCounter> m_counter;
    QString m_countModel;
    QLabel *m_state;
    QPlainTextEdit *m_error;
    QPushButton *m_reconnect;
    QPushButton *m_authorise;
    QPushButton *m_signOut;
    QTableWidget *m_tools;
    QLabel *m_cost;
    QPlainTextEdit *m_log;
    QStringList m_listed; ///< the tool names the table shows
    QHash<QString, qint64> m_toolTokens;      ///< what each tool adds to a request
    QHash<QString, QJsonObject> m_definitions; ///< each tool as a request carries it
    QSet<QString> m_leftOut;                   ///< offered, yet not sent by the host
    qint64 m_offeredTokens = -1;
    bool m_filling = false;
};

} // namespace valis
