#include "composerwidget.h"

#include "appearance.h"
#include "historylabels.h"

#include <QComboBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStyle>
#include <QTextCursor>
#include <QToolButton>
#include <QVBoxLayout>

namespace valis {

namespace {
QStringList localFiles(const QMimeData *mime)
{
    QStringList files;
    if (!mime || !mime->hasUrls())
        return files;
    for (const QUrl &url : mime->urls()) {
        if (url.isLocalFile() && QFileInfo(url.toLocalFile()).isFile())
            files << url.toLocalFile();
    }
    return files;
}
} // namespace

ComposerWidget::ComposerWidget(QWidget *parent) : QWidget(parent)
{
    m_provider = new QComboBox(this);
    m_provider->setObjectName(QStringLiteral("composerProvider"));
    m_provider->setAccessibleName(tr("Provider"));
    m_provider->setToolTip(tr("The provider the turn goes to"));
    m_provider->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    // Never narrower than its longest name ("openai-compatible"): the model field gives way first.
    m_provider->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);
    m_model = new QComboBox(this);
    m_model->setObjectName(QStringLiteral("composerModel"));
    m_model->setAccessibleName(tr("Model"));
    m_model->setEditable(true);
    m_model->setInsertPolicy(QComboBox::NoInsert);
    m_model->lineEdit()->setPlaceholderText(tr("model"));
    m_model->setToolTip(tr("The model, as the provider names it"));
    m_model->setMinimumContentsLength(18);
    m_model->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    connect(m_model, &QComboBox::editTextChanged, this, &ComposerWidget::updateSendState);
    m_toolPack = new QComboBox(this);
    m_toolPack->setObjectName(QStringLiteral("composerToolPack"));
    m_toolPack->setAccessibleName(tr("Tool pack"));
    m_toolPack->setToolTip(tr("The tools the agent may use in a new session"));
    m_history = new QComboBox(this);
    m_history->setObjectName(QStringLiteral("composerHistory"));
    m_history->setAccessibleName(tr("History strategy"));
    m_history->setToolTip(tr("How the session's history is shown to the model; a change applies from the next request"));
    m_history->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_history->hide();
    connect(m_history, &QComboBox::activated, this, [this] { Q_EMIT historyStrategyChosen(historyStrategy()); });
    m_workspace = new QToolButton(this);
    m_workspace->setObjectName(QStringLiteral("composerWorkspace"));
    m_workspace->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_workspace->setIcon(style()->standardIcon(QStyle::SP_DirIcon));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("composerStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true);

    m_editor = new QPlainTextEdit(this);
    // What sendAs() said about a text is about that text only.
    connect(m_editor, &QPlainTextEdit::textChanged, this, [this] {
        m_turnMetadata = {};
        updateSendState();
    });
    m_editor->setObjectName(QStringLiteral("composerEditor"));
    m_editor->setAccessibleName(tr("Message to the agent"));
    m_editor->setPlaceholderText(tr("Ask the agent… (Enter sends, Shift+Enter starts a new line; drop files to attach them)"));
    m_editor->setTabChangesFocus(true);
    m_editor->installEventFilter(this);
    m_editor->viewport()->installEventFilter(this);
    m_editor->setMaximumHeight(140);

    m_attach = new QPushButton(tr("Attach…"), this);
    m_attach->setObjectName(QStringLiteral("composerAttach"));
    m_attach->setToolTip(tr("Attach text files or images (PNG, JPEG, GIF, WebP) to the next turn"));
    m_attachmentBar = new QWidget(this);
    m_attachmentBar->setObjectName(QStringLiteral("composerAttachments"));
    m_attachmentLayout = new QHBoxLayout(m_attachmentBar);
    m_attachmentLayout->setContentsMargins(0, 0, 0, 0);
    m_attachmentLayout->addStretch(1);
    m_attachmentBar->hide();

    m_editBar = new QWidget(this);
    m_editBar->setObjectName(QStringLiteral("composerEditing"));
    auto *editLayout = new QHBoxLayout(m_editBar);
    editLayout->setContentsMargins(0, 0, 0, 0);
    auto *editNote = new QLabel(tr("Editing an earlier message: Send starts a new branch from there; the old one stays."), m_editBar);
    editNote->setWordWrap(true);
    auto *cancel = new QPushButton(tr("Cancel edit"), m_editBar);
    cancel->setObjectName(QStringLiteral("composerCancelEdit"));
    editLayout->addWidget(editNote, 1);
    editLayout->addWidget(cancel);
    m_editBar->hide();
    connect(cancel, &QPushButton::clicked, this, [this] {
        cancelEdit();
        m_editor->clear();
    });

    m_suggestions = new QListWidget(this);
    m_suggestions->setObjectName(QStringLiteral("composerSuggestions"));
    m_suggestions->setFocusPolicy(Qt::NoFocus); // the keys stay in the text; see eventFilter()
    m_suggestions->setUniformItemSizes(true);
    m_suggestions->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_suggestions->setTextElideMode(Qt::ElideMiddle);
    m_suggestions->hide();
    connect(m_suggestions, &QListWidget::itemClicked, this, [this] { chooseSuggestion(); });

    m_send = new QPushButton(tr("Send"), this);
    m_send->setObjectName(QStringLiteral("composerSend"));
    m_stop = new QPushButton(tr("Stop"), this);
    m_stop->setObjectName(QStringLiteral("composerStop"));
    m_stop->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Period));
    m_stop->setToolTip(tr("Stop the running turn (Ctrl+.)"));
    m_stop->setEnabled(false);

    m_draftTokens = new QLabel(this);
    m_draftTokens->setObjectName(QStringLiteral("composerDraftTokens"));
    m_draftTokens->setAccessibleName(tr("Draft size"));
    m_draftTokens->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_draftTokens->setForegroundRole(QPalette::PlaceholderText);
    m_draftTokens->hide();

    // What the turn goes to above the text; the session's own choices grouped below it.
    auto *top = new QHBoxLayout;
    top->addWidget(m_provider);
    top->addWidget(m_model, 1);
    auto *footer = new QHBoxLayout;
    footer->addWidget(buildSessionChoices());
    footer->addStretch(1);
    footer->addWidget(m_draftTokens);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_editor, 1);
    auto *buttons = new QVBoxLayout;
    buttons->addWidget(m_send);
    buttons->addWidget(m_stop);
    buttons->addWidget(m_attach);
    buttons->addStretch();
    bottom->addLayout(buttons);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_status);
    layout->addWidget(m_editBar);
    layout->addWidget(m_attachmentBar);
    layout->addWidget(m_suggestions);
    layout->addLayout(bottom);
    layout->addLayout(footer);

    connect(m_send, &QPushButton::clicked, this, &ComposerWidget::send);
    connect(m_stop, &QPushButton::clicked, this, &ComposerWidget::stopRequested);
    connect(m_attach, &QPushButton::clicked, this, &ComposerWidget::chooseAttachments);
    connect(m_workspace, &QToolButton::clicked, this, &ComposerWidget::chooseWorkspace);
    connect(m_provider, &QComboBox::currentTextChanged, this, &ComposerWidget::providerChanged);
    setWorkspace(QDir::homePath(), true);
    m_stop->hide(); // Send's place while a turn runs
    updateSendState();
}

