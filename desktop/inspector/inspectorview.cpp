#include "inspectorview.h"

#include "inspectorformat.h"
#include "sectionbar.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace valis {

namespace {

enum MessageColumn { IndexColumn, RoleColumn, OriginColumn, TokensColumn, CacheColumn, TextColumn };

// A row of chips that scrolls sideways rather than widening the inspector to fit them all.
QHBoxLayout *addChipRow(QVBoxLayout *into, QWidget *parent, const QString &name, const QString &accessibleName)
{
    auto *scroll = new QScrollArea(parent);
    scroll->setObjectName(name);
    scroll->setAccessibleName(accessibleName);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    auto *strip = new QWidget(scroll);
    auto *row = new QHBoxLayout(strip);
    row->setContentsMargins(0, 0, 0, 0);
    scroll->setWidget(strip);
    scroll->setFixedHeight(parent->fontMetrics().height() + 10 + scroll->horizontalScrollBar()->sizeHint().height());
    into->addWidget(scroll);
    return row;
}

QColor sectionColour(const QString &kind)
{
    if (kind == QLatin1String("system"))
        return QColor(0x6f, 0x42, 0xc1);
    if (kind == QLatin1String("tools"))
        return QColor(0xd2, 0x99, 0x22);
    return QColor(0x1f, 0x6f, 0xeb);
}

} // namespace

InspectorView::InspectorView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("inspectorView"));
    setAccessibleName(tr("Context inspector"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    buildHeader();
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("inspectorTabs"));
    m_tabs->setAccessibleName(tr("Inspector pages"));
    buildMessagesTab();
    buildDiffTab();
    layout->addWidget(m_tabs, 1);
    showHeader();
}

void InspectorView::buildHeader()
{
    auto *layout = qobject_cast<QVBoxLayout *>(this->layout());
    auto *chooser = new QHBoxLayout;
    m_previous = new QToolButton(this);
    m_previous->setObjectName(QStringLiteral("inspectorPrevious"));
    m_previous->setText(tr("‹ Previous"));
    m_previous->setAccessibleName(tr("Previous request"));
    m_previous->setFocusPolicy(Qt::StrongFocus);
    m_title = new QLabel(tr("Request"), this);
    m_chooser = new QSpinBox(this);
    m_chooser->setObjectName(QStringLiteral("inspectorRequest"));
    m_chooser->setAccessibleName(tr("Request number"));
    m_chooser->setKeyboardTracking(false);
    m_chooser->setRange(0, 0);
    m_title->setBuddy(m_chooser);
    m_next = new QToolButton(this);
    m_next->setObjectName(QStringLiteral("inspectorNext"));
    m_next->setText(tr("Next ›"));
    m_next->setAccessibleName(tr("Next request"));
    m_next->setFocusPolicy(Qt::StrongFocus);
    m_model = new QLabel(this);
    m_model->setObjectName(QStringLiteral("inspectorModel"));
    m_model->setTextInteractionFlags(Qt::TextSelectableByMouse);
    chooser->addWidget(m_previous);
    chooser->addWidget(m_title);
    chooser->addWidget(m_chooser);
    chooser->addWidget(m_next);
    chooser->addSpacing(12);
    chooser->addWidget(m_model, 1);
    layout->addLayout(chooser);
    connect(m_previous, &QToolButton::clicked, this, [this] { m_chooser->setValue(m_chooser->value() - 1); });
    connect(m_next, &QToolButton::clicked, this, [this] { m_chooser->setValue(m_chooser->value() + 1); });
    connect(m_chooser, &QSpinBox::valueChanged, this, [this](int value) {
        if (value > 0 && value != request())
            Q_EMIT requestChosen(value);
    });

    m_hash = new QLabel(this);
    m_hash->setObjectName(QStringLiteral("inspectorHashBanner"));
    m_hash->setWordWrap(true);
    m_hash->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_hash->setAccessibleName(tr("Hash check"));
    layout->addWidget(m_hash);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("inspectorStatus"));
    m_status->setWordWrap(true);
    m_status->hide();
    layout->addWidget(m_status);

    m_tokens = new QLabel(this);
    m_tokens->setObjectName(QStringLiteral("inspectorTokens"));
    m_tokens->setWordWrap(true);
    layout->addWidget(m_tokens);
    m_sections = new SectionBar(this);
    layout->addWidget(m_sections);
    m_cache = new QLabel(this);
    m_cache->setObjectName(QStringLiteral("inspectorCache"));
    m_cache->setWordWrap(true);
    m_cache->setAccessibleName(tr("Cache and cost"));
    layout->addWidget(m_cache);
    m_requestChips = addChipRow(layout, this, QStringLiteral("inspectorRequestChips"), tr("MemoryRefs and pointers in the request"));
}

