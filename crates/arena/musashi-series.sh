#!/usr/bin/env bash
# The Musashi series behind docs/benchmarks.md (issue 20): the expert at each side of the
# 33-point board against the lower levels and against itself, 50 games each, one at a time.
# Resumable: a series whose summary file is complete is skipped; rerun the script to go on.
#   nohup crates/arena/musashi-series.sh TABLE_DIR [OUT_DIR] > OUT_DIR/musashi.log 2>&1 &
# TARGET=6 (or none) plays under that target instead of the site's default 10; the series'
# names then carry it (musashi-33-t6-...). GAMES=N plays N games a series instead of 50.
# TABLE_DIR holds the tables the site would use (the 25-point files, and the 33-point slice
# files made by `qdan tablebase build --board 33`). Each series writes OUT_DIR/NAME.out
# (summary) and OUT_DIR/NAME.log (one line per game).
set -euo pipefail
cd "$(dirname "$0")/../.."
tables=${1:?the table directory}
out=${2:-target/arena-runs}
games=${GAMES:-50}
target=${TARGET:-10}
tag=musashi-33
[ "$target" = 10 ] || tag="musashi-33-t$target"
mkdir -p "$out"
# shellcheck source=crates/arena/series-lib.sh
. crates/arena/series-lib.sh

musashi() { # name, then qdan-arena match arguments beyond the board, tables and games
    local name=$1; shift
    run "$name" --game musashi --board 33 --target "$target" --tables "$tables" --games "$games" "$@"
}

# The expert against itself first: the Children's side against the best Parent we have.
musashi $tag-expert-expert --a expert --b expert --seat alternate
for b in intermediate beginner; do
    musashi $tag-expert-parent-$b --a expert --b "$b" --seat parent
    musashi $tag-expert-children-$b --a expert --b "$b" --seat children
done
musashi $tag-intermediate-parent-beginner --a intermediate --b beginner --seat parent
musashi $tag-intermediate-children-beginner --a intermediate --b beginner --seat children
echo "$(date -u +%FT%TZ) all series done"
