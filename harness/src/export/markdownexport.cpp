#include "valis/export/jsonlexport.h"

#include "valis/record/recordjson.h"
#include "valis/store/sessionstore.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QRegularExpression>

namespace valis {

namespace {

constexpr qint64 pageSize = 500;

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::MarkdownExport)
};

/// A code fence longer than any run of backticks in `text`, so the text cannot close it.
QString fenceFor(const QString &text)
{
    static const QRegularExpression runs(QStringLiteral("`{3,}"));
    qsizetype longest = 2;
    auto it = runs.globalMatch(text);
    while (it.hasNext())
        longest = qMax(longest, it.next().capturedLength());
    return QString(longest + 1, QLatin1Char('`'));
}

QString fenced(const QString &text, const QString &language = {})
{
    const QString fence = fenceFor(text);
    QString body = text;
    if (!body.endsWith(QLatin1Char('\n')))
        body += QLatin1Char('\n');
    return fence + language + QLatin1Char('\n') + body + fence + QLatin1Char('\n');
}

QString roleHeading(const Message &message)
{
    QString heading;
    switch (message.role) {
    case Role::System:
        heading = Text::tr("System");
        break;
    case Role::User:
        // The recall step's reminder to the model, not the person's words.
        heading = message.metadata.contains(QLatin1String("recall")) ? Text::tr("Recalled for the model") : Text::tr("User");
        break;
    case Role::Assistant:
        heading = message.model.isEmpty() ? Text::tr("Assistant") : Text::tr("Assistant (%1)").arg(message.model);
        break;
    case Role::Tool:
        heading = Text::tr("Tool");
        break;
    }
    if (message.createdAt.isValid())
        heading += QStringLiteral(" · ") + message.createdAt.toString(Qt::ISODate);
    return heading;
}

QString partMarkdown(const Part &part)
{
    switch (part.kind) {
    case PartKind::Text:
        return part.text + QStringLiteral("\n");
    case PartKind::Thinking: {
        const QString body = part.text.isEmpty() && !part.redactedData.isEmpty() ? Text::tr("(redacted)") : part.text;
        return QStringLiteral("<details><summary>%1</summary>\n\n").arg(Text::tr("Thinking")) + fenced(body)
               + QStringLiteral("\n</details>\n");
    }
    case PartKind::ToolCall: {
        QString arguments = part.argumentsJson();
        if (part.arguments.isObject())
            arguments = QString::fromUtf8(QJsonDocument(part.arguments.toObject()).toJson(QJsonDocument::Indented));
        return Text::tr("**Tool call** `%1` (%2)").arg(part.toolName, part.callId) + QStringLiteral("\n\n")
               + fenced(arguments, QStringLiteral("json"));
    }
    case PartKind::ToolResult: {
        QString out = (part.isError ? Text::tr("**Tool result** (%1, error)") : Text::tr("**Tool result** (%1)")).arg(part.callId)
                      + QStringLiteral("\n\n");
        for (const Part &inner : part.content) {
            if (inner.kind == PartKind::Text)
                out += fenced(inner.text);
            else
                out += partMarkdown(inner);
        }
        return out;
    }
    case PartKind::Image:
        return Text::tr("*[image %1, %2]*").arg(part.image.mediaType, part.image.uri) + QStringLiteral("\n");
    }
    Q_UNREACHABLE();
}

} // namespace

Result<void> MarkdownExport::write(const SessionStore &store, const QString &sessionId, QIODevice &out)
{
    Result<SessionInfo> info = store.session(sessionId);
    if (!info.ok())
        return info.error();
    QString header = QStringLiteral("# ") + (info->title.isEmpty() ? sessionId : info->title) + QStringLiteral("\n\n");
    header += Text::tr("- Session: `%1` (%2)").arg(sessionId, info->originKind) + QLatin1Char('\n');
    if (!info->workspace.isEmpty())
        header += Text::tr("- Workspace: `%1`").arg(info->workspace) + QLatin1Char('\n');
    if (!info->model.isEmpty())
        header += Text::tr("- Model: %1").arg(info->model) + QLatin1Char('\n');
    if (info->createdAt.isValid())
        header += Text::tr("- Started: %1").arg(info->createdAt.toString(Qt::ISODate)) + QLatin1Char('\n');
    if (!info->parentSessionId.isEmpty())
        header += Text::tr("- Started by session `%1`").arg(info->parentSessionId) + QLatin1Char('\n');
    QByteArray chunk = header.toUtf8();

    // A reader follows one conversation: the branch the session shows (the JSONL export keeps
    // every branch).
    const Result<QSet<qint64>> shown = store.shownBranch(sessionId);
    if (shown.hasError())
        return shown.error();

    int currentTurn = -1;
    for (qint64 from = 0;; from += pageSize) {
        Result<QList<Message>> page = store.messages(sessionId, from, pageSize);
        if (!page.ok())
            return page.error();
        for (const Message &message : page.value()) {
            if (!shown->contains(message.seq))
                continue;
            QString text;
            if (message.turn != currentTurn && message.turn > 0) {
                currentTurn = message.turn;
                text += QStringLiteral("\n## ") + Text::tr("Turn %1").arg(message.turn) + QLatin1Char('\n');
            }
            text += QStringLiteral("\n### ") + roleHeading(message) + QStringLiteral("\n\n");
            const QString marker = message.metadata.value(QLatin1String("marker")).toString();
            if (!marker.isEmpty())
                text += QStringLiteral("> ") + Text::tr("marker: %1").arg(marker) + QStringLiteral("\n\n");
            for (const Part &part : message.parts)
                text += partMarkdown(part) + QLatin1Char('\n');
            chunk += text.toUtf8();
        }
        if (out.write(chunk) != chunk.size()) {
            return Error(QStringLiteral("export.write-failed"),
                         Text::tr("cannot write the export: %1").arg(out.errorString()));
        }
        chunk.clear();
        if (page->size() < pageSize)
            break;
    }
    return success();
}

} // namespace valis
