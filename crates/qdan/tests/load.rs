//! The short load test (issue 9): `qdan bench load` with 50 games for about ten seconds against
//! its own `qdan serve` child. Every move sent must be acknowledged and nothing may fail;
//! timing is not asserted here (figures live in docs/benchmarks.md).

use std::process::Command;

#[test]
fn fifty_games_every_move_acknowledged() {
    let out = Command::new(env!("CARGO_BIN_EXE_qdan"))
        .args(["bench", "load", "--games", "50", "--rate", "2", "--warmup", "2", "--duration", "8", "--strict"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "bench load failed\n{stdout}\n{stderr}");
    assert!(stderr.contains(" 0 errors"), "{stderr}");
    // The table row for 50 games: some moves measured, no errors.
    let row =
        stdout.lines().find(|l| l.starts_with("| 50 |")).unwrap_or_else(|| panic!("no row for 50 games\n{stdout}"));
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    let moves: u64 = cells[3].parse().unwrap();
    assert!(moves > 100, "{row}");
    assert_eq!(cells[12], "0", "errors: {row}");
}