void InspectorView::buildMessagesTab()
{
    auto *splitter = new QSplitter(Qt::Vertical, m_tabs);
    splitter->setObjectName(QStringLiteral("inspectorMessagesTab"));
    m_messages = new QTreeWidget(splitter);
    m_messages->setObjectName(QStringLiteral("inspectorMessages"));
    m_messages->setAccessibleName(tr("Messages sent"));
    m_messages->setRootIsDecorated(false);
    m_messages->setUniformRowHeights(true);
    m_messages->setAlternatingRowColors(true);
    m_messages->setHeaderLabels({tr("#"), tr("Role"), tr("Origin"), tr("Tokens"), tr("Cache"), tr("Text")});
    m_messages->header()->setStretchLastSection(true);
    connect(m_messages, &QTreeWidget::currentItemChanged, this, &InspectorView::showMessageDetails);

    auto *details = new QWidget(splitter);
    auto *detailsLayout = new QVBoxLayout(details);
    detailsLayout->setContentsMargins(0, 0, 0, 0);
    m_messageChips = addChipRow(detailsLayout, details, QStringLiteral("inspectorMessageChips"), tr("MemoryRefs and pointers in the message"));
    m_messageText = new QPlainTextEdit(details);
    m_messageText->setObjectName(QStringLiteral("inspectorMessageText"));
    m_messageText->setAccessibleName(tr("The selected message's text"));
    m_messageText->setReadOnly(true);
    m_messageText->setPlaceholderText(tr("Select a message to read what was sent."));
    detailsLayout->addWidget(m_messageText);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    m_tabs->addTab(splitter, tr("&Messages"));
}

void InspectorView::buildDiffTab()
{
    auto *page = new QWidget(m_tabs);
    page->setObjectName(QStringLiteral("inspectorDiffTab"));
    auto *layout = new QVBoxLayout(page);
    m_breakSummary = new QLabel(page);
    m_breakSummary->setObjectName(QStringLiteral("inspectorCacheBreak"));
    m_breakSummary->setWordWrap(true);
    m_breakSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_breakSummary->setAccessibleName(tr("Where the cached prefix broke"));
    layout->addWidget(m_breakSummary);
    m_diff = new QTreeWidget(page);
    m_diff->setObjectName(QStringLiteral("inspectorDiff"));
    m_diff->setAccessibleName(tr("Changes against the previous request"));
    m_diff->setHeaderLabels({tr("Change"), tr("Where it went")});
    m_diff->header()->setStretchLastSection(true);
    layout->addWidget(m_diff, 1);
    m_tabs->addTab(page, tr("&Diff"));
}

void InspectorView::setInspection(const QJsonObject &inspection)
{
    m_inspection = inspection;
    m_status->hide();
    showHeader();
    showMessages();
    showDiff();
}

void InspectorView::showBusy(const QString &what)
{
    m_status->setText(what);
    m_status->setStyleSheet(QString());
    m_status->show();
}

void InspectorView::showFailure(const QString &message)
{
    m_status->setText(tr("The request could not be inspected: %1").arg(message));
    m_status->setStyleSheet(QStringLiteral("color: #cf222e;"));
    m_status->show();
}

QString InspectorView::hashText() const
{
    return m_hash->text();
}

void InspectorView::showHeader()
{
    const int requests = m_inspection.value(QLatin1String("requests")).toInt();
    const int current = request();
    {
        const QSignalBlocker blocker(m_chooser);
        m_chooser->setRange(requests > 0 ? 1 : 0, qMax(requests, 0));
        m_chooser->setValue(current);
        m_chooser->setSuffix(requests > 0 ? tr(" of %1").arg(requests) : QString());
    }
    m_previous->setEnabled(current > 1);
    m_next->setEnabled(current > 0 && current < requests);
    m_chooser->setEnabled(requests > 1);

    QStringList facts;
    if (const QString model = m_inspection.value(QLatin1String("model")).toString(); !model.isEmpty())
        facts << model;
    if (m_inspection.contains(QLatin1String("turn")))
        facts << tr("turn %1").arg(m_inspection.value(QLatin1String("turn")).toInt());
    if (const QString when = m_inspection.value(QLatin1String("createdAt")).toString(); !when.isEmpty())
        facts << when;
    m_model->setText(facts.join(QStringLiteral(" · ")));
    showHash();

    const QJsonObject tokens = m_inspection.value(QLatin1String("tokens")).toObject();
    if (tokens.isEmpty()) {
        m_tokens->setText(current > 0 ? tr("No token counts.") : tr("No request chosen."));
    } else {
        const QString counter = tokens.value(QLatin1String("counter")).toString() == QLatin1String("exact") ? tr("exact")
                                                                                                            : tr("estimated");
        m_tokens->setText(tr("%1 tokens (%2): system %3 · tools %4 · messages %5")
                              .arg(inspectorformat::number(tokens.value(QLatin1String("total"))), counter,
                                   inspectorformat::number(tokens.value(QLatin1String("system"))),
                                   inspectorformat::number(tokens.value(QLatin1String("tools"))),
                                   inspectorformat::number(tokens.value(QLatin1String("messages")))));
    }
    QList<SectionBar::Section> sections;
    for (const QString &kind : {QStringLiteral("system"), QStringLiteral("tools"), QStringLiteral("messages")})
        sections.append({inspectorformat::sectionLabel(kind), tokens.value(kind).toInteger(), sectionColour(kind)});
    m_sections->setSections(sections);

    m_cache->setText(inspectorformat::cacheLine(m_inspection.value(QLatin1String("cache")).toObject()));

    QStringList chips;
    for (const QJsonValue &ref : m_inspection.value(QLatin1String("memoryRefs")).toArray())
        chips << inspectorformat::memoryRefChip(ref);
    setChips(m_requestChips, chips, QStringLiteral("memoryRef"));
    QStringList pointers;
    for (const QJsonValue &pointer : m_inspection.value(QLatin1String("pointers")).toArray())
        pointers << pointer.toString();
    // Appended to the same row: a request's MemoryRefs first, then its pointers.
    for (const QString &pointer : std::as_const(pointers))
        m_requestChips->insertWidget(m_requestChips->count() - 1,
                                     inspectorformat::chip(pointer, QStringLiteral("pointer"), m_requestChips->parentWidget()));
}

