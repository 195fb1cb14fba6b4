//! Bagh-Chal perft: leaf counts of the move tree, checked against a slow reference written
//! straight from the rule text of docs/design.md (coordinates, a list of lines, vectors of
//! pieces, the whole record searched), and pinned from the start and from positions of the
//! movement phase.

use rules::bagh_chal::{Game, Moves, Options, Position, Repetition, Role, Target};

/// A deliberately plain implementation of docs/design.md, Bagh-Chal: no bitboards, no tables.
mod reference {
    pub type P = (i32, i32);

    pub fn name(p: P) -> String {
        format!("{}{}", (b'a' + p.0 as u8) as char, p.1 + 1)
    }

    pub fn parse(s: &str) -> P {
        let b = s.as_bytes();
        ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
    }

    fn on_board(p: P) -> bool {
        (0..5).contains(&p.0) && (0..5).contains(&p.1)
    }

    /// Orthogonal neighbours always; diagonal ones from points whose coordinates sum to an
    /// even number.
    pub fn lines() -> Vec<(P, P)> {
        let mut out = vec![];
        for x in 0..5 {
            for y in 0..5 {
                for (dx, dy) in [(1, 0), (0, 1), (1, 1), (-1, 1)] {
                    let q = (x + dx, y + dy);
                    let diagonal = dx != 0 && dy != 0;
                    if on_board(q) && (!diagonal || (x + y) % 2 == 0) {
                        out.push(((x, y), q));
                    }
                }
            }
        }
        out
    }

    #[derive(Clone, PartialEq, Eq, Debug)]
    pub struct Pos {
        pub tigers: Vec<P>, // sorted
        pub goats: Vec<P>,  // sorted
        pub in_hand: u32,
        pub captured: u32,
        pub tigers_to_move: bool,
    }

    pub struct Game {
        pub lines: Vec<(P, P)>,
        pub target: u32,
        pub forbid_repetition: bool,
        pub pos: Pos,
        /// Every position since the last goat was placed.
        pub record: Vec<Pos>,
    }

    impl Game {
        pub fn new(pos: Pos, target: u32, forbid_repetition: bool) -> Game {
            let record = if pos.in_hand == 0 { vec![pos.clone()] } else { vec![] };
            Game { lines: lines(), target, forbid_repetition, pos, record }
        }

        fn joined(&self, a: P, b: P) -> bool {
            self.lines.contains(&(a, b)) || self.lines.contains(&(b, a))
        }

        fn empty(&self, q: P) -> bool {
            on_board(q) && !self.pos.tigers.contains(&q) && !self.pos.goats.contains(&q)
        }

        fn board_moves(&self) -> Vec<String> {
            let p = &self.pos;
            let mut out = vec![];
            let all: Vec<P> = (0..5).flat_map(|x| (0..5).map(move |y| (x, y))).collect();
            if !p.tigers_to_move && p.in_hand > 0 {
                for &q in &all {
                    if self.empty(q) {
                        out.push(name(q));
                    }
                }
            } else {
                let mine = if p.tigers_to_move { &p.tigers } else { &p.goats };
                for &a in mine {
                    for &b in &all {
                        if self.joined(a, b) && self.empty(b) {
                            out.push(format!("{}-{}", name(a), name(b)));
                        }
                        // A tiger over a goat on its neighbour b to the point beyond, along
                        // the same straight line.
                        let beyond = (2 * b.0 - a.0, 2 * b.1 - a.1);
                        if p.tigers_to_move
                            && self.joined(a, b)
                            && p.goats.contains(&b)
                            && on_board(beyond)
                            && self.joined(b, beyond)
                            && self.empty(beyond)
                        {
                            out.push(format!("{}x{}", name(a), name(beyond)));
                        }
                    }
                }
            }
            out
        }

        pub fn moves(&self) -> Vec<String> {
            if self.pos.captured >= self.target {
                return vec![];
            }
            let mut out = self.board_moves();
            if self.forbid_repetition {
                out.retain(|m| {
                    let after = self.after(m);
                    after.in_hand > 0 || !self.record.contains(&after)
                });
            }
            out
        }

        pub fn over(&self) -> bool {
            self.moves().is_empty()
        }

        fn after(&self, m: &str) -> Pos {
            let mut p = self.pos.clone();
            if m.len() == 2 {
                p.goats.push(parse(m));
                p.in_hand -= 1;
            } else {
                let (a, b) = (parse(&m[..2]), parse(&m[3..]));
                let moving = if p.tigers_to_move { &mut p.tigers } else { &mut p.goats };
                for x in moving.iter_mut() {
                    if *x == a {
                        *x = b;
                    }
                }
                if m.as_bytes()[2] == b'x' {
                    let mid = ((a.0 + b.0) / 2, (a.1 + b.1) / 2);
                    p.goats.retain(|&g| g != mid);
                    p.captured += 1;
                }
            }
            p.tigers.sort();
            p.goats.sort();
            p.tigers_to_move = !p.tigers_to_move;
            p
        }

        pub fn play(&mut self, m: &str) {
            self.pos = self.after(m);
            if self.pos.in_hand == 0 {
                self.record.push(self.pos.clone());
            }
        }

        pub fn perft(&mut self, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let moves = self.moves();
            if depth == 1 {
                return moves.len() as u64;
            }
            let mut n = 0;
            for m in moves {
                let (pos, rec) = (self.pos.clone(), self.record.len());
                self.play(&m);
                n += self.perft(depth - 1);
                self.pos = pos;
                self.record.truncate(rec);
            }
            n
        }
    }
}