void ComposerWidget::setProviders(const QStringList &ids, const QString &current)
{
    const QSignalBlocker blocker(m_provider);
    m_provider->clear();
    m_provider->addItems(ids);
    if (ids.contains(current))
        m_provider->setCurrentText(current);
}

bool ComposerWidget::selectProvider(const QString &id)
{
    const int index = m_provider->findText(id);
    if (index < 0)
        return false;
    m_provider->setCurrentIndex(index);
    return true;
}

QString ComposerWidget::provider() const
{
    return m_provider->currentText();
}

void ComposerWidget::setModels(const QStringList &models)
{
    const QString typed = m_model->currentText();
    m_model->clear();
    m_model->addItems(models);
    m_model->setCurrentText(typed);
}

void ComposerWidget::setModel(const QString &model)
{
    m_model->setCurrentText(model);
}

QString ComposerWidget::model() const
{
    return m_model->currentText().trimmed();
}

void ComposerWidget::setToolPacks(const QList<QPair<QString, QString>> &packs, const QString &current)
{
    m_toolPack->clear();
    for (const auto &[name, description] : packs) {
        m_toolPack->addItem(name, name);
        m_toolPack->setItemData(m_toolPack->count() - 1, description, Qt::ToolTipRole);
    }
    m_toolPack->setCurrentIndex(qMax(0, m_toolPack->findData(current)));
    m_toolPack->setVisible(!packs.isEmpty());
}

