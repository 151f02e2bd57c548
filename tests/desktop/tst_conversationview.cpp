// The conversation page in a real Qt WebEngine under Xvfb: rendering, streaming, lazy loading,
// approvals, and that hostile model output runs nothing, loads nothing and navigates nowhere.
#include "testsupport.h"
#include "webtestsupport.h"

#include "conversationbridge.h"
#include "conversationpage.h"
#include "conversationscheme.h"
#include "conversationview.h"
#include "processconfinement.h"
#include "requestguard.h"

#include "valis/agent/recallitems.h"
#include "valis/context/compactionevent.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTimeZone>
#include <QTimer>
#include <QWebEngineProfile>

using namespace valis;

namespace {

Message textMessage(Role role, const QString &text, int seq)
{
    Message message;
    message.id = QStringLiteral("m-%1").arg(seq);
    message.role = role;
    message.seq = seq;
    message.createdAt = QDateTime(QDate(2026, 11, 25), QTime(10, 0), Qt::UTC).addSecs(seq);
    message.parts.append(Part::makeText(text));
    return message;
}

QVariant evaluate(ConversationView &view, const QString &script)
{
    return test::evaluateInPage(view.page(), script);
}

bool waitRendered(ConversationView &view, int after)
{
    return QTest::qWaitFor([&] { return view.bridge()->renderedCount() > after; }, 15000);
}

// Saves what the pane shows, as evidence of the run (tests/bin/screenshots/).
void screenshot(ConversationView &view, const QString &name)
{
    const QString dir = QCoreApplication::applicationDirPath() + QStringLiteral("/screenshots");
    QDir().mkpath(dir);
    QTest::qWait(100);
    view.grab().save(dir + QStringLiteral("/conversation-%1.png").arg(name));
}

} // namespace

class TestConversationView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void rendersMarkdownCodeAndToolCards();
    void showsCompactionEvents();
    void showsWhatWasRecalled();
    void hostileOutputRunsLoadsAndNavigatesNothing();
    void theGuardBlocksWhatGetsPastThePage();
    void linksGoToTheAppChecked();
    void streamsIntoTheLastMessageThrottled();
    void rendersLongSessionsLazily();
    void approvalCardsDecideOnlyWhatWasAsked();
    void mcpToolCardsShowTheServerAndProgress();
    void showsOneBranchWithItsAlternatives();
    void pagesAnOutlineFromTheStore();
    void chromiumSandboxIsOnUnlessTurnedOff();

private:
    std::unique_ptr<ConversationView> m_view;
};

void TestConversationView::init()
{
    m_view = std::make_unique<ConversationView>();
    m_view->resize(900, 700);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    QVERIFY2(QTest::qWaitFor([&] { return m_view->isPageReady(); }, 20000),
             qPrintable(QStringLiteral("the page never connected to the bridge: %1")
                            .arg(m_view->conversationPage()->consoleProblems().join(QLatin1Char('\n')))));
}

void TestConversationView::cleanup()
{
    if (m_view)
        QVERIFY2(m_view->conversationPage()->consoleProblems().isEmpty(),
                 qPrintable(m_view->conversationPage()->consoleProblems().join(QLatin1Char('\n'))));
    m_view.reset();
}

void TestConversationView::rendersMarkdownCodeAndToolCards()
{
    QList<Message> messages;
    messages.append(textMessage(Role::User, QStringLiteral("Why does **the build** fail?"), 1));
    Message answer = textMessage(Role::Assistant, QStringLiteral("Look at this:\n\n```cpp\nint main() { return 0; }\n```\n\n- one\n- two"), 2);
    answer.parts.prepend(Part::makeThinking(QStringLiteral("The user wants the *cause*.")));
    answer.parts.append(Part::makeToolCall(QStringLiteral("call-1"), QStringLiteral("exec"),
                                           QJsonObject{{QStringLiteral("command"), QStringLiteral("make -j2")}}));
    messages.append(answer);
    Message result;
    result.id = QStringLiteral("m-3");
    result.role = Role::Tool;
    result.seq = 3;
    QString output;
    for (int i = 1; i <= 500; ++i)
        output += QStringLiteral("line %1 of the build\n").arg(i);
    result.parts.append(Part::makeToolResultText(QStringLiteral("call-1"), output + QStringLiteral("make: *** [all] Error 2"), true));
    messages.append(result);

    SessionInfo session;
    session.id = QStringLiteral("s-1");
    session.title = QStringLiteral("Build");
    const int before = m_view->bridge()->renderedCount();
    m_view->showSession(session, messages);
    QVERIFY(waitRendered(*m_view, before));
    // highlight.js is read once a fence names a language, then the plain block is highlighted.
    QTRY_VERIFY(evaluate(*m_view, QStringLiteral("document.querySelectorAll('article.assistant pre code .hljs-keyword').length")).toInt() >= 1);
    screenshot(*m_view, QStringLiteral("markdown"));

    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelector('article.user strong').textContent")).toString(),
             QStringLiteral("the build"));
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelectorAll('article.assistant li').length")).toInt(), 2);
    // The highlighted fence kept its text and has its copy button.
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelector('article.assistant pre code').textContent")).toString(),
             QStringLiteral("int main() { return 0; }\n"));
    QVERIFY(evaluate(*m_view, QStringLiteral("document.querySelectorAll('article.assistant pre button.copy').length")).toInt() >= 1);
    // Thinking is collapsed.
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelector('details.thinking').open")).toBool(), false);
    // The result joined its call's card, which says it failed; the output is cut, with the rest one click away.
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelectorAll('.tool-card').length")).toInt(), 1);
    QVERIFY(evaluate(*m_view, QStringLiteral("document.querySelector('.tool-card').classList.contains('error')")).toBool());
    const QString shown = evaluate(*m_view, QStringLiteral("document.querySelector('.tool-card .result pre code').textContent")).toString();
    QVERIFY(shown.startsWith(QLatin1String("line 1 of the build")));
    QVERIFY(!shown.contains(QLatin1String("line 200 of the build")));
    QVERIFY(evaluate(*m_view, QStringLiteral("document.querySelector('.tool-card .cut').textContent")).toString().contains(QLatin1String("501")));
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelector('article.tool').hidden")).toBool(), true);

    QSignalSpy full(m_view.get(), &ConversationView::fullResultRequested);
    evaluate(*m_view, QStringLiteral("document.querySelector('.tool-card .cut button').click()"));
    QTRY_COMPARE(full.count(), 1);
    QCOMPARE(full.at(0).at(0).toString(), QStringLiteral("m-3"));
    QCOMPARE(full.at(0).at(1).toString(), QStringLiteral("call-1"));
}