pub fn reference_game(pos: &Position, options: Options) -> reference::Game {
    let points = |m: rules::Mask| {
        let mut v: Vec<_> = m.map(|i| reference::parse(&rules::bagh_chal::Point(i).to_string())).collect();
        v.sort();
        v
    };
    let start = reference::Pos {
        tigers: points(pos.tigers),
        goats: points(pos.goats),
        in_hand: pos.in_hand.into(),
        captured: pos.captured.into(),
        tigers_to_move: pos.turn == Role::Tigers,
    };
    reference::Game::new(start, options.target.captures().into(), options.repetition == Repetition::Forbidden)
}

fn check(text: &str, options: Options, pinned: &[u64], reference_depth: usize) {
    let pos: Position = text.parse().unwrap();
    let mut g = Game::from_position(options, pos);
    let mut r = reference_game(&pos, options);
    let counts: Vec<u64> = (1..=pinned.len() as u32).map(|d| g.perft(d)).collect();
    for (d, &n) in counts.iter().enumerate().take(reference_depth) {
        assert_eq!(r.perft(d as u32 + 1), n, "the reference disagrees: {text} depth {}", d + 1);
    }
    assert_eq!(counts, pinned, "{text}");
    assert_eq!(g, Game::from_position(options, pos), "perft leaves the game as it found it");
}

#[test]
fn from_the_start_to_depth_5() {
    check("a1,a5,e1,e5::20:0:g", Options::default(), &[21, 252, 5052, 68204, 1304788], 5);
}

#[test]
fn tigers_first_to_depth_4() {
    let options = Options { first: Role::Tigers, ..Options::default() };
    check("a1,a5,e1,e5::20:0:t", options, &[12, 252, 3416, 68456], 4);
}

#[test]
fn movement_phase_positions_to_depth_5() {
    // Every goat placed, 0 to 4 captured; the first is built by hand (every point full but
    // c3, so each tiger's one move is the jump into the centre), the others come from
    // random games.
    let cases: [(&str, [u64; 5]); 6] = [
        ("a1,a5,e1,e5:a2,a3,a4,b1,b2,b3,b4,b5,c1,c2,c4,c5,d1,d2,d3,d4,d5,e2,e3,e4:0:0:t", [4, 32, 56, 632, 2272]),
        ("a2,b2,d2,d5:a1,a3,a4,a5,b1,b3,b4,b5,c1,c2,c3,c4,c5,d1,d3,d4,e1,e3,e4,e5:0:0:t", [1, 7, 7, 38, 56]),
        ("a2,d3,d4,e2:a1,a3,a4,a5,b1,b2,b3,c1,c2,c3,c4,c5,d1,d2,d5,e1,e3,e4,e5:0:1:t", [1, 10, 34, 362, 1132]),
        ("a1,c3,d5,e3:a2,a3,a5,b2,b3,b4,b5,c1,c2,c4,c5,d1,d3,d4,e1,e2,e4,e5:0:2:g", [11, 36, 430, 1812, 23531]),
        ("a4,c5,d3,d4:a1,a2,a5,b1,b2,b4,b5,c1,c2,c4,d1,d5,e1,e2,e3,e4,e5:0:3:t", [6, 83, 586, 7627, 56624]),
        ("a4,c1,d1,d4:a1,a3,a5,b2,b3,b4,b5,c2,c3,c4,c5,d2,d3,e3,e4,e5:0:4:t", [4, 36, 189, 1781, 9781]),
    ];
    for (text, counts) in cases {
        check(text, Options::default(), &counts, 5);
    }
}

/// Random games under every target and both repetition rules, played in both
/// implementations at once: at every ply the legal moves (as text) and whether the game is
/// over agree, and every few plies so does perft 3 from there, record included.
#[test]
fn random_games_agree_with_the_reference_move_for_move() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(37);
    let mut repetitions_refused = 0;
    for i in 0..40 {
        let options = Options {
            first: if i % 5 == 4 { Role::Tigers } else { Role::Goats },
            target: Target::CHOICES[i % 4],
            repetition: if i % 3 == 2 { Repetition::Allowed } else { Repetition::Forbidden },
            ..Options::default()
        };
        let mut g = Game::new(options);
        let mut r = reference_game(g.position(), options);
        let mut moves = Moves::new();
        for ply in 0..300 {
            g.legal_moves(&mut moves);
            let mut fast: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            fast.sort();
            let mut slow = r.moves();
            slow.sort();
            assert_eq!(fast, slow, "{} after {ply} plies", g.position());
            assert_eq!(g.outcome().is_some(), r.over(), "{}", g.position());
            if fast.is_empty() {
                break;
            }
            if ply % 25 == 24 {
                assert_eq!(g.perft(3), r.perft(3), "perft 3 at {}", g.position());
            }
            let mut board = Moves::new();
            g.position().pseudo_legal_moves(&mut board);
            repetitions_refused += board.len() - moves.len();
            let m = moves[rng.gen_range(0..moves.len())];
            g.play(m).unwrap();
            r.play(&m.to_string());
        }
    }
    assert!(repetitions_refused > 0, "the walk met the repetition rule");
}

/// A documented long run (docs/design.md §8.8), the reference included to depth 6:
/// `cargo test --release -p rules --test bagh_chal_perft -- --ignored`.
#[test]
#[ignore = "long run: deeper perft from the start"]
fn from_the_start_deeper() {
    check("a1,a5,e1,e5::20:0:g", Options::default(), &[21, 252, 5052, 68204, 1304788, 18592000, 339123476], 6);
}
