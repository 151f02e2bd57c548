#include "soakdriver.h"

#include "eventloopwait.h"
#include "pageevaluate.h"
#include "soakmodel.h"

#include "composerwidget.h"
#include "conversationcontroller.h"
#include "conversationview.h"
#include "mainwindow.h"
#include "sessionlistmodel.h"
#include "transcriptgreppane.h"

#include <QComboBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSortFilterProxyModel>
#include <QTest>
#include <QTreeView>
#include <QWindow>

namespace valis::bench {

namespace {

Error soakError(const QString &text)
{
    return Error(QStringLiteral("soak.step-failed"), text);
}

// How long one step may take before the run calls it stuck: far beyond a turn's usual
// fraction of a second, so only a hang or a lost event trips it on a loaded machine.
constexpr int StepTimeoutMs = 120000;

// Whether `script` comes true in `page` within StepTimeoutMs, asked every 50 ms.
bool pageComesTrue(QWebEnginePage *page, const QString &script)
{
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < StepTimeoutMs) {
        const std::optional<QVariant> value = evaluateInPage(page, script);
        if (value && value->toBool())
            return true;
        spinFor(50);
    }
    return false;
}

} // namespace

SoakDriver::SoakDriver(MainWindow &window, QString workspace, QObject *parent)
    : QObject(parent), m_window(window), m_workspace(std::move(workspace))
{
    connect(m_window.conversation(), &ConversationController::turnFinished, this, [this] { ++m_finished; });
}

Result<void> SoakDriver::start()
{
    m_window.resize(1280, 900);
    m_window.show();
    if (!spinUntil([this] { return m_window.windowHandle() && m_window.windowHandle()->isExposed(); }, StepTimeoutMs))
        return soakError(QStringLiteral("the window was never shown"));
    if (!spinUntil([this] { return m_window.conversationView()->isPageReady(); }, StepTimeoutMs))
        return soakError(QStringLiteral("the conversation page never loaded"));
    if (!spinUntil([this] { return m_window.plugins() != nullptr && m_window.composer()->isEnabled(); }, StepTimeoutMs))
        return soakError(QStringLiteral("the composer never became ready: %1").arg(m_window.composer()->status()));
    if (auto *dock = m_window.findChild<QDockWidget *>(QStringLiteral("transcriptSearchDock")))
        dock->show();
    return newSession();
}

Result<void> SoakDriver::newSession()
{
    m_window.newSession();
    m_session.clear();
    ++m_sessions;
    return prepareSession();
}

Result<void> SoakDriver::prepareSession()
{
    ComposerWidget *composer = m_window.composer();
    if (composer->workspace() != m_workspace) {
        // As the folder chooser does once a folder is picked.
        composer->setWorkspace(m_workspace, true);
        Q_EMIT composer->workspaceChosen(m_workspace);
    }
    if (!spinUntil([composer, this] { return composer->workspace() == m_workspace; }, StepTimeoutMs))
        return soakError(QStringLiteral("the workspace was not taken: %1").arg(composer->workspace()));
    // The file tools only: every built plugin's tool definitions would fill the small window alone.
    auto *pack = m_window.findChild<QComboBox *>(QStringLiteral("composerToolPack"));
    const int fileOps = pack ? pack->findData(QStringLiteral("file-ops")) : -1;
    if (fileOps < 0)
        return soakError(QStringLiteral("the composer offers no file-ops tool pack"));
    pack->setCurrentIndex(fileOps);
    return {};
}

bool SoakDriver::answerApproval(bool onThePage)
{
    if (!onThePage)
        return m_window.conversation()->decideOldestApproval(QStringLiteral("once"));
    // "Allow once", the card's first action, clicked as a person clicks it.
    const std::optional<QVariant> clicked = evaluateInPage(
        m_window.conversationView()->page(),
        QStringLiteral("(function () { var b = document.querySelector('.approval:not(.decided) .actions button');"
                       " if (!b) return false; b.click(); return true; })()"));
    return clicked && clicked->toBool();
}