void InspectorView::showHash()
{
    const QJsonObject hash = m_inspection.value(QLatin1String("hash")).toObject();
    const QString source = m_inspection.value(QLatin1String("source")).toString();
    const QJsonValue match = hash.value(QLatin1String("match"));
    const QString reason = hash.value(QLatin1String("reason")).toString();
    m_mismatch = false;
    if (request() <= 0) {
        m_hash->clear();
        m_hash->setStyleSheet(QString());
    } else if (source == QLatin1String("imported")) {
        m_hash->setText(tr("Imported: rebuilt from the record, nothing to check."));
        m_hash->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));
    } else if (match.isBool() && match.toBool()) {
        m_hash->setText(tr("✓ Matches the recorded request."));
        m_hash->setStyleSheet(QStringLiteral("color: #1a7f37;"));
    } else if (match.isBool()) {
        m_mismatch = true;
        QString text = tr("MISMATCH: the view rebuilt from the record is not the request that was sent.");
        if (!reason.isEmpty())
            text += QLatin1Char(' ') + reason;
        text += QLatin1Char('\n')
                + tr("Recorded %1, rebuilt %2.")
                      .arg(hash.value(QLatin1String("recordedBody")).toString().left(16),
                           hash.value(QLatin1String("rebuiltBody")).toString().left(16));
        m_hash->setText(text);
        m_hash->setStyleSheet(QStringLiteral("background: #cf222e; color: white; font-weight: bold; padding: 6px; border-radius: 4px;"));
    } else {
        m_hash->setText(reason.isEmpty() ? tr("No recorded hash to check against.") : tr("Not checked: %1").arg(reason));
        m_hash->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));
    }
    m_hash->setAccessibleDescription(m_hash->text());
}

void InspectorView::showMessages()
{
    m_messages->clear();
    m_messageText->clear();
    setChips(m_messageChips, {}, QString());
    const QJsonArray messages = m_inspection.value(QLatin1String("messages")).toArray();
    QSet<int> breakpoints;
    for (const QJsonValue &index : m_inspection.value(QLatin1String("cache")).toObject().value(QLatin1String("breakpoints")).toArray())
        breakpoints.insert(index.toInt());
    QList<QTreeWidgetItem *> items;
    for (int i = 0; i < messages.size(); ++i) {
        const QJsonObject message = messages.at(i).toObject();
        const int index = message.value(QLatin1String("index")).toInt(i);
        auto *item = new QTreeWidgetItem;
        item->setText(IndexColumn, QString::number(index));
        item->setText(RoleColumn, message.value(QLatin1String("role")).toString());
        item->setText(OriginColumn, message.value(QLatin1String("origin")).toString());
        item->setText(TokensColumn, inspectorformat::number(message.value(QLatin1String("tokens"))));
        item->setTextAlignment(TokensColumn, Qt::AlignRight | Qt::AlignVCenter);
        const bool breakpoint = message.value(QLatin1String("cacheBreakpoint")).toBool() || breakpoints.contains(index);
        if (breakpoint) {
            item->setText(CacheColumn, tr("◆ breakpoint"));
            item->setToolTip(CacheColumn, tr("A cache breakpoint: the prefix up to here is cached."));
            QFont bold = item->font(CacheColumn);
            bold.setBold(true);
            item->setFont(CacheColumn, bold);
        }
        item->setText(TextColumn, inspectorformat::firstLine(message.value(QLatin1String("text")).toString()));
        item->setData(IndexColumn, Qt::UserRole, i);
        items.append(item);
    }
    m_messages->addTopLevelItems(items);
    for (int column = IndexColumn; column < TextColumn; ++column)
        m_messages->resizeColumnToContents(column);
}