void TestConversationView::showsCompactionEvents()
{
    CompactionEvent event;
    event.id = QStringLiteral("c-1");
    event.strategy = QStringLiteral("progressive");
    event.action = QStringLiteral("summarise");
    event.tokensBefore = 180000;
    event.tokensAfter = 21000;
    ViewEdit edit;
    edit.kind = ViewEdit::Kind::ReplacePrefix;
    edit.lastMessageId = QStringLiteral("m-1");
    edit.item = QStringLiteral("span");
    edit.pointer = QStringLiteral("/context/transcripts/T-1-through-40-3fa9c2.md");
    edit.tokensBefore = 160000;
    edit.tokensAfter = 2000;
    event.edits.append(edit);
    Message eventMessage = event.toMessage();
    eventMessage.seq = 2;
    SessionInfo session;
    session.id = QStringLiteral("s-2");
    const int before = m_view->bridge()->renderedCount();
    m_view->showSession(session, {textMessage(Role::User, QStringLiteral("go on"), 1), eventMessage});
    QVERIFY(waitRendered(*m_view, before));
    // No fence on the page: highlight.js (the page's largest script) was never read.
    QCOMPARE(evaluate(*m_view, QStringLiteral("typeof window.hljs")).toString(), QStringLiteral("undefined"));
    const QString text = evaluate(*m_view, QStringLiteral("document.querySelector('.compaction').textContent")).toString();
    QVERIFY2(text.contains(QLatin1String("summarise")) && text.contains(QLatin1String("/context/transcripts/T-1-through-40-3fa9c2.md")),
             qPrintable(text));
    QSignalSpy transcript(m_view.get(), &ConversationView::transcriptRequested);
    evaluate(*m_view, QStringLiteral("document.querySelector('.compaction button').click()"));
    QTRY_COMPARE(transcript.count(), 1);
    QCOMPARE(transcript.at(0).at(0).toString(), edit.pointer);
}

void TestConversationView::showsWhatWasRecalled()
{
    // The recall message of a turn: a collapsed "Recalled" block, each item with why it was
    // chosen, a MemoryRef one away from the memory browser, and memory text sanitised.
    RecallOutcome outcome;
    outcome.elapsedMs = 37;
    outcome.budgetMs = 1000;
    outcome.filter = QStringLiteral("anthropic/claude-haiku-4-5");
    RecallItem lesson;
    lesson.kind = RecallItemKind::Lesson;
    lesson.text = QStringLiteral("The staging build needs `--no-lto` <img src=x onerror=\"window.__pwned='recall'\">");
    lesson.memoryKey = QStringLiteral("m-81cadb");
    lesson.memoryRef = QStringLiteral("[MemoryRef: m-81cadb - staging build needs --no-lto]");
    lesson.foundBy = QStringLiteral("lexical");
    lesson.scores.insert(QStringLiteral("lexical"), 7.5);
    lesson.relevance = 1;
    lesson.reason = QStringLiteral("the user is building staging");
    lesson.sourceIds = {QStringLiteral("memory:m-81cadb")};
    RecallItem tickler;
    tickler.kind = RecallItemKind::Tickler;
    tickler.text = QStringLiteral("session \"deploys\" (turn 3): the link step ran out of memory");
    tickler.foundBy = QStringLiteral("lexical");
    tickler.late = true;
    outcome.items = {lesson, tickler};
    Message recalled = recallMessage(outcome);
    recalled.id = QStringLiteral("m-2");
    recalled.seq = 2;
    SessionInfo session;
    session.id = QStringLiteral("s-recall");
    const int before = m_view->bridge()->renderedCount();
    m_view->showSession(session, {textMessage(Role::User, QStringLiteral("let's build staging again"), 1), recalled,
                                  textMessage(Role::Assistant, QStringLiteral("Building with --no-lto."), 3)});
    QVERIFY(waitRendered(*m_view, before));
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelectorAll('details.recalled').length")).toInt(), 1);
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelector('details.recalled').open")).toBool(), false);
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelectorAll('details.recalled li.recall-item').length")).toInt(), 2);
    const QString shown = evaluate(*m_view, QStringLiteral("document.querySelector('details.recalled').textContent")).toString();
    QVERIFY2(shown.contains(QLatin1String("Recalled")) && shown.contains(QLatin1String("--no-lto"))
                 && shown.contains(QLatin1String("the user is building staging")) && shown.contains(QLatin1String("lexical"))
                 && shown.contains(QLatin1String("late")),
             qPrintable(shown));
    // The recall message is the harness's, not the person's: no edit button, not a user bubble.
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelector('article[data-id=\"m-2\"]').classList.contains('recall')")).toBool(),
             true);
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelectorAll('article[data-id=\"m-2\"] button.edit').length")).toInt(), 0);
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelectorAll('details.recalled img').length")).toInt(), 0);
    QCOMPARE(evaluate(*m_view, QStringLiteral("String(window.__pwned)")).toString(), QStringLiteral("undefined"));
    QSignalSpy memory(m_view.get(), &ConversationView::memoryRequested);
    evaluate(*m_view, QStringLiteral("document.querySelector('details.recalled').open = true;"
                                     "document.querySelector('details.recalled li.lesson button').click()"));
    QTRY_COMPARE(memory.count(), 1);
    QCOMPARE(memory.at(0).at(0).toString(), QStringLiteral("m-81cadb"));
    screenshot(*m_view, QStringLiteral("recalled"));
}

