//! The text record (docs/notation.md): import(export(g)) == g for random games of every kind
//! (Juroku Musashi, Dots and Boxes, Bagh-Chal), under random rules, with random names and other
//! tags.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rules::musashi::{BoardKind, Limit, Role, Target};
use rules::record::Record;
use rules::{AnyGame, AnyOptions, bagh_chal, dots, musashi};

fn options() -> impl Strategy<Value = AnyOptions> {
    prop_oneof![
        (any::<bool>(), 0..3usize, prop_oneof![Just(None), (1u16..400).prop_map(Some)], any::<bool>()).prop_map(
            |(c, t, l, b)| AnyOptions::Musashi(musashi::Options {
                first: if c { Role::Children } else { Role::Parent },
                target: [Target::TEN, Target::SIX, Target::NONE][t],
                limit: Limit(l),
                board: if b { BoardKind::Square25 } else { BoardKind::Setchin33 },
                ..musashi::Options::default()
            })
        ),
        (0..dots::Size::ALL.len())
            .prop_map(|i| AnyOptions::Dots(dots::Options { size: dots::Size::ALL[i], ..Default::default() })),
        // The rematch swap is not a rule: the record drops it, and so must the game it reads.
        (any::<bool>(), 0..bagh_chal::Target::CHOICES.len(), any::<bool>(), any::<bool>()).prop_map(|(t, i, a, s)| {
            AnyOptions::BaghChal(bagh_chal::Options {
                first: if t { bagh_chal::Role::Tigers } else { bagh_chal::Role::Goats },
                target: bagh_chal::Target::CHOICES[i],
                repetition: if a { bagh_chal::Repetition::Allowed } else { bagh_chal::Repetition::Forbidden },
                swap_roles: s,
            })
        }),
    ]
}

/// Tag values as people type them: any printable text but line breaks, quotes and
/// backslashes included.
fn tags() -> impl Strategy<Value = Vec<(String, String)>> {
    prop::collection::vec(("[A-Z][A-Za-z0-9_]{0,12}", "[^\r\n]{0,30}"), 0..6).prop_map(|v| {
        // Names that carry the rules are not free tags.
        v.into_iter()
            .filter(|(n, _)| {
                !["Game", "Board", "FirstMove", "Target", "Limit", "Size", "Repetition"].contains(&n.as_str())
            })
            .collect()
    })
}

/// A random legal game of up to `plies` moves (it may end sooner).
fn random_moves(options: AnyOptions, plies: usize, seed: u64) -> Vec<String> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut g = AnyGame::new(options);
    let mut out = Vec::new();
    while out.len() < plies && g.outcome().is_none() {
        let legal = g.legal_moves();
        let m = legal[rng.gen_range(0..legal.len())].clone();
        let side = g.turn();
        out.push(g.play(side, &m).unwrap());
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn import_of_export_is_the_game(options in options(), tags in tags(), plies in 0usize..400, seed in any::<u64>()) {
        let moves = random_moves(options, plies, seed);
        let g = Record::new(options, &moves, tags).unwrap();
        let text = g.to_string();
        let back: Record = text.parse().map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &g);
        // And the rules see the same game.
        prop_assert_eq!(back.game(), g.game());
    }
}

#[test]
fn a_record_written_by_hand_reads() {
    let text = "# A short Dots game, numbers and comments as people write them\n\
                [Game \"dots\"]\n[Size \"3x3\"]\n[First \"Ana\"]\n[Second \"Ben\"]\n\n\
                1. 0 2. 3 3. 12   13\n4. 1\n";
    let r: Record = text.parse().unwrap();
    assert_eq!(r.moves, ["0", "3", "12", "13", "1"]);
    assert_eq!(r.tag("Second"), Some("Ben"));
}
