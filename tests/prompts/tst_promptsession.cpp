// A Session hands its tools the prompt store (ToolContext::prompts, llm_call's prompt_key): the
// profile's file when the host gave none, the host's own when it did, none without a profile.
// Seen from inside a real tool call of a scripted turn.
#include "sessionharness.h"
#include "sessiontesthelpers.h"
#include "streambuilders.h"
#include "testsupport.h"
#include "testtools.h"

#include "valis/agent/session.h"
#include "valis/plugins/toolprovider.h"
#include "valis/prompts/promptstore.h"

#include <QFileInfo>
#include <QJsonObject>
#include <QTest>

#include <optional>

using namespace valis;
using namespace valis::test;

namespace {

/// The prompt store the next tool call of `h`'s session gets; nothing when the turn failed.
std::optional<PromptStore *> promptsOfAToolCall(SessionHarness &h)
{
    h.tools().contexts.clear();
    h.server().enqueue(ScriptedResponse::sse(
        AnthropicStream().toolUse(QStringLiteral("toolu_p"), QStringLiteral("read"), args(QStringLiteral("a"))).stop(QStringLiteral("tool_use"))));
    h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("ok")).stop(QStringLiteral("end_turn"))));
    if (h.runTurn(QStringLiteral("go")) != QLatin1String("answered") || h.tools().contexts.size() != 1)
        return std::nullopt;
    return h.tools().contexts.constFirst().prompts;
}

} // namespace

class TestPromptSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void toolsGetThePromptStore()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        // Without a profile folder there is no store to open.
        QCOMPARE(promptsOfAToolCall(h), std::optional<PromptStore *>(nullptr));

        // With one, the profile's file: what valis-cli prompts set wrote is there.
        const DataLocations locations = DataLocations::underHome(h.homePath());
        {
            Result<std::unique_ptr<PromptStore>> written = PromptStore::open(locations.promptStorePath());
            QVERIFY(written.ok());
            QVERIFY(written.value()->set(QStringLiteral("greet"), QStringLiteral("Hello {{name}}.")).ok());
        }
        h.config().locations = locations;
        QVERIFY2(h.reopen(), qPrintable(h.error()));
        const std::optional<PromptStore *> called = promptsOfAToolCall(h);
        QVERIFY(called.has_value() && *called != nullptr);
        PromptStore *prompts = *called;
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
        QCOMPARE(promptsOfAToolCall(h), std::optional<PromptStore *>(shared.get()));
    }
};

VALIS_TEST_MAIN(TestPromptSession)
#include "tst_promptsession.moc"
