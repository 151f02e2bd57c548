#include "workingview.h"

namespace valis::progressive {

namespace {
QString partKey(const QString &messageId, int partIndex)
{
    return messageId + QLatin1Char('#') + QString::number(partIndex);
}
} // namespace

WorkingView::WorkingView(QList<Message> &view, const StrategyBudget &budget, const StrategyContext &context,
                         const ProgressiveSettings &settings)
    : m_view(view), m_budget(budget), m_context(context), m_settings(settings)
{
    m_total = budget.viewTokens >= 0 ? budget.viewTokens : qMax<qint64>(0, budget.count(view));
}

qint64 WorkingView::partTokens(const Part &part) const
{
    Message single;
    single.parts.append(part);
    return m_budget.countTokens ? m_budget.countTokens(single) : 0;
}

ViewEdit WorkingView::replacePart(int index, int partIndex, const Part &part, const QString &item, const QString &pointer)
{
    Message &message = m_view[index];
    ViewEdit edit;
    edit.kind = ViewEdit::Kind::ReplacePart;
    edit.messageId = message.id;
    edit.partIndex = partIndex;
    edit.part = part;
    edit.item = item;
    edit.pointer = pointer;
    edit.tokensBefore = partTokens(message.parts.at(partIndex));
    edit.tokensAfter = partTokens(part);
    message.parts[partIndex] = part;
    m_total += edit.tokensAfter - edit.tokensBefore;
    if (m_replaced)
        m_replaced->insert(partKey(edit.messageId, partIndex));
    return edit;
}

ViewEdit WorkingView::replacePrefix(int last, const QList<Message> &messages, const QString &pointer)
{
    ViewEdit edit;
    edit.kind = ViewEdit::Kind::ReplacePrefix;
    edit.lastMessageId = m_view.at(last).id;
    edit.messages = messages;
    edit.item = QStringLiteral("span");
    edit.pointer = pointer;
    qint64 before = 0;
    for (int i = 0; i <= last; ++i)
        before += m_budget.countTokens(m_view.at(i));
    qint64 after = 0;
    for (const Message &message : messages)
        after += m_budget.countTokens(message);
    edit.tokensBefore = before;
    edit.tokensAfter = after;
    QList<Message> replaced = messages;
    replaced.append(m_view.mid(last + 1));
    m_view = replaced;
    m_total += after - before;
    return edit;
}

bool WorkingView::wasReplaced(const QString &messageId, int partIndex) const
{
    if (!m_replaced) {
        // Built only when eviction needs it: it walks every recorded edit.
        m_replaced.emplace();
        for (const CompactionEvent &event : m_context.history) {
            for (const ViewEdit &edit : event.edits) {
                if (edit.kind == ViewEdit::Kind::ReplacePart)
                    m_replaced->insert(partKey(edit.messageId, edit.partIndex));
            }
        }
    }
    return m_replaced->contains(partKey(messageId, partIndex));
}

bool WorkingView::keepsResults(const QString &toolName) const
{
    return m_context.keepResultsInContext.contains(toolName) || m_settings.neverMove.contains(toolName);
}

} // namespace valis::progressive
