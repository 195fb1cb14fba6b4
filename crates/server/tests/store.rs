use serde_json::json;
use server::Store;

use crate::common::{Client, TestServer, fast_config};

/// A fresh PostgreSQL database on the server `scripts/test` started, or `None` without one.
pub(crate) async fn postgres_url() -> Option<String> {
    let base = std::env::var("QDAN_TEST_POSTGRES").ok()?;
    sqlx::any::install_default_drivers();
    let name = format!("qdan_test_{}", server::ids::new_player_id()[2..].to_lowercase().replace(['-', '_'], "x"));
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&base).await.expect("PostgreSQL reachable");
    sqlx::query(&format!("CREATE DATABASE {name}")).execute(&mut conn).await.unwrap();
    let (prefix, _) = base.rsplit_once('/').unwrap();
    Some(format!("{prefix}/{name}"))
}

/// Plays a few moves, restarts the server on the same database, and finds everything again.
async fn survives_a_restart(url: String) {
    let s = TestServer::start_with(fast_config(), Some(url.clone())).await;
    let (ta, pa) = s.player("Ana").await;
    let (tb, _) = s.player("Ben \"<b>\"").await;
    let code = s.group(&ta, json!({"game": "musashi", "options": {"board": "25"}, "turnLimit": 60})).await;
    let mut a = s.client(&code, &ta).await;
    let mut b = s.client(&code, &tb).await;
    b.intent(json!({"t": "sit"})).await;
    a.catch_up(b.v).await;
    for (i, mv) in ["c3-c4", "a1-b2", "c4-c3", "b2-b3"].iter().enumerate() {
        if i % 2 == 0 {
            a.play(mv).await;
            b.catch_up(a.v).await;
        } else {
            b.play(mv).await;
            a.catch_up(b.v).await;
        }
    }
    let position = a.table["view"]["position"].clone();
    let clock = a.table["clock"]["remainingMs"].as_i64().unwrap();
    let seen_v = a.v;
    drop((a, b));
    drop(s);

    let s = TestServer::start_with(fast_config(), Some(url)).await;
    assert_eq!(s.state.tables.restore().await.unwrap(), 1);
    let a = Client::connect(s.addr, &code, &ta, Some(seen_v)).await;
    let mut a = a;
    // After a restart the versions moved on, so the client gets a full state.
    let m = a.recv().await;
    assert_eq!(m["t"], "state", "seen {seen_v}, got {m}");
    let t = &m["table"];
    assert_eq!(t["plies"], 4);
    assert_eq!(t["view"]["position"], position);
    assert_eq!(t["seats"][1]["name"], "Ben \"<b>\"");
    assert_eq!(a.welcome["you"]["playerId"], pa);
    let left = t["clock"]["remainingMs"].as_i64().unwrap();
    assert!(left <= clock && left > clock - 2000, "the clock kept its deadline: {left} vs {clock}");
    assert_eq!(s.state.ctx.store.count_moves().await.unwrap(), 4);
}

/// A request for the next game, acknowledged before a restart, is still there after it: the
/// other seat's request then starts the game.
async fn a_rematch_request_survives_a_restart(url: String) {
    let s = TestServer::start_with(fast_config(), Some(url.clone())).await;
    let (code, [_, tb], mut a, mut b) = s.two_at_table(json!({"game": "dots", "options": {"size": "3x3"}})).await;
    a.intent(json!({"t": "resign"})).await;
    b.catch_up(a.v).await;
    let ack = a.intent(json!({"t": "rematch"})).await;
    assert_eq!(ack["t"], "ack", "{ack}");
    b.wait_for(|t| t["rematch"] == json!([true, false])).await;
    drop((a, b));
    drop(s);

    let s = TestServer::start_with(fast_config(), Some(url)).await;
    let mut b = s.client(&code, &tb).await;
    assert_eq!(b.table["rematch"], json!([true, false]), "Ana's request was acknowledged before the restart");
    b.intent(json!({"t": "rematch"})).await;
    assert_eq!((b.table["gameNo"].as_u64(), b.table["status"].as_str()), (Some(2), Some("playing")));
}

