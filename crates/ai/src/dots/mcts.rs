//! Monte-Carlo tree search over the safe phase, for the expert before the solver reaches.
//!
//! Why this and not the old "draw the last safe line" search: drawing the last safe line
//! gives control, but control is only worth what the chains and loops left on the board make
//! it worth (many short chains and the controller loses). Every playout here ends in a played
//! endgame ([`super::playout`]), so a line is valued by the margin it leads to, and the tree
//! (UCT) sharpens that into a fight where both sides choose their safe lines well.
//!
//! The tree holds safe lines only: a safe line never completes a box, so the turn passes at
//! every step, and a node without safe lines is left to the playout (by then the position is
//! usually within the exact solver's reach anyway).

use rand::Rng;

use super::board::Board;
use super::chains::EndgameTable;
use super::playout::{lines, playout};
use super::solver::Solver;
use crate::clock::Deadline;

/// How the search values its leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// Steer the playouts' safe phase by the long chain rule (see [`playout`]).
    pub steer: bool,
    /// Value small leaves exactly with the solver instead of playing them out.
    pub exact_leaves: bool,
    /// A leaf with at most this many undrawn lines is solved exactly while it is not expanded
    /// (its first visit; for good when it has no safe line, since it is then never expanded).
    pub exact_leaf: u32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { steer: true, exact_leaves: true, exact_leaf: EXACT_LEAF }
    }
}

/// Nodes with at most this many undrawn lines are solved exactly and never expanded (a few
/// milliseconds at most).
const EXACT_ANY: u32 = 20;
/// The default of [`Settings::exact_leaf`].
pub const EXACT_LEAF: u32 = 26;

#[derive(Clone, Copy)]
struct Node {
    drawn: u64,
    /// Index of the first child in the arena; 0 until expanded.
    first: u32,
    children: u16,
    /// The line drawn to reach this node.
    edge: u8,
    visits: u32,
    /// Sum of rewards (0..=1) for the player who drew `edge`.
    reward: f32,
    /// The exact value for the player to move, once solved (`i8::MIN` until then).
    exact: i8,
}

/// What a search found for each root line: (edge, visits, mean reward for the mover).
pub type RootStats = Vec<(u8, u32, f32)>;

/// A Monte-Carlo search from one position.
pub struct Mcts<'b> {
    board: &'b Board,
    nodes: Vec<Node>,
    table: EndgameTable,
    /// Boxes the player to move at the root leads by (claimed so far).
    lead: i32,
    pub playouts: u64,
    exploration: f32,
    settings: Settings,
    /// Whether the player to move at the root moved first in the game.
    root_first: bool,
    solver: Option<Solver>,
    deadline: Option<Deadline>,
}

