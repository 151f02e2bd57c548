#include "remotemachineview.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace valis {

RemoteMachineView::RemoteMachineView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("remoteMachineView"));
    m_machine = new QLabel(this);
    m_machine->setObjectName(QStringLiteral("remoteMachine"));
    m_machine->setWordWrap(true);
    m_machine->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_pull = new QPushButton(tr("Bring files back"), this);
    m_pull->setObjectName(QStringLiteral("remotePull"));
    m_pull->setToolTip(tr("Copy the files the agent changed on the remote machine into the local workspace; "
                          "files you changed here meanwhile are kept, the machine's version saved beside them"));
    m_pull->setEnabled(false);
    m_report = new QPlainTextEdit(this);
    m_report->setObjectName(QStringLiteral("remotePullReport"));
    m_report->setAccessibleName(tr("Files brought back"));
    m_report->setReadOnly(true);
    m_report->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_report->setMaximumHeight(m_report->fontMetrics().lineSpacing() * 6 + 12);
    m_report->hide();

    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_machine, 1);
    row->addWidget(m_pull);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(m_report);
    hide();

    connect(m_pull, &QPushButton::clicked, this, [this] {
        m_working = true; // until the controller says otherwise: one click, one pull
        updateButton();
        Q_EMIT pullRequested();
    });
}

void RemoteMachineView::setMachine(const QString &text, bool warning, bool attached)
{
    m_attached = attached;
    m_machine->setText(warning ? QStringLiteral("\u26a0 ") + text : text);
    m_machine->setToolTip(text);
    m_machine->setStyleSheet(warning ? QStringLiteral("color: white; background: #b3261e; padding: 2px 6px;") : QString());
    const bool shown = !text.isEmpty() || attached;
    if (!shown) {
        // The last pull's report belongs to the machine that went.
        m_report->clear();
        m_report->hide();
    }
    if (shown != !isHidden()) {
        setVisible(shown);
        Q_EMIT shownChanged(shown);
    }
    updateButton();
}

void RemoteMachineView::setWorking(bool working)
{
    m_working = working;
    updateButton();
}

void RemoteMachineView::showPullReport(const QString &report, bool failed)
{
    m_report->setPlainText(report);
    m_report->setStyleSheet(failed ? QStringLiteral("color: #b3261e;") : QString());
    m_report->show();
    if (isHidden()) {
        show();
        Q_EMIT shownChanged(true);
    }
}

void RemoteMachineView::updateButton()
{
    m_pull->setEnabled(m_attached && !m_working);
}

} // namespace valis
