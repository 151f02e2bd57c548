#include "sandboxpane.h"

#include "remotemachineview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSplitter>
#include <QTextEdit>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace valis {

namespace {

enum Column { StatusColumn, ExitColumn, DurationColumn, CommandColumn };
constexpr int CallIdRole = Qt::UserRole + 1;
// Output kept per command for the view; the whole of it is in the transcript.
constexpr qsizetype MaxHtmlChars = 2 * 1024 * 1024;

QString durationText(qint64 ms)
{
    if (ms < 1000)
        return QStringLiteral("%1 ms").arg(ms);
    if (ms < 60000)
        return QStringLiteral("%1 s").arg(double(ms) / 1000.0, 0, 'f', 1);
    return QStringLiteral("%1 min %2 s").arg(ms / 60000).arg((ms % 60000) / 1000);
}

} // namespace

SandboxPane::SandboxPane(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("sandboxPane"));
    m_sandbox = new QLabel(this);
    m_sandbox->setObjectName(QStringLiteral("sandboxPaneStatus"));
    m_sandbox->setWordWrap(true);
    m_isolation = new QComboBox(this);
    m_isolation->setObjectName(QStringLiteral("sandboxChoice"));
    m_isolation->setAccessibleName(tr("Sandbox"));
    m_isolation->setToolTip(tr("Where this session's commands run, from its next turn"));
    m_network = new QCheckBox(tr("Network"), this);
    m_network->setObjectName(QStringLiteral("sandboxNetwork"));
    m_network->setToolTip(tr("Whether this session's commands may reach the network, from its next turn"));
    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("sandboxCommands"));
    m_list->setAccessibleName(tr("Commands"));
    m_list->setHeaderLabels({tr("Status"), tr("Exit"), tr("Time"), tr("Command")});
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->header()->setStretchLastSection(true);
    for (int column : {StatusColumn, ExitColumn, DurationColumn})
        m_list->header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    m_output = new QTextEdit(this);
    m_output->setObjectName(QStringLiteral("sandboxOutput"));
    m_output->setAccessibleName(tr("Command output"));
    m_output->setReadOnly(true);
    m_output->setAcceptRichText(false);
    m_output->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_output->setLineWrapMode(QTextEdit::NoWrap);
    m_kill = new QPushButton(tr("Kill"), this);
    m_kill->setObjectName(QStringLiteral("sandboxKill"));
    m_kill->setToolTip(tr("Stop the selected command; the agent is told it was killed"));
    m_kill->setEnabled(false);
    m_remote = new RemoteMachineView(this);
    // The remote view names the machine (or why there is none): the plain line would repeat it.
    connect(m_remote, &RemoteMachineView::shownChanged, m_sandbox, &QWidget::setHidden);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_list);
    splitter->addWidget(m_output);
    splitter->setStretchFactor(1, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_sandbox, 1);
    buttons->addWidget(m_kill, 0, Qt::AlignRight);
    auto *choice = new QHBoxLayout;
    choice->addWidget(new QLabel(tr("This session:"), this));
    choice->addWidget(m_isolation, 1);
    choice->addWidget(m_network);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(choice);
    layout->addLayout(buttons);
    layout->addWidget(m_remote);
    layout->addWidget(splitter, 1);

    m_render = new QTimer(this);
    m_render->setSingleShot(true);
    m_render->setInterval(100);
    connect(m_render, &QTimer::timeout, this, &SandboxPane::renderSelected);
    connect(m_list, &QTreeWidget::currentItemChanged, this, &SandboxPane::showSelected);
    const auto chosen = [this] { Q_EMIT sandboxChosen(m_isolation->currentData().toString(), m_network->isChecked()); };
    connect(m_isolation, &QComboBox::activated, this, chosen);
    connect(m_network, &QCheckBox::clicked, this, chosen);
    connect(m_kill, &QPushButton::clicked, this, [this] {
        const QString callId = selectedCallId();
        if (m_commands.contains(callId) && m_commands[callId].running) {
            m_commands[callId].killed = true;
            Q_EMIT killRequested(callId);
        }
    });
}

void SandboxPane::setSandboxChoice(const QList<QPair<QString, QString>> &sandboxes, const QString &current, bool network)
{
    const QSignalBlocker blockIsolation(m_isolation);
    const QSignalBlocker blockNetwork(m_network);
    m_isolation->clear();
    for (const auto &[id, name] : sandboxes)
        m_isolation->addItem(name, id);
    if (m_isolation->findData(current) < 0 && !current.isEmpty())
        m_isolation->addItem(tr("%1 (not running)").arg(current), current);
    m_isolation->setCurrentIndex(m_isolation->findData(current));
    m_network->setChecked(network);
}

