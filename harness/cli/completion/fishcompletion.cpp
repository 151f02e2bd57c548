// The fish completion script: the catalogue as a spec function, and one completion function that
// walks the command line like the bash one and prints "candidate<TAB>description" lines.
#include "completion/completionscripts.h"

namespace valis::cli {

namespace {

QString quoted(const QString &text)
{
    return QLatin1Char('\'') + QString(text).replace(QLatin1String("\\"), QLatin1String("\\\\")).replace(QLatin1String("'"), QLatin1String("\\'"))
         + QLatin1Char('\'');
}

QString quotedList(const QStringList &words)
{
    QStringList list;
    for (const QString &word : words)
        list.append(quoted(word));
    return list.join(QLatin1Char(' '));
}

const char fishEngine[] = R"FISH(
# Prints the values of kind $argv[1] that begin like $argv[2]; the rest of the arguments are the
# valis-cli command line to ask for sessions, servers, plugins or providers.
function __valis_cli_value
    set -l kind $argv[1]
    set -l current $argv[2]
    switch $kind
        case files
            __fish_complete_path $current
        case directories
            __fish_complete_directories $current ''
        case 'choices:*'
            string split , -- (string replace 'choices:' '' -- $kind)
        case sessions mcp-servers plugins providers
            __valis_cli_list $kind $argv[3..-1]
    end
end

# What the option $argv[1] of the current command path takes as its value (empty: a flag).
function __valis_cli_kind
    for entry in $__valis_cli_valued
        set -l parts (string split -m 1 = -- $entry)
        if test "$parts[1]" = "$argv[1]"
            echo $parts[2]
            return 0
        end
    end
    return 1
end

function __valis_cli_complete
    set -l tokens (commandline -opc)
    set -l current (commandline -ct)
    set -l ask $tokens[1]
    set -l cmdpath ''
    set -l value_of ''
    set -l dashdash 0
    set -l n 0
    __valis_cli_spec ''
    set -l i 2
    while test $i -le (count $tokens)
        set -l word $tokens[$i]
        if test $dashdash -eq 0; and string match -q -- '-?*' $word
            if test "$word" = --
                set dashdash 1
            else if string match -q -- '--*=*' $word
                if test -z "$cmdpath"; and string match -q -- '--home=*' $word
                    set -a ask $word
                end
            else if __valis_cli_kind $word >/dev/null
                if test $i -eq (count $tokens)
                    set value_of $word
                else
                    set -l next (math $i + 1)
                    if test -z "$cmdpath"; and test "$word" = --home
                        set -a ask --home $tokens[$next]
                    end
                    set i $next
                end
            end
        else if contains -- $word $__valis_cli_sub
            set cmdpath (string trim -- "$cmdpath $word")
            __valis_cli_spec $cmdpath
        else
            set n (math $n + 1)
        end
        set i (math $i + 1)
    end
    if test -z "$value_of"; and test $dashdash -eq 0; and string match -q -- '--*=*' $current
        set -l option (string replace -r '=.*' '' -- $current)
        set -l kind (__valis_cli_kind $option); or return
        for candidate in (__valis_cli_value $kind (string replace -r '^[^=]*=' '' -- $current) $ask)
            echo $option=$candidate
        end
    else if test -n "$value_of"
        __valis_cli_value (__valis_cli_kind $value_of) $current $ask
    else if test $dashdash -eq 0; and string match -q -- '-*' $current
        for k in (seq (count $__valis_cli_opts))
            printf '%s\t%s\n' $__valis_cli_opts[$k] $__valis_cli_opts_described[$k]
        end
    else if set -q __valis_cli_sub[1]
        for k in (seq (count $__valis_cli_sub))
            printf '%s\t%s\n' $__valis_cli_sub[$k] $__valis_cli_sub_described[$k]
        end
    else
        set -l kind ''
        if test $n -lt (count $__valis_cli_pos)
            set kind $__valis_cli_pos[(math $n + 1)]
        else if string match -q -- '*+' $__valis_cli_pos[-1]
            set kind $__valis_cli_pos[-1]
        end
        if test -n "$kind"
            __valis_cli_value (string replace -r '\+$' '' -- $kind) $current $ask
        end
    end
end

complete -c valis-cli -f -a '(__valis_cli_complete)'
)FISH";

} // namespace

QString fishCompletionScript(const CommandCatalogue &catalogue)
{
    QString script = completionScriptHeader(QStringLiteral("fish"));
    script += QStringLiteral("\n# For the command path $argv[1] (\"\" for valis-cli itself, \"mcp add\"): its subcommands and\n"
                             "# options with their descriptions, the options that take a value with what the value is\n"
                             "# (\"--option=kind\"), and the kind of each positional argument (a last one ending in \"+\" takes\n"
                             "# any number).\n"
                             "function __valis_cli_spec\n"
                             "    set -g __valis_cli_sub\n"
                             "    set -g __valis_cli_sub_described\n"
                             "    set -g __valis_cli_opts\n"
                             "    set -g __valis_cli_opts_described\n"
                             "    set -g __valis_cli_valued\n"
                             "    set -g __valis_cli_pos\n"
                             "    switch $argv[1]\n");
    for (const CompletionEntry &entry : completionEntries(catalogue)) {
        QStringList names;
        QStringList summaries;
        for (const auto &[name, summary] : entry.subcommands) {
            names.append(name);
            summaries.append(summary);
        }
        QStringList options;
        QStringList descriptions;
        QStringList valued;
        for (const CompletionEntry::Option &option : entry.options) {
            options.append(option.name);
            descriptions.append(option.description);
            if (!option.valueKind.isEmpty())
                valued.append(option.name + QLatin1Char('=') + option.valueKind);
        }
        script += QStringLiteral("        case %1\n").arg(quoted(entry.path));
        if (!names.isEmpty()) {
            script += QStringLiteral("            set __valis_cli_sub %1\n").arg(quotedList(names));
            script += QStringLiteral("            set __valis_cli_sub_described %1\n").arg(quotedList(summaries));
        }
        if (!options.isEmpty()) {
            script += QStringLiteral("            set __valis_cli_opts %1\n").arg(quotedList(options));
            script += QStringLiteral("            set __valis_cli_opts_described %1\n").arg(quotedList(descriptions));
        }
        if (!valued.isEmpty())
            script += QStringLiteral("            set __valis_cli_valued %1\n").arg(quotedList(valued));
        if (!entry.positionals.isEmpty())
            script += QStringLiteral("            set __valis_cli_pos %1\n").arg(quotedList(entry.positionals));
    }
    script += QStringLiteral("    end\nend\n\n"
                             "# The values of kind $argv[1] valis-cli lists itself, for the profile the rest of the arguments\n"
                             "# name.\n"
                             "function __valis_cli_list\n"
                             "    set -l ask $argv[2..-1]\n"
                             "    command -q -- $ask[1]; or return 1\n"
                             "    switch $argv[1]\n");
    for (const auto &[kind, arguments] : completionListings())
        script += QStringLiteral("        case %1\n            $ask %2 2>/dev/null\n").arg(kind, arguments.join(QLatin1Char(' ')));
    script += QStringLiteral("    end\nend\n");
    script += QString::fromUtf8(fishEngine);
    return script;
}

} // namespace valis::cli
