#!/bin/bash
# Checks pxrun's bash completion by calling its function as bash does (COMP_WORDS split at blanks and at
# COMP_WORDBREAKS' : and =, COMP_CWORD, COMP_LINE, COMP_POINT), against what pxrun itself says, read here
# independently of the generator:
#   tests/package/check_completion.sh PXRUN COMPLETION_SCRIPT
# - the commands of `pxrun --help` after "pxrun ", bench's subcommands after "pxrun bench ";
# - each value of every "--option a|b|c" the help names, after "--option ";
# - the built-in data sets pxrun names when asked for an unknown one, after "builtin:" (node-level ones for
#   depth and bench nag);
# - the learners `pxrun learners` lists, after "--set learner.kind=";
# - the depth lab's experiments (pxrun depth --list) after "pxrun depth ";
# - spec files: a.json and a folder but not b.txt after "pxrun sweep ".
set -u
pxrun=$1
source "$2" || { echo "FAIL: cannot source $2"; exit 1; }
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# COMPREPLY for the line $1 (the cursor at its end), one word a line.
complete_line() {
    local line=$1 rest token
    COMP_LINE=$line COMP_POINT=${#line} COMP_WORDS=() rest=$line
    while [[ -n $rest ]]; do  # readline's split: blanks separate words, : and = are words of their own
        rest=${rest#"${rest%%[! ]*}"}
        [[ -z $rest ]] && break
        if [[ $rest == [:=]* ]]; then token=${rest:0:1}; else token=${rest%%[ :=]*}; fi
        COMP_WORDS+=("$token")
        rest=${rest:${#token}}
    done
    [[ $line == *[\ :=] ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _pxrun pxrun "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    printf '%s\n' "${COMPREPLY[@]}"
}

# expect LINE WORD...: every WORD among the completions of LINE
expect() {
    local line=$1 got word
    shift
    got=$(complete_line "$line")
    for word in "$@"; do
        grep -qxF -- "$word" <<< "$got" || fail "'$line' does not offer '$word' (offers: $(tr '\n' ' ' <<< "$got"))"
    done
}

help=$("$pxrun" --help) || { echo "FAIL: pxrun --help"; exit 1; }
commands=$(sed -n '/^commands:/,/^$/p' <<< "$help" | sed -n 's/^  \([a-z][a-z-]*\)\( .*\)\?$/\1/p' | sort -u)
[[ $(wc -w <<< "$commands") -ge 10 ]] || fail "found only $(wc -w <<< "$commands") commands in pxrun --help"
expect "pxrun " $commands
expect "pxrun bench " $(sed -n 's/^  bench \([a-z][a-z]*\) .*/\1/p' <<< "$help")

checked=0
while read -r option values; do  # "--path auto|sparse|scatter|gemm": lower-case words only
    expect "pxrun densities $option " ${values//|/ }
    checked=$((checked + 1))
done < <(grep -oE -- '--[a-z][a-z-]* [a-z][a-z0-9-]*(\|[a-z][a-z0-9-]*)+' <<< "$help" | sort -u)
[[ $checked -ge 8 ]] || fail "only $checked options with a list of values in pxrun --help"

unknown=$("$pxrun" info builtin:no-such-set 2>&1)
builtins=$(sed -n 's/.*unknown built-in data set .* (expected \(.*\)).*/\1/p' <<< "$unknown" | sed 's/,\| or / /g' | tr -s ' ')
[[ -n $builtins ]] || fail "pxrun names no built-in data set: $unknown"
expect "pxrun info builtin:" $builtins
expect "pxrun sweep spec.json --data builtin:" $builtins
unknown=$("$pxrun" depth cosera-real --out "${TMPDIR:-/tmp}/px-completion-unused" --data builtin:no-such-set 2>&1)  # needs no neural layer
nodes=$(sed -n 's/.*unknown built-in node data set .* (expected \(.*\)).*/\1/p' <<< "$unknown" | sed 's/,\| or / /g' | tr -s ' ')
[[ -n $nodes ]] || fail "pxrun names no built-in node data set: $unknown"
expect "pxrun depth nag --out x --data builtin:" $nodes
expect "pxrun bench nag --data builtin:" $nodes
complete_line "pxrun bench nag --data builtin:" | grep -qx "${builtins%% *}" && fail "bench nag offers the graph data set ${builtins%% *}"

learners=$("$pxrun" learners | sed -n 's/^\([a-z][a-z0-9_-]*\): .*/\1/p')
[[ -n $learners ]] || fail "pxrun learners lists no learner"
expect "pxrun sweep spec.json --set learner.kind=" $learners
expect "pxrun depth " $("$pxrun" depth --list)

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/specs" && touch "$scratch/a.json" "$scratch/b.txt"
expect "pxrun sweep $scratch/" "$scratch/a.json" "$scratch/specs"
complete_line "pxrun sweep $scratch/" | grep -q "b.txt" && fail "'pxrun sweep' offers b.txt, not a spec file"

if [[ $failures -gt 0 ]]; then
    echo "$failures failures"
    exit 1
fi
echo "completion: $(wc -w <<< "$commands") commands, $checked options' values, built-in data sets ($builtins), learners, experiments, spec files"