void TestConversationView::hostileOutputRunsLoadsAndNavigatesNothing()
{
    // Each tries to run script (setting window.__pwned), fetch from a remote host or navigate.
    const QStringList corpus{
        QStringLiteral("<script>window.__pwned = 'script'</script>"),
        QStringLiteral("<img src=x onerror=\"window.__pwned='onerror'\">"),
        QStringLiteral("<div onmouseover=\"window.__pwned='hover'\" style=\"position:fixed;inset:0\">cover</div>"),
        QStringLiteral("[click me](javascript:window.__pwned='link')"),
        QStringLiteral("[data link](data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX19wd25lZD0xPC9zY3JpcHQ+)"),
        QStringLiteral("<a href=\"javascript:window.__pwned='raw-link'\">raw link</a>"),
        QStringLiteral("![tracking pixel](http://198.51.100.7/pixel.png)"),
        QStringLiteral("![x](https://198.51.100.7/a.png \"title\")"),
        QStringLiteral("<svg onload=\"window.__pwned='svg'\"><script>window.__pwned='svg-script'</script></svg>"),
        QStringLiteral("<math><mtext><table><mglyph><style><img src=x onerror=\"window.__pwned='mxss'\"></style></mglyph></table></mtext></math>"),
        QStringLiteral("<iframe src=\"http://198.51.100.7/frame\"></iframe>"),
        QStringLiteral("<meta http-equiv=\"refresh\" content=\"0;url=http://198.51.100.7/away\">"),
        QStringLiteral("<base href=\"http://198.51.100.7/\"><link rel=stylesheet href=\"http://198.51.100.7/x.css\">"),
        QStringLiteral("<form action=\"http://198.51.100.7/post\"><button>send</button></form>"),
        QStringLiteral("<object data=\"http://198.51.100.7/x.swf\"></object><embed src=\"http://198.51.100.7/e\">"),
        QStringLiteral("```html\n<script>window.__pwned='fence'</script>\n<img src=http://198.51.100.7/f.png>\n```"),
        QStringLiteral("<a href=\"http://198.51.100.7/\" target=\"_blank\" rel=\"opener\">new window</a>"),
        QStringLiteral("<video src=\"http://198.51.100.7/v.mp4\" autoplay></video><audio src=\"http://198.51.100.7/a.mp3\" autoplay></audio>"),
        QStringLiteral("<style>@import url(http://198.51.100.7/i.css); body{background:url(http://198.51.100.7/bg.png)}</style>"),
        QStringLiteral("[ref]: http://198.51.100.7/ref \"x\"\n![ref img][ref]"),
        QStringLiteral("<details open ontoggle=\"window.__pwned='toggle'\"><summary>s</summary></details>"),
        QStringLiteral("<a href=\"&#106;avascript:window.__pwned='entity'\">entity</a>"),
        QStringLiteral("<noscript><p title=\"</noscript><img src=x onerror=window.__pwned='noscript'>\"></noscript>"),
    };
    QList<Message> messages;
    int seq = 1;
    for (const QString &hostile : corpus) {
        messages.append(textMessage(Role::Assistant, hostile, seq++));
        Message thinking = textMessage(Role::Assistant, QStringLiteral("ok"), seq++);
        thinking.parts.prepend(Part::makeThinking(hostile));
        messages.append(thinking);
    }
    // The same text as a tool's output and as a tool call's arguments.
    Message call = textMessage(Role::Assistant, QString(), seq++);
    call.parts.clear();
    call.parts.append(Part::makeToolCall(QStringLiteral("call-x"), QStringLiteral("<img src=x onerror=alert(1)>"),
                                         QJsonObject{{QStringLiteral("html"), corpus.join(QLatin1Char('\n'))}}));
    messages.append(call);
    Message output;
    output.id = QStringLiteral("m-out");
    output.role = Role::Tool;
    output.seq = seq++;
    output.parts.append(Part::makeToolResultText(QStringLiteral("call-x"), corpus.join(QLatin1Char('\n'))));
    messages.append(output);

    SessionInfo session;
    session.id = QStringLiteral("s-hostile");
    session.title = QStringLiteral("<img src=x onerror=\"window.__pwned='title'\">");
    const int before = m_view->bridge()->renderedCount();
    m_view->showSession(session, messages);
    QVERIFY(waitRendered(*m_view, before));
    QSignalSpy opened(m_view.get(), &ConversationView::linkOpenRequested);
    // Open every disclosure, hover and click everything that can be clicked (the app's links
    // are checked by the bridge), stream the corpus in as a live answer too.
    evaluate(*m_view, QStringLiteral("for (const d of document.querySelectorAll('details')) d.open = true;"
                                     "for (const e of document.querySelectorAll('main *')) {"
                                     "  e.dispatchEvent(new MouseEvent('mouseover', {bubbles: true}));"
                                     "  if (e.tagName === 'A') e.click(); }"));
    const int beforeStream = m_view->bridge()->renderedCount();
    for (const QString &hostile : corpus)
        m_view->appendStreamText(hostile + QStringLiteral("\n\n"));
    QVERIFY(waitRendered(*m_view, beforeStream));
    QTest::qWait(300);
    screenshot(*m_view, QStringLiteral("hostile"));

    QCOMPARE(evaluate(*m_view, QStringLiteral("typeof window.__pwned")).toString(), QStringLiteral("undefined"));
    QVERIFY2(m_view->requestGuard()->blockedRequests().isEmpty(),
             qPrintable(QUrl::toStringList(m_view->requestGuard()->blockedRequests()).join(QLatin1Char(' '))));
    QVERIFY2(m_view->conversationPage()->refusedNavigations().isEmpty(),
             qPrintable(QUrl::toStringList(m_view->conversationPage()->refusedNavigations()).join(QLatin1Char(' '))));
    QCOMPARE(m_view->page()->url(), ConversationScheme::pageUrl());
    // No element the sanitiser should have removed, no event handler or style attribute, no
    // scripts but the page's own five.
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelectorAll('main img, main svg, main math, main iframe, main object, "
                                              "main embed, main form, main style, main link, main meta, main base, main video, "
                                              "main audio, main script').length")).toInt(), 0);
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.scripts.length")).toInt(), 5);
    QCOMPARE(evaluate(*m_view, QStringLiteral("[...document.querySelectorAll('main *')].filter(e => [...e.attributes].some("
                                              "a => a.name.startsWith('on') || a.name === 'style' || a.name === 'src' || a.name === 'target')).length"))
                 .toInt(), 0);
    QCOMPARE(evaluate(*m_view, QStringLiteral("[...document.querySelectorAll('main a')].filter(a => !/^(https?:|mailto:|#)/i.test("
                                              "a.getAttribute('href') || '#')).length")).toInt(), 0);
    // The hostile text is there, as text: in the code fence and in the tool's output.
    QVERIFY(evaluate(*m_view, QStringLiteral("document.querySelector('main').textContent")).toString()
                .contains(QLatin1String("<script>window.__pwned='fence'</script>")));
    QVERIFY(evaluate(*m_view, QStringLiteral("document.querySelector('.tool-card .result pre').textContent")).toString()
                .contains(QLatin1String("<svg onload=")));
    // The clicks reached the app only as checked web links (linkified addresses), which the
    // shell asks the user about; javascript: and data: never became links at all.
    for (const QVariantList &request : std::as_const(opened))
        QVERIFY2(request.at(0).toUrl().scheme().startsWith(QLatin1String("http")), qPrintable(request.at(0).toUrl().toString()));
    for (const QString &refusal : m_view->bridge()->refusals())
        QVERIFY2(refusal.startsWith(QLatin1String("openLink ")), qPrintable(refusal));
}

