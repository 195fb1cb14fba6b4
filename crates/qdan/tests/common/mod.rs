//! What the whole-process tests share: the audit of every acknowledged move against the store.

use testkit::player::Acked;
use wire::Status;

/// What the store holds of the games a run played.
#[derive(Debug)]
pub struct Audit {
    /// Games stored as over.
    pub finished: usize,
    /// Moves stored (including the CPU's stand-ins, which no client acknowledged).
    pub stored: usize,
    /// Acknowledged moves missing from the store at their ply.
    pub lost: Vec<Acked>,
}

/// Checks the games of `acked` in `store`: every stored game replays legally ply after ply
/// and agrees with its stored end, and every acknowledged move is stored at its ply.
pub async fn audit(store: &server::Store, acked: &[Acked]) -> Audit {
    let mut codes: Vec<&str> = acked.iter().map(|a| a.code.as_str()).collect();
    codes.sort_unstable();
    codes.dedup();
    let (mut finished, mut stored, mut lost) = (0, 0, Vec::new());
    for code in codes {
        let game = store.latest_game(code).await.unwrap().expect("the game is stored");
        let moves = store.moves(&game.id).await.unwrap();
        stored += moves.len();
        let mut replay = rules::AnyGame::new(game.options);
        for (i, m) in moves.iter().enumerate() {
            assert_eq!(m.ply, i, "{code}: plies run without gaps");
            replay.play(m.side, &m.mv).unwrap_or_else(|e| panic!("{code} ply {i} {}: {e}", m.mv));
        }
        if game.status == Status::Over {
            finished += 1;
            match replay.outcome() {
                Some(end) => assert_eq!(game.reason, Some(end.reason), "{code}"),
                None => assert_eq!(game.reason, Some(rules::EndReason::Resignation), "{code}: over without an end"),
            }
        } else {
            assert!(replay.outcome().is_none(), "{code}: the moves end the game but it is stored as playing");
        }
        for a in acked.iter().filter(|a| a.code == code) {
            if moves.get(a.ply as usize).map(|m| m.mv.as_str()) != Some(a.mv.as_str()) {
                lost.push(a.clone());
            }
        }
    }
    Audit { finished, stored, lost }
}
