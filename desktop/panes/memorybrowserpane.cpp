#include "memorybrowserpane.h"

#include "valis/memory/memoryprocessing.h"

#include <QColor>
#include <QComboBox>
#include <QJsonObject>
#include <QDateTime>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace valis {

namespace {

enum Column { TypeColumn, SummaryColumn, SizeColumn, SessionColumn, AgeColumn, FromColumn };
constexpr int RecordRole = Qt::UserRole + 1;
constexpr qint64 MaxEditableBytes = 4 * 1024 * 1024;

QString ageText(const QDateTime &created)
{
    const qint64 seconds = created.secsTo(QDateTime::currentDateTimeUtc());
    if (seconds < 60)
        return MemoryBrowserPane::tr("now");
    if (seconds < 3600)
        return MemoryBrowserPane::tr("%1 min").arg(seconds / 60);
    if (seconds < 86400)
        return MemoryBrowserPane::tr("%1 h").arg(seconds / 3600);
    return MemoryBrowserPane::tr("%1 d").arg(seconds / 86400);
}

QString title(const MemoryRecord &record)
{
    return record.path.isEmpty() ? record.summary : QStringLiteral("/memories/") + record.path;
}

enum class OriginFilter { Anyone, OtherAgents, Valis };

bool shown(const MemoryRecord &record, OriginFilter filter)
{
    switch (filter) {
    case OriginFilter::Anyone: return true;
    case OriginFilter::OtherAgents: return MemoryOrigin::of(record).fromOtherAgent();
    case OriginFilter::Valis: return !MemoryOrigin::of(record).fromOtherAgent();
    }
    return true;
}

} // namespace

MemoryOrigin MemoryOrigin::of(const MemoryRecord &record)
{
    // Valis's MCP server (store_memory) marks what another agent wrote: "source" is
    // "mcp:<client> <version>", "origin" the same parts and the transport and MCP session.
    MemoryOrigin origin;
    origin.source = record.metadata.value(QLatin1String("source")).toString();
    if (!origin.source.startsWith(QLatin1String("mcp:")))
        return origin;
    const QJsonObject details = record.metadata.value(QLatin1String("origin")).toObject();
    const QString named = origin.source.mid(4).section(QLatin1Char(' '), 0, 0);
    origin.client = details.value(QLatin1String("client")).toString();
    if (origin.client.isEmpty())
        origin.client = named.isEmpty() ? QStringLiteral("unknown") : named;
    origin.version = details.value(QLatin1String("version")).toString();
    if (origin.version.isEmpty())
        origin.version = origin.source.mid(4).section(QLatin1Char(' '), 1);
    origin.transport = details.value(QLatin1String("transport")).toString();
    origin.session = details.value(QLatin1String("session")).toString();
    return origin;
}

QString MemoryOrigin::chip() const
{
    return fromOtherAgent() ? MemoryBrowserPane::tr("from %1").arg(client) : QString();
}

QString MemoryOrigin::details() const
{
    if (!fromOtherAgent())
        return QString();
    QString text = version.isEmpty() ? MemoryBrowserPane::tr("Written by %1 through Valis's MCP server").arg(client)
                                     : MemoryBrowserPane::tr("Written by %1 %2 through Valis's MCP server").arg(client, version);
    if (!transport.isEmpty())
        text += MemoryBrowserPane::tr(" over %1").arg(transport);
    if (!session.isEmpty())
        text += MemoryBrowserPane::tr(" (MCP session %1)").arg(session);
    return text + MemoryBrowserPane::tr(" · source \"%1\"").arg(source);
}