void TestConversationView::theGuardBlocksWhatGetsPastThePage()
{
    // The controls for the test above: a navigation the page tries is refused and kept, and a
    // request made on the view's profile by anything but the page's own scheme is blocked.
    QSignalSpy refused(m_view->conversationPage(), &ConversationPage::navigationRefused);
    evaluate(*m_view, QStringLiteral("window.location.href = 'http://198.51.100.7/away'"));
    QTRY_VERIFY(!refused.isEmpty());
    QCOMPARE(refused.at(0).at(0).toUrl(), QUrl(QStringLiteral("http://198.51.100.7/away")));
    QCOMPARE(m_view->page()->url(), ConversationScheme::pageUrl());

    QWebEnginePage other(m_view->page()->profile());
    QSignalSpy blocked(m_view->requestGuard(), &RequestGuard::requestBlocked);
    other.setHtml(QStringLiteral("<img src=\"http://198.51.100.7/pixel.png\">"));
    QTRY_VERIFY_WITH_TIMEOUT(!blocked.isEmpty(), 10000);
    QVERIFY(m_view->requestGuard()->blockedRequests().contains(QUrl(QStringLiteral("http://198.51.100.7/pixel.png"))));
}

void TestConversationView::linksGoToTheAppChecked()
{
    SessionInfo session;
    session.id = QStringLiteral("s-links");
    const int before = m_view->bridge()->renderedCount();
    m_view->showSession(session, {textMessage(Role::Assistant, QStringLiteral("See [the docs](https://doc.qt.io/qt-6/) or https://example.org/x"), 1)});
    QVERIFY(waitRendered(*m_view, before));
    QSignalSpy opened(m_view.get(), &ConversationView::linkOpenRequested);
    evaluate(*m_view, QStringLiteral("for (const a of document.querySelectorAll('main a')) a.click()"));
    QTRY_COMPARE(opened.count(), 2);
    QCOMPARE(opened.at(0).at(0).toUrl(), QUrl(QStringLiteral("https://doc.qt.io/qt-6/")));
    QCOMPARE(opened.at(1).at(0).toUrl(), QUrl(QStringLiteral("https://example.org/x")));
    QVERIFY(m_view->conversationPage()->refusedNavigations().isEmpty());
    // The page keeps the bridge in a closure, not as a global other script could pick up ...
    QCOMPARE(evaluate(*m_view, QStringLiteral("typeof window.valis + ' ' + typeof window.bridge")).toString(),
             QStringLiteral("undefined undefined"));
    // ... and a call with anything else is refused.
    QSignalSpy refusedSpy(m_view->bridge(), &ConversationBridge::refused);
    m_view->bridge()->openLink(QStringLiteral("file:///etc/passwd"));
    m_view->bridge()->openLink(QStringLiteral("javascript:alert(1)"));
    m_view->bridge()->openTranscript(QStringLiteral("/context/transcripts/../../etc/passwd"));
    m_view->bridge()->openFull(QStringLiteral("m-1"), QStringLiteral("x y"));
    QCOMPARE(refusedSpy.count(), 4);
    QCOMPARE(opened.count(), 2);
}

