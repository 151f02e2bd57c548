// valis-cli completion: the shell completion scripts, made from what the commands declare.
#include "clicontext.h"
#include "commands.h"
#include "completion/completionscripts.h"

namespace valis::cli {

int runCompletion(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("completion");
    CliParser parser;
    parser.addPositionalArgument(QStringLiteral("shell"), Text::tr("The shell: bash, zsh or fish."), QStringLiteral("bash|zsh|fish"));
    if (const int code = context.parse(parser, command,
                                       Text::tr("Prints a completion script for a shell, made from the options every command "
                                                "declares. Sessions, MCP servers, plugins and providers are completed by asking "
                                                "valis-cli when Tab is pressed. Try it with 'source <(valis-cli completion bash)'; "
                                                "keep it as ~/.local/share/bash-completion/completions/valis-cli (bash), as "
                                                "_valis-cli in a folder of $fpath (zsh), or as "
                                                "~/.config/fish/completions/valis-cli.fish (fish)."),
                                       arguments);
        code >= 0) {
        return code;
    }
    const QStringList shells{QStringLiteral("bash"), QStringLiteral("zsh"), QStringLiteral("fish")};
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1 || !shells.contains(positional.constFirst()))
        return context.usageError(command, Text::tr("name the shell: bash, zsh or fish"));
    const Result<CommandCatalogue> catalogue = CommandCatalogue::describe(context.locations(), globalOptions());
    if (catalogue.hasError())
        return context.fail(command, catalogue.error());
    const QString &shell = positional.constFirst();
    context.out() << (shell == QLatin1String("bash")  ? bashCompletionScript(catalogue.value())
                      : shell == QLatin1String("zsh") ? zshCompletionScript(catalogue.value())
                                                      : fishCompletionScript(catalogue.value()));
    context.out().flush();
    return 0;
}

} // namespace valis::cli