QString ComposerWidget::toolPack() const
{
    return m_toolPack->currentData().toString();
}

void ComposerWidget::setHistoryStrategies(const QStringList &names, const QString &current)
{
    m_history->clear();
    for (const QString &name : names) {
        m_history->addItem(historyStrategyLabel(name), name);
        m_history->setItemData(m_history->count() - 1, historyStrategyDescription(name), Qt::ToolTipRole);
    }
    setHistoryStrategy(current);
    // One choice is no choice.
    m_history->setVisible(names.size() > 1);
}

void ComposerWidget::setHistoryStrategy(const QString &name)
{
    m_history->setCurrentIndex(qMax(0, m_history->findData(name)));
}

QString ComposerWidget::historyStrategy() const
{
    return m_history->currentData().toString();
}

void ComposerWidget::setWorkspace(const QString &path, bool changeable)
{
    m_workspacePath = path;
    const QString name = QFileInfo(path).fileName();
    m_workspace->setText(name.isEmpty() ? QDir::toNativeSeparators(path) : name);
    m_workspace->setEnabled(changeable && !m_busy);
    m_workspace->setProperty("changeable", changeable);
    m_workspace->setToolTip(changeable ? tr("The folder a new session works in: %1 (click to choose another)").arg(QDir::toNativeSeparators(path))
                                       : tr("This session works in %1").arg(QDir::toNativeSeparators(path)));
    m_toolPack->setEnabled(changeable && !m_busy);
}

void ComposerWidget::chooseWorkspace()
{
    auto *dialog = new QFileDialog(this, tr("The folder the session works in"), m_workspacePath);
    dialog->setObjectName(QStringLiteral("workspaceChooser"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::Directory);
    dialog->setOption(QFileDialog::ShowDirsOnly);
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &path) {
        if (path.isEmpty())
            return;
        setWorkspace(path, true);
        Q_EMIT workspaceChosen(path);
    });
    dialog->open();
}