void TestConversationView::streamsIntoTheLastMessageThrottled()
{
    SessionInfo session;
    session.id = QStringLiteral("s-stream");
    int before = m_view->bridge()->renderedCount();
    m_view->showSession(session, {textMessage(Role::User, QStringLiteral("count"), 1)});
    QVERIFY(waitRendered(*m_view, before));
    before = m_view->bridge()->renderedCount();
    QString expected;
    constexpr int Deltas = 400;
    for (int i = 0; i < Deltas; ++i) {
        const QString delta = QStringLiteral("word%1 ").arg(i);
        expected += delta;
        m_view->appendStreamText(delta);
    }
    QTRY_COMPARE_WITH_TIMEOUT(evaluate(*m_view, QStringLiteral("document.querySelector('article.live .body').textContent.trim()")).toString(),
                              expected.trimmed(), 10000);
    // One live message, re-rendered far less often than deltas arrived.
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelectorAll('article.live').length")).toInt(), 1);
    QVERIFY2(m_view->bridge()->renderedCount() - before < Deltas / 4,
             qPrintable(QStringLiteral("%1 renders for %2 deltas").arg(m_view->bridge()->renderedCount() - before).arg(Deltas)));
    m_view->appendActivity(QStringLiteral("→ exec ls"));
    QTRY_VERIFY(evaluate(*m_view, QStringLiteral("document.querySelector('.activity') !== null")).toBool());
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelectorAll('.streaming').length")).toInt(), 0);
}

void TestConversationView::rendersLongSessionsLazily()
{
    QList<Message> messages;
    for (int i = 1; i <= 1000; ++i)
        messages.append(textMessage(i % 2 ? Role::User : Role::Assistant, QStringLiteral("message number %1").arg(i), i));
    SessionInfo session;
    session.id = QStringLiteral("s-long");
    int before = m_view->bridge()->renderedCount();
    m_view->showSession(session, messages);
    QVERIFY(waitRendered(*m_view, before));
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelectorAll('article.msg').length")).toInt(), int(ConversationView::pageSize));
    QVERIFY(evaluate(*m_view, QStringLiteral("document.querySelector('article.msg:last-child').textContent")).toString().contains(QLatin1String("message number 1000")));
    QCOMPARE(m_view->firstRendered(), 1000 - ConversationView::pageSize);
    const auto articles = [&] { return evaluate(*m_view, QStringLiteral("document.querySelectorAll('article.msg').length")).toInt(); };
    const auto firstText = [&] { return evaluate(*m_view, QStringLiteral("document.querySelector('article.msg').textContent")).toString().trimmed(); };
    const auto lastText = [&] { return evaluate(*m_view, QStringLiteral("document.querySelector('article.msg:last-of-type').textContent")).toString().trimmed(); };
    before = m_view->bridge()->renderedCount();
    evaluate(*m_view, QStringLiteral("document.getElementById('load-earlier').click()"));
    QVERIFY(waitRendered(*m_view, before));
    QCOMPARE(articles(), int(2 * ConversationView::pageSize));
    QVERIFY(firstText().contains(QStringLiteral("message number %1").arg(1000 - 2 * ConversationView::pageSize + 1)));
    // Further back, the page keeps a window: the newest messages leave it and a button brings them back.
    for (int i = 0; i < 3; ++i) {
        before = m_view->bridge()->renderedCount();
        evaluate(*m_view, QStringLiteral("document.getElementById('load-earlier').click()"));
        QVERIFY(waitRendered(*m_view, before));
    }
    QCOMPARE(articles(), int(ConversationView::windowSize));
    QCOMPARE(m_view->firstRendered(), 1000 - 5 * ConversationView::pageSize);
    QCOMPARE(m_view->endRendered(), m_view->firstRendered() + ConversationView::windowSize);
    QVERIFY(firstText().endsWith(QStringLiteral("message number %1").arg(m_view->firstRendered() + 1)));
    QVERIFY(lastText().endsWith(QStringLiteral("message number %1").arg(m_view->endRendered())));
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.getElementById('later').hidden")).toBool(), false);
    before = m_view->bridge()->renderedCount();
    evaluate(*m_view, QStringLiteral("document.getElementById('load-later').click()"));
    QVERIFY(waitRendered(*m_view, before));
    QCOMPARE(articles(), int(ConversationView::windowSize));
    QCOMPARE(m_view->endRendered(), 1000 - ConversationView::pageSize);
    QVERIFY(lastText().endsWith(QStringLiteral("message number %1").arg(1000 - ConversationView::pageSize)));
    QVERIFY(firstText().endsWith(QStringLiteral("message number %1").arg(m_view->firstRendered() + 1)));
}

