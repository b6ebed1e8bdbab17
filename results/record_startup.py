#!/usr/bin/env python3
"""Records how fast the programs start as a committed result: results/speed/startup-DATE/ gets

    runs.csv    one row per start: what was started, the repetition, the wall time, the load at its start
    meta.json   version, commit, commands, machine, load, date

    python3 results/record_startup.py [--repeat 10] [--build build] [--data ../shared/data]

What is timed, each --repeat times (the median is what docs quote):
    pxrun --version
    pxrun info COLLAB-gin                      (skipped, and said so, when the data set is absent)
    python3 -c 'import pxstudio'               (build/python on PYTHONPATH), beside python3 -c 'pass'
    pxstudio's window on screen                from the start of the process to its main window mapped on a
                                               private Xvfb display (xdotool), the app on its built-in data
Run from the repository root after building, on an otherwise idle machine.
"""
import datetime
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from record import ROOT, bench_arguments, commit, machine, write_csv, write_meta  # noqa: E402


def wall(command, env):
    started = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def window_on_screen(pxstudio, env):
    """Seconds from starting the app to its main window being visible (xdotool polls every 20 ms)."""
    started = time.perf_counter()
    app = subprocess.Popen([pxstudio], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while time.perf_counter() - started < 30:
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.pid)], env=env, capture_output=True)
            if found.returncode == 0 and found.stdout.strip():
                return time.perf_counter() - started
            time.sleep(0.02)
        sys.exit("pxstudio's window did not appear within 30 s")
    finally:
        app.terminate()
        app.wait()


def start_display(scratch):
    """A private Xvfb display (:97) for the window timing; returns the process."""
    display = subprocess.Popen(["Xvfb", ":97", "-screen", "0", "1366x768x24", "-nolisten", "tcp"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    return display


def main():
    args = bench_arguments(__doc__, repeat=10)
    for tool in ("Xvfb", "xdotool"):
        if not shutil.which(tool):
            sys.exit(f"record_startup needs {tool} (apt-get install xvfb xdotool)")
    date = datetime.datetime.now(datetime.timezone.utc)
    folder = os.path.join(ROOT, "results", "speed", "startup-" + date.strftime("%Y-%m-%d"))
    os.makedirs(folder, exist_ok=True)
    pxrun, pxstudio = os.path.join(args.build, "app", "pxrun"), os.path.join(args.build, "app", "pxstudio")
    collab = os.path.join(args.data, "COLLAB-gin")
    load, started, rows = os.getloadavg()[0], time.time(), []
    with tempfile.TemporaryDirectory() as scratch:
        env = dict(os.environ, HOME=scratch, XDG_CACHE_HOME=os.path.join(scratch, "cache"), PX_DENSITY_CACHE="off",
                   PYTHONPATH=os.path.join(args.build, "python"), DISPLAY=":97")
        env.pop("QT_QPA_PLATFORM", None)
        python = "/usr/bin/python3"
        timed = [("pxrun --version", lambda: wall([pxrun, "--version"], env)),
                 ("python3 -c 'pass'", lambda: wall([python, "-c", "pass"], env)),
                 ("python3 -c 'import pxstudio'", lambda: wall([python, "-c", "import pxstudio"], env)),
                 ("pxstudio: window on screen", lambda: window_on_screen(pxstudio, env))]
        if os.path.isdir(collab):
            timed.insert(1, ("pxrun info COLLAB-gin", lambda: wall([pxrun, "info", collab], env)))
        display = start_display(scratch)
        try:
            for what, run in timed:
                run()  # one start first, so that every timed one finds the files in the page cache
                for rep in range(1, args.repeat + 1):
                    at = os.getloadavg()[0]
                    rows.append({"what": what, "repetition": rep, "wall_s": f"{run():.4f}", "load_at_start": f"{at:.2f}"})
                print(f"{what}: done", flush=True)
        finally:
            display.terminate()
    write_csv(os.path.join(folder, "runs.csv"), rows)
    version = subprocess.run([pxrun, "--version", "--kernels"], capture_output=True, text=True).stdout.strip()
    meta = {"version": version, "commit": commit(), "command": f"python3 results/record_startup.py --repeat {args.repeat}",
            "machine": machine(), "load_average_at_start": round(load, 2), "date": date.strftime("%Y-%m-%d %H:%M UTC"),
            "repeat": args.repeat, "data_absent": [] if os.path.isdir(collab) else ["COLLAB-gin"],
            "wall_seconds": round(time.time() - started, 1)}
    write_meta(folder, meta)


if __name__ == "__main__":
    main()
