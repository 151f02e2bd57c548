#include "agentspane.h"

#include "valis/plugins/backgroundagents.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace valis {

namespace {

enum Column { Title, Status, Progress, Tokens, Cost, Elapsed, ColumnCount };

QString stateLabel(AgentState state)
{
    switch (state) {
    case AgentState::Queued: return AgentsPane::tr("queued");
    case AgentState::Running: return AgentsPane::tr("running");
    case AgentState::Finished: return AgentsPane::tr("finished");
    case AgentState::Failed: return AgentsPane::tr("failed");
    case AgentState::OverBudget: return AgentsPane::tr("over budget");
    case AgentState::Cancelled: return AgentsPane::tr("cancelled");
    case AgentState::Interrupted: return AgentsPane::tr("interrupted");
    }
    return {};
}

QString elapsedText(const AgentInfo &info)
{
    if (!info.startedAt.isValid())
        return {};
    const QDateTime until = info.endedAt.isValid() ? info.endedAt : QDateTime::currentDateTimeUtc();
    const qint64 seconds = qMax<qint64>(0, info.startedAt.secsTo(until));
    return seconds < 60 ? AgentsPane::tr("%1 s").arg(seconds)
                        : AgentsPane::tr("%1 min %2 s").arg(seconds / 60).arg(seconds % 60, 2, 10, QLatin1Char('0'));
}

} // namespace

AgentsPane::AgentsPane(QWidget *parent) : QWidget(parent)
{
    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("agentsList"));
    m_list->setAccessibleName(tr("Agents"));
    m_list->setColumnCount(ColumnCount);
    m_list->setHeaderLabels({tr("Agent"), tr("Status"), tr("Now"), tr("Tokens"), tr("Cost"), tr("Elapsed")});
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->header()->setSectionResizeMode(Progress, QHeaderView::Stretch);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setToolTip(tr("Stop the selected agent; its partial answer goes to the conversation"));
    m_open = new QPushButton(tr("Open session"), this);
    m_open->setToolTip(tr("Show the selected agent's own session"));

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_open);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_status);
    layout->addLayout(buttons);

    connect(m_list, &QTreeWidget::itemSelectionChanged, this, &AgentsPane::updateButtons);
    connect(m_list, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        Q_EMIT openSessionRequested(item->data(Title, Qt::UserRole).toString());
    });
    connect(m_cancel, &QPushButton::clicked, this, &AgentsPane::cancelSelected);
    connect(m_open, &QPushButton::clicked, this, [this] {
        if (const QString handle = selectedHandle(); !handle.isEmpty())
            Q_EMIT openSessionRequested(handle);
    });
    m_clock.setInterval(1000);
    connect(&m_clock, &QTimer::timeout, this, &AgentsPane::refresh);
    refresh();
}

void AgentsPane::setAgents(BackgroundAgents *agents)
{
    if (m_agents == agents)
        return;
    if (m_agents)
        m_agents->disconnect(this);
    m_agents = agents;
    if (m_agents) {
        connect(m_agents, &BackgroundAgents::agentChanged, this, &AgentsPane::refresh);
        // The session closed: its rows go (after the pointer has cleared).
        connect(m_agents, &QObject::destroyed, this, [this] { QTimer::singleShot(0, this, &AgentsPane::refresh); });
    }
    refresh();
}

QList<QStringList> AgentsPane::rows() const
{
    QList<QStringList> rows;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = m_list->topLevelItem(i);
        QStringList row{item->data(Title, Qt::UserRole).toString()};
        for (int column = 0; column < ColumnCount; ++column)
            row << item->text(column);
        rows << row;
    }
    return rows;
}

bool AgentsPane::select(const QString &handle)
{
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_list->topLevelItem(i);
        if (item->data(Title, Qt::UserRole).toString() == handle) {
            m_list->setCurrentItem(item);
            return true;
        }
    }
    return false;
}

void AgentsPane::refresh()
{
    const QString selected = selectedHandle();
    const QList<AgentInfo> agents = m_agents ? m_agents->agents() : QList<AgentInfo>();
    // Rows are kept (same handle, same place) so the selection survives updates.
    while (m_list->topLevelItemCount() > agents.size())
        delete m_list->takeTopLevelItem(m_list->topLevelItemCount() - 1);
    bool live = false;
    const QLocale locale;
    for (int i = 0; i < agents.size(); ++i) {
        const AgentInfo &info = agents.at(i);
        QTreeWidgetItem *item = m_list->topLevelItem(i);
        if (!item)
            item = new QTreeWidgetItem(m_list);
        item->setData(Title, Qt::UserRole, info.handle);
        item->setText(Title, info.title);
        item->setToolTip(Title, info.handle);
        item->setText(Status, stateLabel(info.state));
        const bool final = agentStateIsFinal(info.state);
        item->setText(Progress, final ? info.answer.section(QLatin1Char('\n'), 0, 0).left(200) : info.progress);
        item->setToolTip(Progress, final ? info.answer.left(2000) : info.progress);
        item->setText(Tokens, locale.toString(info.tokens));
        item->setText(Cost, QStringLiteral("$") + QString::number(info.costUsd, 'f', 4));
        item->setText(Elapsed, elapsedText(info));
        live = live || !final;
    }
    if (!selected.isEmpty())
        select(selected);
    if (!m_agents)
        m_status->setText(tr("The open session has no background agents."));
    else if (agents.isEmpty())
        m_status->setText(tr("No background agents yet: the agent starts them with spawn_agent."));
    else
        m_status->setText(tr("At most %n agent(s) run at once.", nullptr, m_agents->maxConcurrent()));
    if (live && !m_clock.isActive())
        m_clock.start();
    else if (!live)
        m_clock.stop();
    updateButtons();
}

QString AgentsPane::selectedHandle() const
{
    const QTreeWidgetItem *item = m_list->currentItem();
    return item ? item->data(Title, Qt::UserRole).toString() : QString();
}

void AgentsPane::updateButtons()
{
    const QString handle = selectedHandle();
    bool live = false;
    if (m_agents && !handle.isEmpty()) {
        const Result<AgentInfo> info = m_agents->status(handle);
        live = info.ok() && !agentStateIsFinal(info->state);
    }
    m_cancel->setEnabled(live);
    m_open->setEnabled(!handle.isEmpty());
}

void AgentsPane::cancelSelected()
{
    const QString handle = selectedHandle();
    if (!m_agents || handle.isEmpty())
        return;
    const Result<AgentInfo> cancelled = m_agents->cancel(handle);
    if (cancelled.hasError())
        m_status->setText(cancelled.error().message);
    refresh();
}

} // namespace valis