void TestConversationView::mcpToolCardsShowTheServerAndProgress()
{
    SessionInfo session;
    session.id = QStringLiteral("s-mcp");
    int before = m_view->bridge()->renderedCount();
    m_view->showSession(session, {textMessage(Role::User, QStringLiteral("run the long operation"), 1)});
    QVERIFY(waitRendered(*m_view, before));

    // A running call of an MCP tool: its server, its title, then its progress; all text.
    const QString hostile = QStringLiteral("<img src=x onerror=\"document.title='owned'\">");
    before = m_view->bridge()->renderedCount();
    m_view->startToolCard(QStringLiteral("call-9"), QStringLiteral("mcp__everything__trigger-long-running-operation"),
                          QStringLiteral("Long operation"), QStringLiteral("everything"), QStringLiteral("{\"duration\": 3}"));
    QVERIFY(waitRendered(*m_view, before));
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelector('.tool-card.live .server').textContent")).toString(),
             QStringLiteral("MCP server everything"));
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelector('.tool-card.live .title').textContent")).toString(),
             QStringLiteral("Long operation"));
    before = m_view->bridge()->renderedCount();
    m_view->showToolProgress(QStringLiteral("call-9"), 2, 5, hostile);
    QVERIFY(waitRendered(*m_view, before));
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelector('.tool-card.live progress').value")).toDouble(), 2.0);
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelector('.tool-card.live progress').max")).toDouble(), 5.0);
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelector('.tool-card.live .progress-message').textContent")).toString(), hostile);
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelectorAll('.tool-card img').length")).toInt(), 0);
    screenshot(*m_view, QStringLiteral("mcp-progress"));
    // Without a total: an indeterminate bar.
    before = m_view->bridge()->renderedCount();
    m_view->showToolProgress(QStringLiteral("call-9"), 7, -1, QStringLiteral("still going"));
    QVERIFY(waitRendered(*m_view, before));
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelector('.tool-card.live progress').hasAttribute('value')")).toBool(), false);
    before = m_view->bridge()->renderedCount();
    m_view->finishToolCard(QStringLiteral("call-9"), false);
    QVERIFY(waitRendered(*m_view, before));
    QVERIFY(evaluate(*m_view, QStringLiteral("document.querySelector('.tool-card.live').classList.contains('done')")).toBool());
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.title")).toString() == QLatin1String("owned"), false);

    // From the record: the server read from the tool's name.
    Message call = textMessage(Role::Assistant, QStringLiteral("Echoing."), 2);
    call.parts.append(Part::makeToolCall(QStringLiteral("call-10"), QStringLiteral("mcp__everything__echo"),
                                         QJsonObject{{QStringLiteral("message"), QStringLiteral("hi")}}));
    before = m_view->bridge()->renderedCount();
    m_view->showSession(session, {textMessage(Role::User, QStringLiteral("echo"), 1), call});
    QVERIFY(waitRendered(*m_view, before));
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelector('.tool-card .server').textContent")).toString(),
             QStringLiteral("MCP server everything"));
}

