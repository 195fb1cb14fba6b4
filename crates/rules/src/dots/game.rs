//! A game of Dots and Boxes: drawn edges as a bitset, box owners, the extra turn after a
//! completed box, play, undo and resignation.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::geometry::Size;
use crate::mask::Mask;
use crate::movelist::MoveList;

/// A player: `0` moves first, `1` second.
pub type Player = u8;

/// Drawing one edge, by its number (see [`super::geometry`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct Edge(pub u8);

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Why an edge text did not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("an edge is a number from 0 to 59, got {0:?}")]
pub struct ParseEdgeError(pub String);

impl FromStr for Edge {
    type Err = ParseEdgeError;
    fn from_str(s: &str) -> Result<Edge, ParseEdgeError> {
        match crate::text::digits::<u8>(s.trim()) {
            Some(e) if (e as usize) < super::geometry::MAX_EDGES => Ok(Edge(e)),
            _ => Err(ParseEdgeError(s.chars().take(16).collect())),
        }
    }
}

/// Edges of one position; 60 on the largest board.
pub type Edges = MoveList<Edge, 60>;

/// Local rules of a Dots and Boxes group; `Default` is the site default from the seeds.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "json-schema", schemars(rename = "DotsOptions"))]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct Options {
    /// Board size in boxes. Default: 5 wide, 4 high.
    pub size: Size,
    /// Swap who moves first on a rematch. Default: on.
    pub swap_first: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options { size: Size::DEFAULT, swap_first: true }
    }
}

/// Drawn edges, claimed boxes and the player to move.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub size: Size,
    pub drawn: Mask,
    /// Boxes claimed by each player (box masks).
    pub owned: [Mask; 2],
    pub turn: Player,
}

impl Position {
    pub fn empty(size: Size) -> Position {
        Position { size, drawn: Mask::EMPTY, owned: [Mask::EMPTY; 2], turn: 0 }
    }

    /// Edges not yet drawn.
    #[inline]
    pub fn undrawn(&self) -> Mask {
        self.size.geometry().all_edges & !self.drawn
    }

    /// Boxes claimed by either player.
    #[inline]
    pub fn claimed(&self) -> Mask {
        self.owned[0] | self.owned[1]
    }

    /// Boxes each player has.
    pub fn scores(&self) -> [u32; 2] {
        [self.owned[0].count(), self.owned[1].count()]
    }

    /// Every undrawn edge, in number order.
    pub fn moves(&self, out: &mut Edges) {
        out.clear();
        for e in self.undrawn() {
            out.push(Edge(e));
        }
    }

    /// The boxes that drawing `e` would complete (zero, one or two).
    #[inline]
    pub fn completes(&self, e: Edge) -> Mask {
        let geo = self.size.geometry();
        let after = self.drawn.with(e.0);
        let mut done = Mask::EMPTY;
        for b in geo.boxes_of(e.0) {
            if after.is_superset(geo.box_edges[b as usize]) {
                done = done.with(b);
            }
        }
        done
    }

    /// Draws an undrawn edge (not checked); returns the boxes it completed. The mover keeps the
    /// turn when it completed one.
    #[inline]
    pub fn play_unchecked(&mut self, e: Edge) -> Mask {
        let done = self.completes(e);
        self.drawn = self.drawn.with(e.0);
        if done.any() {
            self.owned[self.turn as usize] |= done;
        } else {
            self.turn ^= 1;
        }
        done
    }

    /// Takes back `e`, drawn by `mover`, which completed `done`.
    #[inline]
    pub fn undo_unchecked(&mut self, e: Edge, mover: Player, done: Mask) {
        self.drawn = self.drawn.without(e.0);
        self.owned[mover as usize] &= !done;
        self.turn = mover;
    }

    /// `true` once every box is claimed.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.undrawn().is_empty()
    }
}

