#include "documentsview.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QStringDecoder>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace valis {

namespace {

constexpr int KeyRole = Qt::UserRole + 1;
constexpr int DayMs = 24 * 60 * 60 * 1000;

QString timeText(const QDateTime &time)
{
    return QLocale().toString(time.toLocalTime(), QLocale::ShortFormat);
}

QString retentionText(const DocumentInfo &document)
{
    if (document.pinned)
        return DocumentsView::tr("pinned");
    return DocumentsView::tr("until %1 (%n day(s))", nullptr, document.retentionDays).arg(timeText(document.expiresAt));
}

QString sourceText(const DocumentInfo &document)
{
    switch (document.source) {
    case DocumentSource::Content:
        return DocumentsView::tr("written by the agent");
    case DocumentSource::FromCall:
        return DocumentsView::tr("result of call %1").arg(document.sourceRef);
    case DocumentSource::FromKey:
        return DocumentsView::tr("copy of %1").arg(document.sourceRef);
    }
    return {};
}

} // namespace

DocumentsView::DocumentsView(const DataLocations &locations, QWidget *parent)
    : QWidget(parent), m_worker(new DocumentsWorker(locations)), m_list(new QTreeWidget(this)), m_header(new QLabel(this)),
      m_preview(new QPlainTextEdit(this)), m_refresh(new QPushButton(tr("Refresh"), this)),
      m_pin(new QPushButton(tr("Pin"), this)), m_delete(new QPushButton(tr("Delete"), this)), m_status(new QLabel(this)),
      m_daily(new QTimer(this))
{
    setObjectName(QStringLiteral("documentsView"));
    m_list->setObjectName(QStringLiteral("documentList"));
    m_list->setAccessibleName(tr("Documents"));
    m_list->setRootIsDecorated(false);
    m_list->setAlternatingRowColors(true);
    m_list->setHeaderLabels({tr("Name"), tr("Key"), tr("Size"), tr("Saved"), tr("Kept"), tr("Source")});
    m_list->header()->setSectionResizeMode(QHeaderView::Interactive);
    m_preview->setObjectName(QStringLiteral("documentPreview"));
    m_preview->setAccessibleName(tr("Document preview"));
    m_preview->setReadOnly(true);
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_preview->setPlaceholderText(tr("Select a document to see its start."));
    m_header->setWordWrap(true);
    m_status->setWordWrap(true);
    m_pin->setEnabled(false);
    m_delete->setEnabled(false);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_refresh);
    buttons->addWidget(m_pin);
    buttons->addWidget(m_delete);
    buttons->addStretch(1);
    auto *lower = new QWidget(this);
    auto *lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->addWidget(m_header);
    lowerLayout->addWidget(m_preview);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_list);
    splitter->addWidget(lower);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_status);

    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(this, &DocumentsView::listRequested, m_worker, &DocumentsWorker::list);
    connect(this, &DocumentsView::previewRequested, m_worker, &DocumentsWorker::preview);
    connect(this, &DocumentsView::pinRequested, m_worker, &DocumentsWorker::setPinned);
    connect(this, &DocumentsView::removeRequested, m_worker, &DocumentsWorker::remove);
    connect(m_worker, &DocumentsWorker::listed, this, &DocumentsView::showList);
    connect(m_worker, &DocumentsWorker::previewRead, this, &DocumentsView::showPreview);
    connect(m_worker, &DocumentsWorker::changed, this, &DocumentsView::documentChanged);
    connect(m_worker, &DocumentsWorker::failed, this, &DocumentsView::showError);
    m_thread.setObjectName(QStringLiteral("documents"));
    m_thread.start();

    connect(m_refresh, &QPushButton::clicked, this, &DocumentsView::refresh);
    connect(m_pin, &QPushButton::clicked, this, &DocumentsView::togglePin);
    connect(m_delete, &QPushButton::clicked, this, &DocumentsView::deleteSelected);
    connect(m_list, &QTreeWidget::itemSelectionChanged, this, &DocumentsView::selectionChanged);
    // A window left open for days still sweeps daily (the list runs the sweep when it is due).
    m_daily->setInterval(DayMs);
    connect(m_daily, &QTimer::timeout, this, &DocumentsView::refresh);
    m_daily->start();
}

