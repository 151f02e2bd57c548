#include "context/spantext.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

namespace valis::spantext {

const QStringList &pathKeys()
{
    static const QStringList keys{QStringLiteral("path"), QStringLiteral("file_path"), QStringLiteral("filename"),
                                  QStringLiteral("notebook_path"), QStringLiteral("paths"), QStringLiteral("file")};
    return keys;
}

QString commandOf(const Part &call)
{
    static const QStringList shells{QStringLiteral("exec"), QStringLiteral("Bash"), QStringLiteral("bash"), QStringLiteral("shell"),
                                    QStringLiteral("execute_bash"), QStringLiteral("run_command"), QStringLiteral("local_shell"),
                                    QStringLiteral("container.exec")};
    if (call.kind != PartKind::ToolCall || !shells.contains(call.toolName))
        return {};
    const QJsonValue command = call.arguments.toObject().value(QLatin1String("command"));
    if (command.isString())
        return command.toString();
    QStringList argv;
    for (const QJsonValue &item : command.toArray())
        argv.append(item.toString());
    // Codex runs ["bash", "-lc", "<script>"]: the script is the command.
    if (argv.size() == 3 && argv.at(1) == QLatin1String("-lc"))
        return argv.at(2);
    return argv.join(QLatin1Char(' '));
}

QStringList patchedFiles(const Part &call)
{
    if (call.kind != PartKind::ToolCall || call.toolName != QLatin1String("apply_patch"))
        return {};
    const QJsonObject arguments = call.arguments.toObject();
    QString patch = arguments.value(QLatin1String("patch")).toString();
    if (patch.isEmpty())
        patch = arguments.value(QLatin1String("input")).toString();
    if (patch.isEmpty() && call.arguments.isString())
        patch = call.arguments.toString();
    static const QRegularExpression file(QStringLiteral("^(?:\\*\\*\\* (?:Add|Update|Delete) File: |\\+\\+\\+ (?:b/)?|--- (?:a/)?)(\\S+)"),
                                         QRegularExpression::MultilineOption);
    QStringList files;
    for (QRegularExpressionMatchIterator it = file.globalMatch(patch); it.hasNext();) {
        const QString path = it.next().captured(1);
        if (path != QLatin1String("/dev/null") && !files.contains(path))
            files.append(path);
    }
    return files;
}

QString readPathOf(const Part &call)
{
    if (call.kind != PartKind::ToolCall)
        return {};
    const QJsonObject arguments = call.arguments.toObject();
    static const QStringList readers{QStringLiteral("read_file"), QStringLiteral("Read"), QStringLiteral("view_file"),
                                     QStringLiteral("open_file"), QStringLiteral("cat")};
    if (readers.contains(call.toolName)) {
        for (const QString &key : {QStringLiteral("path"), QStringLiteral("file_path"), QStringLiteral("filename")}) {
            if (arguments.value(key).isString())
                return arguments.value(key).toString();
        }
        return {};
    }
    if (call.toolName == QLatin1String("str_replace_editor") && arguments.value(QLatin1String("command")).toString() == QLatin1String("view"))
        return arguments.value(QLatin1String("path")).toString();
    static const QRegularExpression cat(QStringLiteral("^\\s*cat\\s+(['\"]?)([^\\s|;&<>'\"]+)\\1\\s*$"));
    const QRegularExpressionMatch match = cat.match(commandOf(call));
    return match.hasMatch() ? match.captured(2) : QString();
}

QList<QPair<QString, QString>> planOf(const Part &call)
{
    static const QStringList planners{QStringLiteral("write_todos"), QStringLiteral("update_plan"), QStringLiteral("TodoWrite")};
    if (call.kind != PartKind::ToolCall || !planners.contains(call.toolName))
        return {};
    const QJsonObject arguments = call.arguments.toObject();
    QJsonArray items = arguments.value(QLatin1String("todos")).toArray();
    if (items.isEmpty())
        items = arguments.value(QLatin1String("plan")).toArray();
    QList<QPair<QString, QString>> plan;
    for (const QJsonValue &value : items) {
        const QJsonObject item = value.toObject();
        QString text = item.value(QLatin1String("content")).toString();
        if (text.isEmpty())
            text = item.value(QLatin1String("step")).toString();
        if (text.isEmpty())
            text = item.value(QLatin1String("title")).toString();
        plan.append({text, item.value(QLatin1String("status")).toString()});
    }
    return plan;
}

QString resultText(const Part &result)
{
    QStringList texts;
    for (const Part &inner : result.content) {
        if (inner.kind == PartKind::Text)
            texts.append(inner.text);
    }
    return texts.join(QLatin1Char('\n'));
}

bool isRequest(const Message &message)
{
    if (!message.startsTurn())
        return false;
    const QString text = message.text().trimmed();
    return !text.isEmpty() && !text.startsWith(QLatin1String("<system-reminder>"));
}

QString firstLine(const QString &text, int width)
{
    QString line = text.trimmed().section(QLatin1Char('\n'), 0, 0).simplified();
    if (line.size() <= width)
        return line;
    line.truncate(width);
    const qsizetype space = line.lastIndexOf(QLatin1Char(' '));
    if (space > width / 2)
        line.truncate(space);
    return line + QChar(0x2026);
}

} // namespace valis::spantext
