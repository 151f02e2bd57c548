// The composer's stored prompts in the real main window (on a private X server): "/" offers
// them, "/key name=value" with the rest asked in the form sends the rendered text, recorded with
// the prompt's key and version; an unknown "/key" sends nothing. The model is the local provider
// test server, scripted.
#include "mainwindowtestsupport.h"
#include "testsupport.h"
#include "webtestsupport.h"

#include "composerwidget.h"
#include "conversationcontroller.h"
#include "mainwindow.h"
#include "promptcomposerassist.h"
#include "providerserver.h"
#include "streambuilders.h"

#include "valis/prompts/promptstore.h"
#include "valis/store/sessionstore.h"

#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QJsonDocument>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>

using namespace valis;
using test::pageText;
using test::runTurnsAgainst;

namespace {

void screenshot(QWidget *widget, const QString &name)
{
    QTest::qWait(200); // pending layout requests run first, so the picture is what a person sees
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(widget->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png")));
}

QString lastRequestText(const test::ProviderTestServer &server)
{
    return QString::fromUtf8(QJsonDocument(server.requests().constLast().json()).toJson(QJsonDocument::Compact));
}

} // namespace

class TestPromptComposer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsesInlineValues();
    void sendsAStoredPrompt();
};

void TestPromptComposer::parsesInlineValues()
{
    const PromptComposerAssist::Invocation plain = PromptComposerAssist::parse(QStringLiteral("/review"));
    QCOMPARE(plain.key, QStringLiteral("review"));
    QVERIFY(plain.values.isEmpty());
    const PromptComposerAssist::Invocation full = PromptComposerAssist::parse(
        QStringLiteral("/team/review file=src/a.cpp focus=\"error \\\"handling\\\"\" and be quick"));
    QCOMPARE(full.key, QStringLiteral("team/review"));
    QCOMPARE(full.values.value(QLatin1String("file")).toString(), QStringLiteral("src/a.cpp"));
    QCOMPARE(full.values.value(QLatin1String("focus")).toString(), QStringLiteral("error \"handling\""));
    QCOMPARE(full.rest, QStringLiteral("and be quick"));
    // Not prompt invocations: a path-like word, an upper-case one, no slash.
    QVERIFY(PromptComposerAssist::parse(QStringLiteral("/usr/Bin is missing")).key.isEmpty());
    QVERIFY(PromptComposerAssist::parse(QStringLiteral("/Review")).key.isEmpty());
    QVERIFY(PromptComposerAssist::parse(QStringLiteral("review this")).key.isEmpty());
    QVERIFY(PromptComposerAssist::parse(QStringLiteral("/everything:prompt")).key.isEmpty());
}

