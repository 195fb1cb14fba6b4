//! The rules pages, `/{lang}/games/{game}/rules`: a one-line summary, the lesson link, setup, how
//! to play, winning, the site defaults, the local rules, terms, questions, the play buttons and
//! the date of the last change.
//!
//! The two tables are printed from the data the server enforces: the local rules from
//! [`wire::option_specs`] (every option, its choices, its default and whether a group may change
//! it) and the turn time limits from the server's settings ([`SiteSettings`]), so the page cannot disagree with the
//! game. Only the words around them come from `locales/<lang>/rules-*.ftl`. Each section has a
//! stable id (`#setup`, `#play`, `#winning`, `#ratings`, `#defaults`, `#local-rules`, `#terms`,
//! `#faq`). The ranked-games section is the same on both pages (`rules-ratings-*` in
//! `rules-common.ftl`) and prints the server's limit of rated games a day between two players.
//!
//! The diagrams are `web/diagrams/*.svg`, drawn by the play board's own render code
//! (`scripts/diagrams.mjs`), inlined so that `web/style.css` colours them like the play board and
//! the page needs no JavaScript to show them.

use rules::GameKind;
use serde_json::Value;
use wire::{OptionSpec, option_specs};

use crate::assets::Web;
use crate::config::SiteSettings;
use crate::html::{esc, game_name_id};
use crate::i18n::{Arg, Messages};
use crate::rules_date::updated_date;

/// The title of the standard reference on Dots and Boxes (Elwyn Berlekamp, 2000), which the
/// Dots rules page names as its source: a book's title, the same in every language.
const DOTS_BOOK: &str = "The Dots and Boxes Game";

/// Stands for the book's title in the translated sentence until that is escaped; then the
/// title goes in, marked as English, so that a screen reader on a German, Russian, Hindi or
/// Tagalog page says it in English (WCAG 3.1.2, the language of parts).
const BOOK_MARK: &str = "\u{E000}";

/// The ids of the page's sections, in order.
pub const SECTIONS: [&str; 8] = ["setup", "play", "winning", "ratings", "defaults", "local-rules", "terms", "faq"];

fn game_name(m: &Messages, g: GameKind) -> String {
    m.t(&game_name_id(g))
}

/// The page title.
pub fn title(m: &Messages, g: GameKind) -> String {
    m.t_args("rules-title", &[("game", Arg::Str(game_name(m, g)))])
}

/// The meta description: the game's one-line summary.
pub fn description(m: &Messages, g: GameKind) -> String {
    m.t(&format!("rules-{}-summary", g.as_str()))
}

/// Messages `{prefix}-1`, `{prefix}-2`, ... as far as they go.
fn numbered(m: &Messages, prefix: &str) -> Vec<String> {
    (1..).map(|i| format!("{prefix}-{i}")).take_while(|id| m.has(id)).map(|id| m.t(&id)).collect()
}

/// The words for one value of a local rule.
pub fn value_label(m: &Messages, g: GameKind, id: &str, v: &Value) -> String {
    match v {
        Value::Bool(true) => m.t("rules-on"),
        Value::Bool(false) => m.t("rules-off"),
        Value::String(s) => {
            crate::games::value_label(g, m, id, s).unwrap_or_else(|| m.t(&format!("rules-{}-val-{id}-{s}", g.as_str())))
        }
        other => other.to_string(),
    }
}

/// One row of the local-rules table.
fn option_row(m: &Messages, g: GameKind, spec: &OptionSpec) -> String {
    let gid = g.as_str();
    let id = spec.id.as_str();
    let others: Vec<String> =
        spec.values.iter().filter(|v| **v != spec.default).map(|v| value_label(m, g, id, v)).collect();
    let changeable = if spec.changeable { "rules-changeable-yes" } else { "rules-changeable-no" };
    // A rule with one value for groups has no other choice to list.
    let choices = if others.is_empty() {
        String::new()
    } else {
        format!(
            r#"<br><span class="muted">{}</span>"#,
            esc(&m.t_args("rules-other-choices", &[("choices", Arg::Str(others.join(" · ")))]))
        )
    };
    format!(
        r#"<tr data-option="{id}" data-default="{default_json}" data-changeable="{c}"><th scope="row">{name}</th><td>{help}{choices}</td><td data-label="{col_default}">{default}</td><td data-label="{col_change}">{changeable}</td></tr>"#,
        default_json = esc(&spec.default.to_string()),
        c = spec.changeable,
        name = esc(&m.t(&format!("{gid}-opt-{id}"))),
        help = esc(&m.t(&format!("rules-{gid}-opt-{id}"))),
        default = esc(&value_label(m, g, id, &spec.default)),
        changeable = esc(&m.t(changeable)),
        col_default = esc(&m.t("rules-col-default")),
        col_change = esc(&m.t("rules-col-changeable")),
    )
}

