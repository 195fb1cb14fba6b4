//! The short pairing run (issue 35): `qdan-bench pairing` with 20 players a second entering
//! the pools of one `qdan serve` child of this build for 4 s. Nobody may be paired twice, left
//! waiting while someone else waits in the same pool, or fail to meet their partner at the
//! table; timing is not asserted here (figures live in docs/benchmarks.md).

#[test]
fn every_player_paired_once() {
    let args = ["--rate", "20", "--secs", "4", "--drain", "6", "--bin", env!("CARGO_BIN_EXE_qdan")];
    let r = bench::pairing::measure(args.map(String::from)).unwrap();
    assert!(r.clean(), "{r:?}");
    assert_eq!(r.players, 80, "{r:?}");
    // 80 players over the three Dots pools (27, 27, 26): one left alone in each odd pool.
    assert_eq!(r.pairs, 39, "{r:?}");
    assert_eq!(r.paired, 78, "{r:?}");
    assert_eq!(r.waiting_at_end, 2, "{r:?}");
    assert_eq!(r.no_show, 0, "{r:?}");
}
