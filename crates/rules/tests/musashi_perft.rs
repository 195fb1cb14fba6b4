//! Perft: leaf counts of the move tree, checked against a slow reference written straight
//! from the rule text (coordinates, a line list, a set of recorded positions), and pinned for
//! both boards and both first movers.

use std::collections::HashSet;

use rules::musashi::{BoardKind, Game, Limit, Options, Position, Role, Target};

/// A deliberately plain implementation of docs/design.md §2 (Juroku Musashi): no bitboards, no tables.
mod reference {
    use std::collections::HashSet;

    pub type P = (i32, i32);

    pub struct Board {
        pub lines: Vec<(P, P)>,
    }

    fn parse(s: &str) -> P {
        let b = s.as_bytes();
        ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
    }

    pub fn board(setchin: bool) -> Board {
        let mut lines = vec![];
        for x in 0..5 {
            for y in 0..5 {
                if x < 4 {
                    lines.push(((x, y), (x + 1, y)));
                }
                if y < 4 {
                    lines.push(((x, y), (x, y + 1)));
                }
                if (x + y) % 2 == 0 {
                    if x < 4 && y < 4 {
                        lines.push(((x, y), (x + 1, y + 1)));
                    }
                    if x > 0 && y < 4 {
                        lines.push(((x, y), (x - 1, y + 1)));
                    }
                }
            }
        }
        if setchin {
            let text =
                "e3-f2 e3-f3 e3-f4 f2-f3 f3-f4 f3-g3 f2-g1 f2-g2 f2-g3 f4-g3 f4-g4 f4-g5 g1-g2 g2-g3 g3-g4 g4-g5";
            for l in text.split(' ') {
                let (a, b) = l.split_once('-').unwrap();
                lines.push((parse(a), parse(b)));
            }
        }
        Board { lines }
    }

    impl Board {
        pub fn neighbours(&self, p: P) -> Vec<P> {
            self.lines
                .iter()
                .filter_map(|&(a, b)| {
                    if a == p {
                        Some(b)
                    } else if b == p {
                        Some(a)
                    } else {
                        None
                    }
                })
                .collect()
        }
    }

    #[derive(Clone, PartialEq, Eq, Hash)]
    pub struct Pos {
        pub parent: P,
        pub children: Vec<P>, // sorted
        pub parent_to_move: bool,
        pub moves_made: u32,
    }

    pub struct Game<'a> {
        pub board: &'a Board,
        pub target_left: Option<usize>,
        pub limit: Option<u32>,
        pub pos: Pos,
        pub record: Vec<(P, Vec<P>)>,
    }

    impl Game<'_> {
        fn empty(&self, q: P) -> bool {
            q != self.pos.parent && !self.pos.children.contains(&q)
        }

        fn over(&self) -> bool {
            let p = &self.pos;
            if p.parent_to_move && self.board.neighbours(p.parent).iter().all(|&q| !self.empty(q)) {
                return true;
            }
            if self.target_left.is_some_and(|t| p.children.len() <= t) {
                return true;
            }
            if self.limit.is_some_and(|l| p.moves_made >= l) {
                return true;
            }
            !p.parent_to_move && self.moves().is_empty()
        }

        fn moves(&self) -> Vec<(P, P)> {
            let p = &self.pos;
            let mut out = vec![];
            if p.parent_to_move {
                for q in self.board.neighbours(p.parent) {
                    if self.empty(q) {
                        out.push((p.parent, q));
                    }
                }
            } else {
                for &c in &p.children {
                    for q in self.board.neighbours(c) {
                        if self.empty(q) {
                            let mut after: Vec<P> = p.children.iter().map(|&x| if x == c { q } else { x }).collect();
                            after.sort();
                            if !self.record.contains(&(p.parent, after)) {
                                out.push((c, q));
                            }
                        }
                    }
                }
            }
            out
        }

        fn play(&mut self, (from, to): (P, P)) {
            let p = &mut self.pos;
            if p.parent_to_move {
                p.parent = to;
                let nb = self.board.neighbours(to);
                let mut taken = HashSet::new();
                for &q in &nb {
                    for &r in &nb {
                        let straight = q.0 - to.0 == to.0 - r.0 && q.1 - to.1 == to.1 - r.1;
                        if straight && p.children.contains(&q) && p.children.contains(&r) {
                            taken.insert(q);
                            taken.insert(r);
                        }
                    }
                }
                p.children.retain(|c| !taken.contains(c));
                p.parent_to_move = false;
            } else {
                for c in p.children.iter_mut() {
                    if *c == from {
                        *c = to;
                    }
                }
                p.children.sort();
                p.moves_made += 1;
                p.parent_to_move = true;
                self.record.push((p.parent, p.children.clone()));
            }
        }

        pub fn perft(&mut self, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            if self.over() {
                return 0;
            }
            let mut n = 0;
            for m in self.moves() {
                let (pos, rec) = (self.pos.clone(), self.record.len());
                self.play(m);
                n += self.perft(depth - 1);
                self.pos = pos;
                self.record.truncate(rec);
            }
            n
        }
    }
}

