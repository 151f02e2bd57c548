#pragma once

#include "completion/commandcatalogue.h"

namespace valis::cli {

/// One command path of valis-cli as the completion scripts need it: plain words and the kinds
/// of values (see CompletionValues::kindName(); choices as "choices:a,b,c").
struct CompletionEntry
{
    struct Option
    {
        QString name;        ///< with its dashes: "-o", "--output"
        QString valueKind;   ///< empty for a flag; else what its value completes to
        QString description; ///< one short line
    };
    QString path;
    QList<QPair<QString, QString>> subcommands; ///< name, one-line summary
    QList<Option> options;
    QStringList positionals; ///< a kind each; the last ends in "+" when more may follow
};

/// The catalogue flattened for the scripts, valis-cli itself first.
QList<CompletionEntry> completionEntries(const CommandCatalogue &catalogue);

/// The valis-cli arguments that list the values of a dynamic kind (sessions, mcp-servers,
/// plugins, providers), one a line, for a script to run at completion time.
QList<QPair<QString, QStringList>> completionListings();

/// The _valis_cli_list shell function bash and zsh share: `case` labels are written with
/// `labelFormat` ("%1)" for bash, "(%1)" for zsh), the only place the two dialects differ.
QString shellListingFunction(const QString &labelFormat);

/// The scripts `valis-cli completion bash|zsh|fish` prints.
QString bashCompletionScript(const CommandCatalogue &catalogue);
QString zshCompletionScript(const CommandCatalogue &catalogue);
QString fishCompletionScript(const CommandCatalogue &catalogue);

/// The first line a script carries: what made it and that it is regenerated, not edited.
QString completionScriptHeader(const QString &shell);

} // namespace valis::cli
