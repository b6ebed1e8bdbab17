#!/usr/bin/env bash
# Escape with a list open closes the list and does not cancel the running sweep: a window system's key path, which
# the offscreen platform does not take. Runs tst_mainwindow's escapeClosingAListLeavesTheSweepRunning on the xcb
# platform under Xvfb with openbox, a fresh home; the test sends its keys through the X server (xdotool).
#
#   tests/tour/escape-list.sh TST_MAINWINDOW_BINARY
#
# Exit status: the test's (0 passed), 77 a tool is missing (ctest: skipped).
set -u
[ $# -eq 1 ] || { echo "usage: $0 TST_MAINWINDOW_BINARY" >&2; exit 2; }
TEST=$(realpath "$1")
for tool in Xvfb openbox xdotool; do
    command -v $tool >/dev/null || { echo "skipped: needs $tool (apt-get install xvfb openbox xdotool)"; exit 77; }
done
TMP=$(mktemp -d /tmp/pxescape.XXXXXX)
XVFB=; WM=
cleanup() {
    [ -n "$WM" ] && kill "$WM" 2>/dev/null && wait "$WM" 2>/dev/null
    [ -n "$XVFB" ] && kill "$XVFB" 2>/dev/null && wait "$XVFB" 2>/dev/null
    rm -rf "$TMP"
}
trap cleanup EXIT
Xvfb -displayfd 5 -screen 0 1366x768x24 -nolisten tcp 5>"$TMP/display" 2>/dev/null & XVFB=$!
for _ in $(seq 50); do [ -s "$TMP/display" ] && break; sleep 0.2; done
[ -s "$TMP/display" ] || { echo "Xvfb did not start"; exit 1; }
export DISPLAY=":$(head -1 "$TMP/display")"
openbox >/dev/null 2>&1 & WM=$!
sleep 1
mkdir -p "$TMP/home/config" "$TMP/home/data" "$TMP/home/runtime" && chmod 700 "$TMP/home/runtime"
HOME="$TMP/home" XDG_CONFIG_HOME="$TMP/home/config" XDG_DATA_HOME="$TMP/home/data" XDG_RUNTIME_DIR="$TMP/home/runtime" \
    QT_QPA_PLATFORM=xcb "$TEST" escapeClosingAListLeavesTheSweepRunning