DocumentsView::~DocumentsView()
{
    m_thread.quit();
    m_thread.wait();
}

void DocumentsView::refresh()
{
    m_status->setText(tr("Loading documents…"));
    Q_EMIT listRequested(m_agentId, ++m_generation);
}

void DocumentsView::showList(int generation, const QList<DocumentInfo> &documents, const QString &description, int expired)
{
    if (generation != m_generation)
        return; // an older answer overtaken by a newer request
    ++m_listsShown;
    m_documents = documents;
    m_description = description;
    const QString keep = selectedKey().isEmpty() ? m_shownKey : selectedKey();
    m_list->clear();
    QTreeWidgetItem *again = nullptr;
    for (const DocumentInfo &document : documents) {
        auto *item = new QTreeWidgetItem(m_list);
        item->setText(NameColumn, document.name);
        item->setText(KeyColumn, document.fileKey);
        item->setText(SizeColumn, QLocale().formattedDataSize(document.sizeBytes));
        item->setText(CreatedColumn, timeText(document.createdAt));
        item->setText(RetentionColumn, retentionText(document));
        item->setText(SourceColumn, sourceText(document));
        item->setData(NameColumn, KeyRole, document.fileKey);
        item->setToolTip(NameColumn, document.name);
        if (document.fileKey == keep)
            again = item;
    }
    for (int column = 0; column <= SourceColumn; ++column)
        m_list->resizeColumnToContents(column);
    if (again)
        m_list->setCurrentItem(again);
    QString status = tr("%n document(s) in %1", nullptr, int(documents.size())).arg(description);
    if (expired > 0)
        status += QLatin1Char(' ') + tr("(%n expired document(s) removed)", nullptr, expired);
    m_status->setText(status);
    selectionChanged();
}

QString DocumentsView::selectedKey() const
{
    const QList<QTreeWidgetItem *> selected = m_list->selectedItems();
    return selected.isEmpty() ? QString() : selected.first()->data(NameColumn, KeyRole).toString();
}

void DocumentsView::selectionChanged()
{
    const QString key = selectedKey();
    m_pin->setEnabled(!key.isEmpty());
    m_delete->setEnabled(!key.isEmpty());
    bool pinned = false;
    for (const DocumentInfo &document : std::as_const(m_documents)) {
        if (document.fileKey == key)
            pinned = document.pinned;
    }
    m_pin->setText(pinned ? tr("Unpin") : tr("Pin"));
    if (!key.isEmpty() && key != m_shownKey)
        Q_EMIT previewRequested(m_agentId, key);
}

void DocumentsView::showPreview(const DocumentInfo &document, const QByteArray &start)
{
    m_shownKey = document.fileKey;
    m_header->setText(tr("%1 — %2, %3").arg(document.name, document.fileKey, QLocale().formattedDataSize(document.sizeBytes)));
    QStringDecoder decoder(QStringConverter::Utf8);
    QString text = decoder.decode(start);
    if (document.sizeBytes > start.size())
        text += QLatin1Char('\n') + tr("[… %1 more not shown]").arg(QLocale().formattedDataSize(document.sizeBytes - start.size()));
    m_preview->setPlainText(text);
}

void DocumentsView::togglePin()
{
    const QString key = selectedKey();
    if (key.isEmpty())
        return;
    bool pinned = false;
    for (const DocumentInfo &document : std::as_const(m_documents)) {
        if (document.fileKey == key)
            pinned = document.pinned;
    }
    m_status->setText(pinned ? tr("Unpinning %1…").arg(key) : tr("Pinning %1…").arg(key));
    Q_EMIT pinRequested(m_agentId, key, !pinned);
}

void DocumentsView::deleteSelected()
{
    const QString key = selectedKey();
    if (key.isEmpty())
        return;
    m_status->setText(tr("Deleting %1…").arg(key));
    Q_EMIT removeRequested(m_agentId, key);
}

void DocumentsView::documentChanged(const DocumentInfo &document)
{
    if (document.state != DocumentInfo::State::Active && document.fileKey == m_shownKey) {
        m_shownKey.clear();
        m_header->clear();
        m_preview->clear();
    }
    refresh();
}

void DocumentsView::showError(const Error &error)
{
    m_status->setText(tr("Documents: %1").arg(error.toString()));
}

} // namespace valis
