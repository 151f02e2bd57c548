#include "mcpserverdetails.h"

#include "mcpui.h"

#include "valis/mcp/mcphost.h"
#include "valis/tokens/tokencounter.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace valis {

namespace {
constexpr int LogLines = 5000;
}

McpServerDetails::McpServerDetails(const DataLocations &locations, QWidget *parent)
    : QWidget(parent), m_locations(locations)
{
    setObjectName(QStringLiteral("mcpServerDetails"));
    m_state = new QLabel(this);
    m_state->setObjectName(QStringLiteral("mcpServerState"));
    m_state->setTextFormat(Qt::PlainText); // names, versions and errors come from servers
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    // One line per fact, cut at the edge (the tooltip has them whole): a wrapped label would
    // take the height the tools need.
    m_state->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_error = new QPlainTextEdit(this);
    m_error->setObjectName(QStringLiteral("mcpServerError"));
    m_error->setAccessibleName(tr("Server error"));
    m_error->setReadOnly(true);
    m_error->setMaximumHeight(110);
    m_error->setTabChangesFocus(true);
    m_error->hide();
    m_reconnect = new QPushButton(tr("&Reconnect"), this);
    m_reconnect->setObjectName(QStringLiteral("mcpReconnect"));
    m_authorise = new QPushButton(tr("A&uthorise…"), this);
    m_authorise->setObjectName(QStringLiteral("mcpAuthorise"));
    m_authorise->setToolTip(tr("Sign in to this server in your browser (OAuth)"));
    m_signOut = new QPushButton(tr("Sign &out"), this);
    m_signOut->setObjectName(QStringLiteral("mcpSignOut"));
    m_signOut->setToolTip(tr("Forget the tokens Valis keeps for this server"));
    auto *actions = new QHBoxLayout;
    actions->addWidget(m_reconnect);
    actions->addWidget(m_authorise);
    actions->addWidget(m_signOut);
    actions->addStretch(1);

    m_tools = new QTableWidget(0, 3, this);
    m_tools->setObjectName(QStringLiteral("mcpTools"));
    m_tools->setAccessibleName(tr("Server tools"));
    m_tools->setHorizontalHeaderLabels({tr("Tool (offered to the model)"), tr("Description"), tr("Tokens")});
    m_tools->verticalHeader()->hide();
    m_tools->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tools->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tools->setWordWrap(false);
    m_tools->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_tools->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_tools->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_tools->setTextElideMode(Qt::ElideRight);
    m_cost = new QLabel(this);
    m_cost->setObjectName(QStringLiteral("mcpServerCost"));
    m_cost->setWordWrap(true);
    auto *toolsTab = new QWidget(this);
    auto *toolsLayout = new QVBoxLayout(toolsTab);
    toolsLayout->addWidget(m_tools, 1);
    toolsLayout->addWidget(m_cost);
    m_log = new QPlainTextEdit(this);
    m_log->setObjectName(QStringLiteral("mcpServerLog"));
    m_log->setAccessibleName(tr("Server log"));
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(LogLines);
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    m_log->setFont(mono);
    auto *tabs = new QTabWidget(this);
    tabs->setObjectName(QStringLiteral("mcpServerTabs"));
    tabs->addTab(toolsTab, tr("&Tools"));
    tabs->addTab(m_log, tr("&Log"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_state);
    layout->addWidget(m_error);
    layout->addLayout(actions);
    layout->addWidget(tabs, 1);

    connect(m_tools, &QTableWidget::itemChanged, this, &McpServerDetails::onToolChanged);
    connect(m_reconnect, &QPushButton::clicked, this, [this] {
        if (!m_host)
            return;
        m_host->restartServer(m_config.name);
        Q_EMIT noted(tr("Reconnecting to %1…").arg(m_config.name));
    });
    connect(m_authorise, &QPushButton::clicked, this, [this] {
        if (!m_host)
            return;
        const QString name = m_config.name;
        Q_EMIT noted(tr("Signing in to %1: finish in your browser…").arg(name));
        m_host->authorize(name, this, [this, name](const Result<void> &result) {
            Q_EMIT noted(result.ok() ? tr("Signed in to %1.").arg(name)
                                     : tr("Signing in to %1 failed: %2").arg(name, result.error().toString()));
        });
    });
    connect(m_signOut, &QPushButton::clicked, this, [this] {
        if (!m_host)
            return;
        const QString name = m_config.name;
        m_host->signOut(name, this, [this, name](const Result<void> &result) {
            Q_EMIT noted(result.ok() ? tr("Signed out of %1.").arg(name)
                                     : tr("Signing out of %1 failed: %2").arg(name, result.error().toString()));
        });
    });
}

McpServerDetails::~McpServerDetails() = default;

void McpServerDetails::setHost(McpHost *host)
{
    m_host = host;
    if (!host)
        return;
    connect(host, &McpHost::serversChanged, this, &McpServerDetails::refresh);
    connect(host, &McpHost::serverLogged, this, [this](const QString &name, const QString &line) {
        if (name == m_config.name)
            m_log->appendPlainText(line);
    });
}

void McpServerDetails::showServer(const McpServerConfig &config)
{
    const bool other = config.name != m_config.name;
    m_config = config;
    if (other) {
        m_listed.clear();
        m_log->setPlainText(m_host && !config.name.isEmpty() ? m_host->serverLog(config.name) : QString());
        m_log->moveCursor(QTextCursor::End);
    }
    refresh();
}

void McpServerDetails::refresh()
{
    setEnabled(!m_config.name.isEmpty());
    const bool http = m_config.transport == McpServerConfig::Transport::Http;
    m_authorise->setVisible(http);
    m_signOut->setVisible(http);
    const std::optional<McpServerStatus> status = m_host ? m_host->server(m_config.name) : std::nullopt;
    m_reconnect->setEnabled(status.has_value());
    m_authorise->setEnabled(status.has_value());
    m_signOut->setEnabled(status.has_value());
    QStringList lines;
    if (!m_host) {
        lines << tr("The MCP plugin is not running: no server is started (see Settings > Plugins).");
    } else if (!status) {
        lines << (m_config.enabled ? tr("Not started yet: Apply to start it.") : tr("Disabled."));
    } else {
        QString state = tr("State: %1").arg(McpUi::stateText(status->state));
        if (status->restarts > 0)
            state += tr(" (restarted %n times)", nullptr, status->restarts);
        lines << state;
        const QString name = status->serverInfo.value(QLatin1String("title")).toString(status->serverInfo.value(QLatin1String("name")).toString());
        if (!name.isEmpty())
            lines << tr("Server: %1 %2, protocol %3")
                         .arg(name, status->serverInfo.value(QLatin1String("version")).toString(), status->protocolVersion);
        if (!status->description.isEmpty())
            lines << tr("Runs: %1").arg(status->description);
        if (!status->resolvedFrom.isEmpty())
            lines << tr("Command found: %1").arg(status->resolvedFrom);
    }
    m_state->setText(lines.join(QLatin1Char('\n')));
    m_state->setToolTip(m_state->text().toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
    const bool failed = status && status->error && status->state != McpServerConnection::State::Ready;
    m_error->setVisible(failed);
    if (failed)
        m_error->setPlainText(status->error->toString());
    fillTools();
}

void McpServerDetails::fillTools()
{
    const std::optional<McpServerStatus> status = m_host ? m_host->server(m_config.name) : std::nullopt;
    const QList<McpServerStatus::Tool> tools = status ? status->tools : QList<McpServerStatus::Tool>();
    QStringList names;
    for (const McpServerStatus::Tool &tool : tools)
        names << tool.info.name;
    if (names != m_listed || m_tools->rowCount() != names.size()) {
        m_listed = names;
        m_toolTokens.clear();
        if (!tools.isEmpty() && !m_counter)
            m_counter = McpUi::defaultCounter(m_locations, &m_countModel);
        const QSignalBlocker blocker(m_tools);
        m_tools->setRowCount(0);
        // What the model is sent for each tool: the host's definition when it is offered, else
        // the same made here (what it would cost once switched on).
        QList<QJsonObject> definitions;
        m_leftOut.clear();
        for (const McpServerStatus::Tool &tool : tools) {
            QJsonObject definition;
            for (const QJsonValue &offered : status->definitions)
                if (offered.toObject().value(QLatin1String("name")).toString() == tool.visibleName)
                    definition = offered.toObject();
            // Offered by its switches, yet not sent (set aside, or a kind of tool Valis does
            // not call): it costs nothing now.
            if (definition.isEmpty() && tool.offered)
                m_leftOut.insert(tool.info.name);
            if (definition.isEmpty())
                definition = {{QStringLiteral("name"), tool.visibleName},
                              {QStringLiteral("description"), tool.info.description},
                              {QStringLiteral("input_schema"), tool.info.inputSchema}};
            definitions << definition;
        }
        // A request with tools pays a fixed framing once; a tool's own cost is what it adds.
        qint64 framing = 0;
        if (definitions.size() >= 2)
            framing = qMax<qint64>(0, m_counter->countToolDefinitions(QJsonArray{definitions.at(0)})
                                          + m_counter->countToolDefinitions(QJsonArray{definitions.at(1)})
                                          - m_counter->countToolDefinitions(QJsonArray{definitions.at(0), definitions.at(1)}));
        m_definitions.clear();
        for (qsizetype i = 0; i < tools.size(); ++i) {
            const McpServerStatus::Tool &tool = tools.at(i);
            const qint64 tokens = qMax<qint64>(1, m_counter->countToolDefinitions(QJsonArray{definitions.at(i)}) - framing);
            m_toolTokens.insert(tool.info.name, tokens);
            m_definitions.insert(tool.info.name, definitions.at(i));
            const int row = m_tools->rowCount();
            m_tools->insertRow(row);
            auto *name = new QTableWidgetItem(tool.info.name);
            name->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
            name->setToolTip(tr("Sent to the model as %1").arg(tool.visibleName));
            m_tools->setItem(row, 0, name);
            QString description = tool.info.description;
            if (!tool.info.title.isEmpty())
                description = tool.info.title + QStringLiteral(" \u2014 ") + description;
            if (!tool.setAsideReason.isEmpty())
                description = tr("Set aside: %1").arg(tool.setAsideReason);
            else if (m_leftOut.contains(tool.info.name))
                description = tr("Not sent to the model now. %1").arg(description);
            description = description.simplified();
            auto *about = new QTableWidgetItem(description);
            about->setToolTip(description);
            m_tools->setItem(row, 1, about);
            auto *cost = new QTableWidgetItem(QLocale().toString(tokens));
            cost->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_tools->setItem(row, 2, cost);
        }
    }
    const QSignalBlocker blocker(m_tools);
    for (int row = 0; row < m_tools->rowCount(); ++row) {
        QTableWidgetItem *item = m_tools->item(row, 0);
        item->setCheckState(m_config.offersTool(item->text()) ? Qt::Checked : Qt::Unchecked);
    }
    showCost();
}

void McpServerDetails::showCost()
{
    if (m_listed.isEmpty()) {
        m_offeredTokens = -1;
        m_cost->setText(m_host && m_host->server(m_config.name) ? tr("No tools listed (yet).") : QString());
        return;
    }
    // The offered definitions counted together, as a request carries them.
    QJsonArray offeredDefinitions;
    for (int row = 0; row < m_tools->rowCount(); ++row) {
        const QString tool = m_tools->item(row, 0)->text();
        if (m_tools->item(row, 0)->checkState() == Qt::Checked && !m_leftOut.contains(tool))
            offeredDefinitions.append(m_definitions.value(tool));
    }
    const int offered = int(offeredDefinitions.size());
    m_offeredTokens = offered == 0 ? 0 : m_counter->countToolDefinitions(offeredDefinitions);
    m_cost->setText(tr("%1 of %2 tools offered: about %3 tokens of every request (counted for %4).")
                        .arg(offered)
                        .arg(m_listed.size())
                        .arg(QLocale().toString(m_offeredTokens),
                             m_countModel.isEmpty() ? tr("the default model") : m_countModel));
}

void McpServerDetails::onToolChanged(QTableWidgetItem *item)
{
    if (item->column() != 0)
        return;
    const QString tool = item->text();
    const bool offered = item->checkState() == Qt::Checked;
    if (offered == m_config.offersTool(tool))
        return;
    // Off: on the deny list. On: off the deny list, and onto the allow list when there is one.
    if (offered) {
        m_config.disabledTools.removeAll(tool);
        if (!m_config.enabledTools.isEmpty() && !m_config.enabledTools.contains(tool))
            m_config.enabledTools << tool;
    } else if (!m_config.disabledTools.contains(tool)) {
        m_config.disabledTools << tool;
    }
    showCost();
    Q_EMIT toolSwitched(m_config.name, tool, offered);
}

} // namespace valis
