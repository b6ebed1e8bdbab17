#!/usr/bin/env bash
# Does the app's first window fit the screen with a window manager's frame around it (issue 64)? Under Xvfb with
# openbox at 1280x720 and 1366x768, a fresh home each time:
#   - the first start: the window and its frame (_NET_FRAME_EXTENTS) lie inside the screen;
#   - `--lesson 03 --projector`: the window covers the screen exactly, with no frame (real full screen);
#   - F11 then leaves projector mode: the window fits the screen again with its frame.
# The window's geometry is read from the X server (xwininfo, xprop), not from the app.
#
#   tests/tour/window-fits.sh PXSTUDIO_BINARY
#
# Exit status: 0 all fit, 1 a window did not fit (each case printed), 77 a tool is missing (ctest: skipped).
set -u
[ $# -eq 1 ] || { echo "usage: $0 PXSTUDIO_BINARY" >&2; exit 2; }
APP=$(realpath "$1")
for tool in Xvfb openbox xdotool xwininfo xprop; do
    command -v $tool >/dev/null || { echo "skipped: needs $tool (apt-get install xvfb openbox xdotool x11-utils)"; exit 77; }
done
TMP=$(mktemp -d /tmp/pxfits.XXXXXX)
XVFB=; WM=; APPPID=; WIN=; FAILED=0
stop() { [ -n "$1" ] && kill "$1" 2>/dev/null && wait "$1" 2>/dev/null; }
cleanup() { stop "$APPPID"; stop "$WM"; stop "$XVFB"; APPPID=; WM=; XVFB=; }
trap 'cleanup; rm -rf "$TMP"' EXIT

screen() {   # $1 = WxH: Xvfb on a display it picks itself, openbox on it
    cleanup; rm -f "$TMP/display"
    Xvfb -displayfd 5 -screen 0 "${1}x24" -nolisten tcp 5>"$TMP/display" 2>/dev/null & XVFB=$!
    for _ in $(seq 50); do [ -s "$TMP/display" ] && break; sleep 0.2; done
    export DISPLAY=":$(head -1 "$TMP/display")"
    openbox >/dev/null 2>&1 & WM=$!; sleep 1
}

start() {   # the app with a fresh home; sets WIN to its main window's id (not in a subshell: APPPID must stay set)
    stop "$APPPID"; WIN=; local home="$TMP/home.$RANDOM"
    mkdir -p "$home/config" "$home/data" "$home/runtime" && chmod 700 "$home/runtime"
    (cd "$home" && HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" XDG_RUNTIME_DIR="$home/runtime" \
        exec "$APP" "$@") >/dev/null 2>&1 & APPPID=$!
    WIN=$(timeout 60 xdotool search --sync --onlyvisible --pid "$APPPID" --name '^PXStudio —' 2>/dev/null | head -1)
}

# x y width height of the window's client area on the root window, and its frame extents left right top bottom
geometry() {
    local info; info=$(xwininfo -id "$1")
    echo "$(awk '/Absolute upper-left X/ {print $4}' <<<"$info") $(awk '/Absolute upper-left Y/ {print $4}' <<<"$info")" \
         "$(awk '/Width:/ {print $2}' <<<"$info") $(awk '/Height:/ {print $2}' <<<"$info")"
}
frame() {
    local e; e=$(xprop -id "$1" _NET_FRAME_EXTENTS 2>/dev/null | sed -n 's/.*= //p' | tr -d ',')
    echo "${e:-0 0 0 0}"
}

check() {   # $1 = case, $2 = window id, $3 = screen WxH, $4 = "fits" or "covers"
    local sw=${3%x*} sh=${3#*x}; read -r x y w h <<<"$(geometry "$2")"; read -r l r t b <<<"$(frame "$2")"
    local ok=1
    if [ "$4" = covers ]; then
        [ "$x" -eq 0 ] && [ "$y" -eq 0 ] && [ "$w" -eq "$sw" ] && [ "$h" -eq "$sh" ] || ok=0
    else
        [ $((x - l)) -ge 0 ] && [ $((y - t)) -ge 0 ] && [ $((x + w + r)) -le "$sw" ] && [ $((y + h + b)) -le "$sh" ] || ok=0
    fi
    printf '%-40s %s: window %sx%s at %s,%s, frame %s %s %s %s: %s\n' "$1" "$3" "$w" "$h" "$x" "$y" "$l" "$r" "$t" "$b" \
        "$([ $ok = 1 ] && echo "$4" || echo "DOES NOT $4")"
    [ $ok = 1 ] || FAILED=1
}

for size in 1280x720 1366x768; do
    screen "$size"
    start; sleep 4
    if [ -n "$WIN" ]; then check "first start" "$WIN" "$size" fits; else echo "first start $size: no window"; FAILED=1; fi
    start --lesson 03 --projector; sleep 6
    if [ -n "$WIN" ]; then
        check "--lesson 03 --projector" "$WIN" "$size" covers
        xdotool windowactivate --sync "$WIN" 2>/dev/null; xdotool key --window "$WIN" F11; sleep 3
        check "--lesson 03 --projector, then F11" "$WIN" "$size" fits
    else
        echo "lesson $size: no window"; FAILED=1
    fi
done
exit $FAILED
