//! `--acked FILE`: the moves a load client saw acknowledged, one JSON object a line
//! (`{"code":"…","gameNo":1,"ply":0,"move":"…"}`), each of which must be stored at its ply;
//! the file's other lines (times, errors) are `client.rs`'s.

use std::path::Path;

use anyhow::Context;
use serde::{Deserialize, Serialize};

use super::client::{ClientLog, Line};
use super::report::{Kind, Report};
use super::stored::Moves;

/// A move a client saw acknowledged: table, game number, ply (from 0) and move text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AckedMove {
    pub code: String,
    pub game_no: i64,
    pub ply: i64,
    #[serde(rename = "move")]
    pub mv: String,
}

/// Reads a client's log: acknowledged moves and the errors it saw (blank lines are skipped).
pub fn read(path: &Path) -> anyhow::Result<ClientLog> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| serde_json::from_str::<Line>(l).with_context(|| format!("{} line {}", path.display(), i + 1)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(ClientLog::from_lines(lines))
}

/// Every acknowledged move must be stored, the same move at the same ply of the same game.
pub fn check(moves: &Moves, acked: &[AckedMove], report: &mut Report) {
    for a in acked {
        report.acked += 1;
        let stored = moves.get(&(a.code.clone(), a.game_no)).and_then(|l| l.iter().find(|m| m.ply == a.ply));
        match stored {
            None => report.add(
                Kind::AckedMissing,
                format!("{} game {} ply {}: {} acknowledged, nothing stored", a.code, a.game_no, a.ply, a.mv),
            ),
            Some(m) if m.mv != a.mv => report.add(
                Kind::AckedDifferent,
                format!("{} game {} ply {}: {} acknowledged, {} stored", a.code, a.game_no, a.ply, a.mv, m.mv),
            ),
            Some(_) => {}
        }
    }
}
