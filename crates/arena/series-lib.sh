# Sourced by crates/arena/series.sh and musashi-series.sh (from the repository root, with
# `out` set): the binary a run of series uses, and one resumable, lockable series.

# A private copy of the binary, so that a rebuild does not change a series half-way
# (BIN: use this one instead).
bin="${BIN:-$out/qdan-arena-$(git rev-parse --short HEAD)}"
[ -x "$bin" ] || { cargo build --release -p arena; cp target/release/qdan-arena "$bin"; }

# run NAME ARGS...: `qdan-arena match ARGS` into OUT/NAME.out (summary) and OUT/NAME.log (one
# line per game), niced (NICE, default 19). A series whose summary is complete is skipped, so
# a rerun goes on where the last one stopped. Several copies may run side by side (one a
# core): a series another live copy has started is left to it (its lock names the copy's pid).
run() {
    local name=$1; shift
    if grep -q "series wall time" "$out/$name.out" 2>/dev/null; then return; fi
    local lock="$out/$name.lock"
    if ! mkdir "$lock" 2>/dev/null; then
        kill -0 "$(cat "$lock/pid" 2>/dev/null)" 2>/dev/null && return
        echo "$(date -u +%FT%TZ) $name: taking over the lock of a stopped copy"
    fi
    echo $$ > "$lock/pid"
    echo "$(date -u +%FT%TZ) start $name (load $(cut -d' ' -f1-3 /proc/loadavg))"
    nice -n "${NICE:-19}" "$bin" match "$@" > "$out/$name.out" 2> "$out/$name.log"
    echo "$(date -u +%FT%TZ) done  $name: $(sed -n 2,3p "$out/$name.out" | tr '\n' ' ')"
    rm -r "$lock"
}

# WAIT_PID: start only once that process (an earlier copy) has ended.
while [ -n "${WAIT_PID:-}" ] && kill -0 "$WAIT_PID" 2>/dev/null; do sleep 20; done
