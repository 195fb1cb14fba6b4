#!/usr/bin/env bash
# The match series behind docs/benchmarks.md (Dots, issue 20), one at a time, niced.
# Resumable: a series whose summary file is complete is skipped; rerun the script to go on.
#   nohup crates/arena/series.sh [OUT_DIR] > OUT_DIR/series.log 2>&1 &
# Each series writes OUT_DIR/NAME.out (summary) and OUT_DIR/NAME.log (one line per game);
# copies side by side take different series (series-lib.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-target/arena-runs}
mkdir -p "$out"
# shellcheck source=crates/arena/series-lib.sh
. crates/arena/series-lib.sh

# The machine is shared, so the series go in rounds of 10 games per pairing (a new seed each
# round, 5x5 first): whenever the run is cut off, every pairing has about as many games as the
# others. `crates/arena/summary.sh OUT_DIR` adds the rounds up (round 1 was 20 games of
# expert-5x4-rollout, before the rounds were made smaller). EVIDENCE=0 skips the old
# expert's games, EXTRAS=0 also the comparisons with the old expert and the ablations.
# Two copies with different FIRST_ROUND..ROUNDS ranges run side by side (one a core).
first=${FIRST_ROUND:-2}
rounds=${ROUNDS:-11}
for r in $(seq "$first" "$rounds"); do
    for size in 5x5 5x4; do
        for b in rollout chainrule greedy rollout15; do
            run expert-$size-$b-r$r --game dots --size $size --a expert --b $b --games 10 --audit 26 --seed $r
        done
        if [ "${EVIDENCE:-1}" = 1 ] && [ "$r" = "$first" ] && [ $size = 5x5 ]; then
            # The old expert's games, its losses valued move by move.
            for b in chainrule rollout greedy; do
                run v1-5x5-$b --game dots --size 5x5 --a expert-v1 --b $b --games 8 --audit 26 --postmortem-ms 2000 --seed 20
            done
        fi
    done
    run levels-5x4-expert-intermediate-r$r --game dots --size 5x4 --a expert --b intermediate --games 10 --audit 26 --seed $r
    run levels-5x4-intermediate-beginner-r$r --game dots --size 5x4 --a intermediate --b beginner --games 10 --seed $r
    [ "${EXTRAS:-1}" = 1 ] || continue
    run levels-5x5-expert-v1-r$r --game dots --size 5x5 --a expert --b expert-v1 --games 6 --audit 26 --seed $r
    if [ "$r" -ge 4 ]; then
        run ablation-5x5-nosteer-r$r --game dots --size 5x5 --a expert --b expert-nosteer --games 6 --seed $r
    fi
done
echo "$(date -u +%FT%TZ) all series done"
