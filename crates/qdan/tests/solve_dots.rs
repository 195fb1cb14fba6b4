//! `qdan solve dots --table FILE --hours H`: a solve stopped at its time limit saves its
//! table and says so, the same command continues it to the value a plain solve prints, and a
//! table file for another board is refused with a message that says why.

use std::process::Command;

fn qdan(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_qdan")).args(args).output().expect("run qdan");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn a_stopped_solve_continues_from_its_table() {
    let path = std::env::temp_dir().join(format!("qdan-solve-dots-{}.tt", std::process::id()));
    let file = path.to_str().expect("a UTF-8 temp path");
    let base = ["solve", "dots", "4x3", "--tt-bits", "18", "--threads", "2"];
    let (ok, plain, err) = qdan(&base);
    assert!(ok, "{err}");
    assert!(plain.starts_with("value "), "{plain}");

    // About 7 ms: the empty 4x3 takes hundreds of times that.
    let (ok, out, err) = qdan(&[&base[..], &["--table", file, "--hours", "0.000002"]].concat());
    assert!(!ok, "stopped, not finished:\n{out}");
    assert!(err.contains("stopped at the") && err.contains("the same command continues"), "{err}");
    assert!(path.exists(), "the table is saved when the solve stops");

    let (ok, out, err) = qdan(&[&base[..], &["--table", file, "--stats"]].concat());
    assert!(ok, "{err}");
    assert!(err.contains("table loaded from"), "{err}");
    assert!(err.contains("value >= "), "each probe is reported:\n{err}");
    assert_eq!(out.lines().next(), plain.lines().next());

    let (ok, _, err) = qdan(&["solve", "dots", "3x3", "--tt-bits", "18", "--table", file]);
    assert!(!ok);
    assert!(err.contains("is for a 4x3 board"), "{err}");
    let (ok, _, err) = qdan(&[&base[..], &["--table", file, "--hours", "0"]].concat());
    assert!(!ok && err.contains("positive"), "{err}");
    std::fs::remove_file(&path).expect("remove the table file");
}
