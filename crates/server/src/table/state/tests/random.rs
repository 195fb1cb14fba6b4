//! Random sequences of inputs: nothing panics, a refusal changes nothing, and the mirror
//! always equals the full state (checked by the harness at every step).
use proptest::prelude::*;

use super::*;

fn input(sel: u8, pick: u16) -> Input {
    let conn = [A, B, W][(pick % 3) as usize];
    match sel % 12 {
        0 => Input::Join { conn, player: Some(person(["a", "b", "w"][(pick % 3) as usize])) },
        1 => Input::Leave { conn, going_away: pick.is_multiple_of(2) },
        2 => Input::Tick,
        3 => Input::Intent { conn, intent: Intent::Sit {} },
        4 => Input::Intent { conn, intent: Intent::Undo {} },
        5 => Input::Intent { conn, intent: Intent::UndoAnswer { accept: pick.is_multiple_of(2) } },
        6 => Input::Intent { conn, intent: Intent::Resign {} },
        7 => Input::Intent { conn, intent: Intent::Rematch {} },
        8 => Input::Intent {
            conn,
            intent: Intent::Settings {
                options: None,
                turn_limit: Some([None, Some(30)][(pick % 2) as usize]),
                ranked: None,
            },
        },
        _ => Input::Intent { conn, intent: Intent::Move { ply: 0, mv: String::new() } },
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn random_inputs_keep_the_mirror_exact(steps in prop::collection::vec((any::<u8>(), any::<u16>(), 0i64..20_000), 1..120)) {
        let mut h = Harness::dots(if steps[0].0 % 2 == 0 { Some(Level::Beginner) } else { None });
        for (sel, pick, dt) in steps {
            h.now += dt;
            let mut inp = input(sel, pick);
            // Moves: a legal one (or any text) at the current ply, for the conn's seat.
            if let Input::Intent { intent: Intent::Move { ply, mv }, .. } = &mut inp {
                *ply = h.view().plies;
                let legal = h.view().view.map(|v| match v { wire::GameView::Dots(d) => d.legal, _ => vec![] }).unwrap_or_default();
                *mv = legal.get(pick as usize % legal.len().max(1)).map_or("0".into(), |e| e.to_string());
            }
            if let Some(turn) = h.t.cpu_turn().filter(|_| sel % 5 == 0) {
                let rules::AnyGame::Dots(g) = &h.t.game.as_ref().unwrap().game else { unreachable!() };
                let mut legal = dots::Edges::new();
                g.legal_moves(&mut legal);
                let e = legal[pick as usize % legal.len()].to_string();
                inp = Input::Cpu { game_no: turn.game_no, ply: turn.ply, by: turn.by, mv: e };
            }
            let _ = h.apply(inp);
        }
    }
}
