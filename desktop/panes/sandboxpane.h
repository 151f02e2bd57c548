#pragma once

#include "ansitext.h"

#include <QElapsedTimer>
#include <QHash>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QTextEdit;
class QTimer;
class QTreeWidget;
class QTreeWidgetItem;

namespace valis {

class RemoteMachineView;

/// The sandbox pane: every command the agent ran in this window, newest last, with its status,
/// exit code, duration and command line; the selected one's output, live and in its terminal
/// colours; a kill button for one that runs; and where commands run (a warning when isolation
/// is off).
class SandboxPane : public QWidget
{
    Q_OBJECT

public:
    explicit SandboxPane(QWidget *parent = nullptr);

    /// What the status bar says about the sandbox; `warning` when isolation is off.
    void setSandboxStatus(const QString &text, bool warning);
    /// The sandboxes there are (id, name) and the shown session's sandbox and network access,
    /// which the person can change for that session here.
    void setSandboxChoice(const QList<QPair<QString, QString>> &sandboxes, const QString &current, bool network);

    void commandStarted(const QString &callId, const QString &toolName, const QString &commandLine);
    void commandOutput(const QString &callId, const QString &text);
    void commandFinished(const QString &callId, const QString &resultText, bool isError, qint64 durationMs);

    QTreeWidget *commandList() const { return m_list; }
    QTextEdit *outputView() const { return m_output; }
    QPushButton *killButton() const { return m_kill; }
    /// The remote machine the session runs on, with its "Bring files back" button.
    RemoteMachineView *remoteView() const { return m_remote; }
    /// The status column of `callId`'s row ("running", "exit 0", "killed", ...).
    QString statusOf(const QString &callId) const;

Q_SIGNALS:
    void killRequested(const QString &callId);
    /// The person chose another sandbox or network access for the shown session.
    void sandboxChosen(const QString &sandboxId, bool network);

private:
    struct Command
    {
        QTreeWidgetItem *item = nullptr;
        QString html;
        AnsiText::State ansi;
        QElapsedTimer clock;
        bool running = true;
        bool killed = false; ///< the person asked to kill it
    };

    void showSelected();
    void renderSelected();
    void appendHtml(Command &command, const QString &html);
    QString selectedCallId() const;

    QLabel *m_sandbox;
    QComboBox *m_isolation;
    QCheckBox *m_network;
    QTreeWidget *m_list;
    QTextEdit *m_output;
    QPushButton *m_kill;
    RemoteMachineView *m_remote;
    QTimer *m_render; ///< live output is shown at most every 100 ms
    QHash<QString, Command> m_commands;
};

} // namespace valis
