//! The players a series can seat: qdan's levels and the sparring partners.

use std::str::FromStr;

use ai::Level;
use ai::dots::mcts::Settings;
use ai::dots::{Board, Deadline};
use rand::Rng;
use rules::dots::{Edge, Game};

use crate::partners::{chain_rule, chainmc::ChainMc, greedy, rollout::Rollout};

/// A Dots player.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DotsPlayer {
    /// One of qdan's levels, through `ai::dots::choose_by`.
    Level(Level),
    /// The Monte-Carlo partner: `rollout` (20 safe lines) or `rollout15`.
    Rollout(usize),
    /// Monte-Carlo with exact chain endgames and the solver late, a fixed work a move:
    /// `chainmc`, or `chainmc-P-N` for P playouts and N solver nodes a move.
    ChainMc(ChainMc),
    /// Berlekamp's long chain rule.
    ChainRule,
    /// Greedy with endgame rules.
    Greedy,
    /// qdan's expert before issue 20 (`ai::dots::levels::expert_v1`), for before/after.
    ExpertV1,
    /// The expert with other search settings: `expert-nosteer` (random safe lines in the
    /// playouts), `expert-noexact` (no exact leaves), `expert-leafN` (exact leaves from N
    /// lines left instead of 26).
    ExpertWith(Settings),
}

impl FromStr for DotsPlayer {
    type Err = String;
    fn from_str(s: &str) -> Result<DotsPlayer, String> {
        Ok(match s {
            "rollout" | "rollout20" => DotsPlayer::Rollout(20),
            "rollout15" => DotsPlayer::Rollout(15),
            "chainrule" => DotsPlayer::ChainRule,
            "chainmc" => DotsPlayer::ChainMc(ChainMc::default()),
            _ if s.starts_with("chainmc-") => DotsPlayer::ChainMc(ChainMc::parse_work(&s["chainmc-".len()..])?),
            "greedy" => DotsPlayer::Greedy,
            "expert-v1" => DotsPlayer::ExpertV1,
            "expert-nosteer" => DotsPlayer::ExpertWith(Settings { steer: false, ..Settings::default() }),
            "expert-noexact" => DotsPlayer::ExpertWith(Settings { exact_leaves: false, ..Settings::default() }),
            _ if s.starts_with("expert-leaf") => DotsPlayer::ExpertWith(Settings {
                exact_leaf: s["expert-leaf".len()..].parse().map_err(|_| format!("expert-leafN takes a line count, not {s:?}"))?,
                ..Settings::default()
            }),
            _ => DotsPlayer::Level(s.parse().map_err(|_| {
                format!("a Dots player is beginner, intermediate, expert, rollout, rollout15, chainmc, chainmc-P-N (playouts, solver nodes), chainrule, greedy, expert-v1, expert-nosteer, expert-noexact or expert-leafN (exact leaves from N lines left), not {s:?}")
            })?),
        })
    }
}

impl std::fmt::Display for DotsPlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DotsPlayer::Level(l) => f.write_str(l.as_str()),
            DotsPlayer::Rollout(n) => write!(f, "rollout{n}"),
            DotsPlayer::ChainMc(p) if *p == ChainMc::default() => f.write_str("chainmc"),
            DotsPlayer::ChainMc(p) => write!(f, "chainmc-{}-{}", p.playouts, p.nodes),
            DotsPlayer::ChainRule => f.write_str("chainrule"),
            DotsPlayer::Greedy => f.write_str("greedy"),
            DotsPlayer::ExpertV1 => f.write_str("expert-v1"),
            DotsPlayer::ExpertWith(s) if !s.steer => f.write_str("expert-nosteer"),
            DotsPlayer::ExpertWith(s) if !s.exact_leaves => f.write_str("expert-noexact"),
            DotsPlayer::ExpertWith(s) => write!(f, "expert-leaf{}", s.exact_leaf),
        }
    }
}

impl DotsPlayer {
    /// The line this player draws in `game` (not over). The partners ignore the deadline:
    /// `chainmc` does a fixed amount of work a move, the others answer in well under 50 ms.
    pub fn choose(&self, board: &Board, game: &Game, deadline: &Deadline, rng: &mut impl Rng) -> Edge {
        let drawn = game.position().drawn.0;
        match *self {
            DotsPlayer::Level(level) => ai::dots::choose_by(game, level, deadline).expect("the game is not over"),
            DotsPlayer::Rollout(candidates) => Edge(Rollout { candidates, playouts: 4 }.choose(board, drawn, rng)),
            DotsPlayer::ChainMc(p) => {
                let pos = game.position();
                let (turn, scores) = (pos.turn as usize, pos.scores());
                let lead = scores[turn] as i32 - scores[1 - turn] as i32;
                // Player 0 moves first in the game.
                Edge(p.choose(board, drawn, lead, turn == 0, rng))
            }
            DotsPlayer::ChainRule => {
                // The first mover of the game is player 0.
                let first = game.turn() == 0;
                Edge(chain_rule::choose(board, drawn, first, rng))
            }
            DotsPlayer::Greedy => Edge(greedy::choose(board, drawn, rng)),
            DotsPlayer::ExpertWith(settings) => Edge(ai::dots::expert::expert_with(
                Board::of(game.position().size),
                game.position(),
                deadline,
                settings,
                rng,
            )),
            DotsPlayer::ExpertV1 => {
                Edge(ai::dots::levels::expert_v1(Board::of(game.position().size), drawn, deadline, rng))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for s in [
            "beginner",
            "intermediate",
            "expert",
            "rollout20",
            "rollout15",
            "chainrule",
            "chainmc",
            "chainmc-500-20000",
            "greedy",
            "expert-v1",
            "expert-nosteer",
            "expert-noexact",
        ] {
            assert_eq!(s.parse::<DotsPlayer>().unwrap().to_string(), s);
        }
        assert!("nobody".parse::<DotsPlayer>().is_err());
    }
}
