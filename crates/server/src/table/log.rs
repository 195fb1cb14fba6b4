//! The recent events of a table, kept for clients that come back: a client that resumes
//! from a version still in the log gets the events it missed, any other a full state.

use std::collections::VecDeque;
use std::sync::Arc;

/// Events kept at most.
const LOG_LEN: usize = 256;
/// ... and at most this much text of them (the newest is always kept).
const LOG_BYTES: usize = 16 * 1024;

/// Encoded events with their versions and the time (Unix ms) they were written, oldest first.
#[derive(Debug, Default)]
pub struct EventLog {
    events: VecDeque<(u64, i64, Arc<str>)>,
    bytes: usize,
}

impl EventLog {
    pub fn push(&mut self, v: u64, at: i64, text: Arc<str>) {
        self.bytes += text.len();
        self.events.push_back((v, at, text));
        while self.events.len() > LOG_LEN || (self.events.len() > 1 && self.bytes > LOG_BYTES) {
            let (_, _, old) = self.events.pop_front().expect("not empty");
            self.bytes -= old.len();
        }
    }

    /// The events after `since` when the log still holds all of them (`Some(vec![])` when the
    /// client is current); `None` when it must get a full state. Each reads as it would if
    /// written at `now_ms`: a turn clock's `remainingMs` counts from the moment a message is
    /// written (docs/protocol.md), so a replayed clock has run on since its event.
    pub fn since(&self, since: u64, now: u64, now_ms: i64) -> Option<Vec<Arc<str>>> {
        if since == now {
            return Some(vec![]);
        }
        let oldest = self.events.front().map(|(v, _, _)| *v)?;
        (since < now && oldest <= since + 1)
            .then(|| self.events.iter().filter(|(v, _, _)| *v > since).map(|(_, at, m)| aged(m, now_ms - at)).collect())
    }
}

/// An event's text `elapsed` ms after it was written: the `remainingMs` of its turn clock
/// (the only one an event carries) less `elapsed`, never below 0.
fn aged(text: &Arc<str>, elapsed: i64) -> Arc<str> {
    const KEY: &str = "\"remainingMs\":";
    let Some(start) = text.find(KEY).map(|i| i + KEY.len()) else { return text.clone() };
    let len = text[start..].bytes().take_while(u8::is_ascii_digit).count();
    let Ok(ms) = text[start..start + len].parse::<i64>() else { return text.clone() };
    if elapsed <= 0 || ms == 0 {
        return text.clone();
    }
    Arc::from(format!("{}{}{}", &text[..start], (ms - elapsed).max(0), &text[start + len..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resumes_or_asks_for_a_state() {
        let mut log = EventLog::default();
        for v in 1..=300 {
            log.push(v, 0, Arc::from(format!("{v}")));
        }
        assert_eq!(log.since(300, 300, 0), Some(vec![]));
        assert_eq!(log.since(298, 300, 0).unwrap().len(), 2);
        assert_eq!(log.since(10, 300, 0), None, "older than the log");
        assert_eq!(log.since(301, 300, 0), None, "ahead of the table: another numbering");
        let mut big = EventLog::default();
        for v in 1..=10 {
            big.push(v, 0, Arc::from("x".repeat(5000)));
        }
        assert_eq!(big.since(9, 10, 0).unwrap().len(), 1);
        assert_eq!(big.since(5, 10, 0), None, "bounded by bytes");
    }

    #[test]
    fn a_replayed_clock_has_run_on() {
        let mut log = EventLog::default();
        let moved = r#"{"t":"event","v":2,"kind":"move","ply":0,"clock":{"side":1,"remainingMs":30000,"limit":30}}"#;
        log.push(1, 1_000, Arc::from(r#"{"t":"event","v":1,"kind":"spectators","count":1}"#));
        log.push(2, 1_000, Arc::from(moved));
        log.push(3, 2_000, Arc::from(r#"{"t":"event","v":3,"kind":"move","ply":1,"clock":null}"#));
        let got = log.since(0, 3, 5_000).unwrap();
        assert_eq!(&*got[0], r#"{"t":"event","v":1,"kind":"spectators","count":1}"#);
        assert_eq!(&*got[1], moved.replace("30000", "26000"));
        assert_eq!(&*got[2], r#"{"t":"event","v":3,"kind":"move","ply":1,"clock":null}"#);
        assert!(log.since(1, 3, 40_000).unwrap()[0].contains(r#""remainingMs":0,"#), "never below 0");
    }
}
