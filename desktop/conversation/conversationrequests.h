#pragma once

#include "valis/core/datalocations.h"

#include <QObject>
#include <QPointer>
#include <QUrl>

class QWidget;

namespace valis {

class ConversationView;

/// Carries out what the conversation page asks of the shell: opens a link in the system browser
/// once the person agreed, shows a tool result whole, opens a transcript a summary saved. The
/// page itself can do none of these.
class ConversationRequests : public QObject
{
    Q_OBJECT

public:
    ConversationRequests(const DataLocations &locations, ConversationView *view, QWidget *window);

    /// Asks whether to open `url`, and opens it in the system browser on yes.
    void confirmAndOpen(const QUrl &url);
    /// Shows the whole result of `callId` in message `messageId` of the shown session.
    void showFullResult(const QString &messageId, const QString &callId);
    /// Reads the shown session's `/context/transcripts/...` file (off the GUI thread) and shows it.
    void showTranscript(const QString &path);

Q_SIGNALS:
    /// A text window was opened (for tests and the status bar).
    void textShown(const QString &title, const QString &text);
    void failed(const QString &message);

private:
    void showText(const QString &title, const QString &text);

    DataLocations m_locations;
    QPointer<ConversationView> m_view;
    QWidget *m_window;
};

} // namespace valis
