use std::collections::{HashMap, HashSet};

use serde_json::{Value, json};

use crate::common::{Client, TestServer, fast_config};

/// Every kind of answer (page, API, static file, socket refusal, 404) carries the headers
/// that stop framing, MIME sniffing and injected scripts.
#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let s = TestServer::start().await;
    let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    for path in [
        "/",
        "/en/",
        "/de/games/musashi",
        "/en/g/ABCDEFGHJKMN",
        "/static/app.js",
        "/static/style.css",
        "/api/options/dots",
        "/api/groups/nope",
        "/api/me",
        "/ws/nope",
        "/xx/nothing",
    ] {
        let r = http.get(s.url(path)).send().await.unwrap();
        let h = r.headers();
        let csp = h.get("content-security-policy").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp:?}");
        assert!(csp.contains("script-src 'self'") && !csp.contains("script-src 'self' 'unsafe"), "{path}: {csp:?}");
        assert!(csp.contains("default-src 'self'") && csp.contains("base-uri 'none'"), "{path}: {csp:?}");
        assert_eq!(h.get("x-content-type-options").unwrap(), "nosniff", "{path}");
        assert_eq!(h.get("x-frame-options").unwrap(), "DENY", "{path}");
        assert!(h.get("referrer-policy").is_some(), "{path}");
    }
}

/// Tokens are 256 random bits and kept only as hashes; invite codes are 60 random bits over
/// a 32-letter alphabet, every letter equally likely.
#[tokio::test]
async fn tokens_and_invite_codes_are_unguessable() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("qdan.db");
    let s = TestServer::start_with(fast_config(), Some(format!("sqlite://{}", db.display()))).await;
    let mut tokens = HashSet::new();
    let mut letters: HashMap<char, u32> = HashMap::new();
    let mut codes = HashSet::new();
    for i in 0..40 {
        let (token, _) = s.player(&format!("P{i}")).await;
        assert_eq!(token.len(), 43, "256 bits in base64url");
        assert!(tokens.insert(token.clone()));
        for _ in 0..5 {
            let code = s.group(&token, json!({"game": "dots"})).await;
            assert_eq!(code.len(), 12);
            code.chars().for_each(|c| *letters.entry(c).or_default() += 1);
            assert!(codes.insert(code));
        }
    }
    // 2,400 letters over 32: each expected 75 times; a fixed or skewed generator fails this.
    assert_eq!(letters.len(), 32, "{letters:?}");
    let chi2: f64 = letters.values().map(|&n| (f64::from(n) - 75.0).powi(2) / 75.0).sum();
    assert!(chi2 < 80.0, "chi-square {chi2} over 31 degrees of freedom");
    // No raw token reaches the database file or its log.
    let mut stored = Vec::new();
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        stored.extend(std::fs::read(entry.unwrap().path()).unwrap());
    }
    let stored = String::from_utf8_lossy(&stored);
    for token in &tokens {
        assert!(!stored.contains(token.as_str()), "a raw token is in the store");
    }
}

/// One device's token acts only for its own seat: not for the other seat, not in a group it
/// never sat in, and not for the host's settings.
#[tokio::test]
async fn a_token_acts_only_for_its_own_seat() {
    let s = TestServer::start().await;
    let (ta, _) = s.player("Ana").await;
    let (tb, _) = s.player("Ben").await;
    let (tm, _) = s.player("Mallory").await;
    let code = s.group(&ta, json!({"game": "dots", "options": {"size": "3x3"}})).await;
    let mut a = s.client(&code, &ta).await;
    a.intent(json!({"t": "sit"})).await;
    let mut b = s.client(&code, &tb).await;
    b.intent(json!({"t": "sit"})).await;
    a.catch_up(b.v).await;
    let mut m = s.client(&code, &tm).await;
    let e = |v: Value| v["code"].as_str().unwrap_or("").to_string();
    // Mallory watches: a third seat is refused, and she can do nothing a player does.
    assert_eq!(e(m.intent(json!({"t": "sit"})).await), "table-full");
    for intent in [
        json!({"t": "move", "ply": 0, "move": "0"}),
        json!({"t": "resign"}),
        json!({"t": "undo"}),
        json!({"t": "rematch"}),
        json!({"t": "hint"}),
        json!({"t": "settings", "ranked": true}),
    ] {
        let code = e(m.intent(intent.clone()).await);
        assert!(["not-seated", "not-host"].contains(&code.as_str()), "{intent}: {code}");
    }
    // Ben may not move in Ana's turn, nor change the host's rules.
    assert_eq!(e(b.intent(json!({"t": "move", "ply": 0, "move": "0"})).await), "not-your-turn");
    assert_eq!(e(b.intent(json!({"t": "settings", "turnLimit": 30})).await), "not-host");
    // Nothing happened.
    a.play("0").await;
    assert_eq!(a.table["plies"], 1);
    // A token names a device, never a seat: the same device in a second tab is the same seat.
    let mut a2 = Client::connect(s.addr, &code, &ta, None).await;
    assert_eq!(a2.seat(), a.seat());
    assert_eq!(e(a2.intent(json!({"t": "move", "ply": 1, "move": "1"})).await), "not-your-turn");
}