void TestPromptComposer::sendsAStoredPrompt()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(runTurnsAgainst(locations, server, QByteArray(VALIS_BUILT_PLUGIN_DIR)));
    {
        Result<std::unique_ptr<PromptStore>> store = PromptStore::open(locations.promptStorePath());
        QVERIFY(store.ok());
        QVERIFY(store.value()->set(QStringLiteral("house-style"), QStringLiteral("Answer in {{lang}}.")).ok());
        QVERIFY(store.value()->set(QStringLiteral("review"), QStringLiteral("Review {{file}} for {{focus}}. {{> house-style}}"),
                                   QStringLiteral("Review one file")).ok());
        QVERIFY(store.value()->set(QStringLiteral("review"), QStringLiteral("Please review {{file}} for {{focus}}. {{> house-style}}")).ok());
    }
    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.composer()->isEnabled());
    auto *assist = window.findChild<PromptComposerAssist *>(QStringLiteral("promptComposerAssist"));
    QVERIFY(assist);
    window.newSession();
    ComposerWidget *composer = window.composer();
    QPlainTextEdit *editor = composer->editor();

    // "/" offers the stored prompts, filtered by what follows it.
    editor->setFocus();
    QTest::keyClicks(editor, QStringLiteral("/rev"));
    QTRY_VERIFY_WITH_TIMEOUT(composer->suggestionsShown(), 20000);
    QCOMPARE(composer->suggestionList()->count(), 1);
    QCOMPARE(composer->suggestionList()->item(0)->text(), QStringLiteral("/review — Review one file"));
    screenshot(&window, QStringLiteral("prompt-suggestions"));
    QTest::keyClick(editor, Qt::Key_Return);
    QCOMPARE(editor->toPlainText(), QStringLiteral("/review "));
    QVERIFY(!composer->suggestionsShown());

    // One value inline, the others asked for in the form; then it is sent rendered.
    QTest::keyClicks(editor, QStringLiteral("file=src/a.cpp"));
    const int before = int(server.requests().size());
    QTest::keyClick(editor, Qt::Key_Return);
    QDialog *form = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((form = window.findChild<QDialog *>(QStringLiteral("promptVariables"))) && form->isVisible(), 20000);
    QVERIFY(!form->findChild<QLineEdit *>(QStringLiteral("promptVariable-file")));
    auto *focus = form->findChild<QLineEdit *>(QStringLiteral("promptVariable-focus"));
    auto *lang = form->findChild<QLineEdit *>(QStringLiteral("promptVariable-lang"));
    QVERIFY(focus && lang);
    focus->setText(QStringLiteral("error handling"));
    lang->setText(QStringLiteral("English"));
    screenshot(&window, QStringLiteral("prompt-variables"));
    QCOMPARE(int(server.requests().size()), before); // nothing sent before the form is answered
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream().text(QStringLiteral("Reviewed.")).stop(QStringLiteral("end_turn"))));
    form->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("Reviewed.")), 30000);
    const QString sent = lastRequestText(server);
    QVERIFY2(sent.contains(QLatin1String("Please review src/a.cpp for error handling. Answer in English.")), qPrintable(sent));
    QVERIFY2(!sent.contains(QLatin1String("/review")), qPrintable(sent));
    QTRY_VERIFY(editor->toPlainText().isEmpty());

    // The record keeps the rendered text, and which prompt and version it came from.
    {
        Result<std::unique_ptr<SessionStore>> store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
        QVERIFY(store.ok());
        const Result<QList<Message>> messages = store.value()->messages(window.conversation()->sessionId());
        QVERIFY(messages.ok());
        const Message *user = nullptr;
        for (const Message &message : messages.value()) {
            if (message.role == Role::User)
                user = &message;
        }
        QVERIFY(user);
        QCOMPARE(user->text(), QStringLiteral("Please review src/a.cpp for error handling. Answer in English."));
        const QJsonObject prompt = user->metadata.value(QLatin1String("prompt")).toObject();
        QCOMPARE(prompt.value(QLatin1String("key")).toString(), QStringLiteral("review"));
        QCOMPARE(prompt.value(QLatin1String("version")).toInt(), 2);
        QCOMPARE(prompt.value(QLatin1String("variables")).toObject().value(QLatin1String("file")).toString(), QStringLiteral("src/a.cpp"));
    }

    // An unknown prompt: said in the status line, nothing sent, the text kept.
    QTRY_VERIFY(!window.findChild<QPushButton *>(QStringLiteral("composerStop"))->isEnabled());
    const int sentSoFar = int(server.requests().size());
    QSignalSpy refused(assist, &PromptComposerAssist::promptRefused);
    QTest::keyClicks(editor, QStringLiteral("/no-such-prompt now"));
    composer->hideSuggestions();
    QTest::keyClick(editor, Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(refused.size(), 1, 20000);
    QVERIFY2(composer->status().contains(QLatin1String("No stored prompt is called /no-such-prompt")), qPrintable(composer->status()));
    QCOMPARE(editor->toPlainText(), QStringLiteral("/no-such-prompt now"));
    QTest::qWait(300);
    QCOMPARE(int(server.requests().size()), sentSoFar);
    screenshot(&window, QStringLiteral("prompt-unknown"));

    // "//" sends the text with one slash, as written.
    editor->clear();
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream().text(QStringLiteral("Plain.")).stop(QStringLiteral("end_turn"))));
    QTest::keyClicks(editor, QStringLiteral("//usr/bin is missing"));
    composer->hideSuggestions();
    QTest::keyClick(editor, Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("Plain.")), 30000);
    QVERIFY2(lastRequestText(server).contains(QLatin1String("\"/usr/bin is missing\"")), qPrintable(lastRequestText(server)));
}

VALIS_WEBENGINE_TEST_MAIN(TestPromptComposer)
#include "tst_promptcomposer.moc"
