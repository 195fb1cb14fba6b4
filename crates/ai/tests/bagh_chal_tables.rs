//! The Bagh-Chal movement-phase tables against a plain search through the rules crate's
//! move generator, on tables small enough for every test run (the target lowered to 1 to 3
//! captures, so only the slices with 18 to 20 goats exist), and the full build for the
//! default target of five captures as a long run:
//!
//! `cargo test --release -p ai --test bagh_chal_tables -- --ignored --nocapture`

use std::sync::OnceLock;
use std::time::Instant;

use ai::bagh_chal::index::{SliceIndex, classes_by_burnside};
use ai::bagh_chal::{Tables, Value};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rules::Mask;
use rules::bagh_chal::{GOATS, Moves, Position, Role};

fn tables(target: u8) -> &'static Tables {
    static T: [OnceLock<Tables>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    T[target as usize - 1].get_or_init(|| Tables::build(target, |_| {}).unwrap())
}

/// The value for the side to move if the game ends within `depth` plies with best play
/// (win: the shortest; loss: the longest), else `None`. Straight from the rules: the side to
/// move without a move loses, and the capture that reaches `target` wins for the tigers.
fn search(pos: &Position, target: u8, depth: u32) -> Option<Value> {
    if pos.captured >= target {
        return Some(Value::Loss(0));
    }
    let mut moves = Moves::new();
    pos.pseudo_legal_moves(&mut moves);
    if moves.is_empty() {
        return Some(Value::Loss(0));
    }
    if depth == 0 {
        return None;
    }
    let (mut best_win, mut longest_loss, mut all_lose) = (None::<u16>, 0u16, true);
    for &m in moves.iter() {
        let mut after = *pos;
        after.play_unchecked(m);
        match search(&after, target, depth - 1) {
            Some(Value::Loss(d)) => best_win = Some(best_win.map_or(d + 1, |w| w.min(d + 1))),
            Some(Value::Win(d)) => longest_loss = longest_loss.max(d + 1),
            _ => all_lose = false,
        }
    }
    match best_win {
        Some(w) => Some(Value::Win(w)),
        None if all_lose => Some(Value::Loss(longest_loss)),
        None => None,
    }
}

fn plies(v: Value) -> Option<u16> {
    match v {
        Value::Win(d) | Value::Loss(d) => Some(d),
        Value::Draw => None,
    }
}

fn random_position(rng: &mut StdRng, goats: u8, turn: Role) -> Position {
    let mut tigers = Mask::EMPTY;
    while tigers.count() < 4 {
        tigers = tigers.with(rng.gen_range(0..25));
    }
    let mut g = Mask::EMPTY;
    while g.count() < goats as u32 {
        let p = rng.gen_range(0..25);
        if !tigers.contains(p) {
            g = g.with(p);
        }
    }
    Position { tigers, goats: g, in_hand: 0, captured: GOATS - goats, turn }
}

/// Random positions of every built slice, both sides to move: the search to `depth` finds
/// exactly the table's value whenever the table says the game ends within `depth` plies,
/// and nothing otherwise. Returns how many positions the search decided.
fn agree_with_search(target: u8, depth: u32, samples: usize, seed: u64) -> usize {
    let t = tables(target);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut decided = 0;
    for goats in t.min_goats()..=GOATS {
        for _ in 0..samples {
            for turn in [Role::Tigers, Role::Goats] {
                let pos = random_position(&mut rng, goats, turn);
                let table = t.value(&pos).unwrap();
                let found = search(&pos, target, depth);
                let expected = plies(table).is_some_and(|d| d as u32 <= depth).then_some(table);
                assert_eq!(found, expected, "target {target}, depth {depth}: {pos:?}, table {table:?}");
                decided += found.is_some() as usize;
            }
        }
    }
    decided
}

#[test]
fn the_first_capture_wins() {
    let decided = agree_with_search(1, 7, 400, 1);
    assert!(decided > 200, "{decided}");
}

#[test]
fn the_second_capture_wins() {
    let decided = agree_with_search(2, 5, 150, 2);
    assert!(decided > 100, "{decided}");
}

#[test]
fn the_third_capture_wins() {
    let decided = agree_with_search(3, 4, 60, 3);
    assert!(decided > 40, "{decided}");
}

/// Every canonical position's value is what its moves make of the values after them (the
/// retrograde fixed point), on the whole of the small tables: a win is the shortest win,
/// a loss the longest loss, and a draw has a drawing move and no winning one.
#[test]
fn every_value_follows_from_the_moves() {
    for target in [1u8, 2] {
        let t = tables(target);
        for goats in t.min_goats()..=GOATS {
            SliceIndex::new(goats).for_each_canonical(|_, tigers, g| {
                for turn in [Role::Tigers, Role::Goats] {
                    let pos = Position {
                        tigers: Mask(tigers as u64),
                        goats: Mask(g as u64),
                        in_hand: 0,
                        captured: GOATS - goats,
                        turn,
                    };
                    let mut moves = Moves::new();
                    pos.pseudo_legal_moves(&mut moves);
                    let (mut win, mut loss, mut draw) = (None::<u16>, None::<u16>, false);
                    for &m in moves.iter() {
                        let mut after = pos;
                        after.play_unchecked(m);
                        let v = if after.captured >= target { Value::Loss(0) } else { t.value(&after).unwrap() };
                        match v {
                            Value::Loss(d) => win = Some(win.map_or(d + 1, |w| w.min(d + 1))),
                            Value::Win(d) => loss = Some(loss.map_or(d + 1, |l| l.max(d + 1))),
                            Value::Draw => draw = true,
                        }
                    }
                    let expected = match (win, draw, loss) {
                        (Some(w), _, _) => Value::Win(w),
                        (None, true, _) => Value::Draw,
                        (None, false, l) => Value::Loss(l.unwrap_or(0)),
                    };
                    assert_eq!(t.value(&pos), Some(expected), "target {target}: {pos:?}");
                }
            });
        }
    }
}

/// The default target, all five slices: the count against the paper, the results, the time
/// and the memory. A long run (about a minute in release on a shared 2-core machine).
#[test]
#[ignore]
fn build_the_movement_phase() {
    let started = Instant::now();
    let mut positions = 0u64;
    let t = Tables::build(5, |s| {
        positions += s.positions;
        println!(
            "{} goats ({} captured): {} entries/side, {} positions/side; tigers to move W/L/D {:?}; goats to move W/L/D {:?}; longest {} plies; {:.1} s",
            s.goats,
            GOATS - s.goats,
            s.entries,
            s.positions,
            s.tigers_to_move,
            s.goats_to_move,
            s.max_plies,
            s.seconds
        );
        assert_eq!(s.positions, classes_by_burnside(s.goats as usize));
    })
    .unwrap();
    println!(
        "all slices: {} positions (both sides), {} bytes of values, {:.1} s",
        2 * positions,
        t.memory(),
        started.elapsed().as_secs_f64()
    );
    assert_eq!(2 * positions, 88_260_972);
    agree_with_search_full(&t);
}

/// The full tables against the search, a few positions per slice.
fn agree_with_search_full(t: &Tables) {
    let mut rng = StdRng::seed_from_u64(5);
    for goats in t.min_goats()..=GOATS {
        for _ in 0..40 {
            for turn in [Role::Tigers, Role::Goats] {
                let pos = random_position(&mut rng, goats, turn);
                let table = t.value(&pos).unwrap();
                let found = search(&pos, 5, 4);
                let expected = plies(table).is_some_and(|d| d <= 4).then_some(table);
                assert_eq!(found, expected, "{pos:?}");
            }
        }
    }
}
