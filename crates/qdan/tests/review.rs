//! `qdan review` against `qdan solve`: for random games on every Dots size and both Musashi
//! boards, the value the review prints for a position, wherever it is exact, is what the
//! solver prints for that position; illegal input names the move and exits non-zero.

use std::process::Command;

use rand::{Rng, SeedableRng};
use rules::{AnyGame, AnyOptions};

fn qdan(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_qdan")).args(args).output().expect("run qdan");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

/// A random legal game to its end.
fn random_game(options: AnyOptions, seed: u64) -> Vec<String> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut g = AnyGame::new(options);
    let mut out = Vec::new();
    while g.outcome().is_none() {
        let legal = g.legal_moves();
        let m = legal[rng.gen_range(0..legal.len())].clone();
        let side = g.turn();
        out.push(g.play(side, &m).unwrap());
    }
    out
}

/// The review's lines: the value after each ply (`~` kept), and the turning plies.
fn parse(out: &str, plies: usize) -> (Vec<String>, Vec<usize>) {
    let mut values = Vec::new();
    let mut turning = Vec::new();
    for line in out.lines() {
        if let Some(t) = line.strip_prefix("turning ") {
            turning.push(t.parse().unwrap());
        } else {
            let (ply, v) = line.split_once(' ').unwrap();
            assert_eq!(ply.parse::<usize>().unwrap(), values.len(), "{out}");
            values.push(v.to_string());
        }
    }
    assert_eq!(values.len(), plies + 1, "one line per ply, 0 to {plies}:\n{out}");
    (values, turning)
}

/// Up to `n` plies with exact values, spread over the game (the last one always).
fn sample(values: &[String], n: usize) -> Vec<usize> {
    let exact: Vec<usize> = (0..values.len()).filter(|&i| !values[i].starts_with('~')).collect();
    let step = exact.len().div_ceil(n).max(1);
    let mut out: Vec<usize> = exact.iter().copied().step_by(step).collect();
    if let Some(&last) = exact.last()
        && !out.contains(&last)
    {
        out.push(last);
    }
    out
}

#[test]
fn dots_review_agrees_with_solve_on_every_size() {
    for (i, size) in rules::dots::Size::ALL.into_iter().enumerate() {
        let options = AnyOptions::Dots(rules::dots::Options { size, ..Default::default() });
        let moves = random_game(options, 100 + i as u64);
        let s = size.to_string();
        let (ok, out, err) =
            qdan(&["review", "dots", &s, "--moves", &moves.join(","), "--time", "1", "--playouts", "4"]);
        assert!(ok, "{err}");
        let (values, _) = parse(&out, moves.len());
        if s == "3x3" {
            assert!(values.iter().all(|v| !v.starts_with('~')), "the solver finishes all of 3x3:\n{out}");
        }
        let plies = sample(&values, 3);
        assert!(!plies.is_empty(), "{s}: some exact values:\n{out}");
        for ply in plies {
            let (ok, solved, err) = qdan(&["solve", "dots", &s, "--drawn", &moves[..ply].join(",")]);
            assert!(ok, "{err}");
            assert_eq!(solved.trim(), format!("value {}", values[ply]), "{s} after {ply} moves");
        }
    }
}

#[test]
fn musashi_review_agrees_with_solve_on_both_boards() {
    let dir = tempfile::tempdir().unwrap();
    let tables = dir.path().to_str().unwrap();
    let (ok, _, err) = qdan(&["tablebase", "build", "--board", "25", "--target", "6", "--out", tables]);
    assert!(ok, "{err}");
    // Target 6 ends the game at 10 Children, so no 33-point position needs tables built in
    // memory (which takes minutes from 8 Children down).
    for (board, seed) in [("25", 7u64), ("33", 8)] {
        let options = AnyOptions::Musashi(rules::musashi::Options {
            board: board.parse().unwrap(),
            target: rules::musashi::Target::SIX,
            ..Default::default()
        });
        let moves = random_game(options, seed);
        let list = moves.join(",");
        let common = ["--board", board, "--target", "6", "--tables", tables];
        let mut args = vec!["review", "musashi"];
        args.extend(common);
        args.extend(["--time", "0.3", "--moves", &list]);
        let (ok, out, err) = qdan(&args);
        assert!(ok, "{err}");
        let (values, _) = parse(&out, moves.len());
        if board == "25" {
            assert!(values.iter().all(|v| !v.starts_with('~')), "the tables cover the 25-point board:\n{out}");
        }
        for ply in sample(&values, 4) {
            let before = moves[..ply].join(",");
            let mut args = vec!["solve", "musashi"];
            args.extend(common);
            args.extend(["--time", "3"]);
            if ply > 0 {
                args.extend(["--moves", &before]);
            }
            let (ok, solved, err) = qdan(&args);
            assert!(ok, "{err}");
            let first = solved.lines().next().unwrap_or_default();
            assert_eq!(first, format!("value {}", values[ply]), "{board} points after {ply} moves");
        }
    }
}

#[test]
fn illegal_input_is_an_error_that_names_the_move() {
    let (ok, out, err) = qdan(&["review", "musashi", "--board", "25", "--moves", "c3-d4,e1-d2,d4-d9"]);
    assert!(!ok);
    assert!(out.is_empty());
    assert!(err.contains("move 3 (\"d4-d9\")"), "{err}");
    let (ok, _, err) = qdan(&["review", "dots", "3x3", "--moves", "0,1,0"]);
    assert!(!ok);
    assert!(err.contains("move 3 (\"0\")"), "{err}");
    let (ok, _, err) = qdan(&["review", "dots", "3x3", "--moves", "0,99"]);
    assert!(!ok);
    assert!(err.contains("move 2 (\"99\")"), "{err}");
}
