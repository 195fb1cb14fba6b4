//! The 25-point tables: the published trap-only result, what the site's rules make of it,
//! perfect play from the tables, and the table file's validation.
//!
//! The full 25-point tables are built once per test binary (a few seconds each in the
//! optimised dev profile) and shared by the tests below.

use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use ai::Level;
use ai::musashi::search::moves_left;
use ai::musashi::{TableError, Tables, Value, choose_with, levels};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rules::musashi::{BoardKind, Game, Limit, Moves, Options, Position, Role, Target};

fn trap_only() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| Tables::build(BoardKind::Square25, Target::NONE, 16, |_| {}).unwrap())
}

fn site_tables() -> &'static Arc<Tables> {
    static T: OnceLock<Arc<Tables>> = OnceLock::new();
    T.get_or_init(|| Arc::new(Tables::build(BoardKind::Square25, Target::TEN, 16, |_| {}).unwrap()))
}

fn site_target() -> &'static Tables {
    site_tables()
}

fn start_value(t: &Tables, first: Role) -> Value {
    t.value(&Position::start(BoardKind::Square25, first)).unwrap()
}

#[test]
fn trap_only_reproduces_the_published_result() {
    // Published retrograde analysis ("Children win only by trapping"): the Children win the
    // 25-point board from the start in 31 plies when they move first, 32 when the Parent does.
    let t = trap_only();
    assert_eq!(start_value(t, Role::Children).plies(Role::Children), Some(31));
    assert_eq!(start_value(t, Role::Parent).plies(Role::Parent), Some(32));
    assert_eq!(start_value(t, Role::Parent), Value::ChildrenWin(16));
}

#[test]
fn site_rules_keep_the_children_win_from_the_start() {
    // Target 10 gives the Parent a second way to win, so no position is better for the
    // Children than under trap-only rules; from the start the Children still trap, and the
    // 100-move limit is far beyond the distance, so the site's defaults leave the result.
    let t = site_target();
    for first in [Role::Parent, Role::Children] {
        let v = start_value(t, first);
        let Value::ChildrenWin(d) = v else { panic!("{first} first: {v:?}") };
        let Value::ChildrenWin(free) = start_value(trap_only(), first) else { unreachable!() };
        assert!(d >= free, "a target cannot speed the Children up");
        assert_eq!(v.with_limit(Some(100)), v);
        // ...but a tight limit turns the same distance into a Parent win.
        assert_eq!(v.with_limit(Some(d as u32 - 1)), Value::ParentWin);
    }
    assert_eq!(start_value(t, Role::Children).plies(Role::Children), Some(31));
    assert_eq!(start_value(t, Role::Parent).plies(Role::Parent), Some(32));
}

#[test]
fn a_target_never_helps_the_children() {
    // Position by position on the 10-Children slice, the target-10 value is a Children win no
    // faster than the trap-only one (the Parent only gains a way to win).
    let (free, site) = (trap_only(), site_target());
    let mut rng = StdRng::seed_from_u64(9);
    for _ in 0..20_000 {
        let pos = random_position(&mut rng, 10);
        match (site.value(&pos).unwrap(), free.value(&pos).unwrap()) {
            (Value::ChildrenWin(a), Value::ChildrenWin(b)) => assert!(a >= b, "{pos}"),
            (Value::ChildrenWin(_), Value::ParentWin) => panic!("{pos}: target made a Children win"),
            _ => {}
        }
    }
}

fn random_position(rng: &mut StdRng, k: u32) -> Position {
    use rand::Rng;
    let parent = rules::musashi::Point(rng.gen_range(0..25));
    let mut children = rules::Mask::EMPTY;
    while children.count() < k {
        let q = rng.gen_range(0..25);
        if q != parent.0 {
            children = children.with(q);
        }
    }
    let turn = if rng.gen_bool(0.5) { Role::Parent } else { Role::Children };
    Position { board: BoardKind::Square25, parent, children, turn, children_moves: 0 }
}