MemoryBrowserPane::MemoryBrowserPane(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("memoryBrowserPane"));
    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("memorySearch"));
    m_search->setAccessibleName(tr("Search memory"));
    m_search->setPlaceholderText(tr("Search memory"));
    m_search->setClearButtonEnabled(true);
    m_type = new QComboBox(this);
    m_type->setObjectName(QStringLiteral("memoryTypeFilter"));
    m_type->setAccessibleName(tr("Record type"));
    m_type->addItem(tr("Any type"), QString());
    m_type->addItem(tr("/memories/ files"), QLatin1String(MemoryType::MemoryFile));
    m_type->addItem(tr("Command output"), QLatin1String(MemoryType::CommandOutput));
    m_type->addItem(tr("Tool results"), QLatin1String(MemoryType::ToolResult));
    m_type->addItem(tr("Moved out of the context"), QLatin1String(MemoryType::ContextResult));
    m_type->addItem(tr("Notes"), QLatin1String(MemoryType::Note));
    m_type->addItem(tr("Preferences"), QLatin1String(MemoryType::UserPreference));
    m_type->addItem(tr("File contents"), QLatin1String(MemoryType::FileContent));
    m_type->addItem(tr("Lessons"), QLatin1String(ProcessedType::Lesson));
    m_type->addItem(tr("References"), QLatin1String(ProcessedType::Reference));
    m_type->addItem(tr("Topics"), QLatin1String(ProcessedType::Topic));
    m_type->addItem(tr("Recommendations"), QLatin1String(ProcessedType::Recommendation));
    m_origin = new QComboBox(this);
    m_origin->setObjectName(QStringLiteral("memoryOriginFilter"));
    m_origin->setAccessibleName(tr("Written by"));
    m_origin->addItem(tr("Written by anyone"), int(OriginFilter::Anyone));
    m_origin->addItem(tr("Written by other agents (MCP)"), int(OriginFilter::OtherAgents));
    m_origin->addItem(tr("Written by Valis"), int(OriginFilter::Valis));
    m_store = new QLabel(this);
    m_store->setObjectName(QStringLiteral("memoryStore"));
    m_store->setWordWrap(true);

    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("memoryRecords"));
    m_list->setAccessibleName(tr("Memory records"));
    m_list->setHeaderLabels({tr("Type"), tr("Summary"), tr("Size"), tr("Session"), tr("Age"), tr("From")});
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->header()->setStretchLastSection(false);
    for (int column : {TypeColumn, SizeColumn, AgeColumn, FromColumn})
        m_list->header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    m_list->header()->setSectionResizeMode(SummaryColumn, QHeaderView::Stretch);
    m_list->header()->setSectionResizeMode(SessionColumn, QHeaderView::Interactive);
    m_list->header()->resizeSection(SessionColumn, 90);
    m_list->setTextElideMode(Qt::ElideMiddle);

    m_header = new QLabel(this);
    m_header->setObjectName(QStringLiteral("memoryHeader"));
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_originText = new QLabel(this);
    m_originText->setObjectName(QStringLiteral("memoryOrigin"));
    m_originText->setTextFormat(Qt::PlainText);
    m_originText->setWordWrap(true);
    m_originText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_originText->hide();
    m_viewer = new QPlainTextEdit(this);
    m_viewer->setObjectName(QStringLiteral("memoryViewer"));
    m_viewer->setAccessibleName(tr("Memory record"));
    m_viewer->setReadOnly(true);
    m_viewer->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_viewer->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_more = new QPushButton(tr("Load more"), this);
    m_more->setToolTip(tr("Read the next %1 lines").arg(pageLines));
    m_edit = new QPushButton(tr("Edit"), this);
    m_save = new QPushButton(tr("Save"), this);
    m_delete = new QPushButton(tr("Delete"), this);
    m_undoText = new QLabel(this);
    m_undo = new QPushButton(tr("Undo"), this);
    for (QPushButton *button : {m_more, m_edit, m_save, m_delete, m_undo})
        button->setEnabled(false);
    m_undo->hide();
    m_undoText->hide();

    auto *top = new QHBoxLayout;
    top->addWidget(m_search, 1);
    top->addWidget(m_type);
    top->addWidget(m_origin);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_more);
    buttons->addStretch(1);
    buttons->addWidget(m_undoText);
    buttons->addWidget(m_undo);
    buttons->addWidget(m_edit);
    buttons->addWidget(m_save);
    buttons->addWidget(m_delete);
    auto *viewerBox = new QWidget(this);
    auto *viewerLayout = new QVBoxLayout(viewerBox);
    viewerLayout->setContentsMargins(0, 0, 0, 0);
    viewerLayout->addWidget(m_header);
    viewerLayout->addWidget(m_originText);
    viewerLayout->addWidget(m_viewer, 1);
    viewerLayout->addLayout(buttons);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_list);
    splitter->addWidget(viewerBox);
    splitter->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_store);
    layout->addWidget(splitter, 1);

    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(250);
    connect(m_debounce, &QTimer::timeout, this, &MemoryBrowserPane::refresh);
    m_undoTimer = new QTimer(this);
    m_undoTimer->setSingleShot(true);
    m_undoTimer->setInterval(undoMs);
    connect(m_undoTimer, &QTimer::timeout, this, &MemoryBrowserPane::commitPendingDelete);
    connect(m_search, &QLineEdit::textChanged, this, &MemoryBrowserPane::scheduleList);
    connect(m_type, &QComboBox::currentIndexChanged, this, &MemoryBrowserPane::scheduleList);
    // The store lists every origin; the filter applies to the records already here.
    connect(m_origin, &QComboBox::currentIndexChanged, this, [this] { fillList(); });
    connect(m_list, &QTreeWidget::currentItemChanged, this, &MemoryBrowserPane::select);
    connect(m_more, &QPushButton::clicked, this, [this] {
        if (m_nextLine > 0)
            Q_EMIT readRequested(m_shown.key, m_nextLine, pageLines);
    });
    connect(m_edit, &QPushButton::clicked, this, &MemoryBrowserPane::startEditing);
    connect(m_save, &QPushButton::clicked, this, &MemoryBrowserPane::save);
    connect(m_delete, &QPushButton::clicked, this, &MemoryBrowserPane::deleteShown);
    connect(m_undo, &QPushButton::clicked, this, &MemoryBrowserPane::undoDelete);
}

