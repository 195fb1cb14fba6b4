//! A short Musashi series end to end: both seats, the clock named, times kept.

use std::time::Duration;

use ai::Level;
use arena::dots_series::ClockKind;
use arena::musashi_series::{self, Config, Seat};
use rules::musashi::{BoardKind, Options, Role};

#[test]
fn a_series_alternates_seats_and_reports_each() {
    for clock in [ClockKind::Cpu, ClockKind::Wall] {
        let cfg = Config {
            options: Options { board: BoardKind::Square25, ..Options::default() },
            a: Level::Beginner,
            b: Level::Intermediate,
            games: 2,
            budget: Duration::from_millis(60),
            clock,
            seat: Seat::Alternate,
        };
        let mut log = Vec::new();
        let (recs, mut times) = musashi_series::run(&cfg, &mut log).unwrap();
        assert_eq!(recs.iter().map(|r| r.a_role).collect::<Vec<_>>(), [Role::Parent, Role::Children]);
        assert!(recs.iter().all(|r| r.plies > 0));
        assert_eq!(String::from_utf8(log).unwrap().lines().count(), 2);
        let plies: usize = recs.iter().map(|r| r.plies).sum();
        assert_eq!(times.a.len() + times.b.len(), plies, "one time per move");
        assert!(times.a_wall_max >= *times.a.iter().max().unwrap() || clock == ClockKind::Cpu);
        let report = musashi_series::report(&cfg, &recs, &mut times);
        let named = if clock == ClockKind::Cpu { "by thread CPU time" } else { "by wall clock" };
        assert!(report.contains(named), "{report}");
        assert!(report.contains("A as parent: W-D-L") && report.contains("A as children: W-D-L"), "{report}");
        assert!(report.contains("longest answer"), "{report}");
    }
}