void TestConversationView::approvalCardsDecideOnlyWhatWasAsked()
{
    SessionInfo session;
    session.id = QStringLiteral("s-approval");
    const int before = m_view->bridge()->renderedCount();
    m_view->showSession(session, {textMessage(Role::User, QStringLiteral("delete the build folder"), 1)});
    QVERIFY(waitRendered(*m_view, before));
    QSignalSpy decided(m_view.get(), &ConversationView::approvalDecided);
    m_view->requestApproval(QStringLiteral("a-1"), QStringLiteral("Run exec?"), QStringLiteral("{\"command\": \"rm -rf build\"}"));
    QTRY_VERIFY(evaluate(*m_view, QStringLiteral("document.querySelector('.approval pre') !== null")).toBool());
    QVERIFY(evaluate(*m_view, QStringLiteral("document.querySelector('.approval pre').textContent")).toString().contains(QLatin1String("rm -rf build")));
    screenshot(*m_view, QStringLiteral("approval"));
    // A decision for an approval nobody asked for, or one the card does not offer, is refused.
    QSignalSpy refused(m_view->bridge(), &ConversationBridge::refused);
    m_view->bridge()->decide(QStringLiteral("a-2"), QStringLiteral("once"));
    m_view->bridge()->decide(QStringLiteral("a-1"), QStringLiteral("forever"));
    QCOMPARE(refused.count(), 2);
    QCOMPARE(decided.count(), 0);
    m_view->requestApproval(QStringLiteral("a-3"), QStringLiteral("Run exec?"), QStringLiteral("{}"));
    QTRY_COMPARE(evaluate(*m_view, QStringLiteral("document.querySelectorAll('.approval').length")).toInt(), 2);
    evaluate(*m_view, QStringLiteral("document.querySelectorAll('.approval')[1].querySelectorAll('.actions button')[1].click()"));
    QTRY_COMPARE(decided.count(), 1);
    QCOMPARE(decided.at(0).at(0).toString(), QStringLiteral("a-3"));
    QCOMPARE(decided.at(0).at(1).toString(), QStringLiteral("session"));
    m_view->settleApproval(QStringLiteral("a-3"), QStringLiteral("Allowed for this session"));
    QTRY_VERIFY(evaluate(*m_view, QStringLiteral("document.querySelectorAll('.approval')[1].classList.contains('decided')")).toBool());
}

void TestConversationView::showsOneBranchWithItsAlternatives()
{
    // The first question, answered; then edited and answered again (a second branch).
    QList<Message> record{textMessage(Role::User, QStringLiteral("What is two and two?"), 1),
                          textMessage(Role::Assistant, QStringLiteral("Four, the old answer."), 2),
                          textMessage(Role::User, QStringLiteral("And three and three?"), 3),
                          textMessage(Role::Assistant, QStringLiteral("Six."), 4)};
    Message edited = textMessage(Role::User, QStringLiteral("What is two and three?"), 5);
    edited.parentId = NoParentId;
    Message answer = textMessage(Role::Assistant, QStringLiteral("Five, the new answer."), 6);
    record << edited << answer;
    SessionInfo session;
    session.id = QStringLiteral("s-branches");
    int before = m_view->bridge()->renderedCount();
    m_view->showSession(session, record);
    QVERIFY(waitRendered(*m_view, before));
    // The newest branch: its two messages only, the first offering the other version.
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelectorAll('article.msg').length")).toInt(), 2);
    const QString page = evaluate(*m_view, QStringLiteral("document.body.textContent")).toString();
    QVERIFY(page.contains(QLatin1String("Five, the new answer.")));
    QVERIFY(!page.contains(QLatin1String("Four, the old answer.")));
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelector('article.msg .branch-index').textContent")).toString(),
             QStringLiteral("2 / 2"));
    QVERIFY(evaluate(*m_view, QStringLiteral("document.querySelector('.branch-step:last-of-type').disabled")).toBool());
    // Only the end of the branch can be regenerated; every user turn can be edited.
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelectorAll('button.regenerate').length")).toInt(), 1);
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelector('button.regenerate').closest('article').dataset.id")).toString(),
             QStringLiteral("m-6"));
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelectorAll('button.edit').length")).toInt(), 1);
    screenshot(*m_view, QStringLiteral("branches"));

    QSignalSpy branch(m_view.get(), &ConversationView::branchRequested);
    QSignalSpy edit(m_view.get(), &ConversationView::editRequested);
    QSignalSpy regenerate(m_view.get(), &ConversationView::regenerateRequested);
    evaluate(*m_view, QStringLiteral("document.querySelector('.branch-step').click()"));
    QTRY_COMPARE(branch.count(), 1);
    QCOMPARE(branch.at(0).at(0).toString(), QStringLiteral("m-1"));
    evaluate(*m_view, QStringLiteral("document.querySelector('button.edit').click()"));
    QTRY_COMPARE(edit.count(), 1);
    QCOMPARE(edit.at(0).at(0).toString(), QStringLiteral("m-5"));
    evaluate(*m_view, QStringLiteral("document.querySelector('button.regenerate').click()"));
    QTRY_COMPARE(regenerate.count(), 1);
    // Ids the page was never given are refused.
    QSignalSpy refused(m_view->bridge(), &ConversationBridge::refused);
    m_view->bridge()->switchBranch(QStringLiteral("m-4"));
    m_view->bridge()->editMessage(QStringLiteral("m-404"));
    QCOMPARE(refused.count(), 2);
    QCOMPARE(branch.count(), 1);

    // The first branch, as the store would ask for it (its newest message is the leaf).
    before = m_view->bridge()->renderedCount();
    m_view->showSession(session, record, {}, QStringLiteral("m-4"));
    QVERIFY(waitRendered(*m_view, before));
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelectorAll('article.msg').length")).toInt(), 4);
    QVERIFY(evaluate(*m_view, QStringLiteral("document.body.textContent")).toString().contains(QLatin1String("Four, the old answer.")));
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelector('article.msg .branch-index').textContent")).toString(),
             QStringLiteral("1 / 2"));
}