void SandboxPane::setSandboxStatus(const QString &text, bool warning)
{
    m_sandbox->setText(warning ? QStringLiteral("\u26a0 ") + text : text);
    m_sandbox->setStyleSheet(warning ? QStringLiteral("color: white; background: #b3261e; padding: 2px 6px;") : QString());
}

void SandboxPane::commandStarted(const QString &callId, const QString &toolName, const QString &commandLine)
{
    if (auto it = m_commands.find(callId); it != m_commands.end()) {
        // A retry of the same call: the same row, running again.
        it->running = true;
        it->killed = false;
        it->clock.restart();
        it->item->setText(StatusColumn, tr("running"));
        it->item->setText(ExitColumn, QString());
        it->item->setText(DurationColumn, QString());
        appendHtml(*it, QStringLiteral("\n") + tr("[run again]").toHtmlEscaped() + QStringLiteral("\n"));
        return;
    }
    Command command;
    command.item = new QTreeWidgetItem(m_list);
    command.item->setData(StatusColumn, CallIdRole, callId);
    command.item->setText(StatusColumn, tr("running"));
    command.item->setText(CommandColumn, commandLine.isEmpty() ? toolName : commandLine);
    command.item->setToolTip(CommandColumn, commandLine);
    command.clock.start();
    m_commands.insert(callId, command);
    m_list->setCurrentItem(command.item); // follow what runs now
}

void SandboxPane::commandOutput(const QString &callId, const QString &text)
{
    auto it = m_commands.find(callId);
    if (it == m_commands.end())
        return;
    appendHtml(*it, AnsiText::toHtml(text, &it->ansi));
}

void SandboxPane::commandFinished(const QString &callId, const QString &resultText, bool isError, qint64 durationMs)
{
    auto it = m_commands.find(callId);
    if (it == m_commands.end())
        return;
    it->running = false;
    // exec ends its result with "Exit code N after ...".
    static const QRegularExpression exitPattern(QStringLiteral("Exit code (-?\\d+)"));
    const QRegularExpressionMatch exit = exitPattern.match(resultText);
    QString status;
    if (it->killed)
        status = tr("killed");
    else if (exit.hasMatch())
        status = exit.captured(1) == QLatin1String("0") ? tr("done") : tr("failed");
    else
        status = isError ? tr("failed") : tr("done");
    it->item->setText(StatusColumn, status);
    it->item->setText(ExitColumn, exit.hasMatch() ? exit.captured(1) : QStringLiteral("–"));
    it->item->setText(DurationColumn, durationText(durationMs >= 0 ? durationMs : it->clock.elapsed()));
    if (isError)
        it->item->setForeground(StatusColumn, QColor(0xcf, 0x22, 0x2e));
    // Output nobody streamed (a tool without live output): the result is the output.
    if (it->html.isEmpty())
        appendHtml(*it, AnsiText::toHtml(resultText, &it->ansi));
    if (selectedCallId() == callId)
        m_kill->setEnabled(false);
}

QString SandboxPane::statusOf(const QString &callId) const
{
    const auto it = m_commands.constFind(callId);
    return it == m_commands.constEnd() ? QString() : it->item->text(StatusColumn);
}

void SandboxPane::appendHtml(Command &command, const QString &html)
{
    command.html += html;
    if (command.html.size() > MaxHtmlChars) {
        // Cut at a line break so no tag is split.
        qsizetype cut = command.html.indexOf(QStringLiteral("\n"), command.html.size() - MaxHtmlChars / 2);
        cut = cut < 0 ? command.html.size() - MaxHtmlChars / 2 : cut + 1;
        command.html = tr("[earlier output cut here; the whole of it is in the transcript]").toHtmlEscaped() + QLatin1Char('\n')
            + command.html.mid(cut);
    }
    if (selectedCallId() == command.item->data(StatusColumn, CallIdRole).toString() && !m_render->isActive())
        m_render->start();
}

void SandboxPane::renderSelected()
{
    const auto it = m_commands.constFind(selectedCallId());
    if (it == m_commands.constEnd())
        return;
    QScrollBar *bar = m_output->verticalScrollBar();
    const bool follow = bar->value() >= bar->maximum() - 4;
    m_output->setHtml(QStringLiteral("<pre style=\"margin:0\">%1</pre>").arg(it->html));
    if (follow)
        bar->setValue(bar->maximum());
}

QString SandboxPane::selectedCallId() const
{
    const QTreeWidgetItem *item = m_list->currentItem();
    return item ? item->data(StatusColumn, CallIdRole).toString() : QString();
}

void SandboxPane::showSelected()
{
    const auto it = m_commands.constFind(selectedCallId());
    if (it == m_commands.constEnd()) {
        m_output->clear();
        m_kill->setEnabled(false);
        return;
    }
    m_output->clear();
    renderSelected();
    m_output->verticalScrollBar()->setValue(m_output->verticalScrollBar()->maximum());
    m_kill->setEnabled(it->running);
}

} // namespace valis
