#!/usr/bin/env bash
# Checks the Musashi games of a `qdan-arena match` log move by move against the tables: each
# game is replayed through `qdan review musashi`, and every position's value must be the
# start's minus the plies played (`children-win-in N` falling by one a ply; `parent-win`
# staying), with no move that changes the result. For games between two perfect players
# (the expert with the full tables): a move that lengthened the Children's win or shortened
# the Parent's defence shows up as a ply off its distance.
#   crates/arena/musashi-audit.sh LOG TABLE_DIR --board 33 --target 6 --first parent
# SIDE=parent (or children) checks only the moves of that side, for games of one perfect
# player against a weaker one: each of its moves must take the value from `children-win-in N`
# to `children-win-in N-1` (the shortest win, or the longest defence), or keep `parent-win`.
# The options after TABLE_DIR are those the match was played with. QDAN: the binary (default
# target/release/qdan). Prints one line a game, then a summary; exits 1 if any game is off.
set -euo pipefail
log=${1:?the match log (stderr of qdan-arena match)}
tables=${2:?the table directory}
shift 2
qdan=${QDAN:-target/release/qdan}
side=${SIDE:-}
case "$side" in "" | parent | children) ;; *) echo "SIDE: parent or children" >&2; exit 2 ;; esac
# Who makes the odd plies: the first mover (the match's --first, parent by default).
first=parent
args=("$@")
for i in "${!args[@]}"; do
    [ "${args[$i]}" = --first ] && first=${args[$((i + 1))]:-parent}
done
games=0
off_games=0
while read -r line; do
    name=${line%%:*}
    moves=${line##*taken: }
    out=$("$qdan" review musashi "$@" --tables "$tables" --moves "$moves")
    # Ply lines are "PLY VALUE"; a value that is only an estimate starts with "~".
    off=$(echo "$out" | awk -v side="$side" -v first="$first" '
        /^[0-9]+ / {
            value = ($3 == "") ? $2 : $2 " " $3
            if (NR == 1) { start = value; n = $3 }
            if (side == "") {
                want = (start ~ /^children-win-in/) ? "children-win-in " (n - $1) : start
                if (value != want) { bad++ }
            } else if ($1 > 0) {
                mover = ($1 % 2 == 1) ? first : (first == "parent" ? "children" : "parent")
                if (mover == side) {
                    want = (prev ~ /^children-win-in /) ? "children-win-in " (prev_n - 1) : prev
                    if (value != want) { bad++ }
                }
            }
            prev = value; prev_n = $3
        }
        /^turning/ && side == "" { bad++ }
        END { print bad + 0 }')
    plies=$(echo "$moves" | tr ',' '\n' | grep -c .)
    echo "$name: $plies plies, start $(echo "$out" | head -1 | cut -d' ' -f2-), $off off"
    games=$((games + 1))
    [ "$off" = 0 ] || off_games=$((off_games + 1))
done < <(grep '^game [0-9]*:' "$log")
echo "$games games, $off_games with a move ${side:+of the $side }off the solved value"
[ "$off_games" = 0 ]