void TestConversationView::pagesAnOutlineFromTheStore()
{
    // The record as the store holds it, and the outline the view is given (no content).
    QList<Message> record;
    QList<Message> outline;
    for (int i = 1; i <= 1000; ++i) {
        record.append(textMessage(i % 2 ? Role::User : Role::Assistant, QStringLiteral("stored message %1").arg(i), i));
        Message bare = record.constLast();
        bare.parts.clear();
        outline.append(bare);
    }
    // A store that answers later, on the event loop, as the store's thread does.
    QList<QList<qint64>> asked;
    connect(m_view.get(), &ConversationView::pageWanted, this, [&](int request, const QString &sessionId, const QList<qint64> &seqs) {
        QCOMPARE(sessionId, QStringLiteral("s-outline"));
        asked.append(seqs);
        QList<Message> page;
        for (const qint64 seq : seqs)
            page.append(record.at(seq - 1));
        QTimer::singleShot(10, m_view.get(), [this, request, page] { m_view->deliverPage(request, page); });
    });
    SessionInfo session;
    session.id = QStringLiteral("s-outline");
    int before = m_view->bridge()->renderedCount();
    m_view->showSessionOutline(session, outline);
    QVERIFY(waitRendered(*m_view, before));
    QCOMPARE(asked.size(), 1);
    QCOMPARE(asked.first().size(), ConversationView::pageSize);
    QCOMPARE(asked.first().constLast(), 1000);
    QVERIFY(evaluate(*m_view, QStringLiteral("document.querySelector('article.msg:last-of-type').textContent")).toString()
                .contains(QLatin1String("stored message 1000")));
    // Paging back: each page asked for once, and only the window kept here.
    for (int i = 0; i < 5; ++i) {
        before = m_view->bridge()->renderedCount();
        evaluate(*m_view, QStringLiteral("document.getElementById('load-earlier').click()"));
        QVERIFY(waitRendered(*m_view, before));
    }
    QCOMPARE(asked.size(), 6);
    QCOMPARE(asked.constLast().constFirst(), 1000 - 6 * ConversationView::pageSize + 1);
    QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelectorAll('article.msg').length")).toInt(), int(ConversationView::windowSize));
    QVERIFY(m_view->findMessage(QStringLiteral("m-%1").arg(m_view->firstRendered() + 1)) != nullptr);
    QVERIFY(m_view->findMessage(QStringLiteral("m-1000")) == nullptr); // left the window
    QVERIFY(evaluate(*m_view, QStringLiteral("document.querySelector('article.msg').textContent")).toString()
                .contains(QStringLiteral("stored message %1").arg(m_view->firstRendered() + 1)));

    // An answer for a session no longer shown is dropped.
    disconnect(m_view.get(), &ConversationView::pageWanted, this, nullptr);
    int stale = -1;
    connect(m_view.get(), &ConversationView::pageWanted, this, [&](int request) { stale = request; });
    m_view->showSessionOutline(session, outline);
    QVERIFY(stale > 0);
    before = m_view->bridge()->renderedCount();
    m_view->showPlaceholder(QStringLiteral("Something else"));
    QVERIFY(waitRendered(*m_view, before));
    m_view->deliverPage(stale, {record.constLast()});
    QTest::qWait(200);
    QVERIFY(!evaluate(*m_view, QStringLiteral("document.body.textContent")).toString().contains(QLatin1String("stored message 1000")));
}

void TestConversationView::chromiumSandboxIsOnUnlessTurnedOff()
{
    // Root's runs turn it off (Chromium refuses to start as root with it); CTest's
    // nonroot_conversationview runs as a normal user with it on, as people run the app.
    const qint64 renderer = m_view->page()->renderProcessPid();
    QVERIFY(renderer > 0);
#ifdef Q_OS_LINUX
    const bool turnedOff = qEnvironmentVariable("QTWEBENGINE_CHROMIUM_FLAGS").contains(QLatin1String("--no-sandbox"))
                           || qEnvironmentVariableIsSet("QTWEBENGINE_DISABLE_SANDBOX");
    using valis::test::Confinement;
    using valis::test::confinementOf;
    const Confinement self = confinementOf(QStringLiteral("self"));
    const Confinement page = confinementOf(QString::number(renderer));
    QVERIFY2(page.seccompMode >= 0 && page.pidNamespaceDepth > 0, "the renderer's /proc status could not be read");
    // Filters the page's process has beyond this one's (a container may filter both), and a
    // pid namespace of its own: Chromium's seccomp-bpf and namespace sandboxes.
    const bool filtered = page.seccompFilters >= 0 ? page.seccompFilters > self.seccompFilters
                                                   : page.seccompMode == 2 && self.seccompMode != 2;
    const bool ownPids = page.pidNamespaceDepth > self.pidNamespaceDepth;
    qInfo("renderer %lld: seccomp %d with %d filters (this process: %d), pid namespace depth %d (this process: %d)",
          renderer, page.seccompMode, page.seccompFilters, self.seccompFilters, page.pidNamespaceDepth,
          self.pidNamespaceDepth);
    QCOMPARE(filtered, !turnedOff);
    QCOMPARE(ownPids, !turnedOff);
#endif
}

VALIS_WEBENGINE_TEST_MAIN(TestConversationView)

#include "tst_conversationview.moc"