/// The turn time limits as words: the default first, then what the host may choose.
fn turn_limit_text(m: &Messages, limits: &[Option<u32>]) -> String {
    let choices: Vec<String> =
        limits.iter().flatten().map(|s| m.t_args("rules-seconds", &[("seconds", Arg::Num(*s as f64))])).collect();
    let default = match limits.first().copied().flatten() {
        None => m.t("rules-turn-none"),
        Some(s) => m.t_args("rules-seconds", &[("seconds", Arg::Num(s as f64))]),
    };
    m.t_args("rules-row-turn-value", &[("default", Arg::Str(default)), ("choices", Arg::Str(choices.join(" / ")))])
}

fn list(items: &[String]) -> String {
    let lis: String = items.iter().map(|s| format!("<li>{}</li>", esc(s))).collect();
    format!("<ul>{lis}</ul>")
}

fn figures_in(m: &Messages, g: GameKind, section: &str) -> String {
    let mut out = String::new();
    for &crate::games::Figure { file, caption, .. } in crate::games::figures(g).iter().filter(|f| f.section == section)
    {
        let svg = Web::get(&format!("diagrams/{file}"))
            .map(|f| String::from_utf8_lossy(&f.data).into_owned())
            .unwrap_or_default();
        out.push_str(&format!(
            r#"<figure class="diagram" data-figure="{file}">{svg}<figcaption>{cap}</figcaption></figure>"#,
            cap = esc(&m.t(caption))
        ));
    }
    if out.is_empty() { out } else { format!(r#"<div class="diagrams">{out}</div>"#) }
}

/// The ranked-games section, shared by both games: when a ranked game changes the ratings.
/// The rules are the server's (issue 40): a game where a side never moved is not rated, nor a
/// win or draw that the CPU's moves for that side helped to, and only `pair_rated_games_per_day` games a day between the same two players are.
fn ratings_section(m: &Messages, settings: &SiteSettings) -> String {
    let games = Arg::Num(f64::from(settings.pair_rated_games_per_day));
    format!(
        r#"<section id="ratings"><h2>{h}</h2><p>{intro}</p><ul><li data-rule="moved">{moved}</li><li data-rule="stand-in">{stand_in}</li><li data-rule="pair">{pair}</li></ul><p>{why}</p></section>"#,
        h = esc(&m.t("rules-h-ratings")),
        intro = esc(&m.t("rules-ratings-intro")),
        moved = esc(&m.t("rules-ratings-moved")),
        stand_in = esc(&m.t("rules-ratings-stand-in")),
        pair = esc(&m.t_args("rules-ratings-pair", &[("games", games)])),
        why = esc(&m.t("rules-ratings-why")),
    )
}

/// The body of the rules page of `g`.
pub fn body(m: &Messages, g: GameKind, settings: &SiteSettings) -> String {
    let l = m.lang.code();
    let gid = g.as_str();
    let p = |s: &str| format!("rules-{gid}-{s}");
    let specs = option_specs(g);
    let defaults: serde_json::Map<String, Value> =
        specs.iter().map(|s| (s.id.to_string(), s.default.clone())).collect();

    let defaults_rows = [
        ("rules-row-players", m.t("rules-row-players-value")),
        ("rules-row-turn", turn_limit_text(m, &settings.turn_limits)),
        (
            "rules-row-leave",
            m.t_args(
                "rules-row-leave-value",
                &[
                    ("away", Arg::Num(settings.away_grace_secs as f64)),
                    ("reload", Arg::Num(settings.reload_grace_secs as f64)),
                ],
            ),
        ),
        // Each game says what is true of it: Musashi always has a winner, Dots can be drawn;
        // and each names where its rules come from.
        ("rules-row-draws", m.t(&p("draws-value"))),
        ("rules-row-source", m.t_args(&p("source-value"), &[("book", Arg::Str(BOOK_MARK.into()))])),
    ]
    .iter()
    .map(|(k, v)| {
        let key = k.trim_start_matches("rules-row-");
        let v = esc(v).replace(BOOK_MARK, &format!(r#"<span lang="en">{}</span>"#, esc(DOTS_BOOK)));
        format!(r#"<tr data-row="{key}"><th scope="row">{}</th><td>{v}</td></tr>"#, esc(&m.t(k)))
    })
    .collect::<String>();

    let option_rows: String = specs.iter().map(|s| option_row(m, g, s)).collect();

    let terms: String = (1..)
        .map(|i| (p(&format!("term-{i}")), p(&format!("term-{i}-def"))))
        .take_while(|(t, _)| m.has(t))
        .map(|(t, d)| format!("<dt>{}</dt><dd>{}</dd>", esc(&m.t(&t)), esc(&m.t(&d))))
        .collect();
    let faq: String = (1..)
        .map(|i| (p(&format!("faq-{i}-q")), p(&format!("faq-{i}-a"))))
        .take_while(|(q, _)| m.has(q))
        .map(|(q, a)| format!("<h3>{}</h3><p>{}</p>", esc(&m.t(&q)), esc(&m.t(&a))))
        .collect();

    format!(
        r##"<article class="rules" data-game="{gid}" data-options="{options}">
<h1>{title}</h1>
<p class="lead">{summary}</p>
<p><a class="btn learn-link" href="/{l}/games/{gid}/learn">{learn}</a></p>
<nav class="toc" aria-label="{toc}"><ul>{toc_items}</ul></nav>
<section id="setup"><h2>{h_setup}</h2>{setup}{fig_setup}</section>
<section id="play"><h2>{h_play}</h2>{play}{fig_play}</section>
<section id="winning"><h2>{h_win}</h2>{win}</section>
{ratings}
<section id="defaults"><h2>{h_defaults}</h2><p>{defaults_intro}</p>
<div class="table-scroll" tabindex="0" role="region" aria-labelledby="defaults-caption"><table class="rules-table"><caption id="defaults-caption" class="sr-only">{h_defaults}</caption><thead><tr><th scope="col">{col_item}</th><th scope="col">{col_site}</th></tr></thead><tbody>{defaults_rows}</tbody></table></div>
<p class="muted">{reviewed}</p></section>
<section id="local-rules"><h2>{h_local}</h2><p>{local_intro}</p><p class="muted">{local_legend}</p>
<div class="table-scroll" tabindex="0" role="region" aria-labelledby="local-caption"><table class="rules-table local"><caption id="local-caption" class="sr-only">{h_local}</caption><thead><tr><th scope="col">{col_name}</th><th scope="col">{col_expl}</th><th scope="col">{col_default}</th><th scope="col">{col_change}</th></tr></thead><tbody>{option_rows}</tbody></table></div></section>
<section id="terms"><h2>{h_terms}</h2><dl class="terms">{terms}</dl></section>
<section id="faq"><h2>{h_faq}</h2>{faq}</section>
<div class="rules-actions" id="rules-actions">
<a class="btn primary" id="btn-rules-play" href="/{l}/games/{gid}">{play_btn}</a>
<a class="btn" id="btn-rules-friend" href="/{l}/games/{gid}">{friend_btn}</a>
<a class="btn" href="/{l}/games/{gid}/learn">{learn}</a>
</div>
<p class="error" id="page-error" role="alert" hidden></p>
<p class="muted updated">{updated}</p>
</article>"##,
        options = esc(&Value::Object(defaults).to_string()),
        title = esc(&title(m, g)),
        summary = esc(&description(m, g)),
        learn = esc(&m.t("rules-learn")),
        toc = esc(&m.t("rules-toc")),
        toc_items = SECTIONS
            .iter()
            .map(|s| format!(r##"<li><a href="#{s}">{}</a></li>"##, esc(&m.t(&format!("rules-h-{s}")))))
            .collect::<String>(),
        h_setup = esc(&m.t("rules-h-setup")),
        setup = list(&numbered(m, &p("setup"))),
        fig_setup = figures_in(m, g, "setup"),
        h_play = esc(&m.t("rules-h-play")),
        play = list(&numbered(m, &p("play"))),
        fig_play = figures_in(m, g, "play"),
        h_win = esc(&m.t("rules-h-winning")),
        win = list(&numbered(m, &p("win"))),
        ratings = ratings_section(m, settings),
        h_defaults = esc(&m.t("rules-h-defaults")),
        defaults_intro = esc(&m.t("rules-defaults-intro")),
        col_item = esc(&m.t("rules-col-item")),
        col_site = esc(&m.t("rules-col-site")),
        reviewed = esc(&m.t("rules-reviewed")),
        h_local = esc(&m.t("rules-h-local-rules")),
        local_intro = esc(&m.t("rules-local-intro")),
        local_legend = esc(&m.t("rules-local-legend")),
        col_name = esc(&m.t("rules-col-name")),
        col_expl = esc(&m.t("rules-col-explanation")),
        col_default = esc(&m.t("rules-col-default")),
        col_change = esc(&m.t("rules-col-changeable")),
        h_terms = esc(&m.t("rules-h-terms")),
        h_faq = esc(&m.t("rules-h-faq")),
        play_btn = esc(&m.t("rules-play")),
        friend_btn = esc(&m.t("rules-friend")),
        updated = esc(&m.t_args("rules-updated", &[("date", Arg::Str(updated_date(m, g)))])),
    )
}

#[cfg(test)]
mod tests {
    use axum::body::{Body, to_bytes};
    use axum::http::{Request, StatusCode};
    use tower::ServiceExt;

    use super::*;
    use crate::i18n::{Lang, messages};

    async fn get(uri: &str) -> (StatusCode, String) {
        let res = crate::tests::test_router()
            .oneshot(Request::builder().uri(uri).body(Body::empty()).unwrap())
            .await
            .unwrap();
        let status = res.status();
        let body = to_bytes(res.into_body(), 1 << 22).await.unwrap();
        (status, String::from_utf8_lossy(&body).into_owned())
    }

    fn unesc(s: &str) -> String {
        s.replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    }

    /// The text between `start` and the next `end` after it.
    fn between<'a>(s: &'a str, start: &str, end: &str) -> &'a str {
        let from = s.find(start).unwrap_or_else(|| panic!("no {start}")) + start.len();
        let rest = &s[from..];
        &rest[..rest.find(end).unwrap_or_else(|| panic!("no {end} after {start}"))]
    }

    /// The value of attribute `name` in the tag text `tag`.
    fn attr(tag: &str, name: &str) -> String {
        unesc(between(tag, &format!(" {name}=\""), "\""))
    }

    /// The rows of the table in section `id`: (row attributes tag, cells' inner HTML).
    fn rows(body: &str, id: &str) -> Vec<(String, Vec<String>)> {
        let section = between(body, &format!("<section id=\"{id}\">"), "</section>");
        let tbody = between(section, "<tbody>", "</tbody>");
        tbody
            .split("<tr")
            .skip(1)
            .map(|r| {
                let (tag, rest) = r.split_once('>').unwrap();
                let cells = rest
                    .split("</t")
                    .filter_map(|c| c.rsplit_once("<td>").or_else(|| c.rsplit_once("\">")).map(|(_, v)| v.to_string()))
                    .filter(|c| !c.is_empty())
                    .collect();
                (tag.to_string(), cells)
            })
            .collect()
    }

    #[tokio::test]
    async fn every_rules_page_answers_with_the_whole_structure() {
        for lang in Lang::ALL {
            let m = messages(lang);
            let l = lang.code();
            for g in GameKind::ALL {
                let gid = g.as_str();
                let (status, body) = get(&format!("/{l}/games/{gid}/rules")).await;
                assert_eq!(status, StatusCode::OK, "/{l}/games/{gid}/rules");
                assert!(body.contains(&format!("<html lang=\"{l}\">")));
                let title = between(&body, "<title>", "</title>");
                assert!(title.contains(&esc(&m.t(&game_name_id(g)))), "{l} {gid}: {title}");
                assert!(title.contains(&esc(&super::title(m, g))), "{title}");
                let desc = between(&body, "<meta name=\"description\" content=\"", "\"");
                assert_eq!(unesc(desc), description(m, g));
                for other in Lang::ALL {
                    let o = other.code();
                    let link = format!(
                        "<link rel=\"alternate\" hreflang=\"{o}\" href=\"https://qdan.example/{o}/games/{gid}/rules\">"
                    );
                    assert!(body.contains(&link), "{l} {gid} lacks {link}");
                }
                assert!(body.contains(&format!(
                    "<link rel=\"alternate\" hreflang=\"x-default\" href=\"https://qdan.example/en/games/{gid}/rules\">"
                )));
                // Every section, in order, with its heading; the lesson link; the buttons; the date.
                let mut at = 0;
                for id in SECTIONS {
                    let tag = format!("<section id=\"{id}\"><h2>");
                    let pos = body.find(&tag).unwrap_or_else(|| panic!("{l} {gid} lacks #{id}"));
                    assert!(pos > at, "{l} {gid}: #{id} out of order");
                    at = pos;
                    let h2 = between(&body[pos..], "<h2>", "</h2>");
                    assert!(!h2.trim().is_empty());
                }
                assert!(body.contains(&format!("href=\"/{l}/games/{gid}/learn\">{}</a>", esc(&m.t("rules-learn")))));
                assert!(body.contains(&format!(
                    "id=\"btn-rules-play\" href=\"/{l}/games/{gid}\">{}<",
                    esc(&m.t("rules-play"))
                )));
                assert!(body.contains(&format!(
                    "id=\"btn-rules-friend\" href=\"/{l}/games/{gid}\">{}<",
                    esc(&m.t("rules-friend"))
                )));
                assert!(body.contains(&esc(&updated_date(m, g))), "{l} {gid}: the date");
                // Lists have items, terms and questions are there.
                for (id, min) in [("setup", 1), ("play", 3), ("winning", 3)] {
                    let s = between(&body, &format!("<section id=\"{id}\">"), "</section>");
                    assert!(s.matches("<li>").count() >= min, "{l} {gid} #{id}");
                }
                assert!(between(&body, "<section id=\"terms\">", "</section>").matches("<dt>").count() >= 5);
                assert!(between(&body, "<section id=\"faq\">", "</section>").matches("<h3>").count() >= 2);
                // The diagrams are inline SVG drawn with the play board's classes.
                for crate::games::Figure { file, .. } in crate::games::figures(g) {
                    assert!(body.contains(&format!("data-figure=\"{file}\"><svg")), "{l} {gid} {file}");
                }
                assert!(body.contains(&format!("class=\"{gid}-board\"")));
            }
        }
    }

    #[tokio::test]
    async fn local_rules_table_is_option_specs() {
        for lang in Lang::ALL {
            let m = messages(lang);
            for g in GameKind::ALL {
                let (_, body) = get(&format!("/{}/games/{}/rules", lang.code(), g.as_str())).await;
                let specs = option_specs(g);
                let table = rows(&body, "local-rules");
                assert_eq!(table.len(), specs.len(), "{lang:?} {g:?}");
                for ((tag, cells), spec) in table.iter().zip(&specs) {
                    assert_eq!(attr(tag, "data-option"), spec.id);
                    let default: Value = serde_json::from_str(&attr(tag, "data-default")).unwrap();
                    assert_eq!(default, spec.default, "{}", spec.id);
                    assert_eq!(attr(tag, "data-changeable"), spec.changeable.to_string());
                    // Name, explanation (with the other choices), default, changeable.
                    assert_eq!(cells.len(), 4, "{lang:?} {}: {cells:?}", spec.id);
                    assert_eq!(unesc(&cells[0]), m.t(&format!("{}-opt-{}", g.as_str(), spec.id)));
                    assert_eq!(unesc(&cells[2]), value_label(m, g, &spec.id, &spec.default));
                    let yes_no = if spec.changeable { "rules-changeable-yes" } else { "rules-changeable-no" };
                    assert_eq!(unesc(&cells[3]), m.t(yes_no));
                    for v in spec.values.iter().filter(|v| **v != spec.default) {
                        assert!(unesc(&cells[1]).contains(&value_label(m, g, &spec.id, v)), "{} lacks {v}", spec.id);
                    }
                }
                // The buttons open a group with exactly these defaults.
                let opts: Value = serde_json::from_str(&unesc(between(&body, "data-options=\"", "\""))).unwrap();
                let want: serde_json::Map<String, Value> =
                    specs.iter().map(|s| (s.id.to_string(), s.default.clone())).collect();
                assert_eq!(opts, Value::Object(want));
                assert!(wire::parse_options(g, &opts).is_ok());
            }
        }
    }

    #[tokio::test]
    async fn site_defaults_table_has_its_five_rows_from_the_data() {
        for lang in Lang::ALL {
            let m = messages(lang);
            let (_, body) = get(&format!("/{}/games/musashi/rules", lang.code())).await;
            let table = rows(&body, "defaults");
            let keys: Vec<String> = table.iter().map(|(tag, _)| attr(tag, "data-row")).collect();
            assert_eq!(keys, ["players", "turn", "leave", "draws", "source"]);
            let turn = unesc(&table[1].1[1]);
            let settings = SiteSettings::example();
            for s in settings.turn_limits.iter().flatten() {
                assert!(turn.contains(&m.t_args("rules-seconds", &[("seconds", Arg::Num(*s as f64))])), "{turn}");
            }
            assert!(turn.contains(&m.t("rules-turn-none")));
            let leave = unesc(&table[2].1[1]);
            assert!(leave.contains(&settings.away_grace_secs.to_string()));
            assert!(leave.contains(&settings.reload_grace_secs.to_string()));
            assert!(unesc(&table[3].1[1]).contains("Glicko-2"));
        }
    }

    /// The walk of December 2026 found a Musashi page promising "half a win" for a draw the game
    /// cannot have, and a source line naming no source: each game now says its own.
    #[tokio::test]
    async fn each_game_says_its_own_draws_and_names_its_sources() {
        for lang in Lang::ALL {
            let l = lang.code();
            let cells = |body: &str| {
                let t = rows(body, "defaults");
                (unesc(&t[3].1[1]), unesc(&t[4].1[1]))
            };
            let (_, musashi) = get(&format!("/{l}/games/musashi/rules")).await;
            let (_, dots) = get(&format!("/{l}/games/dots/rules")).await;
            let (m_draws, m_source) = cells(&musashi);
            let (d_draws, d_source) = cells(&dots);
            assert_ne!(m_draws, d_draws, "{l}: Musashi has no draws, Dots has");
            assert_ne!(m_source, d_source, "{l}: each game names its own source");
            assert!(d_source.contains("The Dots and Boxes Game") && d_source.contains("2000"), "{l}: {d_source}");
            // The book's English title is marked as English on every page (the audit of
            // December 2026: a Russian screen reader read it with Russian sounds).
            assert!(dots.contains(r#"<span lang="en">The Dots and Boxes Game</span>"#), "{l}");
            assert!(!dots.contains('\u{E000}'), "{l}");
            assert!(m_draws.contains("Glicko-2") && d_draws.contains("Glicko-2"), "{l}");
        }
        let (_, musashi) = get("/en/games/musashi/rules").await;
        let (_, dots) = get("/en/games/dots/rules").await;
        assert!(!musashi.contains("half a win") && dots.contains("half a win"));
        assert!(musashi.contains("Japanese hunt games") && dots.contains("Berlekamp"));
        assert!(!musashi.contains("standard reference rules") && !dots.contains("standard reference rules"));
    }

    /// Issue 40: the server rates a ranked game only once both sides have moved, and at most
    /// `pair_rated_games_per_day` games a day between the same two players; both rules pages say
    /// so in every language, in one section with a stable id, with the number the server counts.
    #[tokio::test]
    async fn every_rules_page_says_when_a_ranked_game_is_rated() {
        let games = SiteSettings::example().pair_rated_games_per_day;
        for lang in Lang::ALL {
            let m = messages(lang);
            let l = lang.code();
            for g in GameKind::ALL {
                let gid = g.as_str();
                let (_, body) = get(&format!("/{l}/games/{gid}/rules")).await;
                assert!(body.contains("<li><a href=\"#ratings\">"), "{l} {gid}: #ratings not in the contents");
                assert!(body.contains("<section id=\"ratings\">"), "{l} {gid} lacks #ratings");
                let section = between(&body, "<section id=\"ratings\">", "</section>");
                assert_eq!(unesc(between(section, "<h2>", "</h2>")), m.t("rules-h-ratings"), "{l} {gid}");
                let moved = unesc(between(section, "<li data-rule=\"moved\">", "</li>"));
                assert_eq!(moved, m.t("rules-ratings-moved"), "{l} {gid}");
                let stand_in = unesc(between(section, "<li data-rule=\"stand-in\">", "</li>"));
                assert_eq!(stand_in, m.t("rules-ratings-stand-in"), "{l} {gid}");
                let pair = unesc(between(section, "<li data-rule=\"pair\">", "</li>"));
                assert_eq!(pair, m.t_args("rules-ratings-pair", &[("games", Arg::Num(games as f64))]), "{l} {gid}");
                assert!(pair.contains(&games.to_string()), "{l} {gid}: {pair}");
                for id in ["rules-ratings-intro", "rules-ratings-why"] {
                    assert!(unesc(section).contains(&m.t(id)), "{l} {gid} lacks {id}");
                }
            }
        }
    }

    #[tokio::test]
    async fn unknown_games_have_no_rules_page() {
        assert_eq!(get("/en/games/chess/rules").await.0, StatusCode::NOT_FOUND);
        assert_eq!(get("/xx/games/dots/rules").await.0, StatusCode::NOT_FOUND);
    }
}
