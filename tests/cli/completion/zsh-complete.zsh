#!/bin/zsh -f
# Prints what zsh's completion system offers for a command line, one candidate a line, by
# typing the line and Tab into an interactive zsh on a pseudo-terminal (zpty) whose compadd
# reports the candidates instead of inserting them.
#   zsh-complete.zsh COMPLETION_FILE 'valis-cli mcp te'
# COMPLETION_FILE is installed as a completion function (_valis-cli) in a private $fpath,
# loaded by compinit the way an installed one is.
emulate -L zsh
zmodload zsh/zpty || exit 3
completion=$1 line=$2
scratch=$(mktemp -d) || exit 3
trap 'zpty -d capture 2>/dev/null; rm -rf $scratch' EXIT
cp $completion $scratch/_valis-cli

cat > $scratch/init.zsh <<INIT
PS1='' RPS1='' PROMPT_EOL_MARK=''
unsetopt beep
fpath=($scratch \$fpath)
autoload -Uz compinit && compinit -u -d $scratch/zcompdump
zstyle ':completion:*' list-grouped false
zstyle ':completion:*' insert-tab false
# Candidates go to the terminal between markers; nothing is inserted.
compadd() {
    if [[ \${@[(I)-[OAD]]} -gt 0 ]]; then
        builtin compadd "\$@"
        return
    fi
    local -a __captured
    builtin compadd -O __captured "\$@"
    (( \$#__captured )) && print -rl -- '<candidate>'\${^__captured}
    return 1
}
_capture_begin() { print -r -- '<begin>' }
_capture_end() { print -r -- '<end>' }
compprefuncs=(_capture_begin)
comppostfuncs=(_capture_end)
bindkey '^I' complete-word
print -r -- '<ready>'
INIT

zpty capture zsh -f -i
zpty -w capture "source $scratch/init.zsh"
output=
until [[ $output == *'<ready>'* ]]; do
    zpty -r -t capture chunk || { sleep 0.05; (( ++waited > 200 )) && { print -u2 'zsh did not start'; exit 3 }; continue }
    output+=$chunk
done
zpty -n -w capture "$line"$'\t'
output= waited=0
until [[ $output == *'<end>'* ]]; do
    zpty -r -t capture chunk || { sleep 0.05; (( ++waited > 600 )) && { print -u2 "no completion for: $line"; exit 3 }; continue }
    output+=$chunk
done
for entry in ${(f)output//$'\r'/}; do
    [[ $entry == '<candidate>'* ]] && print -r -- ${entry#'<candidate>'}
done
exit 0
