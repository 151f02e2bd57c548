#pragma once

#include "valis/core/result.h"

#include <QObject>
#include <QString>

namespace valis {
class MainWindow;
}

namespace valis::bench {

/// Drives the real MainWindow as a person would, as fast as it answers: turns typed into the
/// composer and sent with Enter, approvals answered (alternately on the page's card and with the
/// shell's "answer the oldest approval"), transcript searches in the search dock with a hit
/// opened in the conversation, pages loaded back and forth in the conversation page, and new
/// sessions. Every step waits for the window to show its effect and fails with what it waited
/// for when it does not come. Lives in the GUI thread; the window outlives it.
class SoakDriver : public QObject
{
    Q_OBJECT

public:
    SoakDriver(MainWindow &window, QString workspace, QObject *parent = nullptr);

    /// Waits for the window, its page and its plugins, and opens the first session.
    Result<void> start();
    /// Turn `turn`: its text sent, its approvals answered, its answer finished.
    Result<void> runTurn(int turn);
    /// A transcript search for what turn `earlier` said, one hit opened in the conversation,
    /// then back to the session being worked in.
    Result<void> search(int earlier);
    /// Up to `pages` pages of earlier messages loaded, then as many newer ones.
    Result<void> pageBackAndForth(int pages);
    /// A new session (in the same workspace and tool pack) for the turns that follow.
    Result<void> newSession();

    qint64 searches() const { return m_searches; }
    qint64 searchMisses() const { return m_searchMisses; }
    qint64 pages() const { return m_pages; }
    qint64 approvals() const { return m_approvals; }
    qint64 sessions() const { return m_sessions; }

private:
    Result<void> prepareSession();
    Result<void> returnToSession();
    bool answerApproval(bool onThePage);

    MainWindow &m_window;
    QString m_workspace;
    QString m_session; ///< the session the turns go to (empty until its first turn)
    qint64 m_finished = 0;
    qint64 m_searches = 0;
    qint64 m_searchMisses = 0;
    qint64 m_pages = 0;
    qint64 m_approvals = 0;
    qint64 m_sessions = 0;
};

} // namespace valis::bench