Result<void> SoakDriver::runTurn(int turn)
{
    ComposerWidget *composer = m_window.composer();
    if (!spinUntil([this, composer] { return composer->isEnabled() && !m_window.conversation()->isBusy(); }, StepTimeoutMs))
        return soakError(QStringLiteral("turn %1: the composer stayed busy: %2").arg(turn).arg(composer->status()));
    const qint64 before = m_finished;
    composer->editor()->setPlainText(SoakModel::turnText(turn, SoakModel::kindOf(turn)));
    QTest::keyClick(composer->editor(), Qt::Key_Return);
    const bool onThePage = (turn / 6) % 2 == 0;
    QElapsedTimer clock;
    clock.start();
    while (m_finished == before) {
        if (clock.elapsed() > StepTimeoutMs)
            return soakError(QStringLiteral("turn %1 did not finish in %2 s: %3").arg(turn).arg(StepTimeoutMs / 1000).arg(composer->status()));
        if (answerApproval(onThePage))
            ++m_approvals;
        spinUntil([this, before] { return m_finished != before; }, onThePage ? 50 : 10);
    }
    // The answer is on the page: the heading the model gave it, rendered from the record.
    const QString answered = QStringLiteral("Array.from(document.querySelectorAll('article.msg.assistant')).slice(-4)"
                                            ".some(function (a) { return a.textContent.indexOf('Turn %1: the ') >= 0; })")
                                 .arg(turn);
    if (!pageComesTrue(m_window.conversationView()->page(), answered)) {
        // What the page shows instead: how many messages, and the start of the last five.
        const std::optional<QVariant> shown = evaluateInPage(
            m_window.conversationView()->page(),
            QStringLiteral("(function () { var a = Array.from(document.querySelectorAll('article.msg'));"
                           " return a.length + ' messages; last: ' + a.slice(-5).map(function (m) {"
                           " return m.className + ': ' + m.textContent.replace(/\\s+/g, ' ').slice(0, 160); }).join(' | '); })()"));
        return soakError(QStringLiteral("turn %1 finished but its answer never showed on the page (session %2; the page: %3)")
                             .arg(turn)
                             .arg(m_window.shownSession(), shown ? shown->toString() : QStringLiteral("not readable")));
    }
    // A new session's id comes with its first turn.
    if (m_session.isEmpty() && spinUntil([this] { return !m_window.shownSession().isEmpty(); }, StepTimeoutMs))
        m_session = m_window.shownSession();
    if (m_session.isEmpty() || m_window.shownSession() != m_session)
        return soakError(QStringLiteral("turn %1 went to session \"%2\", not \"%3\"").arg(turn).arg(m_window.shownSession(), m_session));
    return {};
}

Result<void> SoakDriver::search(int earlier)
{
    TranscriptGrepPane *pane = m_window.grepPane();
    auto *query = pane->findChild<QLineEdit *>(QStringLiteral("grepQuery"));
    auto *results = pane->findChild<QListWidget *>(QStringLiteral("grepResults"));
    if (!query || !results)
        return soakError(QStringLiteral("the search dock has no query or results"));
    query->clear();
    spinUntil([pane] { return pane->statusText().isEmpty(); }, 2000);
    query->setText(QStringLiteral("%1 %2").arg(SoakModel::topicOf(earlier)).arg(earlier));
    if (!spinUntil([pane] { return !pane->statusText().isEmpty(); }, StepTimeoutMs))
        return soakError(QStringLiteral("the search for \"%1\" never answered").arg(query->text()));
    ++m_searches;
    if (results->count() == 0) {
        // The newest text may not be indexed yet (the store indexes in idle time): a miss, not a fault.
        if (pane->statusText().contains(QLatin1String("failed")))
            return soakError(pane->statusText());
        ++m_searchMisses;
        return {};
    }
    QListWidgetItem *hit = results->item(earlier % results->count());
    results->setCurrentItem(hit);
    Q_EMIT results->itemActivated(hit);
    if (!pageComesTrue(m_window.conversationView()->page(), QStringLiteral("document.querySelector('article.focus') !== null")))
        return soakError(QStringLiteral("the hit for \"%1\" was never shown in the conversation").arg(query->text()));
    return returnToSession();
}

Result<void> SoakDriver::returnToSession()
{
    if (m_session.isEmpty() || m_window.shownSession() == m_session)
        return {};
    auto *list = m_window.findChild<QTreeView *>(QStringLiteral("sessionList"));
    auto *proxy = list ? qobject_cast<QSortFilterProxyModel *>(list->model()) : nullptr;
    if (!proxy)
        return soakError(QStringLiteral("the session list is not where it was"));
    const QModelIndex index = proxy->mapFromSource(m_window.sessionModel()->indexOf(m_session));
    if (!index.isValid())
        return soakError(QStringLiteral("session %1 is not in the list").arg(m_session));
    list->setCurrentIndex(index);
    if (!spinUntil([this] { return m_window.shownSession() == m_session && m_window.composer()->isEnabled(); }, StepTimeoutMs))
        return soakError(QStringLiteral("session %1 was not shown again").arg(m_session));
    return {};
}

Result<void> SoakDriver::pageBackAndForth(int pages)
{
    ConversationView *view = m_window.conversationView();
    // Where the reader was: the page is a window of messages, so going back may drop the newest
    // ones, and going forth again brings them back.
    const qsizetype newest = view->endRendered();
    for (int loaded = 0; loaded < pages && view->firstRendered() > 0; ++loaded) {
        const qsizetype first = view->firstRendered();
        evaluateInPage(view->page(), QStringLiteral("document.getElementById('load-earlier').click()"));
        if (!spinUntil([view, first] { return view->firstRendered() < first; }, StepTimeoutMs))
            return soakError(QStringLiteral("the page of messages before %1 never came").arg(first));
        ++m_pages;
    }
    while (view->endRendered() < newest) {
        const qsizetype end = view->endRendered();
        evaluateInPage(view->page(), QStringLiteral("document.getElementById('load-later').click()"));
        if (!spinUntil([view, end] { return view->endRendered() > end; }, StepTimeoutMs))
            return soakError(QStringLiteral("the page of messages after %1 never came").arg(end));
        ++m_pages;
    }
    return {};
}

} // namespace valis::bench
