#!/usr/bin/env python3
"""Bash completion for pxrun, generated from `pxrun --help`: its commands, and for each command the options
its help lines name (and those every command takes), so that completion cannot drift from the help.

    pxrun --help | python3 bash_completion.py > pxrun
"""
import re
import sys

COMMAND = re.compile(r"^  ([a-z][a-z-]*)(?: |$)")
OPTION = re.compile(r"--[A-Za-z][A-Za-z0-9-]*")


def main():
    commands, current, common, mechanism, takesMechanism = {}, None, set(), set(), set()
    inMechanism = False
    for line in sys.stdin.read().splitlines():
        m = COMMAND.match(line)
        if m and m.group(1) != "every":
            current, inMechanism = m.group(1), False
            commands.setdefault(current, set())
        elif line.strip().startswith("every command:"):
            current, inMechanism = None, False
        elif line.strip().startswith("mechanism options:"):
            inMechanism = True
        if "[mechanism options]" in line and current:
            takesMechanism.add(current)
        if inMechanism:
            mechanism.update(OPTION.findall(line))
        elif current is None:
            common.update(OPTION.findall(line))
        else:
            commands[current].update(OPTION.findall(line))
    for c in takesMechanism:
        commands[c] |= mechanism
    common.update({"--help", "--version"})
    cases = "\n".join(f"        {c}) opts=\"{' '.join(sorted(o | common))}\" ;;" for c, o in sorted(commands.items()))
    sys.stdout.write(f"""# bash completion for pxrun (generated from pxrun --help by cmake/bash_completion.py)
_pxrun() {{
    local cur=${{COMP_WORDS[COMP_CWORD]}} command=${{COMP_WORDS[1]}} opts
    if [[ $COMP_CWORD -eq 1 ]]; then
        COMPREPLY=($(compgen -W "{' '.join(sorted(commands))} {' '.join(sorted(common))}" -- "$cur"))
        return
    fi
    case "$command" in
{cases}
        *) opts="{' '.join(sorted(common))}" ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
    else
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
}}
complete -o filenames -F _pxrun pxrun
""")


if __name__ == "__main__":
    main()
