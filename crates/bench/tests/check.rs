//! `qdan-bench check` on crafted databases (SQLite, and PostgreSQL when `QDAN_TEST_POSTGRES`
//! names a server, as `scripts/test` sets it): a clean one passes, and each kind of broken
//! invariant is caught. The check through the balancer runs against a real cluster at the
//! end of the cluster test (crates/qdan/tests/cluster.rs) and against one node in
//! crates/qdan/tests/check_through.rs.

use bench::check::{AckedMove, Kind, Report, check};
use sqlx::AnyPool;

/// A fresh database migrated by the server, on SQLite and, when there is one, PostgreSQL;
/// returned with the directory that holds the SQLite file.
async fn databases() -> (tempfile::TempDir, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let mut urls = vec![format!("sqlite://{}", dir.path().join("c.db").display())];
    if let Ok(base) = std::env::var("QDAN_TEST_POSTGRES") {
        let name = format!("qdan_check_{}", rand::random::<u32>());
        urls.push(testkit::infra::fresh_database(&base, &name).unwrap());
    }
    for url in &urls {
        server::Store::connect(url).await.unwrap();
    }
    (dir, urls)
}

async fn pool(url: &str) -> AnyPool {
    sqlx::any::install_default_drivers();
    AnyPool::connect(url).await.unwrap()
}

/// One stored move: ply, move, lease epoch.
type Mv<'a> = (i64, &'a str, Option<i64>);

/// A table `code` with a lease at epoch `lease` (or none) and games 1, 2, ... holding
/// `games`'s moves; its last game is being played.
async fn table(db: &AnyPool, code: &str, lease: Option<i64>, games: &[&[Mv<'_>]]) {
    let host = format!("p_{code}");
    sqlx::query("INSERT INTO players (id, token_hash, name, created_at) VALUES ($1, $1, 'Ana', 1)")
        .bind(&host)
        .execute(db)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO groups (code, game, host_id, options, turn_limit, ranked, cpu, created_at)
         VALUES ($1, 'dots', $2, '{}', NULL, 0, NULL, 1)",
    )
    .bind(code)
    .bind(&host)
    .execute(db)
    .await
    .unwrap();
    if let Some(epoch) = lease {
        sqlx::query("INSERT INTO table_leases (code, node, epoch, expires_at) VALUES ($1, 'n1', $2, 0)")
            .bind(code)
            .bind(epoch)
            .execute(db)
            .await
            .unwrap();
    }
    for (i, moves) in games.iter().enumerate() {
        let no = i as i64 + 1;
        let id = format!("g_{code}_{no}");
        let status = if i + 1 == games.len() { "playing" } else { "over" };
        sqlx::query(
            "INSERT INTO games (id, group_code, game_no, options, seat0_side, ranked, turn_limit, status, started_at)
             VALUES ($1, $2, $3, '{}', 0, 0, NULL, $4, 1)",
        )
        .bind(&id)
        .bind(code)
        .bind(no)
        .bind(status)
        .execute(db)
        .await
        .unwrap();
        for (ply, mv, epoch) in moves.iter() {
            sqlx::query(
                "INSERT INTO moves (game_id, ply, mv, side, by_kind, player_id, at, epoch)
                 VALUES ($1, $2, $3, $4, 'player', NULL, 1, $5)",
            )
            .bind(&id)
            .bind(*ply)
            .bind(*mv)
            .bind(*ply % 2)
            .bind(*epoch)
            .execute(db)
            .await
            .unwrap();
        }
    }
}

/// Clean tables, on every database: two games under epochs 1 to 3 (the lease at 3), and a
/// table of a single node (no lease, no epochs).
async fn clean_tables(db: &AnyPool) {
    table(db, "CLEAN1", Some(3), &[&[(0, "a", Some(1)), (1, "b", Some(1))], &[(0, "c", Some(2)), (1, "d", Some(3))]])
        .await;
    table(db, "SOLO1", None, &[&[(0, "a", None), (1, "b", None), (2, "c", None)]]).await;
}

fn acked(code: &str, game_no: i64, ply: i64, mv: &str) -> AckedMove {
    AckedMove { code: code.into(), game_no, ply, mv: mv.into() }
}

/// Runs the database checks (and the acknowledged moves' when given) on every database after
/// the clean tables and `craft`.
async fn checked(acked: Option<&[AckedMove]>, craft: impl AsyncFn(&AnyPool)) -> Vec<Report> {
    let (_dir, urls) = databases().await;
    let mut reports = vec![];
    for url in &urls {
        let db = pool(url).await;
        clean_tables(&db).await;
        craft(&db).await;
        reports.push(check(url, None, acked).await.unwrap());
    }
    reports
}

/// Each report found exactly `n` violations, all of `kind`.
fn only(reports: &[Report], kind: Kind, n: usize) {
    for r in reports {
        assert_eq!(r.count(kind), n, "{r}");
        assert_eq!(r.violations.len(), n, "{r}");
    }
}

#[tokio::test]
async fn a_clean_database_passes() {
    let all =
        [acked("CLEAN1", 1, 0, "a"), acked("CLEAN1", 1, 1, "b"), acked("CLEAN1", 2, 0, "c"), acked("SOLO1", 1, 2, "c")];
    for r in checked(Some(&all), async |_| {}).await {
        assert!(r.is_clean(), "{r}");
        assert_eq!((r.games, r.moves, r.without_epoch, r.acked), (3, 7, 3, 4), "{r}");
    }
}

/// The moves table's key is what forbids this; the checker does not take it on trust (a
/// schema changed by hand, a restore without constraints), so the test drops the key.
#[tokio::test]
async fn two_moves_at_one_ply_are_caught() {
    let reports = checked(None, async |db| {
        for sql in [
            "DROP TABLE moves",
            "CREATE TABLE moves (game_id TEXT NOT NULL, ply BIGINT NOT NULL, mv TEXT NOT NULL, side BIGINT NOT NULL,
             by_kind TEXT NOT NULL, player_id TEXT, at BIGINT NOT NULL, epoch BIGINT)",
        ] {
            sqlx::query(sql).execute(db).await.unwrap();
        }
        table(db, "TWICE1", Some(2), &[&[(0, "a", Some(1)), (1, "b", Some(1)), (1, "x", Some(2)), (2, "c", Some(2))]])
            .await;
    })
    .await;
    only(&reports, Kind::DuplicatePly, 1);
}