void InspectorView::showMessageDetails()
{
    QTreeWidgetItem *item = m_messages->currentItem();
    if (!item) {
        m_messageText->clear();
        setChips(m_messageChips, {}, QString());
        return;
    }
    const QJsonObject message = m_inspection.value(QLatin1String("messages")).toArray().at(item->data(IndexColumn, Qt::UserRole).toInt()).toObject();
    m_messageText->setPlainText(message.value(QLatin1String("text")).toString());
    QStringList chips;
    for (const QJsonValue &ref : message.value(QLatin1String("memoryRefs")).toArray())
        chips << inspectorformat::memoryRefChip(ref);
    setChips(m_messageChips, chips, QStringLiteral("memoryRef"));
    for (const QJsonValue &pointer : message.value(QLatin1String("pointers")).toArray())
        m_messageChips->insertWidget(m_messageChips->count() - 1,
                                     inspectorformat::chip(pointer.toString(), QStringLiteral("pointer"), m_messageChips->parentWidget()));
}

void InspectorView::setChips(QHBoxLayout *row, const QStringList &chips, const QString &kind)
{
    while (QLayoutItem *item = row->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    for (const QString &text : chips)
        row->addWidget(inspectorformat::chip(text, kind, row->parentWidget()));
    row->addStretch(1);
}

void InspectorView::showDiff()
{
    m_diff->clear();
    const QJsonObject diff = m_inspection.value(QLatin1String("diff")).toObject();
    m_breakSummary->setText(inspectorformat::cacheBreakLine(diff, request()));
    if (diff.isEmpty())
        return;
    // The current view's messages by id, to say what an added or moved id is.
    QHash<QString, QJsonObject> byId;
    for (const QJsonValue &value : m_inspection.value(QLatin1String("messages")).toArray())
        byId.insert(value.toObject().value(QLatin1String("id")).toString(), value.toObject());
    const auto describe = [&byId](const QString &id) {
        const auto found = byId.constFind(id);
        if (found == byId.cend())
            return id;
        return tr("#%1 %2: %3")
            .arg(found->value(QLatin1String("index")).toInt())
            .arg(found->value(QLatin1String("role")).toString(), inspectorformat::firstLine(found->value(QLatin1String("text")).toString()));
    };
    const auto group = [this](const QString &label, qsizetype count) {
        auto *item = new QTreeWidgetItem(m_diff, {label.arg(count)});
        item->setExpanded(true);
        return item;
    };
    const QJsonArray added = diff.value(QLatin1String("added")).toArray();
    QTreeWidgetItem *addedGroup = group(tr("Added (%1)"), added.size());
    for (const QJsonValue &id : added)
        new QTreeWidgetItem(addedGroup, {describe(id.toString())});
    const QJsonArray evicted = diff.value(QLatin1String("evicted")).toArray();
    QTreeWidgetItem *evictedGroup = group(tr("Evicted (%1)"), evicted.size());
    for (const QJsonValue &value : evicted) {
        const QJsonObject entry = value.toObject();
        new QTreeWidgetItem(evictedGroup, {entry.value(QLatin1String("id")).toString(), entry.value(QLatin1String("pointer")).toString()});
    }
    const QJsonArray summarised = diff.value(QLatin1String("summarised")).toArray();
    QTreeWidgetItem *summarisedGroup = group(tr("Summarised (%1)"), summarised.size());
    for (const QJsonValue &value : summarised) {
        const QJsonObject entry = value.toObject();
        QStringList ids;
        for (const QJsonValue &id : entry.value(QLatin1String("ids")).toArray())
            ids << id.toString();
        auto *item = new QTreeWidgetItem(summarisedGroup, {tr("%n message(s)", nullptr, int(ids.size())),
                                                           entry.value(QLatin1String("pointer")).toString()});
        item->setToolTip(0, ids.join(QLatin1Char('\n')));
    }
    const QJsonArray moved = diff.value(QLatin1String("moved")).toArray();
    QTreeWidgetItem *movedGroup = group(tr("Moved (%1)"), moved.size());
    for (const QJsonValue &id : moved)
        new QTreeWidgetItem(movedGroup, {describe(id.toString())});
    // Wide enough for the changes, never so wide that where they went scrolls out of sight.
    m_diff->resizeColumnToContents(0);
    m_diff->setColumnWidth(0, qMin(m_diff->columnWidth(0), qMax(240, m_diff->viewport()->width() * 3 / 5)));
}

} // namespace valis
