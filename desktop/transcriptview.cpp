#include "transcriptview.h"

#include <QScrollBar>
#include <QTextCursor>

#include <QLocale>

namespace valis {

namespace {

constexpr int maxLinesPerPart = 60;

QString escapedLines(const QString &text)
{
    QStringList lines = text.split(QLatin1Char('\n'));
    QString suffix;
    if (lines.size() > maxLinesPerPart) {
        suffix = QStringLiteral("\n") + TranscriptView::tr("… %n more lines", nullptr, int(lines.size() - maxLinesPerPart));
        lines = lines.mid(0, maxLinesPerPart);
    }
    return QString(lines.join(QLatin1Char('\n')) + suffix).toHtmlEscaped();
}

QString partHtml(const Part &part)
{
    switch (part.kind) {
    case PartKind::Text:
        return QStringLiteral("<pre class='text'>%1</pre>").arg(escapedLines(part.text));
    case PartKind::Thinking:
        return QStringLiteral("<pre class='thinking'>%1</pre>")
            .arg(escapedLines(part.text.isEmpty() ? TranscriptView::tr("(redacted thinking)") : part.text));
    case PartKind::ToolCall:
        return QStringLiteral("<p class='call'>→ <b>%1</b> <code>%2</code></p>")
            .arg(part.toolName.toHtmlEscaped(), escapedLines(part.argumentsJson()));
    case PartKind::ToolResult: {
        QString html = QStringLiteral("<p class='result'>← %1</p>")
                           .arg(part.isError ? TranscriptView::tr("result (error)") : TranscriptView::tr("result"));
        for (const Part &inner : part.content)
            html += partHtml(inner);
        return html;
    }
    case PartKind::Image:
        return QStringLiteral("<p>%1</p>").arg(TranscriptView::tr("[image %1]").arg(part.image.mediaType).toHtmlEscaped());
    }
    Q_UNREACHABLE();
}

QString roleText(Role role)
{
    switch (role) {
    case Role::System:
        return TranscriptView::tr("System");
    case Role::User:
        return TranscriptView::tr("User");
    case Role::Assistant:
        return TranscriptView::tr("Assistant");
    case Role::Tool:
        return TranscriptView::tr("Tool");
    }
    Q_UNREACHABLE();
}

} // namespace

TranscriptView::TranscriptView(QWidget *parent)
    : QTextBrowser(parent)
{
    setOpenLinks(false);
    setOpenExternalLinks(false);
    setReadOnly(true);
    document()->setDefaultStyleSheet(QStringLiteral(
        "pre { white-space: pre-wrap; margin: 2px 0 6px 12px; }"
        "pre.thinking { color: palette(mid); font-style: italic; }"
        "p.call, p.result { margin: 2px 0 2px 12px; }"
        "h4 { margin: 12px 0 2px 0; }"));
}

QVariant TranscriptView::loadResource(int, const QUrl &)
{
    return {}; // nothing from the record may make the view fetch anything
}

void TranscriptView::appendStreamText(const QString &text)
{
    QTextCursor cursor(document());
    cursor.movePosition(QTextCursor::End);
    cursor.insertText(text);
    ensureCursorVisible();
    verticalScrollBar()->setValue(verticalScrollBar()->maximum());
}

void TranscriptView::appendActivity(const QString &line)
{
    QTextCursor cursor(document());
    cursor.movePosition(QTextCursor::End);
    cursor.insertBlock();
    cursor.insertText(line);
    cursor.insertBlock();
    verticalScrollBar()->setValue(verticalScrollBar()->maximum());
}

void TranscriptView::showPlaceholder(const QString &text)
{
    setHtml(QStringLiteral("<p style='color: gray'>%1</p>").arg(text.toHtmlEscaped()));
}

void TranscriptView::showSession(const SessionInfo &session, const QList<Message> &messages)
{
    QString html = QStringLiteral("<h3>%1</h3><p style='color: gray'>%2</p>")
                       .arg((session.title.isEmpty() ? session.id : session.title).toHtmlEscaped(),
                            tr("%1 · %2 · %n messages", nullptr, int(messages.size()))
                                .arg(session.id, session.originKind)
                                .toHtmlEscaped());
    const qsizetype first = qMax<qsizetype>(0, messages.size() - messageLimit);
    if (first > 0)
        html += QStringLiteral("<p><i>%1</i></p>").arg(tr("%n earlier messages are not shown.", nullptr, int(first)));
    for (qsizetype i = first; i < messages.size(); ++i) {
        const Message &message = messages.at(i);
        html += QStringLiteral("<h4>%1 <span style='color: gray; font-weight: normal'>#%2 · %3</span></h4>")
                    .arg(roleText(message.role))
                    .arg(message.seq)
                    .arg(QLocale().toString(message.createdAt.toLocalTime(), QLocale::ShortFormat).toHtmlEscaped());
        for (const Part &part : message.parts)
            html += partHtml(part);
    }
    setHtml(html);
}

} // namespace valis