#[test]
fn values_are_consistent_with_one_move_lookahead() {
    // Each stored value is the minimax of its successors' values: the generator's fixpoint.
    let t = trap_only();
    let mut rng = StdRng::seed_from_u64(11);
    for i in 0..20_000 {
        let pos = random_position(&mut rng, [6, 8, 10, 12, 14][i % 5]);
        let v = t.value(&pos).unwrap();
        if pos.turn == Role::Parent && pos.parent_exits().is_empty() {
            assert_eq!(v, Value::ChildrenWin(0));
            continue;
        }
        let mut moves = Moves::new();
        pos.pseudo_legal_moves(&mut moves);
        let succ: Vec<Value> = moves
            .iter()
            .map(|&m| {
                let mut a = pos;
                a.play_unchecked(m);
                t.value(&a).unwrap()
            })
            .collect();
        let dist = |v: &Value| match v {
            Value::ChildrenWin(d) => *d as u32,
            Value::ParentWin => u32::MAX,
        };
        let expect = match pos.turn {
            Role::Children => succ.iter().map(dist).min().map_or(u32::MAX, |d| d.saturating_add(1)),
            Role::Parent => succ.iter().map(dist).max().unwrap(),
        };
        assert_eq!(dist(&v), expect, "{pos}");
    }
}

/// Plays a whole game: `children` and `parent` choose for their sides.
fn play(
    mut game: Game,
    mut parent: impl FnMut(&Game) -> rules::musashi::Move,
    mut children: impl FnMut(&Game) -> rules::musashi::Move,
) -> Game {
    while game.outcome().is_none() {
        let m = if game.turn() == Role::Parent { parent(&game) } else { children(&game) };
        game.play(m).expect("CPU moves are legal");
    }
    game
}

#[test]
fn expert_children_trap_every_defence_at_the_announced_distance() {
    // Perfect Children against a Parent that resists longest (table) and against random and
    // beginner Parents: every game ends in a trap, never later than the table promised.
    let t = site_target();
    let mut rng = StdRng::seed_from_u64(3);
    for first in [Role::Parent, Role::Children] {
        let opts = Options { board: BoardKind::Square25, first, ..Options::default() };
        let promise = start_value(t, first).plies(first).unwrap();
        for opponent in 0..3 {
            for _ in 0..if opponent == 0 { 1 } else { 10 } {
                let mut r2 = StdRng::seed_from_u64(rand::Rng::r#gen(&mut rng));
                let g = play(
                    Game::new(opts),
                    |g| match opponent {
                        0 => levels::from_tables(g, t, &mut r2).unwrap(),
                        1 => {
                            let mut ms = Moves::new();
                            g.legal_moves(&mut ms);
                            ms[rand::Rng::gen_range(&mut r2, 0..ms.len())]
                        }
                        _ => levels::beginner(g, &mut r2).unwrap(),
                    },
                    |g| levels::from_tables(g, t, &mut StdRng::seed_from_u64(1)).unwrap(),
                );
                let o = g.outcome().unwrap();
                assert_eq!(o.winner, Role::Children, "{first} first, opponent {opponent}: {o:?}");
                assert!(g.history().len() as u32 <= promise);
                if opponent == 0 {
                    assert_eq!(g.history().len() as u32, promise, "longest resistance meets fastest trap");
                }
            }
        }
    }
}

#[test]
fn expert_uses_installed_tables_within_the_deadline() {
    // Through the server's entry point: the expert Children beat the intermediate Parent from
    // the start (both first movers), every answer before the deadline.
    let t = ai::musashi::install_tables(site_tables().clone());
    let mut rng = StdRng::seed_from_u64(5);
    for first in [Role::Parent, Role::Children] {
        let mut game = Game::new(Options { board: BoardKind::Square25, first, ..Options::default() });
        let promise = start_value(&t, first).plies(first).unwrap();
        while game.outcome().is_none() {
            let deadline = Instant::now() + Duration::from_millis(900);
            let level = if game.turn() == Role::Children { Level::Expert } else { Level::Intermediate };
            let m = choose_with(&game, level, deadline, &mut rng).unwrap();
            assert!(Instant::now() < deadline);
            game.play(m).unwrap();
        }
        assert_eq!(game.outcome().unwrap().winner, Role::Children);
        assert!(game.history().len() as u32 <= promise);
    }
}

#[test]
fn limit_turns_distance_into_result_for_the_players() {
    // Under a limit shorter than the distance from the start, the same position is lost for
    // the Children; the expert Parent then survives to the limit against the expert Children.
    let t = site_target();
    let Value::ChildrenWin(d) = start_value(t, Role::Parent) else { panic!() };
    let opts = Options { board: BoardKind::Square25, limit: Limit(Some(d - 1)), ..Options::default() };
    let mut rng = StdRng::seed_from_u64(8);
    let g = play(
        Game::new(opts),
        |g| levels::from_tables(g, t, &mut rng).unwrap(),
        |g| levels::from_tables(g, t, &mut StdRng::seed_from_u64(2)).unwrap(),
    );
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, Role::Parent, "{o:?}");
    assert!(moves_left(&g, g.position()).is_some());
}