impl<'b> Mcts<'b> {
    /// A search from `drawn`, where the player to move leads by `lead` boxes already claimed
    /// and moved first in the game when `root_first`.
    pub fn new(board: &'b Board, drawn: u64, lead: i32, root_first: bool, settings: Settings) -> Mcts<'b> {
        let root = Node { drawn, first: 0, children: 0, edge: u8::MAX, visits: 0, reward: 0.0, exact: i8::MIN };
        Mcts {
            board,
            nodes: vec![root],
            table: EndgameTable::new(),
            lead,
            playouts: 0,
            exploration: 0.5,
            settings,
            root_first,
            solver: None,
            deadline: None,
        }
    }

    /// The exact value of a small leaf, solved once and kept in the node.
    fn exact(&mut self, at: usize) -> Option<i32> {
        if !self.settings.exact_leaves {
            return None;
        }
        let node = self.nodes[at];
        if node.exact != i8::MIN {
            return Some(node.exact as i32);
        }
        let undrawn = (self.board.all & !node.drawn).count_ones();
        if undrawn > self.settings.exact_leaf || (undrawn > EXACT_ANY && node.children != 0) {
            return None;
        }
        let solver = self.solver.get_or_insert_with(|| {
            let b = Board::new(self.board.w, self.board.h).expect("a valid board");
            Solver::new(b, 18)
        });
        solver.set_deadline(self.deadline.clone());
        let v = solver.value(node.drawn)?;
        self.nodes[at].exact = v as i8;
        Some(v)
    }

    /// The reward of a final margin `total` (whole game, root mover's view): mostly the result,
    /// a little the size of it, so that among winning lines the bigger win is preferred and
    /// among losing ones the closer loss.
    fn reward(&self, total: i32) -> f32 {
        let boxes = self.board.boxes as f32;
        let result = total.signum() as f32;
        (0.5 + 0.5 * (0.8 * result + 0.2 * total as f32 / boxes)).clamp(0.0, 1.0)
    }

    fn expand(&mut self, at: usize) {
        let safe = lines(self.board, self.nodes[at].drawn).safe;
        if safe == 0 {
            return;
        }
        let first = self.nodes.len() as u32;
        let drawn = self.nodes[at].drawn;
        let mut n = 0;
        for &e in &self.board.centre_out {
            if safe & 1 << e != 0 {
                self.nodes.push(Node {
                    drawn: drawn | 1 << e,
                    first: 0,
                    children: 0,
                    edge: e,
                    visits: 0,
                    reward: 0.0,
                    exact: i8::MIN,
                });
                n += 1;
            }
        }
        self.nodes[at].first = first;
        self.nodes[at].children = n;
    }

    fn select(&self, at: usize) -> usize {
        let node = &self.nodes[at];
        // libm, not the platform's `ln`: the same bits natively and in WebAssembly.
        let ln = libm::logf(node.visits.max(1) as f32);
        let mut best = (f32::MIN, at);
        for c in node.first as usize..node.first as usize + node.children as usize {
            let ch = &self.nodes[c];
            if ch.visits == 0 {
                return c;
            }
            let score = ch.reward / ch.visits as f32 + self.exploration * (ln / ch.visits as f32).sqrt();
            if score > best.0 {
                best = (score, c);
            }
        }
        best.1
    }

    /// One descent, playout and update.
    fn iterate(&mut self, rng: &mut impl Rng) {
        let mut path = [0usize; 64];
        let mut depth = 0;
        let mut at = 0;
        loop {
            path[depth] = at;
            if self.nodes[at].children == 0 {
                let small = (self.board.all & !self.nodes[at].drawn).count_ones() <= EXACT_ANY;
                if self.nodes[at].visits > 0 && self.nodes[at].first == 0 && !(small && self.settings.exact_leaves) {
                    self.expand(at);
                }
                if self.nodes[at].children == 0 {
                    break;
                }
            }
            at = self.select(at);
            depth += 1;
        }
        // The leaf's mover moved first in the game when the root's did and depth is even.
        let first = self.settings.steer.then_some(self.root_first == (depth % 2 == 0));
        let margin = match self.exact(at) {
            Some(v) => v,
            None => playout(self.board, self.nodes[at].drawn, &mut self.table, first, rng),
        };
        self.playouts += 1;
        // Every tree step passes the turn: the leaf's mover is the root's when depth is even.
        let root_view = if depth % 2 == 0 { margin } else { -margin };
        let r = self.reward(self.lead + root_view);
        for (d, &n) in path[..=depth].iter().enumerate() {
            let node = &mut self.nodes[n];
            node.visits += 1;
            // Depth d was reached by the root's mover when d is odd.
            node.reward += if d % 2 == 1 { r } else { 1.0 - r };
        }
    }

    /// Searches until `deadline` (or `max_playouts`), then answers the most visited root line
    /// (`None` when the root has no safe line).
    pub fn run(&mut self, deadline: &Deadline, max_playouts: u64, rng: &mut impl Rng) -> Option<u8> {
        self.deadline = Some(deadline.clone());
        self.expand(0);
        if self.nodes[0].children == 0 {
            return None;
        }
        if self.nodes[0].children == 1 {
            return Some(self.nodes[1].edge);
        }
        let budget = deadline.remaining().as_secs_f64();
        while self.playouts < max_playouts {
            for _ in 0..32 {
                self.iterate(rng);
            }
            if deadline.passed() {
                break;
            }
            // Stop early once no other line can catch up with the most visited one in the
            // time left (at the rate so far): the answer cannot change.
            if self.playouts.is_multiple_of(1024) {
                let left = deadline.remaining().as_secs_f64();
                let rate = self.playouts as f64 / (budget - left).max(1e-6);
                let (first, second) = self.top_two_visits();
                if (first - second) as f64 > rate * left {
                    break;
                }
            }
        }
        self.root_stats().into_iter().max_by_key(|&(_, v, _)| v).map(|(e, _, _)| e)
    }

    fn top_two_visits(&self) -> (u32, u32) {
        let root = &self.nodes[0];
        let (mut a, mut b) = (0, 0);
        for c in root.first as usize..root.first as usize + root.children as usize {
            let v = self.nodes[c].visits;
            if v > a {
                b = a;
                a = v;
            } else if v > b {
                b = v;
            }
        }
        (a, b)
    }

    /// Visits and mean reward of each root line.
    pub fn root_stats(&self) -> RootStats {
        let root = &self.nodes[0];
        (root.first as usize..root.first as usize + root.children as usize)
            .map(|c| {
                let n = &self.nodes[c];
                (n.edge, n.visits, if n.visits > 0 { n.reward / n.visits as f32 } else { 0.0 })
            })
            .collect()
    }
}

#[cfg(all(test, feature = "native"))]
mod tests {
    use super::*;
    use crate::clock::{Deadline, WallClock};
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use std::sync::Arc;
    use std::time::Duration;

    #[test]
    fn search_answers_a_safe_line() {
        let b = Board::new(3, 3).unwrap();
        let mut rng = StdRng::seed_from_u64(3);
        let mut m = Mcts::new(&b, 0, 0, true, Settings::default());
        let d = Deadline::after(Arc::new(WallClock::new()), Duration::from_secs(10));
        let e = m.run(&d, 2000, &mut rng).unwrap();
        assert!(lines(&b, 0).safe & 1 << e != 0);
        assert!(m.playouts >= 2000);
        let visits: u32 = m.root_stats().iter().map(|s| s.1).sum();
        assert!(visits >= 1999);
    }
}
