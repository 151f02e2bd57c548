// valis-cli run: one headless turn through the same Session the desktop uses (runsession.h).
#include "clicontext.h"
#include "commands.h"
#include "runsession.h"
#include "terminalinput.h"

namespace valis::cli {

int runRun(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("run");
    CliParser parser;
    const RunOptions options;
    options.addTo(parser, true);
    parser.addPositionalArgument(QStringLiteral("prompt"), Text::tr("What to ask; \"-\" or nothing reads it from standard input."));
    if (const int code = context.parse(parser, command,
                                       Text::tr("Runs one turn of an agent session headless: streams the answer, shows tool "
                                                "activity and asks for approvals. The session is stored like any other."),
                                       arguments);
        code >= 0) {
        return code;
    }

    TerminalInput input;
    TurnPlan plan;
    plan.prompt = parser.positionalArguments().join(QLatin1Char(' '));
    if (plan.prompt.isEmpty() || plan.prompt == QLatin1String("-")) {
        if (input.isTerminal())
            return context.usageError(command, Text::tr("say what to ask, as an argument or on standard input"));
        plan.prompt = input.readAll();
    }
    if (plan.prompt.trimmed().isEmpty())
        return context.usageError(command, Text::tr("the prompt is empty"));
    plan.info.id = parser.value(options.session);
    return runTurn(context, command, parser, options, input, plan);
}

} // namespace valis::cli
