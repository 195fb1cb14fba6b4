#!/usr/bin/env bash
# Adds up the rounds of crates/arena/series.sh: per pairing, games, A's W-D-L, margins,
# games whose audit saw A drop the value, losses from a won position, and each round's A
# move times; then the Musashi series of crates/arena/musashi-series.sh (finished or not):
# per seat, games, A's wins and the game lengths. Usage: crates/arena/summary.sh [OUT_DIR]
set -euo pipefail
out=${1:-target/arena-runs}
for f in "$out"/*.log; do
    name=$(basename "$f" .log)
    case $name in series* | musashi*) continue ;; esac
    echo "${name%-r[0-9]*}"
done | sort -u | while read -r pair; do
    logs=$(ls "$out/$pair".log "$out/$pair"-r*.log 2>/dev/null || true)
    # shellcheck disable=SC2086
    margins=$(cat $logs | awk '/^game/ { print $6 + 0 }' | sort -n)
    [ -z "$margins" ] && continue
    n=$(echo "$margins" | wc -l)
    w=$(echo "$margins" | awk '$1 > 0' | wc -l)
    d=$(echo "$margins" | awk '$1 == 0' | wc -l)
    l=$(echo "$margins" | awk '$1 < 0' | wc -l)
    med=$(echo "$margins" | sed -n "$(( (n + 1) / 2 ))p")
    mean=$(echo "$margins" | awk '{ s += $1 } END { printf "%+.2f", s / NR }')
    # shellcheck disable=SC2086
    drops=$(cat $logs | grep -c "first drop" || true)
    # shellcheck disable=SC2086
    wonlost=$(cat $logs | grep -c "LOST FROM A WON POSITION" || true)
    printf "%-36s games %3d  A W-D-L %d-%d-%d (%s%% wins)  margin min %+d median %+d max %+d mean %s  value drops in %d games, lost from won %d\n" \
        "$pair" "$n" "$w" "$d" "$l" "$(awk -v w="$w" -v n="$n" 'BEGIN { printf "%.0f", 100 * w / n }')" \
        "$(echo "$margins" | head -1)" "$med" "$(echo "$margins" | tail -1)" "$mean" "$drops" "$wonlost"
    outs=$(ls "$out/$pair".out "$out/$pair"-r*.out 2>/dev/null || true)
    # shellcheck disable=SC2086
    grep -h "A move times" $outs 2>/dev/null | sed "s/^/    /" || true
done
for f in "$out"/musashi-*.log; do
    [ -f "$f" ] || continue
    name=$(basename "$f" .log)
    for role in Parent Children; do
        plies=$(awk -v r="$role" '/^game/ && $5 == r { print $8 }' "$f" | sort -n)
        [ -z "$plies" ] && continue
        n=$(echo "$plies" | wc -l)
        won=$(awk -v r="$role" '/^game/ && $5 == r && $6 == "won"' "$f" | wc -l)
        limit=$(awk -v r="$role" '/^game/ && $5 == r && /MoveLimit/' "$f" | wc -l)
        printf "%-44s A as %-8s games %3d  A won %3d  plies min %d median %d max %d  move-limit ends %d\n" \
            "$name" "$role" "$n" "$won" "$(echo "$plies" | head -1)" \
            "$(echo "$plies" | sed -n "$(( (n + 1) / 2 ))p")" "$(echo "$plies" | tail -1)" "$limit"
    done
    grep -h "move times" "$out/$name.out" 2>/dev/null | sed "s/^/    /" || true
done
