//! Table lookups, index arithmetic, a small slice build and the expert's move from tables.
//! `cargo bench -p ai --bench musashi`

use std::hint::black_box;

use ai::musashi::index::SliceIndex;
use ai::musashi::{Tables, table_move};
use criterion::{Criterion, criterion_group, criterion_main};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rules::Mask;
use rules::musashi::{BoardKind, Game, Options, Point, Position, Role, Target};

fn positions(board: BoardKind, k: u32, n: usize) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(1);
    (0..n)
        .map(|_| {
            let parent = Point(rng.gen_range(0..board.points()));
            let mut children = Mask::EMPTY;
            while children.count() < k {
                let q = rng.gen_range(0..board.points());
                if q != parent.0 {
                    children = children.with(q);
                }
            }
            Position { board, parent, children, turn: Role::Parent, children_moves: 0 }
        })
        .collect()
}

fn benches(c: &mut Criterion) {
    let idx = SliceIndex::new(BoardKind::Square25, 12);
    let ps = positions(BoardKind::Square25, 12, 1024);
    c.bench_function("index 25-point, 12 Children (1024 positions)", |b| {
        b.iter(|| ps.iter().map(|p| idx.index(p.parent.0, p.children.0)).fold(0u64, |a, x| a ^ x))
    });
    c.bench_function("build 25-point trap-only slices up to 6 Children", |b| {
        b.iter(|| Tables::build(BoardKind::Square25, Target::NONE, 6, |_| {}).unwrap())
    });
    let tables = Tables::build(BoardKind::Square25, Target::SIX, 16, |_| {}).unwrap();
    let ps = positions(BoardKind::Square25, 14, 1024);
    c.bench_function("lookup 25-point, 14 Children (1024 random positions)", |b| {
        b.iter(|| {
            ps.iter().filter(|p| matches!(tables.value(black_box(p)), Some(ai::musashi::Value::ChildrenWin(_)))).count()
        })
    });
    let game = Game::new(Options { board: BoardKind::Square25, target: Target::SIX, ..Options::default() });
    c.bench_function("expert move from tables, 25-point start", |b| b.iter(|| table_move(black_box(&game), &tables)));
}

criterion_group! {
    name = musashi;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(musashi);
