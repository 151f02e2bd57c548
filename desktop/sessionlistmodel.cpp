#include "sessionlistmodel.h"

#include <QDir>
#include <QFileInfo>
#include <QColor>
#include <QFont>
#include <QFontMetrics>
#include <QGuiApplication>
#include <QHash>
#include <QJsonObject>
#include <QPainter>
#include <QPalette>
#include <QPen>

#include <algorithm>
#include <numeric>

namespace valis {

namespace {

/// "API" in a rounded box, the height of a line of text.
QPixmap apiBadge()
{
    QFont font = QGuiApplication::font();
    font.setPointSizeF(font.pointSizeF() * 0.75);
    font.setBold(true);
    const QString text = SessionListModel::tr("API");
    const QFontMetrics metrics(font);
    const qreal ratio = qApp ? qApp->devicePixelRatio() : 1.0;
    const QSize size(metrics.horizontalAdvance(text) + 8, metrics.height() + 2);
    QPixmap pixmap(size * ratio);
    pixmap.setDevicePixelRatio(ratio);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(0x1a, 0x73, 0xe8));
    painter.drawRoundedRect(QRectF(QPointF(0, 0), QSizeF(size)), 4, 4);
    painter.setPen(Qt::white);
    painter.setFont(font);
    painter.drawText(QRect(QPoint(0, 0), size), Qt::AlignCenter, text);
    return pixmap;
}

/// A pin, the height of a line of text.
QPixmap pinIcon()
{
    const QFontMetrics metrics(QGuiApplication::font());
    const qreal ratio = qApp ? qApp->devicePixelRatio() : 1.0;
    const int side = metrics.height();
    QPixmap pixmap(QSize(side, side) * ratio);
    pixmap.setDevicePixelRatio(ratio);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    const qreal s = side;
    painter.setPen(QPen(QColor(0x60, 0x60, 0x60), qMax(1.0, s / 10.0), Qt::SolidLine, Qt::RoundCap));
    painter.drawLine(QPointF(s * 0.5, s * 0.5), QPointF(s * 0.5, s * 0.95)); // the needle
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(0xd9, 0x30, 0x25));
    painter.drawEllipse(QPointF(s * 0.5, s * 0.35), s * 0.28, s * 0.28); // the head
    return pixmap;
}

/// Two decorations side by side.
QPixmap besideEachOther(const QPixmap &first, const QPixmap &second)
{
    const qreal ratio = first.devicePixelRatio();
    const QSizeF a = first.deviceIndependentSize();
    const QSizeF b = second.deviceIndependentSize();
    QPixmap pixmap((QSizeF(a.width() + 4 + b.width(), qMax(a.height(), b.height())) * ratio).toSize());
    pixmap.setDevicePixelRatio(ratio);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.drawPixmap(QPointF(0, (pixmap.deviceIndependentSize().height() - a.height()) / 2), first);
    painter.drawPixmap(QPointF(a.width() + 4, (pixmap.deviceIndependentSize().height() - b.height()) / 2), second);
    return pixmap;
}

} // namespace

bool SessionListModel::isServed(const SessionInfo &session)
{
    return session.metadata.value(QLatin1String("api")).isObject();
}

SessionListModel::SessionListModel(QObject *parent)
    : QAbstractItemModel(parent)
{}

bool SessionListModel::isPinned(const SessionInfo &session)
{
    return session.metadata.value(QLatin1String("pinned")).toBool();
}

void SessionListModel::setSessions(const QList<SessionInfo> &sessions)
{
    beginResetModel();
    m_sessions = sessions;
    arrange();
    endResetModel();
}

void SessionListModel::setSortOrder(SortOrder order)
{
    if (order == m_order)
        return;
    beginResetModel();
    m_order = order;
    arrange();
    endResetModel();
}

void SessionListModel::setContentMatches(const QString &text, const QSet<QString> &sessionIds)
{
    m_contentText = text;
    m_contentMatches = sessionIds;
}

void SessionListModel::arrange()
{
    QHash<QString, qsizetype> position;
    for (qsizetype i = 0; i < m_sessions.size(); ++i)
        position.insert(m_sessions.at(i).id, i);
    // Pinned first, then by the sort order; the store's order (newest first) breaks ties.
    QList<qsizetype> order(m_sessions.size());
    std::iota(order.begin(), order.end(), qsizetype(0));
    std::stable_sort(order.begin(), order.end(), [this](qsizetype a, qsizetype b) {
        const SessionInfo &left = m_sessions.at(a);
        const SessionInfo &right = m_sessions.at(b);
        if (isPinned(left) != isPinned(right))
            return isPinned(left);
        switch (m_order) {
        case SortOrder::RecentActivity:
            return left.updatedAt > right.updatedAt;
        case SortOrder::Created:
            return left.createdAt > right.createdAt;
        case SortOrder::Title:
            return QString::localeAwareCompare(left.title.toCaseFolded(), right.title.toCaseFolded()) < 0;
        }
        return false;
    });
    m_parentOf = QList<qsizetype>(m_sessions.size(), -1);
    m_groupOf = QList<qsizetype>(m_sessions.size(), -1);
    m_childrenOf = QList<QList<qsizetype>>(m_sessions.size());
    m_groups.clear();
    QHash<QString, qsizetype> groupOf;
    // Groups come in the order of their first session, so a group with a pinned one leads.
    for (const qsizetype i : std::as_const(order)) {
        const qsizetype parentRow = position.value(m_sessions.at(i).parentSessionId, -1);
        m_parentOf[i] = parentRow;
        if (parentRow >= 0) {
            m_childrenOf[parentRow].append(i);
            continue;
        }
        const QString workspace = QDir::cleanPath(m_sessions.at(i).workspace);
        auto group = groupOf.constFind(workspace);
        if (group == groupOf.constEnd()) {
            group = groupOf.insert(workspace, m_groups.size());
            m_groups.append(Group{m_sessions.at(i).workspace.isEmpty() ? QString() : workspace, {}});
        }
        m_groupOf[i] = group.value();
        m_groups[group.value()].sessions.append(i);
    }
}

