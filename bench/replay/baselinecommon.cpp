#include "baselinecommon.h"

#include "valis/context/spansummary.h"

#include <QHash>

namespace valis::bench {

qint64 partTokens(const StrategyBudget &budget, const Part &part)
{
    Message single;
    single.parts.append(part);
    return budget.countTokens ? budget.countTokens(single) : 0;
}

qint64 textTokens(const StrategyBudget &budget, const QString &text)
{
    return partTokens(budget, Part::makeText(text));
}

qint64 tokensOf(const StrategyBudget &budget, const QList<Message> &view, int from, int to)
{
    qint64 tokens = 0;
    for (int i = qMax(0, from); i < qMin(int(view.size()), to); ++i)
        tokens += budget.countTokens ? budget.countTokens(view.at(i)) : 0;
    return tokens;
}

qint64 requestTokens(const StrategyBudget &budget, const QList<Message> &view)
{
    return budget.requestTokens(view);
}

QString canonicalTool(const QString &name)
{
    static const QHash<QString, QString> names{
        {QStringLiteral("read"), QStringLiteral("read_file")},       {QStringLiteral("read_file"), QStringLiteral("read_file")},
        {QStringLiteral("view_file"), QStringLiteral("read_file")},  {QStringLiteral("notebookread"), QStringLiteral("read_file")},
        {QStringLiteral("write"), QStringLiteral("write_file")},     {QStringLiteral("write_file"), QStringLiteral("write_file")},
        {QStringLiteral("create_file"), QStringLiteral("write_file")},
        {QStringLiteral("edit"), QStringLiteral("edit_file")},       {QStringLiteral("multiedit"), QStringLiteral("edit_file")},
        {QStringLiteral("edit_file"), QStringLiteral("edit_file")},  {QStringLiteral("str_replace_editor"), QStringLiteral("edit_file")},
        {QStringLiteral("str_replace_based_edit_tool"), QStringLiteral("edit_file")},
        {QStringLiteral("notebookedit"), QStringLiteral("edit_file")},
        {QStringLiteral("ls"), QStringLiteral("ls")},                {QStringLiteral("list_dir"), QStringLiteral("ls")},
        {QStringLiteral("list_directory"), QStringLiteral("ls")},
        {QStringLiteral("glob"), QStringLiteral("glob")},            {QStringLiteral("file_search"), QStringLiteral("glob")},
        {QStringLiteral("grep"), QStringLiteral("grep")},            {QStringLiteral("search"), QStringLiteral("grep")},
        {QStringLiteral("bash"), QStringLiteral("execute")},         {QStringLiteral("shell"), QStringLiteral("execute")},
        {QStringLiteral("exec"), QStringLiteral("execute")},         {QStringLiteral("execute_bash"), QStringLiteral("execute")},
        {QStringLiteral("local_shell"), QStringLiteral("execute")},  {QStringLiteral("execute"), QStringLiteral("execute")}};
    const QString lower = name.toLower();
    return names.value(lower, lower);
}

QString toolOfCall(const QList<Message> &view, const QString &callId, int before)
{
    for (int i = qMin(before, int(view.size()) - 1); i >= 0; --i) {
        for (const Part &part : view.at(i).parts) {
            if (part.kind == PartKind::ToolCall && part.callId == callId)
                return part.toolName;
        }
    }
    return {};
}

Message syntheticUser(const QString &id, int turn, const QString &text)
{
    Message message;
    message.id = id;
    message.role = Role::User;
    message.turn = turn;
    message.parts.append(Part::makeText(text));
    return message;
}

QString extractiveSummaryOf(const QList<Message> &span, qsizetype maxChars)
{
    return extractiveSummary(span, extractArtifacts(span), maxChars);
}

QJsonObject summaryCall(qint64 inputTokens, qint64 cachedInputTokens, qint64 outputTokens)
{
    return QJsonObject{{QStringLiteral("inputTokens"), inputTokens},
                       {QStringLiteral("cachedInputTokens"), cachedInputTokens},
                       {QStringLiteral("outputTokens"), outputTokens}};
}

StrategyReport finishReport(StrategyReport report)
{
    for (const CompactionEvent &event : std::as_const(report.events)) {
        for (const QString &id : event.replaced) {
            if (!report.replaced.contains(id))
                report.replaced.append(id);
        }
    }
    return report;
}

int openHandsEvents(const Message &message)
{
    switch (message.role) {
    case Role::System:
        return 0;
    case Role::User:
        return 1;
    case Role::Assistant: {
        const int calls = message.countParts(PartKind::ToolCall);
        return calls > 0 ? calls : 1;
    }
    case Role::Tool: {
        int results = 0;
        for (const Part &part : message.parts)
            results += part.kind == PartKind::ToolResult ? 1 : 0;
        return qMax(results, 1);
    }
    }
    return 1;
}

} // namespace valis::bench