/// Names are data, never markup: they come back from the API exactly as typed, and no page
/// the server renders contains them.
#[tokio::test]
async fn hostile_names_stay_text() {
    let s = TestServer::start().await;
    let evil = "<img src=x onerror=f()>";
    let (t, _) = s.player(evil).await;
    let me: Value = s.http.get(s.url("/api/me")).bearer_auth(&t).send().await.unwrap().json().await.unwrap();
    assert_eq!(me["name"], evil);
    let code = s.group(&t, json!({"game": "dots"})).await;
    let page = s.http.get(s.url(&format!("/en/g/{code}"))).send().await.unwrap().text().await.unwrap();
    assert!(!page.contains("<img src=x"), "the group page embeds a name unescaped");
    // A path that looks like markup is refused, not echoed.
    let r = s.http.get(s.url("/en/g/%3Cscript%3Ealert(1)%3C%2Fscript%3E")).send().await.unwrap();
    assert_eq!(r.status(), 404);
    assert!(!r.text().await.unwrap().contains("<script>alert"));
}

/// Private-use characters are refused in every plane, not only the Basic Multilingual Plane's
/// block, and so are the line and paragraph separators, which a page may draw as nothing: on
/// creation, by `PATCH /api/me` and at a table (the same check). The BMP block and a private
/// character of plane 15 or 16 were told apart before: `\u{F0000}` was taken as a name.
#[tokio::test]
async fn private_use_in_any_plane_and_line_separators_are_refused() {
    // Symbols and letters of the other planes are names as before.
    names_refused_and_taken(
        &["\u{E000}1234", "Ana\u{F0000}", "\u{F0000}", "\u{10FFFD}x", "Ana\u{2028}Bee", "Ana\u{2029}Bee"],
        &["\u{1F600}Ana", "\u{20BB7}\u{91CE}", "Ana Bee"],
    )
    .await;
}

/// Each of `bad` is refused as a new player's name, by `PATCH /api/me` and at a table; each of
/// `good` is taken.
async fn names_refused_and_taken(bad: &[&str], good: &[&str]) {
    let s = TestServer::start().await;
    for name in bad {
        let r = s.http.post(s.url("/api/players")).json(&json!({"name": name})).send().await.unwrap();
        assert_eq!(r.status(), 400, "{name:?}");
    }
    let (t, _) = s.player("Ana").await;
    for name in bad {
        let r = s.http.patch(s.url("/api/me")).bearer_auth(&t).json(&json!({"name": name})).send().await.unwrap();
        assert_eq!(r.status(), 400, "{name:?}");
    }
    let code = s.group(&t, json!({"game": "dots"})).await;
    let mut a = s.client(&code, &t).await;
    for name in bad {
        let r = a.intent(json!({"t": "name", "name": name})).await;
        assert_eq!(r["code"], "bad-field", "{name:?}: {r}");
    }
    for name in good {
        let r = s.http.post(s.url("/api/players")).json(&json!({"name": name})).send().await.unwrap();
        assert_eq!(r.status(), 201, "{name:?}");
    }
}

/// A variation selector after a letter, the combining grapheme joiner and the Mongolian free
/// variation selectors draw nothing: `Ana\u{FE00}` was taken, and showed as `Ana` at a table
/// with another Ana without the tags that tell namesakes apart. The emoji presentation
/// selector after a symbol shows (`❤️`) and is kept.
#[tokio::test]
async fn names_with_invisible_selectors_are_refused() {
    names_refused_and_taken(
        &["Ana\u{FE00}", "Ana\u{FE0F}", "A\u{034F}na", "Ana\u{E0100}", "Ana\u{180B}"],
        &["\u{2764}\u{FE0F} Ana", "1\u{FE0F}\u{20E3}"],
    )
    .await;
}

/// The per-IP limit answers 429 with a clear code once its burst is spent, and lets the same
/// address back in a moment later.
#[tokio::test]
async fn the_per_ip_limit_refuses_then_recovers() {
    let s = TestServer::start_with(server::Config { http_rate: 20.0, ..fast_config() }, None).await;
    let mut refused = 0;
    let mut body = Value::Null;
    for _ in 0..80 {
        let r = s.http.get(s.url("/api/options/dots")).send().await.unwrap();
        if r.status() == 429 {
            refused += 1;
            body = r.json().await.unwrap();
        }
    }
    assert!(refused >= 30, "only {refused} of 80 refused");
    assert_eq!(body["code"], "rate-limited", "{body}");
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    assert_eq!(s.http.get(s.url("/api/options/dots")).send().await.unwrap().status(), 200);
}

/// `--http-rate 0` turns the bound off, as `docs/deploy.md` says 0 does for every count (it
/// refused every page and call before).
#[tokio::test]
async fn a_rate_of_zero_is_no_bound() {
    let s = TestServer::start_with(server::Config { http_rate: 0.0, ..fast_config() }, None).await;
    for _ in 0..100 {
        assert_eq!(s.http.get(s.url("/api/options/dots")).send().await.unwrap().status(), 200);
    }
}

