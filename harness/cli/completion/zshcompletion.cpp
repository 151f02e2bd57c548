// The zsh completion script: the catalogue as a spec function with descriptions, and an engine
// that walks the command line like the bash one and answers through zsh's own _describe/_files.
#include "completion/completionscripts.h"

namespace valis::cli {

namespace {

QString quoted(const QString &text)
{
    return QLatin1Char('\'') + QString(text).replace(QLatin1String("'"), QLatin1String("'\\''")) + QLatin1Char('\'');
}

/// "name:description" for _describe, whose names end at the first colon.
QString described(const QString &name, const QString &description)
{
    return quoted(QString(name).replace(QLatin1Char(':'), QLatin1String("\\:")) + QLatin1Char(':') + description);
}

const char zshEngine[] = R"ZSH(
# Offers the values of kind $1; the rest of the arguments are the valis-cli command line to ask
# for sessions, servers, plugins or providers.
_valis_cli_value() {
    local kind=$1
    local -a found
    shift
    case $kind in
    (files) _files ;;
    (directories) _files -/ ;;
    (choices:*) found=(${(s:,:)${kind#choices:}}); compadd -a found ;;
    (sessions|mcp-servers|plugins|providers) found=(${(f)"$(_valis_cli_list $kind "$@")"}); compadd -a found ;;
    esac
}

_valis-cli() {
    local cmdpath= word kind value_of= dashdash= i n=0
    local -a sub opts pos ask kinds
    local -A valued
    ask=(${words[1]})
    _valis_cli_spec ''
    for (( i = 2; i < CURRENT; i++ )); do
        word=${words[i]}
        if [[ -z $dashdash && $word == -?* ]]; then
            if [[ $word == -- ]]; then
                dashdash=1
            elif [[ $word == --*=* ]]; then
                [[ -z $cmdpath && $word == --home=* ]] && ask+=($word)
            elif (( ${+valued[$word]} )); then
                if (( i + 1 >= CURRENT )); then
                    value_of=$word
                    break
                fi
                [[ -z $cmdpath && $word == --home ]] && ask+=(--home ${words[i+1]})
                (( i++ ))
            fi
            continue
        fi
        if (( ${sub[(I)${(b)word}:*]} )); then
            cmdpath=${cmdpath:+$cmdpath }$word
            _valis_cli_spec $cmdpath
            continue
        fi
        (( n++ ))
    done
    if [[ -z $value_of && -z $dashdash && $PREFIX == --*=* ]]; then
        value_of=${PREFIX%%=*}
        (( ${+valued[$value_of]} )) || return 1
        compset -P '*='
    fi
    if [[ -n $value_of ]]; then
        _valis_cli_value ${valued[$value_of]} $ask
    elif [[ -z $dashdash && $PREFIX == -* ]]; then
        _describe -t options option opts
    elif (( $#sub )); then
        _describe -t commands command sub
    else
        kinds=($pos)
        kind=${kinds[n+1]}
        [[ -z $kind && ${kinds[-1]} == *+ ]] && kind=${kinds[-1]}
        [[ -n $kind ]] && _valis_cli_value ${kind%+} $ask
    fi
}

# Autoloaded by compinit (the file's body runs as _valis-cli): define, then complete. Sourced:
# register.
if [[ $funcstack[1] == _valis-cli ]]; then
    _valis-cli "$@"
else
    compdef _valis-cli valis-cli
fi
)ZSH";

} // namespace

QString zshCompletionScript(const CommandCatalogue &catalogue)
{
    QString script = QStringLiteral("#compdef valis-cli\n") + completionScriptHeader(QStringLiteral("zsh"));
    script += QStringLiteral("\n# For the command path $1 (\"\" for valis-cli itself, \"mcp add\"): its subcommands and options\n"
                             "# (\"name:description\"), the options that take a value with what the value is, and the kind of\n"
                             "# each positional argument (a last one ending in \"+\" takes any number).\n"
                             "_valis_cli_spec() {\n"
                             "    sub=() opts=() valued=() pos=()\n"
                             "    case $1 in\n");
    for (const CompletionEntry &entry : completionEntries(catalogue)) {
        QStringList subcommands;
        for (const auto &[name, summary] : entry.subcommands)
            subcommands.append(described(name, summary));
        QStringList options;
        QStringList valued;
        for (const CompletionEntry::Option &option : entry.options) {
            options.append(described(option.name, option.description));
            if (!option.valueKind.isEmpty())
                valued << quoted(option.name) << quoted(option.valueKind);
        }
        script += QStringLiteral("    (%1)\n").arg(quoted(entry.path));
        if (!subcommands.isEmpty())
            script += QStringLiteral("        sub=(\n            %1\n        )\n").arg(subcommands.join(QStringLiteral("\n            ")));
        if (!options.isEmpty())
            script += QStringLiteral("        opts=(\n            %1\n        )\n").arg(options.join(QStringLiteral("\n            ")));
        if (!valued.isEmpty())
            script += QStringLiteral("        valued=(%1)\n").arg(valued.join(QLatin1Char(' ')));
        if (!entry.positionals.isEmpty())
            script += QStringLiteral("        pos=(%1)\n").arg(entry.positionals.join(QLatin1Char(' ')));
        script += QStringLiteral("        ;;\n");
    }
    script += QStringLiteral("    esac\n}\n\n") + shellListingFunction(QStringLiteral("(%1)"));
    script += QString::fromUtf8(zshEngine);
    return script;
}

} // namespace valis::cli
