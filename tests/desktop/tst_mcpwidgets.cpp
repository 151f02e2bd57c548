// The MCP parts of the shell that stand on their own: the form made from an elicitation schema,
// the dialogs a tool's question opens, resources as attachments, and Settings > MCP servers
// writing config/mcp.json (imports, an unreadable file, an untouched page). The parts that
// need running servers are in tst_mcpshell.
#include "testsupport.h"

#include "attachment.h"
#include "composerwidget.h"
#include "mcpinteractiondialog.h"
#include "mcpschemaform.h"
#include "mcpservereditor.h"
#include "mcpserverspage.h"
#include "mcpstatusbutton.h"

#include "valis/mcp/mcpserverconfig.h"

#include <QApplication>
#include <QBuffer>
#include <QDir>
#include <QImage>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace valis;

namespace {

QJsonObject parse(const char *json)
{
    return QJsonDocument::fromJson(json).object();
}

QByteArray readBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void screenshot(QWidget *widget, const QString &name)
{
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(widget->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png")));
}

// The kind of schema server-everything's trigger-elicitation-request sends, and more.
const char *FormSchema = R"({
  "type": "object",
  "properties": {
    "name": {"type": "string", "title": "Full name", "description": "As on your passport", "minLength": 2, "maxLength": 40},
    "email": {"type": "string", "format": "email"},
    "age": {"type": "integer", "minimum": 0, "maximum": 150, "default": 30},
    "score": {"type": "number", "minimum": 0.5},
    "subscribe": {"type": "boolean", "default": true},
    "colour": {"type": "string", "oneOf": [{"const": "r", "title": "Red"}, {"const": "g", "title": "Green"}]},
    "size": {"type": "string", "enum": ["S", "M", "L"], "enumNames": ["Small", "Medium", "Large"], "default": "M"},
    "pets": {"type": "array", "items": {"type": "string", "enum": ["cat", "dog"]}, "maxItems": 1}
  },
  "required": ["name", "colour"]
})";

SessionEvent interaction(const QString &kind, const QJsonObject &extra)
{
    SessionEvent event;
    event.kind = SessionEvent::Kind::InteractionRequested;
    event.requestId = QStringLiteral("i-1");
    event.callId = QStringLiteral("call-1");
    event.toolName = QStringLiteral("mcp__everything__trigger");
    event.text = QStringLiteral("<b>Please</b> tell me");
    QJsonObject details = extra;
    details.insert(QStringLiteral("kind"), kind);
    details.insert(QStringLiteral("source"), QStringLiteral("MCP server everything"));
    event.details = details;
    return event;
}

} // namespace

class TestMcpWidgets : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void schemaFormFillsDefaultsAndChecks();
    void formDialogAnswersOnlyWhenComplete();
    void urlAndSamplingDialogsShowWhatIsAsked();
    void resourcesBecomeAttachments();
    void composerSuggestionsAreKeyboardDriven();
    void untouchedPageWritesNothing();
    void unreadableFileIsNeverWrittenOver();
    void importsAndEditsWriteTheFile();
    void projectFileIsAskedAbout();
    void statusButtonHidesWithoutHost();
};

