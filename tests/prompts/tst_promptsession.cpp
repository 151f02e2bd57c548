// A Session hands its tools the prompt store (ToolContext::prompts, llm_call's prompt_key): the
// profile's file when the host gave none, the host's own when it did, none without a profile.
#include "sessionharness.h"
#include "testsupport.h"

#include "valis/agent/session.h"
#include "valis/plugins/toolprovider.h"
#include "valis/prompts/promptstore.h"

#include <QFileInfo>
#include <QJsonObject>
#include <QTest>

using namespace valis;

class TestPromptSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void toolsGetThePromptStore()
    {
        test::SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        // Without a profile folder there is no store to open.
        QVERIFY(h.session()->toolContext().prompts == nullptr);

        // With one, the profile's file: what valis-cli prompts set wrote is there.
        const DataLocations locations = DataLocations::underHome(h.homePath());
        {
            Result<std::unique_ptr<PromptStore>> written = PromptStore::open(locations.promptStorePath());
            QVERIFY(written.ok());
            QVERIFY(written.value()->set(QStringLiteral("greet"), QStringLiteral("Hello {{name}}.")).ok());
        }
        h.config().locations = locations;
        QVERIFY2(h.reopen(), qPrintable(h.error()));
        PromptStore *prompts = h.session()->toolContext().prompts;
        QVERIFY(prompts);
        QCOMPARE(prompts->path(), QFileInfo(locations.promptStorePath()).absoluteFilePath());
        const Result<QString> rendered = prompts->render(QStringLiteral("greet"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Ada")}});
        QVERIFY(rendered.ok());
        QCOMPARE(rendered.value(), QStringLiteral("Hello Ada."));

        // A host's own store wins.
        Result<std::unique_ptr<PromptStore>> own = PromptStore::open(h.homePath() + QStringLiteral("/elsewhere/prompts.db"));
        QVERIFY(own.ok());
        std::shared_ptr<PromptStore> shared = std::move(own).value();
        h.config().prompts = shared;
        QVERIFY2(h.reopen(), qPrintable(h.error()));
        QCOMPARE(h.session()->toolContext().prompts, shared.get());
    }
};

VALIS_TEST_MAIN(TestPromptSession)
#include "tst_promptsession.moc"
