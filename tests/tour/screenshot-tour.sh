#!/usr/bin/env bash
# Screenshot tour of PXStudio (issue 64): plays every shipped lesson in projector mode (--lesson NN
# --projector) and in normal mode (--lesson NN; if that comes up in projector mode too, F11 leaves it)
# on a 1280x720 and a 1366x768 screen, one screenshot per step: OUT_DIR/1280x720-projector-03-step2.png.
# Also the first start (no lesson), which shows the welcome card (SIZE-first-start.png), and the same
# window after Escape has closed the card, the app on its built-in data (SIZE-explore.png).
#
#   tests/tour/screenshot-tour.sh PXSTUDIO_BINARY OUT_DIR
#
# Needs the Debian packages xvfb, openbox, xdotool and imagemagick. Each screen size gets its own Xvfb
# (on a free display number that Xvfb picks itself: -displayfd) with openbox; each start of the app gets
# a fresh HOME, XDG_CONFIG_HOME, XDG_DATA_HOME and XDG_RUNTIME_DIR, so no autosaved session, kept sweep
# or welcome-card setting of an earlier start leaks in. Everything started here is ended on exit.
#
# Waiting: a step says "Computing this step's result..." in its band until its view is current, and the
# window title does not change, so the tour waits a fixed time after each key: TOUR_STEP_WAIT seconds
# (default 8), TOUR_START_WAIT after a start (default 12). With PX_TRACE_VIEWS=1 the app logs each
# view's state as JSON on stderr; views whose last state since the key is neither current nor empty are
# printed after the shot's name as "not current" (a hint: a hidden tab may be stale; look at the shot).
#
# With TOUR_DATA=FOLDER (e.g. ../shared/data/COLLAB-gin) each size also opens that data set from the command line,
# waits TOUR_DATA_WAIT seconds (default 120) for its sweep, and exports all views (Ctrl+Shift+E, "Export what is
# there") into OUT_DIR/export-SIZE: shots SIZE-data.png and SIZE-data-exported.png.
#
# Every start's trace is kept in OUT_DIR/trace.jsonl, and checked at the end (tests/tour/check-trace.py): a view
# drawn "current" must carry the current settings' key; the count of such lines and of those that broke the rule
# is printed, and a break fails the tour (exit 3).
#
# Lessons are found by trying --lesson 01, 02, ... until the app refuses ("Cannot open lesson"). A
# lesson's end is found by screenshots: Page Down on the last step ("Finish") closes the band (that shot
# is kept as ...-NN-end.png), and one more Page Down changes nothing above the status bar.
# Exit status: 0 if the app stayed alive throughout, 1 if it died, 2 for a usage or set-up error, 3 for a view drawn
# current with another key.
set -u
[ $# -eq 2 ] || { echo "usage: $0 PXSTUDIO_BINARY OUT_DIR" >&2; exit 2; }
APP=$(realpath "$1"); OUT=$(mkdir -p "$2" && realpath "$2") || exit 2
[ -x "$APP" ] || { echo "not executable: $APP" >&2; exit 2; }
for tool in Xvfb openbox xdotool import compare identify; do
    command -v $tool >/dev/null || { echo "needs $tool (apt-get install xvfb openbox xdotool imagemagick)" >&2; exit 2; }
done
STEP_WAIT=${TOUR_STEP_WAIT:-8}; START_WAIT=${TOUR_START_WAIT:-12}; MAX_STEPS=${TOUR_MAX_STEPS:-12}
SIZES=${TOUR_SIZES:-"1280x720 1366x768"}
TMP=$(mktemp -d /tmp/pxtour.XXXXXX)
XVFB_PID=; WM_PID=; APP_PID=; SHOTS=0; DIED=0; COMPUTING=0; SUMMARY=()

stop() { [ -n "$1" ] && kill "$1" 2>/dev/null && wait "$1" 2>/dev/null; }   # ends one process we started
stop_app() { stop "$APP_PID"; APP_PID=; [ -f "$TMP/app.log" ] && grep '^{' "$TMP/app.log" >>"$OUT/trace.jsonl"; rm -f "$TMP/app.log"; }
cleanup() { stop_app; stop "$WM_PID"; stop "$XVFB_PID"; WM_PID=; XVFB_PID=; }
trap 'cleanup; rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM

start_screen() {   # $1 = WxH: a fresh Xvfb on a display number it picks itself, and openbox on it
    cleanup; rm -f "$TMP/display"
    Xvfb -displayfd 5 -screen 0 "${1}x24" -nolisten tcp 5>"$TMP/display" 2>"$TMP/xvfb.log" & XVFB_PID=$!
    for _ in $(seq 50); do [ -s "$TMP/display" ] && break; sleep 0.2; done
    [ -s "$TMP/display" ] || { echo "Xvfb did not start:" >&2; cat "$TMP/xvfb.log" >&2; exit 2; }
    DISPLAY=":$(head -1 "$TMP/display")"; export DISPLAY
    openbox >"$TMP/openbox.log" 2>&1 & WM_PID=$!; sleep 1
}

start_app() {   # $@ = the app's arguments; fresh home and data folders, run from an empty folder
    stop_app; local home="$TMP/home.$RANDOM$RANDOM"
    mkdir -p "$home/config" "$home/data" "$home/runtime" && chmod 700 "$home/runtime"
    (cd "$home" && HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" \
        XDG_RUNTIME_DIR="$home/runtime" PX_TRACE_VIEWS=1 exec "$APP" "$@") >"$TMP/app.log" 2>&1 & APP_PID=$!
    # the main window's title starts with "PXStudio —"; give it focus so that keys reach it
    timeout 30 xdotool search --sync --onlyvisible --name '^PXStudio —' >/dev/null 2>&1
    xdotool mousemove 0 0 >/dev/null 2>&1   # keep the pointer (and any tooltip) off the plots
    sleep "$START_WAIT"
    xdotool search --onlyvisible --name '^PXStudio —' windowactivate --sync >/dev/null 2>&1
}

alive() { [ -n "$APP_PID" ] && kill -0 "$APP_PID" 2>/dev/null; }

not_current() {   # views whose last traced state since log offset $1 is neither current nor empty
    tail -c +"$(($1 + 1))" "$TMP/app.log" | grep -o '"state":"[a-z ]*","view":"[a-z_]*"' |
        sed 's/"state":"\([a-z ]*\)","view":"\([a-z_]*\)"/\2=\1/' |
        awk -F= '{ last[$1] = $2 } END { for (v in last) if (last[v] != "current" && last[v] != "empty")
                                          printf "%s=%s ", v, last[v] }'
}

shoot() {   # $1 = file name, $2 = log offset of the last key press; prints one line per shot
    import -window root "$OUT/$1"; SHOTS=$((SHOTS + 1))
    local busy; busy=$(not_current "$2")
    if [ -n "$busy" ]; then COMPUTING=$((COMPUTING + 1)); echo "$OUT/$1  (not current: $busy)"
    else echo "$OUT/$1"; fi
}

same_picture() {   # fewer than 100 pixels differ above the status bar (whose messages time out)
    local size n; size=$(identify -format '%wx%h' "$1")
    local crop="[${size%x*}x$((${size#*x} - 40))+0+0]"
    n=$(compare -metric AE -fuzz 2% "$1$crop" "$2$crop" null: 2>&1)
    [ "${n%%.*}" -lt 100 ] 2>/dev/null
}

find_lessons() {   # tries 01, 02, ... until the app shows "Cannot open lesson" or dies
    local n nn
    for n in $(seq 1 99); do
        nn=$(printf %02d "$n")
        START_WAIT=2 start_app --lesson "$nn"
        for _ in $(seq 10); do
            xdotool search --name '^Cannot open lesson' >/dev/null 2>&1 && { stop_app; return; }
            alive || { stop_app; return; }
            sleep 0.5
        done
        LESSONS+=("$nn")
    done
}

play_lesson() {   # $1 = size, $2 = mode, $3 = lesson number
    local prefix="$1-$2-$3" k=1 offset prev
    if [ "$2" = projector ]; then start_app --lesson "$3" --projector; else
        start_app --lesson "$3"; import -window root "$TMP/first.png"   # the same as with --projector?
        if same_picture "$OUT/$1-projector-$3-step1.png" "$TMP/first.png"; then   # then leave it with F11
            SUMMARY+=("$prefix: --lesson alone came up in projector mode; F11 pressed to leave it")
            echo "${SUMMARY[-1]}"; xdotool key F11; sleep 3
        fi
    fi
    shoot "$prefix-step1.png" 0
    while alive; do
        offset=$(stat -c %s "$TMP/app.log"); xdotool key Next; sleep "$STEP_WAIT"
        alive || break
        prev="$OUT/$prefix-step$k.png"; k=$((k + 1))
        import -window root "$TMP/next.png"
        if same_picture "$prev" "$TMP/next.png"; then   # the previous Page Down ended the lesson
            mv "$prev" "$OUT/$prefix-end.png"; echo "  renamed to $OUT/$prefix-end.png: after Finish"
            SUMMARY+=("$prefix: $((k - 2)) steps"); stop_app; return
        fi
        [ "$k" -gt "$MAX_STEPS" ] && { SUMMARY+=("$prefix: no end after $MAX_STEPS shots"); stop_app; return; }
        shoot "$prefix-step$k.png" "$offset"
    done
    echo "APP DIED during $prefix (after step $((k - 1))); its last lines:"; tail -5 "$TMP/app.log"
    DIED=$((DIED + 1)); SUMMARY+=("$prefix: APP DIED after step $((k - 1))"); APP_PID=
}

first_start() {   # $1 = size: the welcome card, then Escape closes it
    start_app
    shoot "$1-first-start.png" 0
    local offset; offset=$(stat -c %s "$TMP/app.log"); xdotool key Escape; sleep 3
    shoot "$1-explore.png" "$offset"
    alive || { DIED=$((DIED + 1)); SUMMARY+=("$1 first start: APP DIED"); }; stop_app
}

open_data() {   # $1 = size: the data set of TOUR_DATA, its sweep awaited, then Export all of what is there
    start_app "$(realpath "$TOUR_DATA")"
    xdotool key Escape; sleep "${TOUR_DATA_WAIT:-120}"
    shoot "$1-data.png" 0
    mkdir -p "$OUT/export-$1"; xdotool key ctrl+shift+e; sleep 2
    xdotool type --delay 20 "$OUT/export-$1"; xdotool key Return; sleep 3
    # the app asks whether to compute the views not computed yet: "Export what is there" (its second button)
    xdotool key Tab Return; sleep 10
    shoot "$1-data-exported.png" 0
    xdotool key Return; sleep 1
    alive || { DIED=$((DIED + 1)); SUMMARY+=("$1 data set: APP DIED"); }; stop_app
    SUMMARY+=("$1 data set: $(ls "$OUT/export-$1"/*/ 2>/dev/null | wc -l) files exported")
}

BEGAN=$(date +%s); LESSONS=(); : >"$OUT/trace.jsonl"
start_screen "${SIZES%% *}"; find_lessons
[ ${#LESSONS[@]} -gt 0 ] || { echo "no lesson found: does $APP accept --lesson 01?" >&2; exit 2; }
echo "lessons found: ${LESSONS[*]}; ${STEP_WAIT}s per step; display $DISPLAY"
for size in $SIZES; do
    start_screen "$size"
    first_start "$size"
    [ -n "${TOUR_DATA:-}" ] && open_data "$size"
    for mode in projector normal; do
        for nn in "${LESSONS[@]}"; do play_lesson "$size" "$mode" "$nn"; done
    done
done
cleanup
echo "--- summary: $SHOTS screenshots in $OUT, $(( $(date +%s) - BEGAN )) s"
printf '  %s\n' "${SUMMARY[@]}"
echo "  shots with a view not current after the wait: $COMPUTING; app deaths: $DIED"
python3 "$(dirname "$0")/check-trace.py" "$OUT/trace.jsonl"; TRACE=$?
[ "$DIED" -eq 0 ] || exit 1
[ "$TRACE" -eq 0 ] || exit 3