#[tokio::test]
async fn a_gap_in_the_plies_is_caught() {
    let reports = checked(None, async |db| {
        table(db, "GAP1", None, &[&[(0, "a", None), (1, "b", None), (3, "d", None)]]).await;
        table(db, "GAP2", None, &[&[(1, "b", None)]]).await;
    })
    .await;
    only(&reports, Kind::PlyGap, 2);
}

/// A move written by a node whose lease had been superseded carries an older epoch than a
/// move before it, within a game or across the table's games.
#[tokio::test]
async fn an_epoch_lower_than_an_earlier_moves_is_caught() {
    let reports = checked(None, async |db| {
        table(db, "STALE1", Some(3), &[&[(0, "a", Some(2)), (1, "b", Some(3)), (2, "c", Some(2))]]).await;
        table(db, "STALE2", Some(3), &[&[(0, "a", Some(3))], &[(0, "b", Some(2))]]).await;
        // A move without an epoch (a node of the version before 0011) is passed over.
        table(db, "STALE3", Some(2), &[&[(0, "a", Some(2)), (1, "b", None), (2, "c", Some(1))]]).await;
    })
    .await;
    only(&reports, Kind::EpochDecreased, 3);
}

#[tokio::test]
async fn an_epoch_above_the_lease_is_caught() {
    let reports = checked(None, async |db| {
        table(db, "AHEAD1", Some(2), &[&[(0, "a", Some(2)), (1, "b", Some(3))]]).await;
        table(db, "AHEAD2", None, &[&[(0, "a", Some(1))]]).await;
    })
    .await;
    only(&reports, Kind::EpochAhead, 2);
}

#[tokio::test]
async fn an_acknowledged_move_not_stored_is_caught() {
    // A ply beyond game 2's two moves, a game never played, an unknown table.
    let missing = [acked("CLEAN1", 2, 2, "e"), acked("CLEAN1", 3, 0, "a"), acked("NOWHERE", 1, 0, "a")];
    only(&checked(Some(&missing), async |_| {}).await, Kind::AckedMissing, 3);
}

#[tokio::test]
async fn an_acknowledged_move_stored_different_is_caught() {
    let different = [acked("CLEAN1", 1, 1, "b"), acked("SOLO1", 1, 1, "z")];
    only(&checked(Some(&different), async |_| {}).await, Kind::AckedDifferent, 1);
}

/// The command: a summary by kind, exit 0 on a clean database, non-zero on a violation.
#[tokio::test]
async fn the_command_fails_on_a_violation_only() {
    let (dir, urls) = databases().await;
    let url = &urls[0];
    clean_tables(&pool(url).await).await;
    let file = dir.path().join("acked.jsonl");
    let run = |line: &str| {
        std::fs::write(&file, format!("{line}\n\n")).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_qdan-bench"))
            .args(["check", "--db", url, "--acked"])
            .arg(&file)
            .output()
            .unwrap();
        let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        (out.status.success(), text)
    };
    let (ok, text) = run(r#"{"code":"CLEAN1","gameNo":2,"ply":1,"move":"d"}"#);
    assert!(ok, "{text}");
    assert!(text.contains("checked 3 games, 7 moves (3 without an epoch), 1 acknowledged moves"), "{text}");
    assert!(text.contains("violations 0"), "{text}");
    let (ok, text) = run(r#"{"code":"CLEAN1","gameNo":2,"ply":1,"move":"q"}"#);
    assert!(!ok, "{text}");
    assert!(text.contains("acked-different      1") && text.contains("violations 1"), "{text}");
}