QModelIndex SessionListModel::sessionIndex(qsizetype position) const
{
    const qsizetype parentRow = m_parentOf.at(position);
    const QList<qsizetype> &siblings = parentRow >= 0 ? m_childrenOf.at(parentRow) : m_groups.at(m_groupOf.at(position)).sessions;
    return createIndex(int(siblings.indexOf(position)), 0, quintptr(position));
}

QModelIndex SessionListModel::indexOf(const QString &sessionId) const
{
    for (qsizetype i = 0; i < m_sessions.size(); ++i) {
        if (m_sessions.at(i).id == sessionId)
            return sessionIndex(i);
    }
    return {};
}

const SessionInfo *SessionListModel::session(const QString &sessionId) const
{
    for (const SessionInfo &info : m_sessions) {
        if (info.id == sessionId)
            return &info;
    }
    return nullptr;
}

QModelIndex SessionListModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column != 0 || row < 0)
        return {};
    if (!parent.isValid())
        return row < m_groups.size() ? createIndex(row, 0, quintptr(m_sessions.size() + row)) : QModelIndex();
    const QList<qsizetype> &list = isGroup(parent) ? m_groups.at(qsizetype(parent.internalId()) - m_sessions.size()).sessions
                                                   : m_childrenOf.at(qsizetype(parent.internalId()));
    return row < list.size() ? createIndex(row, 0, quintptr(list.at(row))) : QModelIndex();
}

QModelIndex SessionListModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || isGroup(child))
        return {};
    const qsizetype position = qsizetype(child.internalId());
    const qsizetype parentRow = m_parentOf.at(position);
    if (parentRow >= 0)
        return sessionIndex(parentRow);
    const qsizetype group = m_groupOf.at(position);
    return createIndex(int(group), 0, quintptr(m_sessions.size() + group));
}

int SessionListModel::rowCount(const QModelIndex &parent) const
{
    if (parent.column() > 0)
        return 0;
    if (!parent.isValid())
        return int(m_groups.size());
    if (isGroup(parent))
        return int(m_groups.at(qsizetype(parent.internalId()) - m_sessions.size()).sessions.size());
    return int(m_childrenOf.at(qsizetype(parent.internalId())).size());
}

int SessionListModel::columnCount(const QModelIndex &) const
{
    return 1;
}

QVariant SessionListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    if (isGroup(index)) {
        const Group &group = m_groups.at(qsizetype(index.internalId()) - m_sessions.size());
        switch (role) {
        case Qt::DisplayRole: {
            if (group.workspace.isEmpty())
                return tr("No folder (%n)", nullptr, int(group.sessions.size()));
            const QString name = QFileInfo(group.workspace).fileName();
            return tr("%1 (%n)", nullptr, int(group.sessions.size())).arg(name.isEmpty() ? QDir::toNativeSeparators(group.workspace) : name);
        }
        case Qt::ToolTipRole:
            return group.workspace.isEmpty() ? tr("Sessions without a workspace folder") : QDir::toNativeSeparators(group.workspace);
        case WorkspaceRole:
            return group.workspace;
        case FilterTextRole:
            return data(index, Qt::DisplayRole);
        default:
            return {};
        }
    }
    const SessionInfo &session = m_sessions.at(qsizetype(index.internalId()));
    switch (role) {
    case Qt::DisplayRole:
        return session.title.isEmpty() ? tr("Untitled session") : session.title;
    case Qt::ToolTipRole: {
        QString tip = tr("%1\n%2 · %3 messages · updated %4")
                          .arg(session.id, session.originKind)
                          .arg(session.messageCount)
                          .arg(QLocale().toString(session.updatedAt.toLocalTime(), QLocale::ShortFormat));
        if (isServed(session))
            tip += QLatin1Char('\n') + tr("Served by the OpenAI-compatible API (profile %1)").arg(data(index, ServedProfileRole).toString());
        if (isPinned(session))
            tip += QLatin1Char('\n') + tr("Pinned");
        return tip;
    }
    case Qt::AccessibleTextRole:
        // The pin is a picture: a screen reader says it.
        return isPinned(session) ? tr("%1, pinned").arg(data(index, Qt::DisplayRole).toString()) : data(index, Qt::DisplayRole);
    case Qt::DecorationRole: {
        const bool pinned = isPinned(session);
        if (!isServed(session) && !pinned)
            return {};
        if (pinned && m_pin.isNull())
            m_pin = pinIcon();
        if (!isServed(session))
            return m_pin;
        if (m_apiBadge.isNull())
            m_apiBadge = apiBadge();
        if (!pinned)
            return m_apiBadge;
        if (m_pinAndBadge.isNull())
            m_pinAndBadge = besideEachOther(m_pin, m_apiBadge);
        return m_pinAndBadge;
    }
    case PinnedRole:
        return isPinned(session);
    case FilterTextRole: {
        const QString title = data(index, Qt::DisplayRole).toString();
        // The filter's text itself stands for a match in the messages.
        return m_contentMatches.contains(session.id) ? title + QLatin1Char('\n') + m_contentText : title;
    }
    case ServedProfileRole:
        return isServed(session) ? session.metadata.value(QLatin1String("api")).toObject().value(QLatin1String("profile")).toString()
                                 : QVariant();
    case SessionIdRole:
        return session.id;
    case WorkspaceRole:
        return session.workspace;
    default:
        return {};
    }
}

} // namespace valis
