#include "commandpalette.h"

#include "fuzzymatch.h"

#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace valis {

namespace {

constexpr int entryRole = Qt::UserRole + 1;

} // namespace

CommandPalette::CommandPalette(QWidget *window)
    : QFrame(window, Qt::Popup)
{
    setObjectName(QStringLiteral("commandPalette"));
    setAccessibleName(tr("Command palette"));
    setFrameShape(QFrame::StyledPanel);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("paletteFilter"));
    m_filter->setAccessibleName(tr("Command palette filter"));
    m_filter->setPlaceholderText(tr("Type an action, a session, a setting or a folder"));
    m_filter->setClearButtonEnabled(true);
    m_filter->installEventFilter(this);
    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("paletteList"));
    m_list->setAccessibleName(tr("Command palette results"));
    m_list->setColumnCount(2);
    m_list->setHeaderHidden(true);
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setAllColumnsShowFocus(true);
    m_list->setFocusPolicy(Qt::NoFocus); // the filter keeps the keyboard; arrows move the list
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_list->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_empty = new QLabel(tr("Nothing matches."), this);
    m_empty->setObjectName(QStringLiteral("paletteNothing"));
    m_empty->hide();
    layout->addWidget(m_filter);
    layout->addWidget(m_list);
    layout->addWidget(m_empty);
    connect(m_filter, &QLineEdit::textChanged, this, &CommandPalette::refilter);
    connect(m_list, &QTreeWidget::itemActivated, this, [this] { runCurrent(); });
    connect(m_list, &QTreeWidget::itemClicked, this, [this] { runCurrent(); }); // one click, as in a menu
}

void CommandPalette::open(QList<PaletteEntry> entries)
{
    m_entries = std::move(entries);
    m_filter->clear();
    refilter();
    QWidget *window = parentWidget();
    const int width = qBound(360, window->width() * 6 / 10, 720);
    const int height = qBound(240, window->height() * 6 / 10, 520);
    const QPoint topCentre = window->mapToGlobal(QPoint((window->width() - width) / 2, qMin(80, window->height() / 8)));
    setGeometry(QRect(topCentre, QSize(width, height)));
    show();
    raise();
    activateWindow();
    m_filter->setFocus(Qt::PopupFocusReason);
}

QStringList CommandPalette::shownTexts() const
{
    QStringList texts;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i)
        texts << m_list->topLevelItem(i)->text(0);
    return texts;
}

void CommandPalette::refilter()
{
    const QString pattern = m_filter->text();
    struct Ranked
    {
        int entry = 0;
        int score = 0;
    };
    QList<Ranked> ranked;
    for (int i = 0; i < m_entries.size(); ++i) {
        const FuzzyMatch match = fuzzyMatch(pattern, m_entries.at(i).text);
        if (match.matched)
            ranked.append({i, match.score});
    }
    // Best first; equal scores keep the order they were given in (actions, then sessions...),
    // shorter texts first among those (a closer match of the same letters).
    std::stable_sort(ranked.begin(), ranked.end(), [this](const Ranked &a, const Ranked &b) {
        if (a.score != b.score)
            return a.score > b.score;
        return m_entries.at(a.entry).text.size() < m_entries.at(b.entry).text.size();
    });
    if (pattern.trimmed().isEmpty()) // nothing typed: the given order
        std::sort(ranked.begin(), ranked.end(), [](const Ranked &a, const Ranked &b) { return a.entry < b.entry; });
    m_list->clear();
    QList<QTreeWidgetItem *> items;
    for (int i = 0; i < ranked.size() && i < maxShown; ++i) {
        const PaletteEntry &entry = m_entries.at(ranked.at(i).entry);
        auto *item = new QTreeWidgetItem({entry.text, entry.detail});
        item->setData(0, entryRole, ranked.at(i).entry);
        item->setToolTip(0, entry.text);
        items.append(item);
    }
    m_list->addTopLevelItems(items);
    if (!items.isEmpty())
        m_list->setCurrentItem(items.constFirst());
    m_empty->setVisible(items.isEmpty());
}

void CommandPalette::moveCurrent(int steps)
{
    const int count = m_list->topLevelItemCount();
    if (count == 0)
        return;
    const int row = m_list->currentItem() ? m_list->indexOfTopLevelItem(m_list->currentItem()) : 0;
    m_list->setCurrentItem(m_list->topLevelItem(qBound(0, row + steps, count - 1)));
}

void CommandPalette::runCurrent()
{
    QTreeWidgetItem *item = m_list->currentItem();
    if (!item || !isVisible()) // a click can both activate and click: run once
        return;
    const PaletteEntry entry = m_entries.value(item->data(0, entryRole).toInt());
    hide();
    // After the popup has gone, so what it runs (a dialog, a focus change) is not undone by it.
    QTimer::singleShot(0, parentWidget(), [this, entry] {
        if (entry.run)
            entry.run();
        Q_EMIT entryRun(entry.text);
    });
}

bool CommandPalette::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_filter && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        switch (key->key()) {
        case Qt::Key_Down:
            moveCurrent(1);
            return true;
        case Qt::Key_Up:
            moveCurrent(-1);
            return true;
        case Qt::Key_PageDown:
            moveCurrent(10);
            return true;
        case Qt::Key_PageUp:
            moveCurrent(-10);
            return true;
        case Qt::Key_Return:
        case Qt::Key_Enter:
            runCurrent();
            return true;
        case Qt::Key_Escape:
            hide();
            return true;
        default:
            break;
        }
    }
    return QFrame::eventFilter(watched, event);
}

} // namespace valis