void TestMcpWidgets::schemaFormFillsDefaultsAndChecks()
{
    McpSchemaForm form(parse(FormSchema));
    QCOMPARE(form.fieldNames().size(), 8);
    // Required fields first.
    QCOMPARE(form.fieldNames().mid(0, 2), (QStringList{QStringLiteral("colour"), QStringLiteral("name")}));
    auto *age = qobject_cast<QLineEdit *>(form.field(QStringLiteral("age")));
    QVERIFY(age);
    QCOMPARE(age->text(), QStringLiteral("30"));
    QVERIFY(age->placeholderText().contains(QLatin1String("150")));
    QVERIFY(qobject_cast<QCheckBox *>(form.field(QStringLiteral("subscribe")))->isChecked());
    auto *size = qobject_cast<QComboBox *>(form.field(QStringLiteral("size")));
    QCOMPARE(size->currentText(), QStringLiteral("Medium"));
    auto *colour = qobject_cast<QComboBox *>(form.field(QStringLiteral("colour")));
    QCOMPARE(colour->itemText(1), QStringLiteral("Red"));
    QVERIFY(qobject_cast<QLineEdit *>(form.field(QStringLiteral("name")))->maxLength() == 40);

    // Nothing chosen yet: the required fields are named.
    QStringList problems = form.problems();
    QVERIFY2(problems.join(QLatin1Char('|')).contains(QLatin1String("Full name is required")), qPrintable(problems.join(QLatin1Char('|'))));
    QVERIFY(problems.join(QLatin1Char('|')).contains(QLatin1String("colour is required")));

    qobject_cast<QLineEdit *>(form.field(QStringLiteral("name")))->setText(QStringLiteral("A"));
    colour->setCurrentIndex(2);
    qobject_cast<QLineEdit *>(form.field(QStringLiteral("email")))->setText(QStringLiteral("not-an-address"));
    age->setText(QStringLiteral("151"));
    qobject_cast<QLineEdit *>(form.field(QStringLiteral("score")))->setText(QStringLiteral("0.25"));
    auto *pets = qobject_cast<QListWidget *>(form.field(QStringLiteral("pets")));
    pets->item(0)->setCheckState(Qt::Checked);
    pets->item(1)->setCheckState(Qt::Checked);
    problems = form.problems();
    const QString all = problems.join(QLatin1Char('|'));
    QVERIFY2(all.contains(QLatin1String("Full name needs at least 2 characters")), qPrintable(all));
    QVERIFY2(all.contains(QLatin1String("email must be an e-mail address")), qPrintable(all));
    QVERIFY2(all.contains(QLatin1String("age must be at most 150")), qPrintable(all));
    QVERIFY2(all.contains(QLatin1String("score must be at least 0.5")), qPrintable(all));
    QVERIFY2(all.contains(QLatin1String("Choose at most 1 for pets")), qPrintable(all));

    qobject_cast<QLineEdit *>(form.field(QStringLiteral("name")))->setText(QStringLiteral("Ada Lovelace"));
    qobject_cast<QLineEdit *>(form.field(QStringLiteral("email")))->setText(QStringLiteral("ada@example.org"));
    age->setText(QStringLiteral("36"));
    qobject_cast<QLineEdit *>(form.field(QStringLiteral("score")))->setText(QStringLiteral("2.5"));
    pets->item(1)->setCheckState(Qt::Unchecked);
    QVERIFY2(form.problems().isEmpty(), qPrintable(form.problems().join(QLatin1Char('|'))));
    const QJsonObject content = form.content();
    QCOMPARE(content.value(QLatin1String("name")).toString(), QStringLiteral("Ada Lovelace"));
    QCOMPARE(content.value(QLatin1String("colour")).toString(), QStringLiteral("g"));
    QCOMPARE(content.value(QLatin1String("age")).toInteger(), 36);
    QCOMPARE(content.value(QLatin1String("score")).toDouble(), 2.5);
    QCOMPARE(content.value(QLatin1String("subscribe")).toBool(), true);
    QCOMPARE(content.value(QLatin1String("size")).toString(), QStringLiteral("M"));
    QCOMPARE(content.value(QLatin1String("pets")).toArray(), QJsonArray{QStringLiteral("cat")});
}

