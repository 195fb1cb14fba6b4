//! `--acked FILE` as a client's log: besides the moves it saw acknowledged (`acked.rs`), a
//! move's line may say when (`"at"`, milliseconds since the Unix epoch), and a line
//! `{"error":"CODE","at":MS,"code":"TABLE"}` records an error the server sent. `qdan-bench load
//! --acked FILE` writes both. From the times: no table in play waited longer than
//! `--max-wait-ms` for its next acknowledged move (issue 39's bound: the 5 s lease plus 3 s).
//! From the errors: every code the clients saw is one `docs/protocol.md` documents.

use std::collections::{BTreeMap, HashSet};

use serde::{Deserialize, Serialize};

use super::acked::AckedMove;
use super::report::{Kind, Report};

/// An error the server sent a client: its code, when, and at which table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenError {
    pub error: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
}

/// An acknowledged move's line: the move, and when the acknowledgement came.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimedMove {
    #[serde(flatten)]
    pub mv: AckedMove,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<i64>,
}

/// One line of the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Line {
    Error(SeenError),
    Move(TimedMove),
}

/// A whole log: the acknowledged moves in the file's order, and the errors.
#[derive(Clone, Debug, Default)]
pub struct ClientLog {
    pub moves: Vec<TimedMove>,
    pub errors: Vec<SeenError>,
}

impl ClientLog {
    pub fn from_lines(lines: impl IntoIterator<Item = Line>) -> ClientLog {
        let mut log = ClientLog::default();
        for line in lines {
            match line {
                Line::Error(e) => log.errors.push(e),
                Line::Move(m) => log.moves.push(m),
            }
        }
        log
    }

    /// The moves alone (for the stored-move checks).
    pub fn acked(&self) -> Vec<AckedMove> {
        self.moves.iter().map(|m| m.mv.clone()).collect()
    }
}

/// The error codes of the protocol (`wire::ErrorCode`, which `docs/protocol.md` lists).
fn documented() -> HashSet<&'static str> {
    wire::ErrorCode::samples().iter().map(wire::ErrorCode::as_str).collect()
}

/// Counts the errors by code; a code the protocol does not have is a violation.
pub fn check_errors(log: &ClientLog, report: &mut Report) {
    let known = documented();
    for e in &log.errors {
        *report.errors_seen.entry(e.error.clone()).or_default() += 1;
        if !known.contains(e.error.as_str()) {
            let table = e.code.as_deref().map(|c| format!(" at {c}")).unwrap_or_default();
            report.add(Kind::UndocumentedError, format!("`{}`{table}", e.error));
        }
    }
}

/// Each table's longest wait for its next acknowledged move, over the log's span: between
/// two acknowledgements, and, for a table whose latest game is still being played (`live`),
/// from its last one to the log's end (the latest time in it). Tables over a bound are
/// violations. Moves without a time are passed over.
pub fn check_waits(log: &ClientLog, live: &HashSet<String>, max_wait_ms: i64, report: &mut Report) {
    let mut times: BTreeMap<&str, Vec<i64>> = BTreeMap::new();
    for m in &log.moves {
        if let Some(at) = m.at {
            times.entry(m.mv.code.as_str()).or_default().push(at);
        }
    }
    let end = log.moves.iter().filter_map(|m| m.at).chain(log.errors.iter().filter_map(|e| e.at)).max();
    let Some(end) = end else { return };
    for (code, mut at) in times {
        at.sort_unstable();
        let mut longest = at.windows(2).map(|w| w[1] - w[0]).max().unwrap_or(0);
        if live.contains(code)
            && let Some(&last) = at.last()
        {
            longest = longest.max(end - last);
        }
        report.waits.push(longest);
        if longest > max_wait_ms {
            report.add(Kind::Stalled, format!("{code}: waited {longest} ms for its next acknowledged move"));
        }
    }
    report.waits.sort_unstable();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timed(code: &str, ply: i64, at: i64) -> TimedMove {
        TimedMove { mv: AckedMove { code: code.into(), game_no: 1, ply, mv: "3".into() }, at: Some(at) }
    }

    #[test]
    fn lines_of_both_kinds_read_back() {
        let text = r#"{"code":"T1","gameNo":1,"ply":0,"move":"3","at":1000}
{"error":"table-moved","at":1500,"code":"T1"}
{"code":"T1","gameNo":1,"ply":1,"move":"4"}"#;
        let lines: Vec<Line> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let log = ClientLog::from_lines(lines.clone());
        assert_eq!(log.moves.len(), 2);
        assert_eq!(log.moves[1].at, None);
        assert_eq!(
            log.errors,
            vec![SeenError { error: "table-moved".into(), at: Some(1500), code: Some("T1".into()) }]
        );
        for line in lines {
            let again: Line = serde_json::from_str(&serde_json::to_string(&line).unwrap()).unwrap();
            assert_eq!(again, line);
        }
    }

    #[test]
    fn a_wait_over_the_bound_is_caught_and_the_tail_counts_only_in_play() {
        let log = ClientLog {
            moves: vec![
                timed("A", 0, 0),
                timed("A", 1, 1_000),
                timed("B", 0, 0),
                timed("B", 1, 9_500),
                timed("C", 0, 500),
            ],
            errors: vec![SeenError { error: "stale-ply".into(), at: Some(12_000), code: None }],
        };
        // A waits 1 s; B 9.5 s (over); C's last move is 11.5 s before the end: over only when
        // its game is still being played.
        let mut report = Report::default();
        check_waits(&log, &HashSet::new(), 8_000, &mut report);
        assert_eq!(report.count(Kind::Stalled), 1, "{report}");
        assert_eq!(report.waits, vec![0, 1_000, 9_500]);
        let mut report = Report::default();
        check_waits(&log, &HashSet::from(["C".to_string()]), 8_000, &mut report);
        assert_eq!(report.count(Kind::Stalled), 2, "{report}");
        assert_eq!(report.waits, vec![1_000, 9_500, 11_500]);
    }

    #[test]
    fn only_documented_error_codes_pass() {
        let log = ClientLog {
            moves: vec![],
            errors: vec![
                SeenError { error: "table-moved".into(), at: None, code: None },
                SeenError { error: "table-moved".into(), at: None, code: None },
                SeenError { error: "no-such-code".into(), at: None, code: Some("T9".into()) },
            ],
        };
        let mut report = Report::default();
        check_errors(&log, &mut report);
        assert_eq!(report.errors_seen.get("table-moved"), Some(&2));
        assert_eq!(report.count(Kind::UndocumentedError), 1, "{report}");
        assert!(report.violations[0].detail.contains("`no-such-code` at T9"));
    }
}
