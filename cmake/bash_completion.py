#!/usr/bin/env python3
"""Bash completion for pxrun, generated from its usage table (`pxrun --help-json`, app/pxrun/Usage.h): the
commands, each command's options (those its synopsis names, the mechanism options where it takes them, and those
of every command), the values of each option (--path auto|sparse|..., --mechanism, --preset, builtin:NAME data
sets, spec files *.json, learner names after --set learner.kind=) and each command's operand, so that
completion cannot drift from the help.

    pxrun --help-json | python3 bash_completion.py > pxrun
"""
import json
import re
import sys

OPTION = re.compile(r"--[A-Za-z][A-Za-z0-9-]*")
SUBCOMMAND = re.compile(r"^[a-z]+$")


def command_tables(doc):
    """{command: set of options}, {command: (words, operand kind)}, {command: [subcommands]}"""
    groups = {}
    for option in doc["options"]:
        groups.setdefault(option["group"], set()).add(option["name"])
    every = groups.get("every", set())
    options, operands, subcommands = {}, {}, {}
    for command in doc["commands"]:
        words = command["synopsis"].split(" ")
        name = words[0]
        options.setdefault(name, set(every))
        options[name] |= set(OPTION.findall(command["synopsis"]))
        if command["mechanism_options"]:
            options[name] |= groups.get("mechanism", set())
        if len(words) > 1 and SUBCOMMAND.match(words[1]):
            subcommands.setdefault(name, []).append(words[1])
        elif command["operand"] or command["words"]:
            operands[name] = (command["words"], command["operand"])
    return options, operands, subcommands


def node_commands(doc):
    """"depth", "bench:nag": the commands (and subcommands) whose builtin:NAME data sets are node-level ones."""
    names = set()
    for command in doc["commands"]:
        if command["node_data"]:
            words = command["synopsis"].split(" ")
            names.add(words[0] + ":" + words[1] if len(words) > 1 and SUBCOMMAND.match(words[1]) else words[0])
    return names


def value_cases(doc):
    """A case branch per option that takes a value: its value words and its kind of completion."""
    cases = []
    for option in doc["options"]:
        if not option["value"]:
            continue
        kind = option["complete"]
        cases.append(f'        {option["name"]}) _pxrun_reply "{" ".join(option["values"])}" "{kind}" "$cur" ;;')
    return "\n".join(cases)


def main():
    doc = json.load(sys.stdin)
    options, operands, subcommands = command_tables(doc)
    top = sorted(o["name"] for o in doc["options"] if o["group"] in ("every", "top"))
    option_cases = "\n".join(f'        {c}) opts="{" ".join(sorted(o))}" ;;' for c, o in sorted(options.items()))
    operand_cases = "\n".join(f'        {c}) _pxrun_reply "{" ".join(w)}" "{k}" "$cur" ;;' for c, (w, k) in sorted(operands.items()))
    sub_cases = "\n".join(f'        {c}) _pxrun_reply "{" ".join(s)}" "" "$cur" ;;' for c, s in sorted(subcommands.items()))
    sys.stdout.write(f"""# bash completion for pxrun (generated from pxrun --help-json by cmake/bash_completion.py)
_pxrun_builtin="{" ".join("builtin:" + n for n in doc["builtin_data"])}"
_pxrun_builtin_nodes="{" ".join("builtin:" + n for n in doc["builtin_node_data"])}"
_pxrun_node_commands="{" ".join(sorted(node_commands(doc)))}"  # their data sets are node-level ones

# COMPREPLY: the words of $1 that start with $3, plus what $2 names: data (builtin:NAME, files, folders),
# files:GLOB (those files and folders), files, dirs. $node (set by _pxrun): the command takes node-level data.
_pxrun_reply() {{
    local cur=$3 IFS=$' \t\n' builtin=$_pxrun_builtin
    [[ ${{node-}} == yes ]] && builtin=$_pxrun_builtin_nodes
    COMPREPLY+=($(compgen -W "$1" -- "$cur"))
    [[ $2 == data ]] && COMPREPLY+=($(compgen -W "$builtin" -- "$cur"))
    IFS=$'\n'  # file names may hold blanks
    case "$2" in
        data | files) COMPREPLY+=($(compgen -f -- "$cur")) ;;
        files:*) COMPREPLY+=($(compgen -f -X "!${{2#files:}}" -- "$cur") $(compgen -d -- "$cur")) ;;
        dirs) COMPREPLY+=($(compgen -d -- "$cur")) ;;
    esac
    return 0
}}

# The values option $1 takes; false for a flag or an unknown option.
_pxrun_values() {{
    case "$1" in
{value_cases(doc)}
        *) return 1 ;;
    esac
}}

_pxrun() {{
    local line words cword cur prev command opts node=no
    COMPREPLY=()
    # The words up to the cursor split at blanks only (bash also splits at : and =, which builtin:NAME and
    # --set key=value contain), or COMP_WORDS when there is no line.
    if [[ -n ${{COMP_LINE-}} ]]; then
        line=${{COMP_LINE:0:${{COMP_POINT:-${{#COMP_LINE}}}}}}
        read -ra words <<< "$line"
        [[ -z $line || $line == *[[:space:]] ]] && words+=("")
    else
        words=("${{COMP_WORDS[@]:0:COMP_CWORD+1}}")
    fi
    cword=$((${{#words[@]}} - 1))
    cur=${{words[cword]}}
    prev=${{words[cword - 1]}}
    command=${{words[1]}}
    [[ " $_pxrun_node_commands " == *" $command "* || " $_pxrun_node_commands " == *" $command:${{words[2]-}} "* ]] && node=yes
    if ((cword == 1)); then
        _pxrun_reply "{" ".join(sorted(options))} {" ".join(top)}" "" "$cur"
    elif ((cword == 2)) && [[ $cur != -* ]] && case "$command" in
{sub_cases}
        *) false ;;
    esac; then
        :
    elif ((cword > 1)) && _pxrun_values "$prev"; then
        :
    elif [[ $cur == -* ]]; then
        case "$command" in
{option_cases}
            *) opts="{" ".join(top)}" ;;
        esac
        _pxrun_reply "$opts" "" "$cur"
    else
        case "$command" in
{operand_cases}
        esac
    fi
    # bash replaces only the part after the last : or = of the word; a value ending in one goes on without a space
    if [[ $cur == *[:=]* && ${{COMP_WORDBREAKS-:=}} == *[:=]* ]]; then
        local head=${{cur%"${{cur##*[:=]}}"}}
        COMPREPLY=("${{COMPREPLY[@]#"$head"}}")
    fi
    if ((${{#COMPREPLY[@]}} == 1)) && [[ ${{COMPREPLY[0]}} == *[:=] ]]; then
        compopt -o nospace 2> /dev/null
    fi
    return 0
}}
complete -o filenames -F _pxrun pxrun
""")


if __name__ == "__main__":
    main()
