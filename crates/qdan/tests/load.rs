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

/// `--acked FILE` (issue 39): the generator logs every acknowledged move with its time and
/// every error it was sent; `qdan-bench check` on that log and the server's database finds
/// every move stored, no table waiting over 8 s, and no undocumented error code.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_load_log_passes_the_checker() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("q.db").display());
    let mut args = vec!["--db", db.as_str(), "--tables", "off", "--http-rate", "1000000000"];
    args.extend(["--new-players-per-ip", "0", "--new-groups-per-ip", "0", "--sockets-per-ip", "0"]);
    args.extend(["--connections-per-ip", "0", "--open-groups-per-player", "0"]);
    let q = testkit::Qdan::start(std::path::Path::new(env!("CARGO_BIN_EXE_qdan")), &args, false).await.unwrap();
    let log = dir.path().join("acked.jsonl");
    let url = format!("http://{}", q.addr);
    let mut load: Vec<String> =
        ["--games", "8", "--rate", "4", "--warmup", "1", "--duration", "3"].map(String::from).to_vec();
    load.extend(["--server".into(), url, "--acked".into(), log.display().to_string()]);
    let out = tokio::task::spawn_blocking(move || bench::load::measure(load)).await.unwrap().unwrap();
    assert!(out.clean, "{:?}", out.steps);
    let read = bench::check::acked::read(&log).unwrap();
    let acked: u64 = out.steps.iter().map(|s| s.moves).sum();
    assert!(read.moves.len() as u64 >= acked && acked > 40, "{} lines, {acked} acknowledged", read.moves.len());
    assert!(read.moves.iter().all(|m| m.at.is_some()));
    let report = bench::check::check_log(&db, None, Some(&read), 8000).await.unwrap();
    assert!(report.is_clean(), "{report}");
    assert_eq!(report.acked, read.moves.len());
    assert_eq!(report.waits.len(), 8, "{report}");
    drop(q);
}
