//! The recent events of a table, kept for clients that come back: a client that resumes
//! from a version still in the log gets the events it missed, any other a full state.

use std::collections::VecDeque;
use std::sync::Arc;

/// Events kept at most.
const LOG_LEN: usize = 256;
/// ... and at most this much text of them (the newest is always kept).
const LOG_BYTES: usize = 16 * 1024;

/// Encoded events with their versions, oldest first.
#[derive(Debug, Default)]
pub struct EventLog {
    events: VecDeque<(u64, Arc<str>)>,
    bytes: usize,
}

impl EventLog {
    pub fn push(&mut self, v: u64, text: Arc<str>) {
        self.bytes += text.len();
        self.events.push_back((v, text));
        while self.events.len() > LOG_LEN || (self.events.len() > 1 && self.bytes > LOG_BYTES) {
            let (_, old) = self.events.pop_front().expect("not empty");
            self.bytes -= old.len();
        }
    }

    /// The events after `since` when the log still holds all of them (`Some(vec![])` when the
    /// client is current); `None` when it must get a full state.
    pub fn since(&self, since: u64, now: u64) -> Option<Vec<Arc<str>>> {
        if since == now {
            return Some(vec![]);
        }
        let oldest = self.events.front().map(|(v, _)| *v)?;
        (since < now && oldest <= since + 1)
            .then(|| self.events.iter().filter(|(v, _)| *v > since).map(|(_, m)| m.clone()).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resumes_or_asks_for_a_state() {
        let mut log = EventLog::default();
        for v in 1..=300 {
            log.push(v, Arc::from(format!("{v}")));
        }
        assert_eq!(log.since(300, 300), Some(vec![]));
        assert_eq!(log.since(298, 300).unwrap().len(), 2);
        assert_eq!(log.since(10, 300), None, "older than the log");
        assert_eq!(log.since(301, 300), None, "ahead of the table: another numbering");
        let mut big = EventLog::default();
        for v in 1..=10 {
            big.push(v, Arc::from("x".repeat(5000)));
        }
        assert_eq!(big.since(9, 10).unwrap().len(), 1);
        assert_eq!(big.since(5, 10), None, "bounded by bytes");
    }
}