void TestMcpWidgets::formDialogAnswersOnlyWhenComplete()
{
    auto *dialog = new McpInteractionDialog(interaction(QStringLiteral("form"), {{QStringLiteral("schema"), parse(FormSchema)}}), QString());
    QSignalSpy answered(dialog, &McpInteractionDialog::answered);
    dialog->show();
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    // The server's message is text, never markup.
    QCOMPARE(dialog->findChild<QLabel *>(QStringLiteral("interactionMessage"))->textFormat(), Qt::PlainText);
    QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("interactionSource"))->text().contains(QLatin1String("MCP server everything")));
    // Keyboard: the first field has the focus.
    QTRY_COMPARE(QApplication::focusWidget(), dialog->form()->field(dialog->form()->fieldNames().constFirst()));
    auto *send = dialog->findChild<QPushButton *>(QStringLiteral("interactionAccept"));
    send->click();
    QCOMPARE(answered.size(), 0);
    QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("interactionProblems"))->isVisible());
    qobject_cast<QComboBox *>(dialog->form()->field(QStringLiteral("colour")))->setCurrentIndex(1);
    QTest::keyClicks(dialog->form()->field(QStringLiteral("name")), QStringLiteral("Grace"));
    screenshot(dialog, QStringLiteral("mcp-form-dialog"));
    send->click();
    QCOMPARE(answered.size(), 1);
    const auto answer = answered.at(0).at(1).value<ToolInteractionAnswer>();
    QCOMPARE(answer.action, ToolInteractionAnswer::Action::Accept);
    QCOMPARE(answer.content.value(QLatin1String("name")).toString(), QStringLiteral("Grace"));
    QCOMPARE(answer.content.value(QLatin1String("colour")).toString(), QStringLiteral("r"));

    // Closed without a choice: cancel, once.
    auto *other = new McpInteractionDialog(interaction(QStringLiteral("form"), {{QStringLiteral("schema"), parse(FormSchema)}}), QString());
    QSignalSpy cancelled(other, &McpInteractionDialog::answered);
    other->show();
    QVERIFY(QTest::qWaitForWindowExposed(other));
    QTest::keyClick(other, Qt::Key_Escape);
    QCOMPARE(cancelled.size(), 1);
    QCOMPARE(cancelled.at(0).at(1).value<ToolInteractionAnswer>().action, ToolInteractionAnswer::Action::Cancel);
    // Settled elsewhere: no answer from here.
    auto *settled = new McpInteractionDialog(interaction(QStringLiteral("form"), {{QStringLiteral("schema"), parse(FormSchema)}}), QString());
    QSignalSpy none(settled, &McpInteractionDialog::answered);
    settled->show();
    settled->settle();
    QCOMPARE(none.size(), 0);
}

void TestMcpWidgets::urlAndSamplingDialogsShowWhatIsAsked()
{
    const QString address = QStringLiteral("https://auth.example.com/authorize?client=valis&state=x y");
    auto *url = new McpInteractionDialog(interaction(QStringLiteral("url"), {{QStringLiteral("url"), address},
                                                                            {QStringLiteral("host"), QStringLiteral("auth.example.com")}}),
                                         QString());
    QSignalSpy urlAnswer(url, &McpInteractionDialog::answered);
    url->show();
    QVERIFY(QTest::qWaitForWindowExposed(url));
    auto *host = url->findChild<QLabel *>(QStringLiteral("interactionHost"));
    QCOMPARE(host->text(), QStringLiteral("auth.example.com"));
    QVERIFY(host->font().pointSizeF() > url->font().pointSizeF());
    QVERIFY(url->findChild<QPlainTextEdit *>(QStringLiteral("interactionUrl"))->toPlainText().startsWith(
        QLatin1String("https://auth.example.com/authorize?client=valis&state=x%20y")));
    // Enter declines: an address is never opened by accident.
    QTest::keyClick(url, Qt::Key_Return);
    QCOMPARE(urlAnswer.size(), 1);
    QCOMPARE(urlAnswer.at(0).at(1).value<ToolInteractionAnswer>().action, ToolInteractionAnswer::Action::Decline);

    const QJsonObject sampling = parse(R"({"messages": [{"role": "user", "content": {"type": "text", "text": "Write a haiku"}}],
        "systemPrompt": "You are a poet", "maxTokens": 77, "modelPreferences": {"hints": [{"name": "claude-3"}]}})");
    auto *sample = new McpInteractionDialog(interaction(QStringLiteral("sampling"), {{QStringLiteral("sampling"), sampling}}),
                                            QStringLiteral("claude-sonnet-4-5"));
    QSignalSpy sampleAnswer(sample, &McpInteractionDialog::answered);
    sample->show();
    QVERIFY(QTest::qWaitForWindowExposed(sample));
    QCOMPARE(sample->findChild<QLabel *>(QStringLiteral("interactionModel"))->text(), QStringLiteral("claude-sonnet-4-5"));
    QCOMPARE(sample->findChild<QLabel *>(QStringLiteral("interactionMaxTokens"))->text(), QStringLiteral("77"));
    QCOMPARE(sample->findChild<QPlainTextEdit *>(QStringLiteral("interactionSystemPrompt"))->toPlainText(), QStringLiteral("You are a poet"));
    QCOMPARE(sample->findChild<QPlainTextEdit *>(QStringLiteral("interactionMessages"))->toPlainText(), QStringLiteral("user: Write a haiku"));
    screenshot(sample, QStringLiteral("mcp-sampling-dialog"));
    sample->findChild<QPushButton *>(QStringLiteral("interactionAccept"))->click();
    QCOMPARE(sampleAnswer.size(), 1);
    QCOMPARE(sampleAnswer.at(0).at(1).value<ToolInteractionAnswer>().action, ToolInteractionAnswer::Action::Accept);
}