void ComposerWidget::chooseAttachments()
{
    auto *dialog = new QFileDialog(this, tr("Attach files"), m_workspacePath);
    dialog->setObjectName(QStringLiteral("attachmentChooser"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::ExistingFiles);
    connect(dialog, &QFileDialog::filesSelected, this, [this](const QStringList &files) {
        for (const QString &file : files)
            addAttachment(file);
    });
    dialog->open();
}

void ComposerWidget::beginEdit(const QString &messageId, const QString &text)
{
    m_editing = messageId;
    m_editor->setPlainText(text);
    m_editBar->show();
    m_editor->setFocus();
    m_editor->moveCursor(QTextCursor::End);
}

void ComposerWidget::cancelEdit()
{
    m_editing.clear();
    m_editBar->hide();
}

void ComposerWidget::addAttachment(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (m_attachments.contains(absolute))
        return;
    m_attachments << absolute;
    showAttachments();
}

void ComposerWidget::addResourceAttachment(const QString &label, const QList<Part> &parts)
{
    for (const auto &resource : std::as_const(m_resources))
        if (resource.first == label)
            return;
    m_resources.append({label, parts});
    showAttachments();
}

QStringList ComposerWidget::resourceLabels() const
{
    QStringList labels;
    for (const auto &resource : m_resources)
        labels << resource.first;
    return labels;
}

QList<Part> ComposerWidget::resourceParts() const
{
    QList<Part> parts;
    for (const auto &resource : m_resources)
        parts << resource.second;
    return parts;
}

void ComposerWidget::clearAttachments()
{
    m_attachments.clear();
    m_resources.clear();
    showAttachments();
}

void ComposerWidget::showSuggestions(const QList<Suggestion> &shown, const QString &source)
{
    m_suggestionSources.insert(source, shown);
    QList<Suggestion> suggestions;
    for (auto it = m_suggestionSources.cbegin(); it != m_suggestionSources.cend(); ++it) {
        if (!it.key().isEmpty())
            suggestions += it.value();
    }
    suggestions += m_suggestionSources.value(QString());
    m_suggestions->clear();
    for (const Suggestion &suggestion : std::as_const(suggestions)) {
        // Labels and descriptions come from servers: items show them as plain text.
        auto *item = new QListWidgetItem(suggestion.detail.isEmpty() ? suggestion.label
                                                                     : tr("%1 — %2").arg(suggestion.label, suggestion.detail.simplified()),
                                         m_suggestions);
        item->setData(Qt::UserRole, suggestion.data);
        item->setToolTip(suggestion.detail);
    }
    m_suggestions->setCurrentRow(0);
    // As tall as what it offers, up to six rows.
    const int rows = int(qMin<qsizetype>(6, suggestions.size()));
    m_suggestions->setFixedHeight(rows * qMax(1, m_suggestions->sizeHintForRow(0)) + 2 * m_suggestions->frameWidth());
    m_suggestions->setVisible(!suggestions.isEmpty());
}

void ComposerWidget::hideSuggestions()
{
    m_suggestionSources.clear();
    m_suggestions->clear();
    m_suggestions->hide();
}

bool ComposerWidget::suggestionsShown() const
{
    return m_suggestions->isVisible() && m_suggestions->count() > 0;
}

void ComposerWidget::chooseSuggestion()
{
    const QListWidgetItem *item = m_suggestions->currentItem();
    if (!item)
        return;
    const QVariant data = item->data(Qt::UserRole);
    hideSuggestions();
    Q_EMIT suggestionChosen(data);
}

void ComposerWidget::showAttachments()
{
    while (m_attachmentLayout->count() > 1) {
        QLayoutItem *item = m_attachmentLayout->takeAt(0);
        delete item->widget();
        delete item;
    }
    for (const auto &resource : std::as_const(m_resources)) {
        const QString label = resource.first;
        auto *chip = new QToolButton(m_attachmentBar);
        chip->setObjectName(QStringLiteral("resourceAttachment"));
        chip->setStyleSheet(Appearance::chipStyleSheet(palette()));
        chip->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        chip->setIcon(style()->standardIcon(QStyle::SP_DriveNetIcon));
        chip->setText(QStringLiteral("%1 \u2715").arg(label));
        chip->setToolTip(tr("%1 (click to remove)").arg(label));
        connect(chip, &QToolButton::clicked, this, [this, label] {
            m_resources.removeIf([&label](const auto &entry) { return entry.first == label; });
            showAttachments();
        });
        m_attachmentLayout->insertWidget(m_attachmentLayout->count() - 1, chip);
    }
    for (const QString &path : std::as_const(m_attachments)) {
        auto *chip = new QToolButton(m_attachmentBar);
        chip->setObjectName(QStringLiteral("attachment"));
        chip->setStyleSheet(Appearance::chipStyleSheet(palette()));
        chip->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        chip->setIcon(style()->standardIcon(QStyle::SP_FileIcon));
        chip->setText(QStringLiteral("%1 \u2715").arg(QFileInfo(path).fileName()));
        chip->setToolTip(tr("%1 (click to remove)").arg(QDir::toNativeSeparators(path)));
        connect(chip, &QToolButton::clicked, this, [this, path] {
            m_attachments.removeAll(path);
            showAttachments();
        });
        m_attachmentLayout->insertWidget(m_attachmentLayout->count() - 1, chip);
    }
    m_attachmentBar->setVisible(!m_attachments.isEmpty() || !m_resources.isEmpty());
    updateSendState();
}

void ComposerWidget::setBusy(bool busy)
{
    m_busy = busy;
    m_stop->setEnabled(busy);
    // One place for the one thing that can be done: Send, or Stop while the turn runs.
    m_send->setVisible(!busy);
    m_stop->setVisible(busy);
    updateSendState();
    m_provider->setEnabled(!busy);
    m_model->setEnabled(!busy);
    m_history->setEnabled(!busy);
    const bool changeable = m_workspace->property("changeable").toBool();
    m_workspace->setEnabled(changeable && !busy);
    m_toolPack->setEnabled(changeable && !busy);
}

void ComposerWidget::setStatus(const QString &text)
{
    m_status->setText(text);
    m_status->setVisible(!text.isEmpty());
}

QString ComposerWidget::status() const
{
    return m_status->text();
}

void ComposerWidget::send()
{
    const QString text = m_editor->toPlainText();
    if (m_busy || (text.trimmed().isEmpty() && m_attachments.isEmpty() && m_resources.isEmpty()))
        return;
    if (!m_providerReady) {
        setStatus(m_notReadyReason);
        return;
    }
    if (m_sendFilter && m_sendFilter(text))
        return;
    m_turnMetadata = {};
    Q_EMIT sendRequested(text);
}

void ComposerWidget::sendAs(const QString &text, const QJsonObject &metadata)
{
    if (m_busy)
        return;
    m_turnMetadata = metadata;
    Q_EMIT sendRequested(text);
}

bool ComposerWidget::eventFilter(QObject *watched, QEvent *event)
{
    // Escape stops the turn elsewhere in the window; over the suggestions it closes them.
    if (watched == m_editor && event->type() == QEvent::ShortcutOverride && suggestionsShown()
        && static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape) {
        event->accept();
        return true;
    }
    if (watched == m_editor && event->type() == QEvent::KeyPress && suggestionsShown()) {
        const auto *key = static_cast<QKeyEvent *>(event);
        switch (key->key()) {
        case Qt::Key_Up:
            m_suggestions->setCurrentRow(qMax(0, m_suggestions->currentRow() - 1));
            return true;
        case Qt::Key_Down:
            m_suggestions->setCurrentRow(qMin(m_suggestions->count() - 1, m_suggestions->currentRow() + 1));
            return true;
        case Qt::Key_Return:
        case Qt::Key_Enter:
        case Qt::Key_Tab:
            chooseSuggestion();
            return true;
        case Qt::Key_Escape:
            hideSuggestions();
            return true;
        default:
            break;
        }
    }
    if (watched == m_editor && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && !(key->modifiers() & Qt::ShiftModifier)) {
            send();
            return true;
        }
    }
    // Files dropped on the text are attached, not pasted as their addresses.
    if (watched == m_editor->viewport() && (event->type() == QEvent::DragEnter || event->type() == QEvent::DragMove)) {
        auto *drag = static_cast<QDragMoveEvent *>(event);
        if (!localFiles(drag->mimeData()).isEmpty()) {
            drag->acceptProposedAction();
            return true;
        }
    }
    if (watched == m_editor->viewport() && event->type() == QEvent::Drop) {
        auto *drop = static_cast<QDropEvent *>(event);
        const QStringList files = localFiles(drop->mimeData());
        if (!files.isEmpty()) {
            for (const QString &file : files)
                addAttachment(file);
            drop->acceptProposedAction();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace valis
