//! Dots and Boxes behind the [`crate::Game`] interface the other layers host games through.

use super::game::{Edge, Edges, Game, IllegalMove, Options};
use super::notation;
use crate::any::{Finished, Side, dots_finished};
use crate::game::{self, Refusal, fnv, read_tag};

impl From<IllegalMove> for Refusal {
    fn from(e: IllegalMove) -> Refusal {
        match e {
            IllegalMove::GameOver => Refusal::GameOver,
            IllegalMove::NotYourTurn => Refusal::NotYourTurn,
            IllegalMove::OffBoard => Refusal::OffBoard,
            IllegalMove::Drawn => Refusal::AlreadyDrawn,
        }
    }
}

impl game::Game for Game {
    const SIDES: [&'static str; 2] = ["first", "second"];
    type Options = Options;
    type Move = Edge;
    type Moves = Edges;
    type Illegal = IllegalMove;

    fn new(options: Options) -> Game {
        Game::new(options)
    }

    fn options(&self) -> Options {
        *Game::options(self)
    }

    fn turn(&self) -> Side {
        Game::turn(self)
    }

    fn plies(&self) -> usize {
        self.history().len()
    }

    fn played(&self, ply: usize) -> (Side, Edge) {
        let p = self.history()[ply];
        (p.player, p.edge)
    }

    fn legal_moves(&self, out: &mut Edges) {
        Game::legal_moves(self, out)
    }

    fn play_as(&mut self, side: Side, mv: Edge) -> Result<(), IllegalMove> {
        Game::play_as(self, side, mv).map(drop)
    }

    fn undo(&mut self) -> bool {
        self.resigned().is_some() | Game::undo(self).is_some()
    }

    fn resign(&mut self, side: Side) -> Result<(), IllegalMove> {
        Game::resign(self, side)
    }

    fn outcome(&self) -> Option<Finished> {
        Game::outcome(self).map(dots_finished)
    }

    fn parse_move(text: &str) -> Result<Edge, String> {
        text.parse().map_err(|e: super::ParseEdgeError| e.to_string())
    }

    fn swap_on_rematch(options: &Options) -> bool {
        options.swap_first
    }

    /// The board size, the lines drawn, each player's boxes, the side to move and a
    /// resignation: everything the rest of the game depends on.
    fn state_hash(&self) -> u64 {
        let p = self.position();
        let resigned = self.resigned().map_or(0, |s| u64::from(s) + 1);
        fnv([
            u64::from(p.size.w) << 8 | u64::from(p.size.h),
            p.drawn.0,
            p.owned[0].0,
            p.owned[1].0,
            u64::from(p.turn),
            resigned,
        ])
    }

    const RULE_TAGS: &'static [&'static str] = &["Size"];

    fn rule_tags(o: &Options) -> Vec<(&'static str, String)> {
        vec![("Size", o.size.to_string())]
    }

    fn options_from_tags(tags: &[(String, String)]) -> Result<Options, (&'static str, String)> {
        let mut o = Options::default();
        read_tag(tags, "Size", &mut o.size)?;
        Ok(o)
    }

    fn game_rules(o: Options) -> Options {
        Options { swap_first: Options::default().swap_first, ..o }
    }

    /// A line by its two dots (`b2-c2`).
    fn record_move(o: &Options, e: Edge) -> String {
        notation::line_name(o.size, e.0)
    }

    fn read_record_move(o: &Options, word: &str) -> Option<Edge> {
        notation::line_from_name(o.size, word).map(Edge)
    }

    /// A turn is a player's run of lines: it goes on while the lines complete boxes.
    fn starts_turn(ply: usize, side: Side, last: Option<Side>) -> bool {
        ply == 0 || last != Some(side)
    }

    fn perft(&mut self, depth: u32) -> u64 {
        Game::perft(self, depth)
    }
}
