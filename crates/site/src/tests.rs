use std::collections::BTreeSet;

use axum::body::{Body, to_bytes};
use axum::http::{Request, StatusCode, header};
use fluent_bundle::FluentResource;
use fluent_syntax::ast;
use tower::ServiceExt;

use super::*;
use crate::i18n::{Arg, message_ids, messages, sources};

/// The variables a pattern refers to, including inside select expressions.
fn pattern_vars(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            expr_vars(expression, out);
        }
    }
}

fn expr_vars(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, out);
            for v in variants {
                pattern_vars(&v.value, out);
            }
        }
        ast::Expression::Inline(i) => inline_vars(i, out),
    }
}

fn inline_vars(i: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => expr_vars(expression, out),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, out);
            }
        }
        _ => {}
    }
}

/// Every message of a locale with the variables it uses.
fn vars_by_message(lang: Lang) -> Vec<(String, BTreeSet<String>)> {
    let mut out = vec![];
    for (_, src) in sources(lang) {
        let res = FluentResource::try_new(src).expect("every .ftl file parses");
        for e in res.entries() {
            if let ast::Entry::Message(m) = e {
                let mut vars = BTreeSet::new();
                if let Some(v) = &m.value {
                    pattern_vars(v, &mut vars);
                }
                out.push((m.id.name.to_string(), vars));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn every_locale_parses_without_errors() {
    for lang in Lang::ALL {
        let files = sources(lang);
        assert!(!files.is_empty(), "{lang:?} has no .ftl files");
        for (name, src) in files {
            if let Err((_, errors)) = FluentResource::try_new(src) {
                panic!("{}/{name}: {errors:?}", lang.code());
            }
        }
    }
}

#[test]
fn every_locale_has_every_key_of_english_and_no_other() {
    let en: BTreeSet<String> = vars_by_message(Lang::En).into_iter().map(|(id, _)| id).collect();
    assert!(en.len() > 100, "English has {} messages", en.len());
    for lang in Lang::ALL {
        let ids: BTreeSet<String> = vars_by_message(lang).into_iter().map(|(id, _)| id).collect();
        let missing: Vec<_> = en.difference(&ids).collect();
        let extra: Vec<_> = ids.difference(&en).collect();
        assert!(missing.is_empty(), "{} lacks {missing:?}", lang.code());
        assert!(extra.is_empty(), "{} has keys English lacks: {extra:?}", lang.code());
    }
}

#[test]
fn no_message_is_defined_twice() {
    for lang in Lang::ALL {
        let mut seen = BTreeSet::new();
        for (name, src) in sources(lang) {
            for id in message_ids(&src) {
                assert!(seen.insert(id.clone()), "{}/{name}: {id} defined twice", lang.code());
            }
        }
    }
}

#[test]
fn every_message_resolves_with_the_variables_english_uses() {
    let en = vars_by_message(Lang::En);
    for lang in Lang::ALL {
        let m = messages(lang);
        let theirs: std::collections::BTreeMap<_, _> = vars_by_message(lang).into_iter().collect();
        for (id, vars) in &en {
            assert!(m.has(id), "{} lacks {id}", lang.code());
            // A translation may use fewer variables (a plural form may spell out "one"), never others.
            let extra: Vec<_> = theirs[id].difference(vars).collect();
            assert!(extra.is_empty(), "{}: {id} uses variables English does not: {extra:?}", lang.code());
            for n in [0.0, 1.0, 2.0, 3.0, 5.0, 11.0, 21.0, 22.0, 100.0] {
                let args: Vec<(&str, Arg)> = vars
                    .iter()
                    .map(|v| (v.as_str(), if is_numeric(v) { Arg::Num(n) } else { Arg::Str("Ana".into()) }))
                    .collect();
                let out = match m.check(id, &args) {
                    Ok(out) => out,
                    Err((_, e)) => panic!("{}: {id} with {n}: {e}", lang.code()),
                };
                assert!(!out.trim().is_empty(), "{}: {id} is empty", lang.code());
                assert!(!out.contains('{') && !out.contains('}'), "{}: {id} left a placeable: {out}", lang.code());
                assert!(!out.contains("$"), "{}: {id}: {out}", lang.code());
            }
        }
    }
}

/// Variables holding numbers (the rest are names, moves and codes).
fn is_numeric(v: &str) -> bool {
    matches!(
        v,
        "count"
            | "n"
            | "taken"
            | "target"
            | "limit"
            | "seconds"
            | "takes"
            | "step"
            | "steps"
            | "mine"
            | "theirs"
            | "left"
            | "score0"
            | "score1"
            | "wait"
            | "boxes"
            | "plies"
            | "month"
            | "max"
    )
}

#[test]
fn russian_uses_three_plural_forms() {
    let m = messages(Lang::Ru);
    let f = |n: f64| m.t_args("play-spectators", &[("count", Arg::Num(n))]);
    let (one, few, many) = (f(1.0), f(3.0), f(5.0));
    assert_ne!(one, few);
    assert_ne!(few, many);
    assert_ne!(one, many);
    assert_eq!(f(21.0).replace("21", "1"), one);
    assert_eq!(f(22.0).replace("22", "3"), few);
}

#[test]
fn accept_language_negotiation() {
    assert_eq!(i18n::negotiate("de-AT,de;q=0.9,en;q=0.5"), Some(Lang::De));
    assert_eq!(i18n::negotiate("fr-FR, ru;q=0.4, en;q=0.3"), Some(Lang::Ru));
    assert_eq!(i18n::negotiate("fil-PH"), Some(Lang::Tl));
    assert_eq!(i18n::negotiate("hi;q=0.2, en;q=0"), Some(Lang::Hi));
    assert_eq!(i18n::negotiate("fr, ja"), None);
    assert_eq!(i18n::negotiate(""), None);
}

/// A backend that knows one table (a 5x4 Dots game), a Musashi lesson of eight steps, two
/// Dots players (one with a name that looks like markup) and no Musashi players.
pub(crate) struct TestBackend;

pub(crate) const KNOWN_TABLE: &str = "K3J9QW2M7XAB";

impl Backend for TestBackend {
    fn table<'a>(&'a self, code: &'a str) -> config::BoxFuture<'a, Option<TableFacts>> {
        Box::pin(async move {
            (code == KNOWN_TABLE).then(|| TableFacts { options: rules::AnyOptions::default_for(GameKind::Dots) })
        })
    }

    fn lesson(&self, game: GameKind) -> Option<Arc<LessonFacts>> {
        (game == GameKind::Musashi).then(|| {
            Arc::new(LessonFacts {
                steps: serde_json::json!({"game": "musashi", "steps": [{"id": "move", "side": 0, "view": null}]}),
                first: "move".into(),
                count: 8,
                options: rules::AnyOptions::default_for(GameKind::Musashi),
            })
        })
    }

    fn leaderboard(&self, game: GameKind) -> config::BoxFuture<'_, Option<Vec<LeaderRow>>> {
        Box::pin(async move {
            Some(match game {
                GameKind::Dots => vec![
                    LeaderRow {
                        player_id: "p-1".into(),
                        tag: "K3J9".into(),
                        name: "<b>Ana</b>".into(),
                        rating: 1612.4,
                        games: 3,
                    },
                    LeaderRow {
                        player_id: "p-2".into(),
                        tag: "ZZ01".into(),
                        name: "Ben".into(),
                        rating: 1387.6,
                        games: 3,
                    },
                    LeaderRow {
                        player_id: "p-3".into(),
                        tag: "Q7RT".into(),
                        name: "Ben".into(),
                        rating: 1300.0,
                        games: 1,
                    },
                ],
                _ => vec![],
            })
        })
    }
}

/// The router the tests ask: example settings (public at `https://qdan.example`) over [`TestBackend`].
pub(crate) fn test_router() -> Router {
    router(SiteSettings::example(), Arc::new(TestBackend))
}

pub(crate) async fn get_page(
    uri: &str,
    headers: &[(header::HeaderName, &str)],
) -> (StatusCode, axum::http::HeaderMap, String) {
    let mut req = Request::builder().uri(uri);
    for (k, v) in headers {
        req = req.header(k, *v);
    }
    let res = test_router().oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
    let status = res.status();
    let h = res.headers().clone();
    let body = to_bytes(res.into_body(), 1 << 22).await.unwrap();
    (status, h, String::from_utf8_lossy(&body).into_owned())
}

#[tokio::test]
async fn root_redirects_by_cookie_then_accept_language() {
    let (s, h, _) = get_page("/", &[(header::ACCEPT_LANGUAGE, "ru-RU,ru;q=0.9")]).await;
    assert!(s.is_redirection());
    assert_eq!(h[header::LOCATION], "/ru/");
    let (_, h, _) = get_page("/", &[(header::ACCEPT_LANGUAGE, "ru"), (header::COOKIE, "a=b; qdan_lang=hi")]).await;
    assert_eq!(h[header::LOCATION], "/hi/");
    let (_, h, _) = get_page("/", &[]).await;
    assert_eq!(h[header::LOCATION], "/en/");
}

#[tokio::test]
async fn every_page_renders_in_every_locale_without_raw_ids() {
    let en_ids: Vec<String> = messages(Lang::En).ids();
    for lang in Lang::ALL {
        let l = lang.code();
        for path in [
            "/",
            "/games/musashi",
            "/games/dots",
            "/games/musashi/learn",
            "/games/dots/learn",
            "/games/musashi/rules",
            "/games/dots/rules",
            "/g/K3J9QW2M7XAB",
            "/leaderboard",
            "/g/K3J9QW2M7XAB/2",
            "/my-games",
            "/players/p_3kQ9vX0aZb1c",
            "/games/musashi/analysis",
            "/games/dots/analysis",
        ] {
            let (s, h, body) = get_page(&format!("/{l}{path}"), &[]).await;
            assert_eq!(s, StatusCode::OK, "/{l}{path}");
            assert_eq!(h[header::CONTENT_LANGUAGE], l);
            assert!(body.contains(&format!("<html lang=\"{l}\">")), "/{l}{path}");
            // The visible part (before the inline messages) never shows a message id.
            let visible = body.split("<script id=\"qdan-data\"").next().unwrap();
            for id in &en_ids {
                assert!(!visible.contains(&format!(">{id}<")), "/{l}{path} shows the id {id}");
                assert!(!visible.contains(&format!("\"{id}\"")), "/{l}{path} shows the id {id}");
            }
            let title = body.split("<title>").nth(1).unwrap().split("</title>").next().unwrap();
            assert!(title.contains("qdan"), "{title}");
        }
    }
    let (_, _, de) = get_page("/de/games/musashi", &[]).await;
    assert!(de.contains("Juroku Musashi"));
    assert!(de.contains("Elternteil") || de.contains("Kinder"));
}

#[tokio::test]
async fn unknown_pages_are_localised_404s() {
    for path in ["/en/games/chess", "/xx/", "/de/g/no-such!code", "/ru/nothing/here"] {
        let (s, _, _) = get_page(path, &[(header::ACCEPT_LANGUAGE, "de")]).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{path}");
    }
    let (_, _, body) = get_page("/xx/", &[(header::ACCEPT_LANGUAGE, "de")]).await;
    assert!(body.contains("<html lang=\"de\">"));
    let (s, h, _) = get_page("/tl", &[]).await;
    assert!(s.is_redirection());
    assert_eq!(h[header::LOCATION], "/tl/");
}

/// A path no route knows still gets the site's 404 page, in the locale its first segment
/// names (the browser would otherwise show its own error page for an empty body).
#[tokio::test]
async fn unmatched_paths_get_the_localised_404_page() {
    let cases = [
        ("/de/foo", "de"),
        ("/en/asdf/qwe", "en"),
        ("/en/games/dots/foo", "en"),
        ("/ru/games/musashi/rules/x", "ru"),
        ("/en/players/", "en"),
        ("/hi/players/p_abc/more", "hi"),
        ("/en/g/ABCD1234/1/x", "en"),
        ("/tl/g/ABCD1234/", "tl"),
        ("/de/leaderboard/x", "de"),
        ("/foo/bar", "en"),
    ];
    for (path, lang) in cases {
        let (s, h, body) = get_page(path, &[]).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(h[header::CONTENT_LANGUAGE], lang, "{path}");
        assert!(body.contains(&format!("<html lang=\"{lang}\">")), "{path}: {body}");
        let title = messages(Lang::from_code(lang).unwrap()).t("not-found-title");
        assert!(body.contains(&format!("<h1>{}</h1>", esc(&title))), "{path}: no 404 heading");
    }
    // Without a locale in the path, the visitor's language.
    let (s, _, body) = get_page("/nothing/here", &[(header::ACCEPT_LANGUAGE, "ru")]).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(body.contains("<html lang=\"ru\">"));
}

#[tokio::test]
async fn static_files_carry_types_and_etags() {
    let (s, h, body) = get_page("/static/app.js", &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert!(h[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/javascript"));
    assert!(body.contains("import"));
    let tag = h[header::ETAG].to_str().unwrap().to_string();
    let (s, _, body) = get_page("/static/app.js", &[(header::IF_NONE_MATCH, &tag)]).await;
    assert_eq!(s, StatusCode::NOT_MODIFIED);
    assert!(body.is_empty());
    let (s, h, _) = get_page("/static/style.css", &[]).await;
    assert_eq!(s, StatusCode::OK);
    // A plain URL is revalidated every time; only a versioned one is cached for good.
    assert_eq!(h[header::CACHE_CONTROL], "no-cache");
    let (s, _, _) = get_page("/static/nope.js", &[]).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[test]
fn page_data_is_script_safe() {
    let html = pages::render(
        Lang::En,
        &Page::Group("ABCD1234EFGH".into()),
        &page::Extras::default(),
        &SiteSettings::example(),
    );
    let data = html.split("<script id=\"qdan-data\" type=\"application/json\">").nth(1).unwrap();
    let data = data.split("</script>").next().unwrap();
    let v: serde_json::Value = serde_json::from_str(data).unwrap();
    assert_eq!(v["code"], "ABCD1234EFGH");
    assert_eq!(v["page"], "group");
    assert_eq!(v["messages"], crate::i18n::client_messages_url(Lang::En));
    assert_eq!(esc("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
}
