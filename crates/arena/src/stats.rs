//! Small order statistics for the match summaries.

use std::time::Duration;

/// The `p`-quantile (0..=1, nearest rank) of `xs`, which it sorts; `None` when empty.
pub fn quantile<T: Copy + Ord>(xs: &mut [T], p: f64) -> Option<T> {
    if xs.is_empty() {
        return None;
    }
    xs.sort_unstable();
    let i = ((xs.len() - 1) as f64 * p.clamp(0.0, 1.0)).round() as usize;
    Some(xs[i])
}

/// "median M ms, p99 P ms, max X ms (N moves)" for a list of move times.
pub fn times_line(times: &mut [Duration]) -> String {
    let ms = |d: Option<Duration>| d.map_or(0.0, |d| d.as_secs_f64() * 1000.0);
    format!(
        "median {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} moves)",
        ms(quantile(times, 0.5)),
        ms(quantile(times, 0.99)),
        ms(quantile(times, 1.0)),
        times.len()
    )
}

/// Wins, draws and losses from one side's view, counted from margins.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Wdl {
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
}

impl Wdl {
    pub fn add(&mut self, margin: i32) {
        match margin.signum() {
            1 => self.won += 1,
            0 => self.drawn += 1,
            _ => self.lost += 1,
        }
    }
}

impl std::fmt::Display for Wdl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}-{}", self.won, self.drawn, self.lost)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_and_counts() {
        let mut xs = [5, 1, 4, 2, 3];
        assert_eq!(quantile(&mut xs, 0.5), Some(3));
        assert_eq!(quantile(&mut xs, 1.0), Some(5));
        assert_eq!(quantile::<i32>(&mut [], 0.5), None);
        let mut w = Wdl::default();
        for m in [3, 0, -1, 2] {
            w.add(m);
        }
        assert_eq!(w.to_string(), "2-1-1");
    }
}
