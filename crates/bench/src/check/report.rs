//! What a check found: the counts it went through and every violation, by kind.

use std::collections::BTreeMap;
use std::fmt;

/// The kinds of broken invariant (docs/reliability.md, "The invariant checker").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// Two moves stored for one table and game at one ply.
    DuplicatePly,
    /// A game's plies do not run 0, 1, 2, ... without a gap.
    PlyGap,
    /// A move's lease epoch is lower than an earlier move's of the same table: it was
    /// written by a node whose lease had already been superseded.
    EpochDecreased,
    /// A move carries an epoch the table's lease never reached (or a table with no lease).
    EpochAhead,
    /// A move a client saw acknowledged is not stored at its ply.
    AckedMissing,
    /// Another move is stored at the ply of an acknowledged one.
    AckedDifferent,
    /// A fresh client through the balancer sees moves the store does not hold.
    ThroughDiffers,
    /// A fresh client through the balancer could not open the table.
    ThroughUnreachable,
    /// A table in play waited longer than the bound for its next acknowledged move.
    Stalled,
    /// A client was sent an error code the protocol does not document.
    UndocumentedError,
}

impl Kind {
    pub const ALL: [Kind; 10] = [
        Kind::DuplicatePly,
        Kind::PlyGap,
        Kind::EpochDecreased,
        Kind::EpochAhead,
        Kind::AckedMissing,
        Kind::AckedDifferent,
        Kind::ThroughDiffers,
        Kind::ThroughUnreachable,
        Kind::Stalled,
        Kind::UndocumentedError,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            Kind::DuplicatePly => "duplicate-ply",
            Kind::PlyGap => "ply-gap",
            Kind::EpochDecreased => "epoch-decreased",
            Kind::EpochAhead => "epoch-ahead",
            Kind::AckedMissing => "acked-missing",
            Kind::AckedDifferent => "acked-different",
            Kind::ThroughDiffers => "through-differs",
            Kind::ThroughUnreachable => "through-unreachable",
            Kind::Stalled => "stalled",
            Kind::UndocumentedError => "undocumented-error",
        }
    }
}

/// One broken invariant: which, and where (table code, game number, ply, what was found).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub kind: Kind,
    pub detail: String,
}

/// Everything one run of the checker went through and found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Games stored (every table's every game).
    pub games: usize,
    /// Moves stored and checked.
    pub moves: usize,
    /// Moves stored without an epoch (written without a lease: a single node, or before
    /// migration 0011); the epoch checks pass over them.
    pub without_epoch: usize,
    /// Acknowledged moves checked (`--acked`).
    pub acked: usize,
    /// Live tables opened through the balancer (`--through`).
    pub opened: usize,
    /// Each table's longest wait for its next acknowledged move, in ms, ascending (a client
    /// log with times).
    pub waits: Vec<i64>,
    /// The error codes clients saw, with their counts (a client log with errors).
    pub errors_seen: BTreeMap<String, u64>,
    pub violations: Vec<Violation>,
}

impl Report {
    pub(super) fn add(&mut self, kind: Kind, detail: String) {
        self.violations.push(Violation { kind, detail });
    }

    /// Violations of one kind.
    pub fn count(&self, kind: Kind) -> usize {
        self.violations.iter().filter(|v| v.kind == kind).count()
    }

    pub fn is_clean(&self) -> bool {
        self.violations.is_empty()
    }
}

/// Most violations of one kind printed one by one; the rest are only counted.
const SHOWN: usize = 20;

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "checked {} games, {} moves ({} without an epoch), {} acknowledged moves, {} tables through the balancer",
            self.games, self.moves, self.without_epoch, self.acked, self.opened
        )?;
        if let Some(&max) = self.waits.last() {
            let at = |q: usize| self.waits[(self.waits.len() - 1) * q / 100];
            writeln!(
                f,
                "longest wait for the next acknowledged move, per table: p50 {} ms, p99 {} ms, max {max} ms ({} tables)",
                at(50),
                at(99),
                self.waits.len()
            )?;
        }
        if !self.errors_seen.is_empty() {
            let seen: Vec<String> = self.errors_seen.iter().map(|(c, n)| format!("{c} {n}")).collect();
            writeln!(f, "errors clients saw: {}", seen.join(", "))?;
        }
        let mut by_kind: BTreeMap<Kind, Vec<&Violation>> = BTreeMap::new();
        for v in &self.violations {
            by_kind.entry(v.kind).or_default().push(v);
        }
        for kind in Kind::ALL {
            let found = by_kind.get(&kind).map_or(&[][..], |v| &v[..]);
            writeln!(f, "{:<20} {}", kind.as_str(), found.len())?;
            for v in found.iter().take(SHOWN) {
                writeln!(f, "    {}", v.detail)?;
            }
            if found.len() > SHOWN {
                writeln!(f, "    ... and {} more", found.len() - SHOWN)?;
            }
        }
        write!(f, "violations {}", self.violations.len())
    }
}
