#pragma once

#include "valis/record/message.h"
#include "valis/record/session.h"

#include <QTextBrowser>

namespace valis {

/// A read-only, plain rendering of a session's messages: role, time, text, tool calls and
/// results. Everything from the record is escaped and no resource is ever fetched; the real
/// conversation pane (a sanitised web view) replaces this in a later issue.
class TranscriptView : public QTextBrowser
{
    Q_OBJECT

public:
    /// At most this many of the newest messages are rendered at once.
    static constexpr qsizetype messageLimit = 400;

    explicit TranscriptView(QWidget *parent = nullptr);

    void showSession(const SessionInfo &session, const QList<Message> &messages);
    void showPlaceholder(const QString &text);
    /// Appends streamed answer text at the end, as plain text (never markup).
    void appendStreamText(const QString &text);
    /// Appends a line of tool activity at the end, as plain text.
    void appendActivity(const QString &line);

protected:
    QVariant loadResource(int type, const QUrl &name) override;
};

} // namespace valis