QString MemoryBrowserPane::statusText() const
{
    return m_store->text();
}

void MemoryBrowserPane::scheduleList()
{
    ++m_generation;
    m_debounce->start();
}

void MemoryBrowserPane::refresh()
{
    ++m_generation;
    Q_EMIT listRequested(m_agentId, m_search->text(), m_type->currentData().toString(), m_generation);
}

void MemoryBrowserPane::openRecord(const QString &key)
{
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_list->topLevelItem(i);
        if (item->data(TypeColumn, RecordRole).value<MemoryRecord>().key == key) {
            if (m_list->currentItem() == item)
                select(item);
            else
                m_list->setCurrentItem(item);
            return;
        }
    }
    // Not in the list (an older or filtered record): read it directly.
    m_shown = {};
    m_shown.key = key;
    m_viewer->clear();
    m_nextLine = 1;
    Q_EMIT readRequested(key, 1, pageLines);
}

void MemoryBrowserPane::showList(int generation, const QList<MemoryRecord> &records, const QString &description)
{
    if (generation != m_generation)
        return;
    m_records = records;
    m_description = description;
    fillList();
}

void MemoryBrowserPane::fillList()
{
    const QString shownKey = m_shown.key;
    const auto filter = OriginFilter(m_origin->currentData().toInt());
    m_list->clear();
    qsizetype listed = 0;
    for (const MemoryRecord &record : std::as_const(m_records)) {
        if (m_pendingDelete && m_pendingDelete->key == record.key)
            continue;
        if (!shown(record, filter))
            continue;
        ++listed;
        auto *item = new QTreeWidgetItem(m_list);
        item->setData(TypeColumn, RecordRole, QVariant::fromValue(record));
        item->setText(TypeColumn, record.type);
        item->setText(SummaryColumn, title(record));
        item->setToolTip(SummaryColumn, record.key + QStringLiteral(" · ") + record.summary);
        item->setText(SizeColumn, QLocale().formattedDataSize(record.sizeBytes));
        item->setText(SessionColumn, record.sessionId);
        item->setText(AgeColumn, ageText(record.createdAt));
        if (const MemoryOrigin origin = MemoryOrigin::of(record); origin.fromOtherAgent()) {
            // A chip: what another agent wrote stands out from what Valis itself kept.
            item->setText(FromColumn, origin.chip());
            item->setToolTip(FromColumn, origin.details());
            item->setBackground(FromColumn, QColor(0xe8, 0xde, 0xf8));
            item->setForeground(FromColumn, QColor(0x4a, 0x3a, 0x7a));
        }
        if (record.key == shownKey)
            m_list->setCurrentItem(item);
    }
    const QString count = listed == 1 ? tr("%1 · 1 record") : tr("%1 · %n records", nullptr, int(listed));
    m_store->setText(count.arg(m_description));
}

void MemoryBrowserPane::select(QTreeWidgetItem *item)
{
    if (!item || m_editing)
        return;
    const MemoryRecord record = item->data(TypeColumn, RecordRole).value<MemoryRecord>();
    if (record.key == m_shown.key && !m_viewer->document()->isEmpty())
        return;
    m_shown = record;
    m_viewer->clear();
    m_nextLine = 1;
    m_header->setText(tr("Loading %1…").arg(record.key));
    Q_EMIT readRequested(record.key, 1, pageLines);
}

