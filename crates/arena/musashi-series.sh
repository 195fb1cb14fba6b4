#!/usr/bin/env bash
# The Musashi series behind docs/benchmarks.md (issue 20): the expert at each side of the
# 33-point board against the lower levels and against itself, 50 games each, one at a time.
# Resumable: a series whose summary file is complete is skipped; rerun the script to go on.
#   nohup crates/arena/musashi-series.sh TABLE_DIR [OUT_DIR] > OUT_DIR/musashi.log 2>&1 &
# TABLE_DIR holds the tables the site would use (the 25-point files, and the 33-point slice
# files made by `qdan tablebase build --board 33`). Each series writes OUT_DIR/NAME.out
# (summary) and OUT_DIR/NAME.log (one line per game).
set -euo pipefail
cd "$(dirname "$0")/../.."
tables=${1:?the table directory}
out=${2:-target/arena-runs}
games=${GAMES:-50}
mkdir -p "$out"
bin="${BIN:-$out/qdan-arena-$(git rev-parse --short HEAD)}"
[ -x "$bin" ] || { cargo build --release -p arena; cp target/release/qdan-arena "$bin"; }

# Several copies may run side by side (one a core): a series another live copy has started
# is left to it (its lock names the copy's pid).
run() { # name, then qdan-arena match arguments
    local name=$1; shift
    if grep -q "series wall time" "$out/$name.out" 2>/dev/null; then return; fi
    local lock="$out/$name.lock"
    if ! mkdir "$lock" 2>/dev/null; then
        kill -0 "$(cat "$lock/pid" 2>/dev/null)" 2>/dev/null && return
        echo "$(date -u +%FT%TZ) $name: taking over the lock of a stopped copy"
    fi
    echo $$ > "$lock/pid"
    echo "$(date -u +%FT%TZ) start $name (load $(cut -d' ' -f1-3 /proc/loadavg))"
    nice -n "${NICE:-19}" "$bin" match --game musashi --board 33 --tables "$tables" --games "$games" "$@" \
        > "$out/$name.out" 2> "$out/$name.log"
    echo "$(date -u +%FT%TZ) done  $name: $(sed -n 2,3p "$out/$name.out" | tr '\n' ' ')"
    rm -r "$lock"
}

while [ -n "${WAIT_PID:-}" ] && kill -0 "$WAIT_PID" 2>/dev/null; do sleep 20; done

# The expert against itself first: the Children's side against the best Parent we have.
run musashi-33-expert-expert --a expert --b expert --seat alternate
for b in intermediate beginner; do
    run musashi-33-expert-parent-$b --a expert --b "$b" --seat parent
    run musashi-33-expert-children-$b --a expert --b "$b" --seat children
done
run musashi-33-intermediate-parent-beginner --a intermediate --b beginner --seat parent
run musashi-33-intermediate-children-beginner --a intermediate --b beginner --seat children
echo "$(date -u +%FT%TZ) all series done"