/// Spends the per-IP burst with one `X-Forwarded-For` value; returns how many were refused.
async fn refused_with_forwarded(s: &TestServer, forwarded: &str, n: usize) -> usize {
    refused_with_header(s, "x-forwarded-for", forwarded, n).await
}

/// Spends the per-IP burst with one value of `header`; returns how many were refused.
async fn refused_with_header(s: &TestServer, header: &str, value: &str, n: usize) -> usize {
    let mut refused = 0;
    for _ in 0..n {
        let r = s.http.get(s.url("/api/options/dots")).header(header, value).send().await.unwrap();
        refused += usize::from(r.status() == 429);
    }
    refused
}

/// Behind a trusted proxy each forwarded client has its own bucket (5/s, burst 10 here); a
/// client that is not a trusted proxy cannot escape its bucket by sending the header itself.
#[tokio::test]
async fn forwarded_addresses_count_only_from_trusted_proxies() {
    // Untrusted (the default): the header is ignored, so new forged addresses do not help.
    let s = TestServer::start_with(server::Config { http_rate: 5.0, ..fast_config() }, None).await;
    assert!(refused_with_forwarded(&s, "198.51.100.1", 40).await >= 15);
    assert!(refused_with_forwarded(&s, "198.51.100.2", 10).await >= 7, "a forged header escaped the limit");

    // The test client (127.0.0.1) as the proxy: the limit follows the forwarded client.
    let trusted = "127.0.0.1, ::1".parse().unwrap();
    let s = TestServer::start_with(server::Config { http_rate: 5.0, trusted_proxies: trusted, ..fast_config() }, None)
        .await;
    assert!(refused_with_forwarded(&s, "198.51.100.1", 40).await >= 15);
    // Another client behind the same proxy is not held back by the first one.
    assert_eq!(refused_with_forwarded(&s, "198.51.100.2", 10).await, 0);
    // A client that forges an address in front of the proxy's entry stays in its own bucket.
    assert!(refused_with_forwarded(&s, "203.0.113.50, 198.51.100.1", 10).await >= 7);
}

/// With `--proxy-header forwarded` the RFC 7239 header names the client, and `X-Forwarded-For`,
/// which such a proxy passes through untouched, is the client's own text and is ignored.
#[tokio::test]
async fn rfc_7239_forwarded_when_the_proxy_writes_it() {
    use server::client_ip::{ProxyHeader, TrustedProxies};
    let trusted = "127.0.0.1, ::1".parse::<TrustedProxies>().unwrap().reading(ProxyHeader::Forwarded);
    let s = TestServer::start_with(server::Config { http_rate: 5.0, trusted_proxies: trusted, ..fast_config() }, None)
        .await;
    assert!(refused_with_header(&s, "forwarded", "for=198.51.100.1;proto=https", 40).await >= 15);
    assert_eq!(refused_with_header(&s, "forwarded", "for=\"[2001:db8::2]:4711\"", 10).await, 0);
    // A forged element in front of the proxy's own stays in the proxy's client's bucket.
    assert!(refused_with_header(&s, "forwarded", "for=203.0.113.50, for=198.51.100.1", 10).await >= 7);
    // No Forwarded element at all: the request counts against the proxy itself, whatever
    // X-Forwarded-For claims.
    assert!(refused_with_header(&s, "x-forwarded-for", "203.0.113.60", 40).await >= 15);
    assert!(refused_with_header(&s, "x-forwarded-for", "203.0.113.61", 10).await >= 7, "X-Forwarded-For escaped");
}

/// A page of another site cannot open sockets here (each would take one of the visitor's
/// address's allowance): a table's or the lobby's socket whose `Origin` is not this server
/// gets `403 cross-origin` before any upgrade. The site's own pages, and programs that send no
/// `Origin`, are let in.
#[tokio::test]
async fn sockets_open_only_from_the_sites_own_pages() {
    use tokio_tungstenite::tungstenite::Error;
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let s = TestServer::start().await;
    let (token, _) = s.player("Ana").await;
    let code = s.group(&token, json!({"game": "dots"})).await;
    let own = format!("http://{}", s.addr);
    for path in [format!("/ws/{code}"), "/ws/lobby".to_string()] {
        for (origin, opens) in
            [(None, true), (Some(own.as_str()), true), (Some("https://evil.example"), false), (Some("null"), false)]
        {
            let mut req = format!("ws://{}{path}", s.addr).into_client_request().unwrap();
            if let Some(o) = origin {
                req.headers_mut().insert("origin", o.parse().unwrap());
            }
            match tokio_tungstenite::connect_async(req).await {
                Ok(_) => assert!(opens, "{path} opened from {origin:?}"),
                Err(Error::Http(r)) => {
                    assert!(!opens, "{path} refused from {origin:?}: {}", r.status());
                    assert_eq!(r.status(), 403, "{path}");
                    let body: serde_json::Value = serde_json::from_slice(r.body().as_deref().unwrap()).unwrap();
                    assert_eq!(body["code"], "cross-origin", "{path}");
                }
                Err(e) => panic!("{path} from {origin:?}: {e}"),
            }
        }
    }
}