#[tokio::test]
async fn a_rematch_request_survives_a_restart_on_sqlite_and_postgresql() {
    let dir = tempfile::tempdir().unwrap();
    a_rematch_request_survives_a_restart(format!("sqlite://{}", dir.path().join("q.db").display())).await;
    if let Some(url) = postgres_url().await {
        a_rematch_request_survives_a_restart(url).await;
    }
}

#[tokio::test]
async fn sqlite_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    survives_a_restart(format!("sqlite://{}", dir.path().join("q.db").display())).await;
}

#[tokio::test]
async fn postgres_survives_a_restart() {
    let Some(url) = postgres_url().await else {
        eprintln!("QDAN_TEST_POSTGRES not set: PostgreSQL store test skipped (scripts/test sets it)");
        return;
    };
    survives_a_restart(url).await;
}

#[tokio::test]
async fn store_round_trips_on_both_backends() {
    let dir = tempfile::tempdir().unwrap();
    let mut urls = vec![format!("sqlite://{}", dir.path().join("s.db").display())];
    urls.extend(postgres_url().await);
    for url in urls {
        let st = Store::connect(&url).await.unwrap();
        st.create_player("p_1", "hash1", "Zoë ☃", 1).await.unwrap();
        assert_eq!(st.player_by_token_hash("hash1").await.unwrap().unwrap().name, "Zoë ☃");
        assert!(st.player_by_token_hash("other").await.unwrap().is_none());
        assert!(st.create_player("p_2", "hash1", "dup", 1).await.is_err(), "token hashes are unique");
        st.rename("p_1", "Zed").await.unwrap();
        assert_eq!(st.player("p_1").await.unwrap().unwrap().name, "Zed");
        assert!(st.leaderboard("dots", 10).await.unwrap().is_empty());
        // Connecting again runs no migration twice.
        Store::connect(&url).await.unwrap();
    }
}

/// Fencing (issue 14): a node that lost a table's lease can never write for it again, even
/// if it wakes up believing it still owns it; a lease taken from a gone node moves at once.
#[tokio::test]
async fn a_write_with_a_superseded_lease_is_refused() {
    let Some(url) = postgres_url().await else {
        eprintln!("QDAN_TEST_POSTGRES not set: the fencing test is skipped (scripts/test sets it)");
        return;
    };
    let st = Store::connect(&url).await.unwrap();
    st.create_player("p_1", "h1", "Ana", 1).await.unwrap();
    let group = server::store::GroupRow {
        code: "FENCE0000001".into(),
        game: rules::GameKind::Dots,
        host_id: "p_1".into(),
        options: rules::AnyOptions::default_for(rules::GameKind::Dots),
        turn_limit: None,
        ranked: false,
        cpu: None,
        created_at: 1,
    };
    st.create_group(&group).await.unwrap();
    // Node a takes the lease (200 ms); node b cannot while it is live.
    let a = st.take_lease("FENCE0000001", "a", 200).await.unwrap().expect("a free lease");
    assert!(st.take_lease("FENCE0000001", "b", 200).await.unwrap().is_none(), "a live lease is not taken");
    st.add_seat("FENCE0000001", 0, "p_1", Some(&a)).await.unwrap();
    // a is paused past the expiry; b takes the table (a new epoch).
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let b = st.take_lease("FENCE0000001", "b", 5_000).await.unwrap().expect("an expired lease is taken");
    assert_eq!(b.epoch, a.epoch + 1);
    // a wakes up: its writes are refused, whatever they are; b's go through.
    let e = st.set_clock("nope", None, Some(&a)).await.unwrap_err();
    assert!(matches!(e, server::store::StoreError::Fenced(_)), "{e}");
    assert!(st.renew_leases("a", 5_000).await.unwrap().is_empty(), "an expired lease is not revived");
    st.update_group_settings("FENCE0000001", &group.options, Some(30), false, Some(&b)).await.unwrap();
    // b's process dies: c takes the table at once from the gone node, and b is fenced.
    let c = st.take_lease_from(&b, "c", 5_000).await.unwrap().expect("taken from a gone node");
    assert!(st.take_lease_from(&b, "d", 5_000).await.unwrap().is_none(), "only from the epoch that died");
    let e = st.update_group_settings("FENCE0000001", &group.options, None, false, Some(&b)).await.unwrap_err();
    assert!(matches!(e, server::store::StoreError::Fenced(_)), "{e}");
    st.release_lease(&c).await.unwrap();
    assert!(!st.lease("FENCE0000001").await.unwrap().unwrap().live, "a released lease is free at once");
}

