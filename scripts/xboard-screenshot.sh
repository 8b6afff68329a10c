#!/usr/bin/env bash
# Drives `ccg xboard` from a real XBoard (Debian package `xboard`) under Xvfb: the engine plays
# both sides of a game of Modern Grand Chess (`mgc`, an engine-defined variant: the engine sends
# `setup` and `piece` commands), and a screenshot of the board is saved.
#
#   apt-get install -y xboard xvfb imagemagick
#   scripts/xboard-screenshot.sh [seconds-of-play] [output.png]
#
# Not part of CI. Writes XBoard's protocol log to target/xboard-screenshot/xboard.debug.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_OF_PLAY=${1:-40}
OUT=${2:-docs/img/xboard-mgc.png}
CCG=${CCG:-$PWD/target/release/ccg}
[ -x "$CCG" ] || cargo build --release -q -p ccg-cli
WORK=target/xboard-screenshot
mkdir -p "$WORK"
DISPLAY_NUM=:97
Xvfb "$DISPLAY_NUM" -screen 0 1000x900x24 >/dev/null 2>&1 &
XVFB=$!
trap 'kill $XBOARD $XVFB 2>/dev/null || true' EXIT
sleep 1
export DISPLAY=$DISPLAY_NUM
XBOARD_BIN=$(command -v xboard || echo /usr/games/xboard)
# Two instances of our engine play a match of one game; 2 minutes each, so the game is still on
# when the screenshot is taken.
(cd "$WORK" && "$XBOARD_BIN" \
    -fcp "$CCG xboard" -fd "$PWD" -scp "$CCG xboard" -sd "$PWD" \
    -variant mgc -mg 1 -tc 2 -testLegality false -debug >xboard.log 2>&1) &
XBOARD=$!
sleep "$SECONDS_OF_PLAY"
import -window root "$OUT"
mogrify -trim +repage "$OUT"   # keep the XBoard window, drop the empty screen
echo "saved $OUT"
