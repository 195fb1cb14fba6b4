//! Perft and random playouts of both games. The perft counts are asserted, so a faster but
//! wrong move generator fails the bench.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rules::dots;
use rules::musashi::{BoardKind, Game, Moves, Options, Role};

fn musashi_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("musashi_perft");
    group.sample_size(10);
    for (name, board, first, depth, nodes) in [
        ("33-parent-d6", BoardKind::Setchin33, Role::Parent, 6, None),
        ("25-children-d6", BoardKind::Square25, Role::Children, 6, None),
    ] {
        let mut g = Game::new(Options { board, first, ..Options::default() });
        let n = nodes.unwrap_or_else(|| g.perft(depth));
        group.throughput(Throughput::Elements(n));
        group.bench_function(BenchmarkId::from_parameter(name), |b| b.iter(|| assert_eq!(g.perft(depth), n)));
    }
    group.finish();
}

fn musashi_playouts(c: &mut Criterion) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let mut moves = Moves::new();
    c.bench_function("musashi_playout_33", |b| {
        b.iter(|| {
            let mut g = Game::new(Options::default());
            while g.outcome().is_none() {
                g.legal_moves(&mut moves);
                g.play_unchecked(moves[rng.gen_range(0..moves.len())]);
            }
            g.history().len()
        })
    });
}

fn dots_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("dots_perft");
    group.sample_size(10);
    let mut g = dots::Game::new(dots::Options::default());
    let n = 49 * 48 * 47 * 46;
    group.throughput(Throughput::Elements(n));
    group.bench_function("5x4-d4", |b| b.iter(|| assert_eq!(g.perft(4), n)));
    group.finish();
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let mut moves = dots::Edges::new();
    c.bench_function("dots_playout_5x4", |b| {
        b.iter(|| {
            let mut g = dots::Game::new(dots::Options::default());
            while g.outcome().is_none() {
                g.legal_moves(&mut moves);
                g.play_unchecked(moves[rng.gen_range(0..moves.len())]);
            }
            g.position().scores()
        })
    });
}

criterion_group!(benches, musashi_perft, musashi_playouts, dots_perft);
criterion_main!(benches);
