//! `qdan-arena choices` end to end on a board the solver finishes at once: every answer is
//! valued, and the expert, exact there, keeps the value.

use std::time::Duration;

use arena::choices::{self, Config};
use arena::players::DotsPlayer;
use rules::dots::Size;

#[test]
fn the_expert_keeps_the_exact_value_where_the_solver_reaches() {
    // A 3x3 game drawn in reading order: rows of horizontal lines, then columns (any legal
    // order of all 24 lines is a game).
    let moves: Vec<u8> = (0..24).collect();
    let cfg = Config {
        size: Size { w: 3, h: 3 },
        moves,
        at: vec![4, 9],
        players: vec!["expert".parse::<DotsPlayer>().unwrap(), "greedy".parse().unwrap()],
        repeats: 2,
        // Generous: the expert answers as soon as its solver finishes (milliseconds here), but
        // its first answer in a debug build also allocates the solver's table (~0.5 s seen).
        budget: Duration::from_secs(5),
        seed: 3,
    };
    let mut out = Vec::new();
    choices::run(&cfg, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2 * (1 + 2 * 2), "{text}");
    assert!(lines[0].starts_with("after 4 lines (20 left") && lines[5].starts_with("after 9 lines (15 left"), "{text}");
    for l in lines.iter().filter(|l| l.trim_start().starts_with("expert ")) {
        assert!(l.ends_with("keeps the value"), "{text}");
    }
    assert!(choices::run(&Config { at: vec![24], ..cfg }, &mut Vec::new()).is_err(), "past the game's end");
}
