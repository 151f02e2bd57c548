// The composer's send state and its session choices: Send only when there is something to send
// to a ready provider, Stop in its place while a turn runs; pack, history, workspace and sandbox
// grouped as the session's own choices.
#include "composerwidget.h"

#include "appearance.h"

#include <QComboBox>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QToolButton>

namespace valis {

QWidget *ComposerWidget::buildSessionChoices()
{
    auto *group = new QFrame(this);
    group->setObjectName(QStringLiteral("composerSessionChoices"));
    group->setAccessibleName(tr("Session choices"));
    group->setFrameShape(QFrame::StyledPanel);
    auto *row = new QHBoxLayout(group);
    row->setContentsMargins(6, 2, 2, 2);
    row->setSpacing(4);
    auto *label = new QLabel(tr("Session:"), group);
    label->setObjectName(QStringLiteral("composerSessionLabel"));
    label->setForegroundRole(QPalette::PlaceholderText);
    m_sandbox = new QToolButton(group);
    m_sandbox->setObjectName(QStringLiteral("composerSandbox"));
    m_sandbox->setAccessibleName(tr("Sandbox"));
    m_sandbox->setAutoRaise(true);
    m_sandbox->hide();
    connect(m_sandbox, &QToolButton::clicked, this, &ComposerWidget::sandboxChoiceRequested);
    for (QWidget *choice : std::initializer_list<QWidget *>{label, m_toolPack, m_history, m_workspace, m_sandbox}) {
        choice->setParent(group);
        row->addWidget(choice);
    }
    m_toolPack->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    return group;
}

void ComposerWidget::setSandboxSummary(const QString &text, bool warning)
{
    m_sandbox->setText(m_sandbox->fontMetrics().elidedText(text, Qt::ElideRight, 200));
    m_sandbox->setToolTip(tr("%1 (click to choose in Commands)").arg(text));
    m_sandbox->setStyleSheet(warning ? Appearance::badgeStyleSheet(palette(), QStringLiteral("error")) : QString());
    m_sandbox->setVisible(!text.isEmpty());
}

void ComposerWidget::setProviderReady(bool ready, const QString &reason)
{
    m_providerReady = ready;
    m_notReadyReason = reason;
    updateSendState();
}

void ComposerWidget::setDraftEstimate(const QString &text, const QString &toolTip)
{
    m_draftTokens->setText(text);
    m_draftTokens->setToolTip(toolTip);
    m_draftTokens->setVisible(!text.isEmpty());
}

void ComposerWidget::updateSendState()
{
    const bool content = !m_editor->toPlainText().trimmed().isEmpty() || !m_attachments.isEmpty() || !m_resources.isEmpty();
    QString why;
    if (m_busy)
        why = tr("A turn is running: Stop ends it");
    else if (m_provider->currentText().isEmpty())
        why = tr("No provider is running yet; see the plugin status");
    else if (!m_providerReady)
        why = m_notReadyReason;
    else if (m_model->currentText().trimmed().isEmpty())
        why = tr("Choose a model for %1 first").arg(m_provider->currentText());
    else if (!content)
        why = tr("Write a message first");
    m_send->setEnabled(why.isEmpty());
    m_send->setToolTip(why.isEmpty() ? tr("Send to %1 (Enter)").arg(m_model->currentText().trimmed()) : why);
}

} // namespace valis
