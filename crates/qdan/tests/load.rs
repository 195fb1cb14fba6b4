//! The short load test (issue 9): `qdan-bench load` with 50 games for about ten seconds
//! against a `qdan serve` child of this build. Every move sent must be acknowledged and
//! nothing may fail; timing is not asserted here (figures live in docs/benchmarks.md).

#[test]
fn fifty_games_every_move_acknowledged() {
    let args =
        ["--games", "50", "--rate", "2", "--warmup", "2", "--duration", "8", "--bin", env!("CARGO_BIN_EXE_qdan")];
    let out = bench::load::measure(args.map(String::from)).unwrap();
    assert!(out.clean, "errors or unacknowledged moves: {:?}", out.steps);
    let step = &out.steps[0];
    assert_eq!(step.games, 50);
    assert!(step.moves > 100, "{step:?}");
    assert_eq!(step.errors, 0, "{step:?}");
    // Delta events: a move event is small whatever the board (the whole table is ~2 KB).
    assert!(step.move_event_bytes > 0.0 && step.move_event_bytes < 300.0, "{step:?}");
}