/// Why a move was refused. The game is unchanged.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum IllegalMove {
    #[error("the game is over")]
    GameOver,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("that edge is not on this board")]
    OffBoard,
    #[error("that line is already drawn")]
    Drawn,
}

/// How the game ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Outcome {
    /// All boxes claimed; `winner` has more (`None`: equal, a draw).
    Boxes { winner: Option<Player> },
    /// `loser` resigned.
    Resignation { loser: Player },
}

impl Outcome {
    pub fn winner(self) -> Option<Player> {
        match self {
            Outcome::Boxes { winner } => winner,
            Outcome::Resignation { loser } => Some(loser ^ 1),
        }
    }
}

/// One drawn edge with the boxes it completed.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Played {
    pub edge: Edge,
    pub player: Player,
    pub completed: Mask,
}

/// A game in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    options: Options,
    position: Position,
    history: Vec<Played>,
    resigned: Option<Player>,
}

impl Game {
    pub fn new(options: Options) -> Game {
        Game { options, position: Position::empty(options.size), history: Vec::with_capacity(64), resigned: None }
    }

    /// A game that begins at `position`.
    pub fn from_position(mut options: Options, position: Position) -> Game {
        options.size = position.size;
        Game { options, position, history: Vec::with_capacity(64), resigned: None }
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn turn(&self) -> Player {
        self.position.turn
    }

    pub fn history(&self) -> &[Played] {
        &self.history
    }

    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(loser) = self.resigned {
            return Some(Outcome::Resignation { loser });
        }
        if !self.position.is_over() {
            return None;
        }
        let [a, b] = self.position.scores();
        Some(Outcome::Boxes { winner: (a != b).then_some(if a > b { 0 } else { 1 }) })
    }

    pub fn legal_moves(&self, out: &mut Edges) {
        if self.outcome().is_some() {
            out.clear();
        } else {
            self.position.moves(out);
        }
    }

    pub fn check_as(&self, player: Player, e: Edge) -> Result<(), IllegalMove> {
        if self.outcome().is_some() {
            return Err(IllegalMove::GameOver);
        }
        if player != self.position.turn {
            return Err(IllegalMove::NotYourTurn);
        }
        if e.0 >= self.position.size.edges() {
            return Err(IllegalMove::OffBoard);
        }
        if self.position.drawn.contains(e.0) {
            return Err(IllegalMove::Drawn);
        }
        Ok(())
    }

    pub fn play(&mut self, e: Edge) -> Result<Played, IllegalMove> {
        self.play_as(self.position.turn, e)
    }

    pub fn play_as(&mut self, player: Player, e: Edge) -> Result<Played, IllegalMove> {
        self.check_as(player, e)?;
        Ok(self.play_unchecked(e))
    }

    pub fn play_unchecked(&mut self, e: Edge) -> Played {
        let player = self.position.turn;
        let completed = self.position.play_unchecked(e);
        let played = Played { edge: e, player, completed };
        self.history.push(played);
        played
    }

    /// Takes back a resignation, or else the last move.
    pub fn undo(&mut self) -> Option<Played> {
        if self.resigned.take().is_some() {
            return None;
        }
        let last = self.history.pop()?;
        self.position.undo_unchecked(last.edge, last.player, last.completed);
        Some(last)
    }

    pub fn resign(&mut self, player: Player) -> Result<(), IllegalMove> {
        if self.outcome().is_some() {
            return Err(IllegalMove::GameOver);
        }
        self.resigned = Some(player);
        Ok(())
    }

    pub fn resigned(&self) -> Option<Player> {
        self.resigned
    }

    /// Leaf count `depth` plies below (a full board has none).
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let undrawn = self.position.undrawn();
        if depth == 1 {
            return undrawn.count() as u64;
        }
        let mut n = 0;
        for e in undrawn {
            self.play_unchecked(Edge(e));
            n += self.perft(depth - 1);
            self.undo();
        }
        n
    }
}
