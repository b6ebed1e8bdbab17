#!/usr/bin/env python3
"""Test of tools/git-hooks/commit-msg: message files in, exit codes out, then a real `git commit` in a scratch
repository that uses the hook (core.hooksPath), refused at 73 characters and accepted at 72.

Usage: commit_msg_hook_test.py --root REPOSITORY_ROOT. Exit 0 if every case passes, 1 otherwise.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


def run_hook(hook: Path, message: str, workdir: Path) -> int:
    path = workdir / "MSG"
    path.write_text(message, encoding="utf-8")
    return subprocess.run([sys.executable, str(hook), str(path)], capture_output=True).returncode


def message_cases():
    """(name, message, expected exit code); the expectation is the rule itself: refuse a subject over 72."""
    word = "x" * 72
    return [
        ("72 ASCII characters", word + "\n\nbody\n", 0),
        ("73 ASCII characters", word + "y\n", 1),
        ("72 characters, 144 bytes (ε is 2 bytes)", "ε" * 72 + "\n", 0),
        ("73 characters with ε", "ε" * 73 + "\n", 1),
        ("comments and blank lines before the subject", "# a comment " + "z" * 80 + "\n\n" + word + "\n", 0),
        ("long comment after a short subject", "short\n# " + "z" * 100 + "\n", 0),
        ("long body line after a short subject", "short\n\n" + "b" * 200 + "\n", 0),
        ("trailing spaces are not counted", word + "   \n", 0),
        ("no newline at the end", word + "y", 1),
        ("empty message (git refuses it itself)", "", 0),
    ]


def git(repo: Path, *args, check=True):
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.org")
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, env=env, check=check)


def real_commits(hook: Path, workdir: Path):
    """Failures of real commits through the hook in a scratch repository (empty list if all is as expected)."""
    if shutil.which("git") is None:
        return []
    repo = workdir / "repo"
    hooks = repo / "tools" / "git-hooks"
    hooks.mkdir(parents=True)
    shutil.copy2(hook, hooks / "commit-msg")
    git(repo, "init", "-q")
    git(repo, "config", "core.hooksPath", "tools/git-hooks")
    failures = []
    for subject, expected_ok in (("a" * 73, False), ("a" * 72, True)):
        (repo / "f").write_text(subject, encoding="utf-8")
        git(repo, "add", "f")
        result = git(repo, "commit", "-q", "-m", subject, check=False)
        if (result.returncode == 0) != expected_ok:
            failures.append(f"git commit with a {len(subject)}-character subject: exit {result.returncode}, "
                            f"expected {'success' if expected_ok else 'refusal'} ({result.stderr.strip()})")
    count = git(repo, "rev-list", "--count", "HEAD", check=False).stdout.strip()
    if count != "1":
        failures.append(f"the scratch repository has {count or 'no'} commits, expected 1")
    return failures


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    hook = Path(parser.parse_args().root) / "tools" / "git-hooks" / "commit-msg"
    if not hook.is_file():
        print(f"{hook}: not found")
        return 1
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        for name, message, expected in message_cases():
            code = run_hook(hook, message, workdir)
            if code != expected:
                failures.append(f"{name}: exit {code}, expected {expected}")
        missing = subprocess.run([sys.executable, str(hook), str(workdir / "absent")], capture_output=True)
        if missing.returncode != 2:
            failures.append(f"missing message file: exit {missing.returncode}, expected 2")
        if not os.access(hook, os.X_OK):
            failures.append(f"{hook} is not executable (git would skip it)")
        failures += real_commits(hook, workdir)
    for failure in failures:
        print("FAIL", failure)
    print(f"commit-msg hook: {len(failures)} check(s) failed" if failures else "commit-msg hook: every check passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