#[test]
fn children_never_repeat_even_when_the_fastest_move_would() {
    // Find X (Parent to move) such that after Parent q, Children a-b, Parent back to p, the
    // Children's only fastest move is b-a, which recreates the recorded X. The expert must
    // take the best of the other moves.
    let t = trap_only();
    let opts = Options { board: BoardKind::Square25, target: Target::NONE, limit: Limit::NONE, ..Options::default() };
    let dist = |v: Value| match v {
        Value::ChildrenWin(d) => d as u32,
        Value::ParentWin => u32::MAX,
    };
    let mut rng = StdRng::seed_from_u64(4);
    let mut found = 0;
    for _ in 0..200_000 {
        let x = random_position(&mut rng, 8);
        let x = Position { turn: Role::Parent, ..x };
        let mut game = Game::from_position(opts, x);
        let mut moves = Moves::new();
        game.legal_moves(&mut moves);
        let Some(&out) = moves.iter().find(|m| x.captures_at(m.to).is_empty()) else { continue };
        game.play(out).unwrap();
        game.legal_moves(&mut moves);
        let Some(&kid) = moves.first() else { continue };
        game.play(kid).unwrap();
        let back = rules::musashi::Move::new(out.to, out.from);
        if game.check(back).is_err() || game.position().captures_at(back.to).any() {
            continue;
        }
        game.play(back).unwrap();
        if game.outcome().is_some() {
            continue;
        }
        let undo = rules::musashi::Move::new(kid.to, kid.from);
        let y = *game.position();
        let mut all = Moves::new();
        y.pseudo_legal_moves(&mut all);
        let value_of = |m: rules::musashi::Move| {
            let mut a = y;
            a.play_unchecked(m);
            dist(t.value(&a).unwrap())
        };
        let best = all.iter().map(|&m| value_of(m)).min().unwrap();
        if best == u32::MAX || value_of(undo) != best || all.iter().filter(|&&m| value_of(m) == best).count() != 1 {
            continue;
        }
        // `undo` is the unique fastest move, and it repeats X.
        assert!(game.check(undo).is_err());
        let chosen = levels::from_tables(&game, t, &mut rng).unwrap();
        assert_ne!(chosen, undo);
        game.legal_moves(&mut moves);
        let best_legal = moves.iter().map(|&m| value_of(m)).min().unwrap();
        assert_eq!(value_of(chosen), best_legal);
        found += 1;
        if found == 20 {
            break;
        }
    }
    assert!(found >= 5, "found only {found} such positions");
}

#[test]
fn table_files_round_trip_and_refuse_damage() {
    let dir = std::env::temp_dir().join(format!("qdan-musashi-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("t.qtb");
    let t = Tables::build(BoardKind::Square25, Target::NONE, 6, |_| {}).unwrap();
    t.save(&path).unwrap();
    let back = Tables::load(&path, BoardKind::Square25, Target::NONE).unwrap();
    assert_eq!(back.slice_counts(), t.slice_counts());
    for k in t.slice_counts() {
        assert_eq!(back.slice(k).unwrap().parent, t.slice(k).unwrap().parent);
        assert_eq!(back.slice(k).unwrap().children, t.slice(k).unwrap().children);
    }
    // Another target or board: stale.
    assert!(matches!(Tables::load(&path, BoardKind::Square25, Target::TEN), Err(TableError::Stale)));
    assert!(matches!(Tables::load(&path, BoardKind::Setchin33, Target::NONE), Err(TableError::Stale)));
    // One flipped byte in the data: the checksum catches it.
    let mut bytes = std::fs::read(&path).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x40;
    std::fs::write(&path, &bytes).unwrap();
    assert!(matches!(Tables::load(&path, BoardKind::Square25, Target::NONE), Err(TableError::Corrupt(_))));
    // Truncated, or another version.
    bytes[mid] ^= 0x40;
    std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
    assert!(Tables::load(&path, BoardKind::Square25, Target::NONE).is_err());
    let mut v2 = bytes.clone();
    v2[8] = 99;
    std::fs::write(&path, &v2).unwrap();
    assert!(matches!(Tables::load(&path, BoardKind::Square25, Target::NONE), Err(TableError::Version(99))));
    std::fs::write(&path, b"not a table").unwrap();
    assert!(Tables::load(&path, BoardKind::Square25, Target::NONE).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}
