#pragma once

#include "valis/plugins/backgroundagents.h"

#include <QPointer>
#include <QTimer>
#include <QWidget>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace valis {

/// The Agents dock: one row per background agent of the shown session (title, status, what it
/// does now, tokens, cost, elapsed time), with Cancel for a live one and Open for its child
/// session. Follows the BackgroundAgents it is given (agentChanged); holds no state of its own.
/// GUI thread.
class AgentsPane : public QWidget
{
    Q_OBJECT

public:
    explicit AgentsPane(QWidget *parent = nullptr);

    /// Shows `agents` (nullptr: none, a session without background agents or none open).
    void setAgents(BackgroundAgents *agents);
    BackgroundAgents *agents() const { return m_agents; }
    /// The rows shown, for tests: handle, then the column texts.
    QList<QStringList> rows() const;
    /// Selects the row of `handle`.
    bool select(const QString &handle);
    QPushButton *cancelButton() const { return m_cancel; }
    QPushButton *openButton() const { return m_open; }

Q_SIGNALS:
    /// Open the child session `sessionId` (the shell selects it).
    void openSessionRequested(const QString &sessionId);

private:
    void refresh();
    void updateButtons();
    QString selectedHandle() const;
    void cancelSelected();

    QPointer<BackgroundAgents> m_agents;
    QTreeWidget *m_list = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_cancel = nullptr;
    QPushButton *m_open = nullptr;
    QTimer m_clock; ///< elapsed times move while an agent runs
};

} // namespace valis