void TestMcpWidgets::resourcesBecomeAttachments()
{
    const Result<QList<Part>> text = Attachment::fromResource(
        QStringLiteral("@everything:demo://a.md"),
        parse(R"({"contents": [{"uri": "demo://a.md", "mimeType": "text/markdown", "text": "# Title\n``` x"}]})"));
    VALIS_VERIFY_OK(text);
    QCOMPARE(text->size(), 1);
    QVERIFY(text->constFirst().text.startsWith(QLatin1String("Attached resource @everything:demo://a.md:\n````\n# Title")));
    QImage pixel(1, 1, QImage::Format_RGB32);
    pixel.fill(Qt::blue);
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    pixel.save(&buffer, "PNG");
    const Result<QList<Part>> image = Attachment::fromResource(
        QStringLiteral("@everything:demo://p.png"),
        QJsonObject{{QStringLiteral("contents"), QJsonArray{QJsonObject{{QStringLiteral("uri"), QStringLiteral("demo://p.png")},
                                                                        {QStringLiteral("blob"), QString::fromLatin1(png.toBase64())}}}}});
    VALIS_VERIFY_OK(image);
    QCOMPARE(image->constFirst().kind, PartKind::Image);
    QCOMPARE(image->constFirst().image.mediaType, QStringLiteral("image/png"));
    const Result<QList<Part>> binary = Attachment::fromResource(
        QStringLiteral("@everything:demo://b"),
        parse(R"({"contents": [{"uri": "demo://b", "mimeType": "application/octet-stream", "blob": "AAECAw=="}]})"));
    QVERIFY(binary.hasError());
    QVERIFY(binary.error().message.contains(QLatin1String("application/octet-stream")));
}

void TestMcpWidgets::composerSuggestionsAreKeyboardDriven()
{
    ComposerWidget composer;
    composer.show();
    QVERIFY(QTest::qWaitForWindowExposed(&composer));
    QSignalSpy chosen(&composer, &ComposerWidget::suggestionChosen);
    QSignalSpy sent(&composer, &ComposerWidget::sendRequested);
    composer.editor()->setFocus();
    composer.editor()->setPlainText(QStringLiteral("@ev"));
    composer.showSuggestions({{QStringLiteral("@everything:a"), QStringLiteral("<b>first</b>"), QStringLiteral("a")},
                              {QStringLiteral("@everything:b"), QString(), QStringLiteral("b")}});
    QVERIFY(composer.suggestionsShown());
    QTest::keyClick(composer.editor(), Qt::Key_Down);
    QTest::keyClick(composer.editor(), Qt::Key_Return);
    QCOMPARE(chosen.size(), 1);
    QCOMPARE(chosen.at(0).at(0).toString(), QStringLiteral("b"));
    QCOMPARE(sent.size(), 0); // Enter chose, it did not send
    QVERIFY(!composer.suggestionsShown());
    composer.showSuggestions({{QStringLiteral("@x"), QString(), QStringLiteral("x")}});
    QTest::keyClick(composer.editor(), Qt::Key_Escape);
    QVERIFY(!composer.suggestionsShown());
    QCOMPARE(chosen.size(), 1);

    composer.addResourceAttachment(QStringLiteral("@everything:demo://a.md"), {Part::makeText(QStringLiteral("hello"))});
    QCOMPARE(composer.resourceLabels(), QStringList{QStringLiteral("@everything:demo://a.md")});
    QCOMPARE(composer.resourceParts().size(), 1);
    composer.clearAttachments();
    QVERIFY(composer.resourceParts().isEmpty());
}

void TestMcpWidgets::untouchedPageWritesNothing()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    const QByteArray original = "{\"version\": 1, \"mcpServers\": {\"a\": {\"command\": \"node\",   \"custom\": 5}}}";
    QVERIFY(test::writeFile(locations.mcpSettingsPath(), original));
    McpServersPage page(locations, nullptr);
    QCOMPARE(page.servers().size(), 1);
    bool called = false;
    page.apply([&](const Result<void> &result) {
        called = true;
        QVERIFY(result.ok());
    });
    QVERIFY(called);
    QCOMPARE(readBytes(locations.mcpSettingsPath()), original);
}

void TestMcpWidgets::unreadableFileIsNeverWrittenOver()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    // One entry Valis cannot read: a rewrite would lose it.
    const QByteArray original = "{\"version\": 1, \"mcpServers\": {\"good\": {\"command\": \"node\"}, \"bad\": {\"args\": 7}}}";
    QVERIFY(test::writeFile(locations.mcpSettingsPath(), original));
    McpServersPage page(locations, nullptr);
    auto *problem = page.findChild<QLabel *>(QStringLiteral("mcpProblem"));
    QVERIFY(problem);
    QVERIFY2(problem->text().contains(QLatin1String("bad")), qPrintable(problem->text()));
    QVERIFY(!page.findChild<QPushButton *>(QStringLiteral("mcpAdd"))->isEnabled());
    page.importFrom(test::writeFileIn(home.path(), QStringLiteral("claude.json"), "{\"mcpServers\": {\"x\": {\"command\": \"y\"}}}"));
    Q_EMIT page.edited();
    std::optional<Result<void>> outcome;
    page.apply([&](const Result<void> &result) { outcome = result; });
    QVERIFY(outcome && outcome->hasError());
    QCOMPARE(readBytes(locations.mcpSettingsPath()), original);

    // Not JSON at all: the same.
    QVERIFY(test::writeFile(locations.mcpSettingsPath(), "{ not json"));
    McpServersPage broken(locations, nullptr);
    QVERIFY(broken.findChild<QLabel *>(QStringLiteral("mcpProblem")));
    Q_EMIT broken.edited();
    outcome.reset();
    broken.apply([&](const Result<void> &result) { outcome = result; });
    QVERIFY(outcome && outcome->hasError());
    QCOMPARE(readBytes(locations.mcpSettingsPath()), QByteArray("{ not json"));
}

void TestMcpWidgets::importsAndEditsWriteTheFile()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    QVERIFY(test::writeFile(locations.mcpSettingsPath(),
                            "{\"version\": 1, \"mcpServers\": {\"keep\": {\"command\": \"node\", \"custom\": 5}, "
                            "\"drop\": {\"command\": \"x\"}}, \"owner\": \"me\"}"));
    const QString claude = test::writeFileIn(home.path(), QStringLiteral("claude_desktop_config.json"),
                                             "{\"mcpServers\": {\"memory\": {\"command\": \"npx\", \"args\": [\"-y\", "
                                             "\"@modelcontextprotocol/server-memory\"], \"env\": {\"K\": \"v\"}}, "
                                             "\"keep\": {\"command\": \"other\"}}}");
    McpServersPage page(locations, nullptr);
    page.show();
    page.importFrom(claude);
    QVERIFY2(page.note().contains(QLatin1String("memory")), qPrintable(page.note()));
    QVERIFY2(page.note().contains(QLatin1String("keep")), qPrintable(page.note())); // kept, not replaced
    QVERIFY(page.selectServer(QStringLiteral("drop")));
    page.findChild<QPushButton *>(QStringLiteral("mcpRemove"))->click();
    QVERIFY(page.isModified());

    // Edit "keep" through its dialog: arguments and a disabled tool.
    QVERIFY(page.selectServer(QStringLiteral("keep")));
    page.findChild<QPushButton *>(QStringLiteral("mcpEdit"))->click();
    McpServerEditor *editor = nullptr;
    QTRY_VERIFY((editor = page.findChild<McpServerEditor *>()) && editor->isVisible());
    editor->findChild<QPlainTextEdit *>(QStringLiteral("args"))->setPlainText(QStringLiteral("server.js\n--verbose"));
    editor->findChild<QLineEdit *>(QStringLiteral("disabledTools"))->setText(QStringLiteral("get-env, echo"));
    editor->findChild<QPlainTextEdit *>(QStringLiteral("env"))->setPlainText(QStringLiteral("broken line"));
    screenshot(editor, QStringLiteral("mcp-server-editor"));
    editor->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
    QVERIFY(editor->isVisible()); // the environment line is wrong
    QVERIFY(editor->findChild<QLabel *>(QStringLiteral("editorProblem"))->text().contains(QLatin1String("NAME=value")));
    editor->findChild<QPlainTextEdit *>(QStringLiteral("env"))->setPlainText(QStringLiteral("TOKEN=${MY_TOKEN}"));
    editor->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
    QTRY_VERIFY(!page.findChild<McpServerEditor *>());
    screenshot(&page, QStringLiteral("mcp-settings-page-offline"));

    std::optional<Result<void>> outcome;
    page.apply([&](const Result<void> &result) { outcome = result; });
    QVERIFY(outcome);
    VALIS_VERIFY_OK(*outcome);
    QVERIFY(!page.isModified());
    const QJsonObject written = QJsonDocument::fromJson(readBytes(locations.mcpSettingsPath())).object();
    QCOMPARE(written.value(QLatin1String("owner")).toString(), QStringLiteral("me")); // kept
    const QJsonObject servers = written.value(QLatin1String("mcpServers")).toObject();
    QCOMPARE(servers.keys(), (QStringList{QStringLiteral("keep"), QStringLiteral("memory")}));
    const QJsonObject keep = servers.value(QLatin1String("keep")).toObject();
    QCOMPARE(keep.value(QLatin1String("command")).toString(), QStringLiteral("node"));
    QCOMPARE(keep.value(QLatin1String("custom")).toInt(), 5);
    QCOMPARE(keep.value(QLatin1String("args")).toArray(), (QJsonArray{QStringLiteral("server.js"), QStringLiteral("--verbose")}));
    QCOMPARE(keep.value(QLatin1String("disabledTools")).toArray(), (QJsonArray{QStringLiteral("get-env"), QStringLiteral("echo")}));
    QCOMPARE(keep.value(QLatin1String("env")).toObject().value(QLatin1String("TOKEN")).toString(), QStringLiteral("${MY_TOKEN}"));
    QCOMPARE(servers.value(QLatin1String("memory")).toObject().value(QLatin1String("env")).toObject().value(QLatin1String("K")).toString(),
             QStringLiteral("v"));
    VALIS_VERIFY_OK(McpSettings::load(locations.mcpSettingsPath()));
}

void TestMcpWidgets::projectFileIsAskedAbout()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    const QString project = home.filePath(QStringLiteral("project"));
    QVERIFY(QDir().mkpath(project));
    const QString file = test::writeFileIn(project, QStringLiteral(".mcp.json"),
                                           "{\"mcpServers\": {\"tools\": {\"command\": \"./run-me.sh\", \"args\": [\"--all\"], "
                                           "\"trusted\": true}}}");
    McpServersPage page(locations, nullptr);
    page.show();
    page.importFrom(file);
    QMessageBox *question = nullptr;
    QTRY_VERIFY((question = page.findChild<QMessageBox *>(QStringLiteral("mcpProjectQuestion"))) && question->isVisible());
    QVERIFY(question->text().contains(QLatin1String("./run-me.sh --all")));
    QCOMPARE(question->textFormat(), Qt::PlainText);
    QVERIFY(page.servers().isEmpty()); // nothing before the answer
    question->button(QMessageBox::No)->click();
    QTRY_VERIFY(!page.findChild<QMessageBox *>(QStringLiteral("mcpProjectQuestion")));
    QVERIFY(page.servers().isEmpty());
    QVERIFY(!page.isModified());

    page.importFrom(file);
    QTRY_VERIFY((question = page.findChild<QMessageBox *>(QStringLiteral("mcpProjectQuestion"))) && question->isVisible());
    question->button(QMessageBox::Yes)->click();
    QTRY_COMPARE(page.servers().size(), 1);
    QCOMPARE(page.servers().constFirst().name, QStringLiteral("tools"));
    QVERIFY(!page.servers().constFirst().trusted); // its own word is not taken
    QVERIFY(page.isModified());
}

void TestMcpWidgets::statusButtonHidesWithoutHost()
{
    McpStatusButton button;
    button.setHost(nullptr);
    QVERIFY(button.isHidden());
    QVERIFY(!button.showsFailure());
}

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    TestMcpWidgets test;
    QTEST_SET_MAIN_SOURCE_PATH
    return ::valis::test::runTests(&test, argc, argv);
}
#include "tst_mcpwidgets.moc"
