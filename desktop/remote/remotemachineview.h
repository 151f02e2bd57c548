#pragma once

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace valis {

/// The commands dock's part for a remote machine: which machine the session runs on (or what
/// acquiring or releasing it is doing, or why it failed), a "Bring files back" button while one
/// is attached, and what the last pull did. Hidden while there is nothing to say.
class RemoteMachineView : public QWidget
{
    Q_OBJECT

public:
    explicit RemoteMachineView(QWidget *parent = nullptr);

    /// What the machine line says; `warning` shows it in the warning style; `attached`
    /// enables the button.
    void setMachine(const QString &text, bool warning, bool attached);
    /// While the machine is busy (acquired, pulled, released) the button waits.
    void setWorking(bool working);
    /// What a pull did (or why it failed).
    void showPullReport(const QString &report, bool failed);

    QLabel *machineLabel() const { return m_machine; }
    QPushButton *pullButton() const { return m_pull; }
    QPlainTextEdit *reportView() const { return m_report; }

Q_SIGNALS:
    void pullRequested();
    /// The view appeared or went (it has something to say, or no longer).
    void shownChanged(bool shown);

private:
    void updateButton();

    QLabel *m_machine;
    QPushButton *m_pull;
    QPlainTextEdit *m_report;
    bool m_attached = false;
    bool m_working = false;
};

} // namespace valis
