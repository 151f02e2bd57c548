// The Session's branches: where each message goes in the record's tree, the active path the
// loop builds its requests from, and the commands that fork or switch it (edit-and-resend,
// regenerate, a branch switch).
#include "valis/agent/session.h"

#include "valis/store/sessionstore.h"

#include <QCoreApplication>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::Session)
};

Error busy()
{
    return Error(QStringLiteral("session.busy"), Text::tr("a turn is running; interrupt it or wait for it to finish"));
}

Error noMessage(const QString &messageId)
{
    return Error(QStringLiteral("session.no-message"), Text::tr("this session has no message \"%1\"").arg(messageId));
}
} // namespace

QString Session::activeLeafId() const
{
    return m_leaf >= 0 && m_leaf < m_record.size() ? m_record.at(m_leaf).id : QString();
}

void Session::setLeaf(qsizetype leaf)
{
    m_leaf = leaf;
    QList<Message> path;
    const QList<qsizetype> indexes = m_branches.pathTo(leaf);
    if (indexes.size() == m_record.size()) {
        path = m_record; // the whole record, shared rather than copied message by message
    } else {
        path.reserve(indexes.size());
        for (const qsizetype index : indexes)
            path.append(m_record.at(index));
    }
    m_path = path;
}

Result<Message> Session::storeUnder(qsizetype parent, Message message, bool advance)
{
    // "The previous message" is what an empty parentId says, so it is kept empty whenever it is
    // true: a session that never branches writes the record it always did.
    if (parent == m_record.size() - 1)
        message.parentId.clear();
    else
        message.parentId = parent < 0 ? QString(NoParentId) : m_record.at(parent).id;
    Result<Message> stored = m_store->appendMessage(m_info.id, message);
    if (stored.hasError())
        return stored.error();
    m_record.append(stored.value());
    m_branches.append(stored.value());
    if (advance) {
        const qsizetype added = m_record.size() - 1;
        if (m_branches.parentAt(added) == m_leaf) {
            m_leaf = added;
            m_path.append(m_record.constLast());
        } else {
            setLeaf(added); // the index read the tree otherwise; the path follows the index
        }
    }
    return stored;
}

Result<Message> Session::appendOnBranchOf(const QString &branchLeafId, Message message)
{
    const qsizetype origin = m_branches.indexOf(branchLeafId);
    // Still on the active path: the model saw nothing this branch does not hold.
    if (origin < 0 || m_branches.isOnPath(origin, m_leaf))
        return append(std::move(message));
    // Made from another branch's messages, it belongs there: at its newest message, which has
    // no children, so recording it forks nothing.
    Result<Message> stored = storeUnder(m_branches.newestLeafAt(origin), std::move(message), false);
    if (stored.hasError())
        return stored.error();
    reportAppended(stored.value(), std::nullopt, {{QStringLiteral("onActivePath"), false}});
    return stored;
}

void Session::rememberLeaf(const QString &messageId)
{
    const Result<void> remembered = m_store->setActiveLeaf(m_info.id, messageId);
    if (remembered.ok()) {
        m_info.activeLeafId = messageId;
        return;
    }
    SessionEvent warning;
    warning.kind = SessionEvent::Kind::Warning;
    warning.error = remembered.error();
    emitEvent(warning);
}

Result<void> Session::branchFrom(qsizetype edited, const QList<Part> &parts, const QString &text)
{
    // Taken before the path moves: `parts` may be the stored message's own (regenerate()), in
    // the path setLeaf() replaces and frees (ASan found it).
    Message user;
    user.role = Role::User;
    user.parts = parts;
    // The path moves to the edited message's parent first, so a view rebuilt on branchChanged
    // shows what the new message follows, and TurnStarted then adds it as after submit().
    const qsizetype previous = m_leaf;
    setLeaf(m_branches.parentAt(edited));
    Q_EMIT branchChanged();
    const Result<void> started = startTurnWith(user, text, true);
    if (started.hasError()) {
        setLeaf(previous);
        Q_EMIT branchChanged();
    }
    return started;
}

Result<void> Session::resend(const QString &userMessageId, const QString &text, const QList<Part> &attachments)
{
    if (isBusy())
        return busy();
    const qsizetype edited = m_branches.indexOf(userMessageId);
    if (edited < 0)
        return noMessage(userMessageId);
    if (!m_record.at(edited).startsTurn())
        return Error(QStringLiteral("session.not-user-message"),
                     Text::tr("only a message the user wrote can be edited and sent again"));
    if (text.trimmed().isEmpty() && attachments.isEmpty())
        return Error(QStringLiteral("session.empty-turn"), Text::tr("there is nothing to send"));
    QList<Part> parts;
    if (!text.isEmpty())
        parts.append(Part::makeText(text));
    parts.append(attachments);
    return branchFrom(edited, parts, text);
}

Result<void> Session::regenerate()
{
    if (isBusy())
        return busy();
    for (qsizetype i = m_path.size() - 1; i >= 0; --i) {
        const Message user = m_path.at(i); // a copy: branchFrom() replaces the path
        if (!user.startsTurn())
            continue;
        // The same parts as stored: images keep their blob: reference, so nothing is copied.
        return branchFrom(m_branches.indexOf(user.id), user.parts, user.text());
    }
    return Error(QStringLiteral("session.no-message"), Text::tr("there is no turn to run again"));
}

Result<void> Session::switchBranch(const QString &messageId)
{
    if (isBusy())
        return busy();
    const qsizetype chosen = m_branches.indexOf(messageId);
    if (chosen < 0)
        return noMessage(messageId);
    const qsizetype leaf = m_branches.newestLeafAt(chosen);
    if (leaf == m_leaf)
        return success();
    // Remembered first: a choice the store cannot keep would be undone by the next reopen.
    const Result<void> remembered = m_store->setActiveLeaf(m_info.id, m_record.at(leaf).id);
    if (remembered.hasError())
        return remembered.error();
    m_info.activeLeafId = m_record.at(leaf).id;
    setLeaf(leaf);
    Q_EMIT branchChanged();
    return success();
}

} // namespace valis
