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

/// Games against the CPU (issue 36): with the CPU on the device the generator sends the CPU's
/// moves as a page would and the server only checks them; with the CPU on the server the
/// server moves by itself. Every move sent is acknowledged either way, one socket a game.
#[test]
fn cpu_games_on_the_device_and_on_the_server() {
    for on_device in [true, false] {
        let mut args: Vec<String> =
            ["--games", "6", "--rate", "4", "--warmup", "1", "--duration", "3", "--cpu", "beginner"]
                .map(String::from)
                .to_vec();
        if on_device {
            args.push("--cpu-on-device".into());
        }
        args.extend(["--bin".to_string(), env!("CARGO_BIN_EXE_qdan").to_string()]);
        let out = bench::load::measure(args).unwrap();
        assert!(out.clean, "on the device: {on_device}: {:?}", out.steps);
        let step = &out.steps[0];
        assert_eq!((step.games, step.sockets), (6, 6), "{step:?}");
        // At 4 moves a second, the player's moves alone (the CPU's on the server are not
        // sent) and, on the device, the CPU's too.
        assert!(step.moves > if on_device { 40 } else { 15 }, "on the device: {on_device}: {step:?}");
    }
}