fn reference_perft(pos: &Position, options: Options, depth: u32) -> u64 {
    let board = reference::board(pos.board == BoardKind::Setchin33);
    let xy = |p: rules::musashi::Point| (p.x() as i32, p.y() as i32);
    let mut children: Vec<_> = pos.children.map(|i| xy(rules::musashi::Point(i))).collect();
    children.sort();
    let start = reference::Pos {
        parent: xy(pos.parent),
        children,
        parent_to_move: pos.turn == Role::Parent,
        moves_made: pos.children_moves as u32,
    };
    let record = if start.parent_to_move { vec![(start.parent, start.children.clone())] } else { vec![] };
    let mut g = reference::Game {
        board: &board,
        target_left: options.target.children_left_to_win().map(usize::from),
        limit: options.limit.0.map(u32::from),
        pos: start,
        record,
    };
    g.perft(depth)
}

fn perft(pos: Position, options: Options, depth: u32) -> u64 {
    Game::from_position(options, pos).perft(depth)
}

#[test]
fn pinned_figures_from_the_start() {
    // (board, first mover, counts for depths 1..=5), computed by `qdan perft musashi` and
    // cross-checked with the reference below for the first four plies.
    let cases: [(BoardKind, Role, [u64; 5]); 4] = [
        (BoardKind::Setchin33, Role::Parent, [8, 186, 685, 16243, 80736]),
        (BoardKind::Setchin33, Role::Children, [27, 192, 4640, 15899, 396184]),
        (BoardKind::Square25, Role::Parent, [8, 168, 616, 13572, 64296]),
        (BoardKind::Square25, Role::Children, [24, 168, 3688, 12480, 287908]),
    ];
    for (board, first, counts) in cases {
        let options = Options { board, first, ..Options::default() };
        let mut g = Game::new(options);
        for (d, &want) in counts.iter().enumerate() {
            assert_eq!(g.perft(d as u32 + 1), want, "{board:?} {first:?} depth {}", d + 1);
        }
        let start = *g.position();
        assert_eq!(reference_perft(&start, options, 4), counts[3], "reference {board:?} {first:?}");
    }
}

#[test]
fn agrees_with_the_reference_on_random_positions() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(2);
    let mut checked = HashSet::new();
    for i in 0..60 {
        let board = if i % 2 == 0 { BoardKind::Setchin33 } else { BoardKind::Square25 };
        let target = [Target::TEN, Target::SIX, Target::NONE][i % 3];
        let limit = if i % 4 == 0 { Limit(Some(rng.gen_range(10..40))) } else { Limit::NONE };
        let first = if rng.gen_bool(0.5) { Role::Parent } else { Role::Children };
        let options = Options { board, first, target, limit, ..Options::default() };
        // Walk a random way into the game, then compare the next three plies from there.
        let mut g = Game::new(options);
        let plies = rng.gen_range(0..40);
        let mut moves = rules::musashi::Moves::new();
        for _ in 0..plies {
            g.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.gen_range(0..moves.len())];
            g.play(m).unwrap();
        }
        let pos = *g.position();
        checked.insert(pos.to_string());
        assert_eq!(perft(pos, options, 3), reference_perft(&pos, options, 3), "{pos}");
    }
    assert!(checked.len() > 40);
}
