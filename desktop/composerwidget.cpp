#include "composerwidget.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace valis {

ComposerWidget::ComposerWidget(QWidget *parent) : QWidget(parent)
{
    m_provider = new QComboBox(this);
    m_provider->setObjectName(QStringLiteral("composerProvider"));
    m_provider->setToolTip(tr("The provider the turn goes to"));
    m_provider->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_model = new QLineEdit(this);
    m_model->setObjectName(QStringLiteral("composerModel"));
    m_model->setPlaceholderText(tr("model"));
    m_model->setToolTip(tr("The model, as the provider names it"));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("composerStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true);

    m_editor = new QPlainTextEdit(this);
    m_editor->setObjectName(QStringLiteral("composerEditor"));
    m_editor->setPlaceholderText(tr("Ask the agent… (Enter sends, Shift+Enter starts a new line)"));
    m_editor->setTabChangesFocus(true);
    m_editor->installEventFilter(this);
    m_editor->setMaximumHeight(140);

    m_send = new QPushButton(tr("Send"), this);
    m_send->setObjectName(QStringLiteral("composerSend"));
    m_stop = new QPushButton(tr("Stop"), this);
    m_stop->setObjectName(QStringLiteral("composerStop"));
    m_stop->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Period));
    m_stop->setToolTip(tr("Stop the running turn (Ctrl+.)"));
    m_stop->setEnabled(false);

    auto *top = new QHBoxLayout;
    top->addWidget(m_provider);
    top->addWidget(m_model, 1);
    top->addWidget(m_status, 2);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_editor, 1);
    auto *buttons = new QVBoxLayout;
    buttons->addWidget(m_send);
    buttons->addWidget(m_stop);
    buttons->addStretch();
    bottom->addLayout(buttons);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addLayout(bottom);

    connect(m_send, &QPushButton::clicked, this, &ComposerWidget::send);
    connect(m_stop, &QPushButton::clicked, this, &ComposerWidget::stopRequested);
    connect(m_provider, &QComboBox::currentTextChanged, this, &ComposerWidget::providerChanged);
}

void ComposerWidget::setProviders(const QStringList &ids, const QString &current)
{
    const QSignalBlocker blocker(m_provider);
    m_provider->clear();
    m_provider->addItems(ids);
    if (ids.contains(current))
        m_provider->setCurrentText(current);
}

void ComposerWidget::setModel(const QString &model)
{
    m_model->setText(model);
}

QString ComposerWidget::provider() const
{
    return m_provider->currentText();
}

QString ComposerWidget::model() const
{
    return m_model->text().trimmed();
}

void ComposerWidget::setBusy(bool busy)
{
    m_busy = busy;
    m_send->setEnabled(!busy);
    m_stop->setEnabled(busy);
    m_provider->setEnabled(!busy);
    m_model->setEnabled(!busy);
}

void ComposerWidget::setStatus(const QString &text)
{
    m_status->setText(text);
}

void ComposerWidget::send()
{
    const QString text = m_editor->toPlainText();
    if (m_busy || text.trimmed().isEmpty())
        return;
    Q_EMIT sendRequested(text);
}

bool ComposerWidget::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_editor && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && !(key->modifiers() & Qt::ShiftModifier)) {
            send();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

bool ComposerWidget::selectProvider(const QString &id)
{
    const int index = m_provider->findText(id);
    if (index < 0)
        return false;
    m_provider->setCurrentIndex(index);
    return true;
}

} // namespace valis
