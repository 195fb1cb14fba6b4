//! The words of each locale: one term for one thing everywhere, and no English where the locale
//! has its own word.
//!
//! Each `locales/<lang>/glossary.toml` lists the game's terms: the word chosen (`use`) and the
//! wrong synonyms (`avoid`, regular expressions), for every message or only for one game's
//! (`scope`). These tests read every message's text (all variants of every select expression)
//! and fail on a listed wrong synonym, on a chosen word no message uses, and, outside English,
//! on an English word that the locale does not list as its own in `[english] allow`.

use std::collections::{BTreeMap, BTreeSet};

use fluent_bundle::FluentResource;
use fluent_syntax::ast;
use regex::Regex;
use serde::Deserialize;

use crate::i18n::{Lang, sources};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Glossary {
    #[serde(default)]
    term: Vec<Term>,
    #[serde(default)]
    english: Option<English>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Term {
    meaning: String,
    #[serde(rename = "use")]
    chosen: Option<String>,
    #[serde(default)]
    avoid: Vec<String>,
    #[serde(default = "all")]
    scope: String,
}

fn all() -> String {
    "all".into()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct English {
    allow: Vec<String>,
}

/// Names and marks that read the same in every language.
const NAMES: [&str; 10] = ["CPU", "qdan", "Qdan", "Inc", "Juroku", "Musashi", "Setchin", "Edo", "Elwyn", "Berlekamp"];

fn glossary(lang: Lang) -> Glossary {
    let path = format!("{}/../../locales/{}/glossary.toml", env!("CARGO_MANIFEST_DIR"), lang.code());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    toml::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Which game a message belongs to: `Some("musashi")`, `Some("dots")`, `Some("bagh-chal")`, or
/// `None` for every game.
fn game_of(id: &str) -> Option<&'static str> {
    const MUSASHI_SHARED: [&str; 9] = [
        "error-off-board",
        "error-not-your-piece",
        "error-not-a-line",
        "error-occupied",
        "error-repetition",
        "play-reason-trapped",
        "play-reason-target-reached",
        "play-reason-children-no-move",
        "play-reason-move-limit",
    ];
    const DOTS_SHARED: [&str; 2] = ["error-already-drawn", "play-reason-boxes"];
    const BAGH_CHAL_SHARED: [&str; 5] = [
        "error-must-place",
        "error-cannot-place",
        "error-no-jump",
        "play-reason-tigers-blocked",
        "play-reason-goats-blocked",
    ];
    let starts = |g: &str| {
        [format!("{g}-"), format!("learn-{g}-"), format!("rules-{g}-"), format!("game-{g}")]
            .iter()
            .any(|p| id.starts_with(p.as_str()))
    };
    if starts("musashi") || MUSASHI_SHARED.contains(&id) {
        Some("musashi")
    } else if starts("dots") || DOTS_SHARED.contains(&id) {
        Some("dots")
    } else if starts("bagh-chal") || BAGH_CHAL_SHARED.contains(&id) {
        Some("bagh-chal")
    } else {
        None
    }
}

fn pattern_text(p: &ast::Pattern<&str>, out: &mut String) {
    for el in &p.elements {
        match el {
            ast::PatternElement::TextElement { value } => out.push_str(value),
            ast::PatternElement::Placeable { expression } => {
                // A variable stands for a name or a number: a gap between words.
                out.push(' ');
                if let ast::Expression::Select { variants, .. } = expression {
                    for v in variants {
                        pattern_text(&v.value, out);
                        out.push('\n');
                    }
                }
            }
        }
    }
}

/// Every message of `lang` with the text of all its variants.
fn texts(lang: Lang) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for (_, src) in sources(lang) {
        let res = FluentResource::try_new(src).expect("every .ftl file parses");
        for e in res.entries() {
            if let ast::Entry::Message(m) = e
                && let Some(v) = &m.value
            {
                let mut s = String::new();
                pattern_text(v, &mut s);
                out.insert(m.id.name.to_string(), s);
            }
        }
    }
    out
}

fn in_scope(scope: &str, id: &str) -> bool {
    match scope {
        "all" => true,
        game => game_of(id) == Some(game),
    }
}

#[test]
fn every_locale_has_a_glossary_that_holds() {
    let mut problems = vec![];
    for lang in Lang::ALL {
        let g = glossary(lang);
        assert!(g.term.len() >= 10, "{}: only {} terms", lang.code(), g.term.len());
        let texts = texts(lang);
        for term in &g.term {
            assert!(
                matches!(term.scope.as_str(), "all" | "musashi" | "dots" | "bagh-chal"),
                "{}: {}: scope {}",
                lang.code(),
                term.meaning,
                term.scope
            );
            let scoped: Vec<(&String, &String)> = texts.iter().filter(|(id, _)| in_scope(&term.scope, id)).collect();
            if let Some(word) = &term.chosen {
                let w = word.to_lowercase();
                if !scoped.iter().any(|(_, t)| t.to_lowercase().contains(&w)) {
                    problems.push(format!(
                        "{}: no {} message uses \"{word}\" ({})",
                        lang.code(),
                        term.scope,
                        term.meaning
                    ));
                }
            }
            for pat in &term.avoid {
                let re = Regex::new(&format!("(?i){pat}")).unwrap_or_else(|e| panic!("{}: {pat}: {e}", lang.code()));
                for (id, text) in &scoped {
                    if let Some(m) = re.find(text) {
                        problems.push(format!(
                            "{}: {id} says \"{}\" where the glossary uses \"{}\" ({})",
                            lang.code(),
                            m.as_str(),
                            term.chosen.as_deref().unwrap_or("other words"),
                            term.meaning
                        ));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{} wording problems:\n{}", problems.len(), problems.join("\n"));
}

/// The words of a text written in Latin letters without accents (two letters or more): the
/// shape of every English word. (Words are split at any non-letter, so "frühere" is one word,
/// not "fr" and "here".)
fn latin_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| w.len() >= 2 && w.bytes().all(|b| b.is_ascii_alphabetic()))
        .map(str::to_string)
        .collect()
}

#[test]
fn no_english_where_the_locale_has_its_own_word() {
    // Every English word the site says, in lower case, less names.
    let names: BTreeSet<String> = NAMES.iter().map(|n| n.to_lowercase()).collect();
    let english: BTreeSet<String> = texts(Lang::En)
        .values()
        .flat_map(|t| latin_words(t))
        .map(|w| w.to_lowercase())
        .filter(|w| !names.contains(w))
        .collect();
    let mut problems = vec![];
    for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::En) {
        let allow: BTreeSet<String> =
            glossary(lang).english.map(|e| e.allow.iter().map(|w| w.to_lowercase()).collect()).unwrap_or_default();
        // Scripts other than Latin: any Latin word is English unless allowed; Latin-script
        // locales: a word the English locale uses and this one does not claim as its own.
        let latin_script = matches!(lang, Lang::De | Lang::Tl);
        for (id, text) in texts(lang) {
            for w in latin_words(&text) {
                let lw = w.to_lowercase();
                if names.contains(&lw) || allow.contains(&lw) {
                    continue;
                }
                if !latin_script || english.contains(&lw) {
                    problems.push(format!("{}: {id} says \"{w}\"", lang.code()));
                }
            }
        }
    }
    assert!(problems.is_empty(), "English words in other locales:\n{}", problems.join("\n"));
}

#[test]
fn every_allowed_english_word_is_used() {
    for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::En) {
        let Some(english) = glossary(lang).english else { continue };
        let words: BTreeSet<String> =
            texts(lang).values().flat_map(|t| latin_words(t)).map(|w| w.to_lowercase()).collect();
        for w in english.allow {
            assert!(words.contains(&w.to_lowercase()), "{}: \"{w}\" is allowed but never used", lang.code());
        }
    }
}

#[test]
fn the_test_catches_what_it_should() {
    // A listed wrong synonym is found in any variant of a select expression.
    let src = "x = { $n ->\n    [one] eine Linie\n   *[other] { $n } Striche\n}\n".to_string();
    let res = FluentResource::try_new(src).unwrap();
    let ast::Entry::Message(m) = &res.entries().next().unwrap() else { panic!() };
    let mut text = String::new();
    pattern_text(m.value.as_ref().unwrap(), &mut text);
    assert!(Regex::new(r"(?i)\blinie").unwrap().is_match(&text), "{text}");
    assert!(text.contains("Striche"));
    assert_eq!(game_of("learn-dots-chain-text"), Some("dots"));
    assert_eq!(game_of("error-repetition"), Some("musashi"));
    assert_eq!(game_of("play-undo"), None);
    assert_eq!(latin_words("Ходит Player eksh, c3"), ["Player", "eksh"]);
    assert_eq!(latin_words("eine frühere Stellung"), ["eine", "Stellung"]);
}