/// A lease renewal stops the local tables missing from its answer, but only those started
/// before it was asked: a table started meanwhile took its lease after the renewal's snapshot
/// of the leases (found by `qdan-bench load` against one node of a cluster: tables created
/// during a renewal were stopped as "lost").
#[tokio::test]
async fn a_lease_renewal_stops_only_tables_older_than_its_question() {
    let s = TestServer::start().await;
    let (token, _) = s.player("a").await;
    let asked = std::time::Instant::now();
    let code = s.group(&token, json!({"game": "dots", "options": {"size": "3x3"}})).await;
    let Some(server::table::TableHandle::Local(t)) = s.state.tables.get(&code).await.unwrap() else {
        panic!("a table of this node");
    };
    s.state.tables.keep_only(&[], asked).await;
    assert!(t.is_alive(), "a table started after the renewal was asked for must go on");
    s.state.tables.keep_only(&[], std::time::Instant::now()).await;
    for _ in 0..100 {
        if !t.is_alive() {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("a table older than the renewal and missing from it must stop");
}

/// Reviews take hosts in turn: one host finishing many games (farming, say) does not push
/// another's review back behind all of them (before, the latest ended games came first).
#[tokio::test]
async fn hosts_take_turns_in_the_review_queue() {
    let dir = tempfile::tempdir().unwrap();
    let mut urls = vec![format!("sqlite://{}", dir.path().join("r.db").display())];
    urls.extend(postgres_url().await);
    for url in urls {
        let st = Store::connect(&url).await.unwrap();
        let dots = rules::AnyOptions::default_for(rules::GameKind::Dots);
        // Ben's one game ended first; then Ana's five.
        for (host, code, ended) in [("p_b", "BENGROUP0001", 100), ("p_a", "ANAGROUP0001", 200)] {
            st.create_player(host, &format!("h{host}"), host, 1).await.unwrap();
            let group = server::store::GroupRow {
                code: code.into(),
                game: rules::GameKind::Dots,
                host_id: host.into(),
                options: dots,
                turn_limit: None,
                ranked: false,
                cpu: None,
                created_at: 1,
            };
            st.create_group(&group).await.unwrap();
            let games = if host == "p_a" { 5 } else { 1 };
            for no in 1..=games {
                let id = format!("{code}-{no}");
                let row = server::store::GameRow {
                    id: id.clone(),
                    group_code: code.into(),
                    game_no: no,
                    options: dots,
                    sides: [0, 1],
                    ranked: false,
                    turn_limit: None,
                    status: wire::Status::Playing,
                    winner: None,
                    reason: None,
                    clock_deadline: None,
                    started_at: 1,
                    ended_at: None,
                };
                st.create_game(&row, None).await.unwrap();
                let end = server::store::GameEnd {
                    game_id: &id,
                    game: "dots",
                    winner: Some(wire::Seat::First),
                    reason: rules::EndReason::Resignation,
                    ended_at: ended + i64::from(no),
                    rated: None,
                };
                st.finish_game(&end, None).await.unwrap();
            }
        }
        let next: Vec<String> = st.games_to_review(1, 2).await.unwrap().into_iter().map(|g| g.id).collect();
        assert_eq!(next, ["ANAGROUP0001-5", "BENGROUP0001-1"], "{url}: each host's latest first");
        let all: Vec<String> = st.games_to_review(1, 10).await.unwrap().into_iter().map(|g| g.id).collect();
        assert_eq!(all.len(), 6);
        assert_eq!(all[2..], ["ANAGROUP0001-4", "ANAGROUP0001-3", "ANAGROUP0001-2", "ANAGROUP0001-1"]);
    }
}

/// Issue 39, part 3: a move keeps the epoch of the lease its write was fenced by (what
/// `qdan-bench check` audits), and a move written without a lease (a single node) keeps none.
#[tokio::test]
async fn a_move_keeps_the_epoch_of_its_lease() {
    use sqlx::Row;
    let dir = tempfile::tempdir().unwrap();
    let mut urls = vec![format!("sqlite://{}", dir.path().join("e.db").display())];
    urls.extend(postgres_url().await);
    for url in urls {
        let st = Store::connect(&url).await.unwrap();
        st.create_player("p_1", "h1", "Ana", 1).await.unwrap();
        let options = rules::AnyOptions::default_for(rules::GameKind::Dots);
        let group = server::store::GroupRow {
            code: "EPOCH0000001".into(),
            game: rules::GameKind::Dots,
            host_id: "p_1".into(),
            options,
            turn_limit: None,
            ranked: false,
            cpu: None,
            created_at: 1,
        };
        st.create_group(&group).await.unwrap();
        let first = st.take_lease("EPOCH0000001", "a", 5_000).await.unwrap().expect("a free lease");
        let second = st.take_lease_from(&first, "b", 5_000).await.unwrap().expect("taken from a gone node");
        let game = server::store::GameRow {
            id: "g_epoch".into(),
            group_code: "EPOCH0000001".into(),
            game_no: 1,
            options,
            sides: [0, 1],
            ranked: false,
            turn_limit: None,
            status: wire::Status::Playing,
            winner: None,
            reason: None,
            clock_deadline: None,
            started_at: 1,
            ended_at: None,
        };
        st.create_game(&game, Some(&second)).await.unwrap();
        let mv = |ply: usize, mv: &str| server::store::MoveRow {
            ply,
            mv: mv.into(),
            side: (ply % 2) as u8,
            by: wire::MoveSource::Player,
            player_id: None,
            at: 1,
        };
        st.add_move("g_epoch", &mv(0, "a1-b1"), None, Some(&second)).await.unwrap();
        st.add_move("g_epoch", &mv(1, "a1-a2"), None, None).await.unwrap();
        let e = st.add_move("g_epoch", &mv(2, "b1-c1"), None, Some(&first)).await.unwrap_err();
        assert!(matches!(e, server::store::StoreError::Fenced(_)), "{e}");
        let pool = sqlx::AnyPool::connect(&url).await.unwrap();
        let epochs: Vec<(i64, Option<i64>)> =
            sqlx::query("SELECT ply, epoch FROM moves WHERE game_id = 'g_epoch' ORDER BY ply")
                .fetch_all(&pool)
                .await
                .unwrap()
                .into_iter()
                .map(|r| (r.get(0), r.get(1)))
                .collect();
        assert_eq!(epochs, vec![(0, Some(second.epoch)), (1, None)], "{url}");
        assert_eq!(second.epoch, first.epoch + 1);
    }
}

/// A rolling upgrade: a newer version's additive migration is applied while this version's
/// nodes still run; they must keep working and restart cleanly against that database (sqlx
/// refuses a database with a migration it does not know unless told to ignore it).
#[tokio::test]
async fn this_version_restarts_against_a_newer_versions_additive_migration() {
    let dir = tempfile::tempdir().unwrap();
    let mut urls = vec![format!("sqlite://{}", dir.path().join("u.db").display())];
    urls.extend(postgres_url().await);
    for url in urls {
        let st = Store::connect(&url).await.unwrap();
        st.create_player("p_up", "h_up", "Ana", 1).await.unwrap();
        // What a next version's migration 9999 would do: a new nullable column and a new
        // table, recorded in sqlx's own table as applied.
        let pool = sqlx::AnyPool::connect(&url).await.unwrap();
        sqlx::query("ALTER TABLE players ADD COLUMN next_version_note TEXT").execute(&pool).await.unwrap();
        sqlx::query("CREATE TABLE next_version_things (id TEXT PRIMARY KEY)").execute(&pool).await.unwrap();
        let checksum = if url.starts_with("sqlite:") { "x'00'" } else { "'\\x00'::bytea" };
        sqlx::query(&format!(
            "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
             VALUES (9999, 'next version', true, {checksum}, 1)"
        ))
        .execute(&pool)
        .await
        .unwrap();
        pool.close().await;
        drop(st);
        let again = Store::connect(&url).await.expect("this version restarts against the newer schema");
        again.create_player("p_up2", "h_up2", "Ben", 2).await.unwrap();
        assert!(again.player("p_up").await.unwrap().is_some(), "{url}");
    }
}

/// Ranked games of one player that end at the same moment all count: each reads the rating
/// the one before it wrote (on PostgreSQL the ends used to read the same old rating, and all
/// but one failed on the primary key, their resignation lost).
#[tokio::test]
async fn ranked_ends_at_the_same_moment_all_count() {
    let dir = tempfile::tempdir().unwrap();
    let mut urls = vec![format!("sqlite://{}", dir.path().join("r.db").display())];
    urls.extend(postgres_url().await);
    for url in urls {
        let st = std::sync::Arc::new(Store::connect(&url).await.unwrap());
        let dots = rules::AnyOptions::default_for(rules::GameKind::Dots);
        const GAMES: usize = 6;
        for p in std::iter::once("p_z".to_string()).chain((0..GAMES).map(|i| format!("p_{i}"))) {
            st.create_player(&p, &format!("h{p}"), &p, 1).await.unwrap();
        }
        for i in 0..GAMES {
            let code = format!("RACEGROUP{i:03}");
            let group = server::store::GroupRow {
                code: code.clone(),
                game: rules::GameKind::Dots,
                host_id: "p_z".into(),
                options: dots,
                turn_limit: None,
                ranked: true,
                cpu: None,
                created_at: 1,
            };
            st.create_group(&group).await.unwrap();
            let row = server::store::GameRow {
                id: format!("{code}-1"),
                group_code: code,
                game_no: 1,
                options: dots,
                sides: [0, 1],
                ranked: true,
                turn_limit: None,
                status: wire::Status::Playing,
                winner: None,
                reason: None,
                clock_deadline: None,
                started_at: 1,
                ended_at: None,
            };
            st.create_game(&row, None).await.unwrap();
        }
        let ends = (0..GAMES).map(|i| {
            let st = st.clone();
            tokio::spawn(async move {
                let id = format!("RACEGROUP{i:03}-1");
                let players = ["p_z".to_string(), format!("p_{i}")];
                let end = server::store::GameEnd {
                    game_id: &id,
                    game: "dots",
                    winner: Some(wire::Seat::First),
                    reason: rules::EndReason::Resignation,
                    ended_at: 1_000,
                    rated: Some(&players),
                };
                st.finish_game(&end, None).await.map(|changes| changes.len())
            })
        });
        for end in futures_util::future::join_all(ends).await {
            assert_eq!(end.unwrap().unwrap(), 2, "{url}: every end is stored and rated");
        }
        let z = st.rating("p_z", "dots").await.unwrap().unwrap();
        assert_eq!(z.games, GAMES as i64, "{url}: no update lost");
    }
}

/// Lobby writes at the same moment on PostgreSQL: a player's two challenges accepted at once
/// both seat their games (one used to fail on a deadlock), and a burst of challenges from one
/// player opens no more than the limit (each used to count the others' as not there yet).
#[tokio::test]
async fn lobby_writes_at_the_same_moment_keep_their_promises() {
    let dir = tempfile::tempdir().unwrap();
    let mut urls = vec![format!("sqlite://{}", dir.path().join("l.db").display())];
    urls.extend(postgres_url().await);
    for url in urls {
        let st = std::sync::Arc::new(Store::connect(&url).await.unwrap());
        let dots = rules::AnyOptions::default_for(rules::GameKind::Dots);
        let challenge = |id: String, player: &str| server::store::ChallengeRow {
            id,
            game: rules::GameKind::Dots,
            player_id: player.into(),
            name: player.into(),
            rating: None,
            options: dots,
            turn_limit: None,
            ranked: false,
            created_at: 1,
        };
        for round in 0..10 {
            let (a, b, c) = (format!("p_a{round}"), format!("p_b{round}"), format!("p_c{round}"));
            for p in [&a, &b, &c] {
                st.create_player(p, &format!("h{p}"), p, 1).await.unwrap();
            }
            for k in 0..2 {
                assert!(st.create_challenge(&challenge(format!("ch{round}x{k}"), &a), 1, 0, 3).await.unwrap());
            }
            let accepts = [(0, b), (1, c)].map(|(k, accepter)| {
                let (st, a) = (st.clone(), a.clone());
                tokio::spawn(async move {
                    let m = server::store::NewMatch {
                        group: server::store::GroupRow {
                            code: format!("ACC{round:03}{k}GROUP"),
                            game: rules::GameKind::Dots,
                            host_id: a.clone(),
                            options: dots,
                            turn_limit: None,
                            ranked: false,
                            cpu: None,
                            created_at: 2,
                        },
                        seats: [a, accepter.clone()],
                        meeting: server::store::Meeting { meet_by: Some(10_000), pool: None },
                    };
                    st.accept_challenge(&format!("ch{round}x{k}"), &accepter, 0, &m).await
                })
            });
            for r in futures_util::future::join_all(accepts).await {
                // Each accept either seats its game or finds its challenge gone (the other
                // accept withdrew the creator's other challenges first); never an error.
                r.unwrap().unwrap_or_else(|e| panic!("{url}: an accept failed: {e}"));
            }
        }
        let burst = (0..8).map(|i| {
            let st = st.clone();
            let row = challenge(format!("burst{i}"), "p_a0");
            tokio::spawn(async move { st.create_challenge(&row, 1, 0, 3).await.unwrap() })
        });
        let opened = futures_util::future::join_all(burst).await.into_iter().filter(|r| *r.as_ref().unwrap()).count();
        assert_eq!(opened, 3, "{url}: the limit of 3 open challenges held");
    }
}

/// A device that has just lost its player to a transfer cannot make a link that would take the
/// player back, even when its request was authenticated before the claim (an outside check
/// did it in 8 of 10 tries by sending the request as the link was claimed).
#[tokio::test]
async fn a_device_that_lost_its_player_makes_no_transfer_link() {
    let dir = tempfile::tempdir().unwrap();
    let mut urls = vec![format!("sqlite://{}", dir.path().join("t.db").display())];
    urls.extend(postgres_url().await);
    for url in urls {
        let st = Store::connect(&url).await.unwrap();
        st.create_player("p_t", "old-device", "Ana", 1).await.unwrap();
        assert!(st.put_transfer("p_t", "old-device", "code-1", 1, 1_000).await.unwrap());
        assert!(st.claim_transfer("code-1", 2, "new-device").await.unwrap().is_some());
        // The old device's request, authenticated before the claim, stores nothing now.
        assert!(!st.put_transfer("p_t", "old-device", "code-2", 3, 1_000).await.unwrap(), "{url}");
        assert!(st.claim_transfer("code-2", 4, "old-device-again").await.unwrap().is_none());
        assert!(st.put_transfer("p_t", "new-device", "code-3", 5, 1_000).await.unwrap());
    }
}

/// A burst of groups from one host opens no more than the bound of unplayed groups (each
/// request used to count before any of the others had inserted).
#[tokio::test]
async fn a_burst_of_groups_keeps_the_bound() {
    let dir = tempfile::tempdir().unwrap();
    let mut urls = vec![format!("sqlite://{}", dir.path().join("g.db").display())];
    urls.extend(postgres_url().await);
    for url in urls {
        let st = std::sync::Arc::new(Store::connect(&url).await.unwrap());
        st.create_player("p_h", "hp_h", "Host", 1).await.unwrap();
        let burst = (0..8).map(|i| {
            let st = st.clone();
            let row = server::store::GroupRow {
                code: format!("BURSTGROUP{i:02}"),
                game: rules::GameKind::Dots,
                host_id: "p_h".into(),
                options: rules::AnyOptions::default_for(rules::GameKind::Dots),
                turn_limit: None,
                ranked: false,
                cpu: None,
                created_at: 1,
            };
            tokio::spawn(async move { st.create_group_within(&row, 3).await.unwrap() })
        });
        let opened = futures_util::future::join_all(burst).await.into_iter().filter(|r| *r.as_ref().unwrap()).count();
        assert_eq!(opened, 3, "{url}");
        assert_eq!(st.unplayed_groups_of("p_h").await.unwrap(), 3);
    }
}

/// A paired player who enters the pool again (another tab, or before the lobby told them)
/// keeps their match and is not paired a second time (entering used to clear the match).
#[tokio::test]
async fn entering_the_pool_again_keeps_a_match() {
    let dir = tempfile::tempdir().unwrap();
    let mut urls = vec![format!("sqlite://{}", dir.path().join("p.db").display())];
    urls.extend(postgres_url().await);
    for url in urls {
        let st = Store::connect(&url).await.unwrap();
        for p in ["p_p", "p_q", "p_r"] {
            st.create_player(p, &format!("h{p}"), p, 1).await.unwrap();
        }
        let mut waves = 0;
        let mut pair_first_two = |waiting: &[server::store::PoolEntry], _: &[(String, String)]| {
            waves += 1;
            if waiting.len() < 2 {
                return vec![];
            }
            vec![server::store::NewMatch {
                group: server::store::GroupRow {
                    code: format!("WAVEGROUP{waves:03}"),
                    game: rules::GameKind::Dots,
                    host_id: waiting[0].player_id.clone(),
                    options: rules::AnyOptions::default_for(rules::GameKind::Dots),
                    turn_limit: None,
                    ranked: true,
                    cpu: None,
                    created_at: 5,
                },
                seats: [waiting[0].player_id.clone(), waiting[1].player_id.clone()],
                meeting: server::store::Meeting { meet_by: Some(10_000), pool: Some("dots".into()) },
            }]
        };
        st.enter_pool("p_p", "dots", 1500.0, 1, 1).await.unwrap();
        st.enter_pool("p_q", "dots", 1500.0, 2, 2).await.unwrap();
        let first = st.pool_wave("dots", 0, &mut pair_first_two).await.unwrap().unwrap();
        assert_eq!(first.len(), 1, "{url}");
        st.enter_pool("p_p", "dots", 1500.0, 6, 6).await.unwrap();
        st.enter_pool("p_r", "dots", 1500.0, 7, 7).await.unwrap();
        let second = st.pool_wave("dots", 0, &mut pair_first_two).await.unwrap().unwrap();
        assert!(second.is_empty(), "{url}: {:?} paired again", second.first().map(|m| &m.seats));
    }
}