void MemoryBrowserPane::showPage(const MemoryPage &page)
{
    if (page.record.key != m_shown.key)
        return; // the person chose another record meanwhile
    m_shown = page.record;
    if (page.first <= 1)
        m_viewer->setPlainText(QString::fromUtf8(page.text));
    else
        m_viewer->appendPlainText(QString::fromUtf8(page.text).chopped(page.text.endsWith('\n') ? 1 : 0));
    m_nextLine = page.remaining > 0 ? page.first + page.count : 0;
    const qint64 shownLines = page.first + page.count - 1;
    m_header->setText(tr("%1 · %2 · lines 1–%3 of %4").arg(page.record.key, title(page.record)).arg(shownLines).arg(page.total));
    const MemoryOrigin origin = MemoryOrigin::of(page.record);
    m_originText->setText(origin.details());
    m_originText->setVisible(origin.fromOtherAgent());
    m_more->setEnabled(m_nextLine > 0);
    m_more->setText(m_nextLine > 0 ? tr("More (%1 left)").arg(QLocale().toString(page.remaining)) : tr("Load more"));
    const bool file = page.record.type == QLatin1String(MemoryType::MemoryFile) && !page.record.path.isEmpty();
    m_edit->setEnabled(file && page.record.sizeBytes <= MaxEditableBytes);
    m_delete->setEnabled(true);
    if (m_editWhenLoaded && m_nextLine == 0)
        startEditing();
}

void MemoryBrowserPane::startEditing()
{
    // The whole file first: a save writes what the editor holds.
    if (m_nextLine > 0) {
        m_header->setText(tr("Loading the whole file to edit it…"));
        m_editWhenLoaded = true;
        Q_EMIT readRequested(m_shown.key, m_nextLine, qMax<qint64>(1, m_shown.lineCount));
        return;
    }
    m_editWhenLoaded = false;
    m_editing = true;
    m_viewer->setReadOnly(false);
    m_viewer->setFocus();
    m_edit->setEnabled(false);
    m_save->setEnabled(true);
    m_delete->setEnabled(false);
    m_list->setEnabled(false);
}

void MemoryBrowserPane::save()
{
    if (!m_editing)
        return;
    m_save->setEnabled(false);
    m_header->setText(tr("Saving /memories/%1…").arg(m_shown.path));
    QByteArray content = m_viewer->toPlainText().toUtf8();
    if (!content.isEmpty() && !content.endsWith('\n'))
        content += '\n';
    Q_EMIT writeRequested(m_shown.agentId.isEmpty() ? m_agentId : m_shown.agentId, m_shown.path, content);
}

void MemoryBrowserPane::fileSaved(const MemoryRecord &record)
{
    m_editing = false;
    m_viewer->setReadOnly(true);
    m_list->setEnabled(true);
    m_shown = record;
    m_header->setText(tr("Saved /memories/%1 as %2 (the earlier version is kept).").arg(record.path, record.key));
    m_edit->setEnabled(true);
    m_delete->setEnabled(true);
    refresh();
}

void MemoryBrowserPane::deleteShown()
{
    if (m_shown.key.isEmpty())
        return;
    commitPendingDelete(); // one undo at a time
    m_pendingDelete = m_shown;
    // No other record is opened by the removal: the viewer stays empty until one is chosen.
    const QSignalBlocker blocker(m_list);
    m_list->setCurrentItem(nullptr);
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        if (m_list->topLevelItem(i)->data(TypeColumn, RecordRole).value<MemoryRecord>().key == m_shown.key) {
            delete m_list->takeTopLevelItem(i);
            break;
        }
    }
    m_undoText->setText(tr("Deleted %1.").arg(title(*m_pendingDelete)));
    m_undoText->show();
    m_undo->show();
    m_undo->setEnabled(true);
    m_undoTimer->start();
    m_shown = {};
    m_viewer->clear();
    m_header->clear();
    m_originText->hide();
    for (QPushButton *button : {m_more, m_edit, m_save, m_delete})
        button->setEnabled(false);
}

void MemoryBrowserPane::undoDelete()
{
    m_undoTimer->stop();
    const std::optional<MemoryRecord> restored = std::exchange(m_pendingDelete, std::nullopt);
    m_undo->hide();
    m_undoText->hide();
    if (restored) {
        refresh();
        openRecord(restored->key);
    }
}

void MemoryBrowserPane::commitPendingDelete()
{
    m_undoTimer->stop();
    m_undo->hide();
    m_undoText->hide();
    if (const std::optional<MemoryRecord> doomed = std::exchange(m_pendingDelete, std::nullopt))
        Q_EMIT removeRequested(*doomed);
}

void MemoryBrowserPane::showError(const Error &error)
{
    m_editing = false;
    m_viewer->setReadOnly(true);
    m_list->setEnabled(true);
    m_store->setText(tr("Memory: %1").arg(error.toString()));
}

} // namespace valis
