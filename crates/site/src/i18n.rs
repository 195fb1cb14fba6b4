//! The five locales: which one a request gets, and Fluent bundles built once from the embedded
//! `locales/<lang>/*.ftl` files.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::OnceLock;

use axum::extract::{Path, Query};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use rust_embed::RustEmbed;
use unic_langid::LanguageIdentifier;

use crate::assets::{self, Asset};

/// Every `.ftl` file, as `<lang>/<name>.ftl`.
#[derive(RustEmbed)]
#[folder = "../../locales/"]
#[include = "*.ftl"]
pub struct Locales;

/// A locale the site speaks.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Lang {
    En,
    De,
    Ru,
    Hi,
    Tl,
}

impl Lang {
    /// Every locale, in the order the language switcher lists them.
    pub const ALL: [Lang; 5] = [Lang::En, Lang::De, Lang::Ru, Lang::Hi, Lang::Tl];

    /// The URL and file-system code (`en`, `de`, ...).
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Ru => "ru",
            Lang::Hi => "hi",
            Lang::Tl => "tl",
        }
    }

    /// The locale with URL code `code`.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The locale matching a BCP 47 tag such as `de-AT` or `fil-PH` (Filipino is served Tagalog).
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.trim().to_ascii_lowercase();
        match primary.as_str() {
            "fil" => Some(Lang::Tl),
            p => Lang::from_code(p),
        }
    }

    /// The language's own name, for the switcher.
    pub const fn autonym(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
            Lang::Ru => "Русский",
            Lang::Hi => "हिन्दी",
            Lang::Tl => "Tagalog",
        }
    }

    fn langid(self) -> LanguageIdentifier {
        self.code().parse().expect("locale codes are valid language identifiers")
    }
}

/// Picks the best locale for an `Accept-Language` header: the supported language with the
/// highest quality, earlier entries winning ties.
pub fn negotiate(accept_language: &str) -> Option<Lang> {
    let mut best: Option<(f32, Lang)> = None;
    for part in accept_language.split(',') {
        let mut pieces = part.split(';');
        let tag = pieces.next().unwrap_or("").trim();
        let q = pieces
            .filter_map(|p| p.trim().strip_prefix("q="))
            .find_map(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        if let Some(lang) = Lang::from_tag(tag)
            && q > 0.0
            && best.is_none_or(|(bq, _)| q > bq)
        {
            best = Some((q, lang));
        }
    }
    best.map(|(_, l)| l)
}

/// The `.ftl` files of `lang`, as (file name, source), sorted by name.
pub fn sources(lang: Lang) -> Vec<(String, String)> {
    let prefix = format!("{}/", lang.code());
    let mut files: Vec<(String, String)> = Locales::iter()
        .filter_map(|path| {
            let name = path.strip_prefix(&prefix)?.to_string();
            let file = Locales::get(&path)?;
            Some((name, String::from_utf8_lossy(&file.data).into_owned()))
        })
        .collect();
    files.sort();
    files
}

/// The Fluent source the browser client formats its messages from: every file of the locale
/// except those only the server renders: the rules pages' (`rules-*.ftl`) and the page
/// descriptions and share cards (`meta.ftl`).
pub fn client_source(lang: Lang) -> String {
    sources(lang)
        .into_iter()
        .filter(|(name, _)| !name.starts_with("rules-") && name != "meta.ftl")
        .map(|(_, src)| src)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The client's messages of `lang` ([`client_source`]) as a file, versioned like the client's
/// own files: the same for every page of a locale, so a browser caches it once instead of
/// receiving it inside every page.
pub fn client_messages(lang: Lang) -> &'static Asset {
    static ALL: OnceLock<HashMap<Lang, Asset>> = OnceLock::new();
    let all = ALL.get_or_init(|| Lang::ALL.into_iter().map(|l| (l, Asset::new(client_source(l).into()))).collect());
    &all[&lang]
}

/// The versioned URL of [`client_messages`] (`/l10n/{lang}.ftl?v={hash}`).
pub fn client_messages_url(lang: Lang) -> String {
    format!("/l10n/{}.ftl?v={}", lang.code(), client_messages(lang).hash)
}

/// `GET /l10n/{lang}.ftl`: immutable under its current version, revalidated otherwise.
pub async fn serve_messages(
    Path(file): Path<String>,
    Query(version): Query<assets::Version>,
    headers: HeaderMap,
) -> Response {
    match file.strip_suffix(".ftl").and_then(Lang::from_code) {
        Some(lang) => {
            let asset = client_messages(lang);
            let cache = if version.is(&asset.hash) { assets::IMMUTABLE } else { "no-cache" };
            assets::respond(&file, asset, cache, &headers)
        }
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

/// A locale's messages, ready to format.
pub struct Messages {
    pub lang: Lang,
    bundle: FluentBundle<FluentResource>,
}

impl Messages {
    fn load(lang: Lang) -> Messages {
        let mut bundle = FluentBundle::new_concurrent(vec![lang.langid()]);
        bundle.set_use_isolating(false);
        for (_, src) in sources(lang) {
            let res = FluentResource::try_new(src).unwrap_or_else(|(res, _)| res);
            bundle.add_resource_overriding(res);
        }
        Messages { lang, bundle }
    }

    /// Whether the locale has message `id`.
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }

    /// Message `id` without arguments.
    pub fn t(&self, id: &str) -> String {
        self.format(id, None).unwrap_or_else(|(s, _)| s)
    }

    /// Message `id` with string and number arguments.
    pub fn t_args(&self, id: &str, args: &[(&str, Arg)]) -> String {
        self.check(id, args).unwrap_or_else(|(s, _)| s)
    }

    /// Message `id` formatted with `args`, or what came out and the errors met on the way (a
    /// missing message, an unknown variable, a bad reference).
    pub fn check(&self, id: &str, args: &[(&str, Arg)]) -> Result<String, (String, String)> {
        let mut fa = FluentArgs::new();
        for (k, v) in args {
            match v {
                Arg::Str(s) => fa.set(*k, FluentValue::from(s.clone())),
                Arg::Num(n) => fa.set(*k, FluentValue::from(*n)),
            }
        }
        self.format(id, if args.is_empty() { None } else { Some(&fa) })
    }

    fn format(&self, id: &str, args: Option<&FluentArgs>) -> Result<String, (String, String)> {
        let Some(pattern) = self.bundle.get_message(id).and_then(|m| m.value()) else {
            return Err((id.to_string(), format!("no message {id}")));
        };
        let mut errors = vec![];
        let s: Cow<str> = self.bundle.format_pattern(pattern, args, &mut errors);
        if errors.is_empty() { Ok(s.into_owned()) } else { Err((s.into_owned(), format!("{errors:?}"))) }
    }

    /// Every message id of the locale.
    pub fn ids(&self) -> Vec<String> {
        let mut ids: Vec<String> = sources(self.lang).into_iter().flat_map(|(_, src)| message_ids(&src)).collect();
        ids.sort();
        ids.dedup();
        ids
    }
}

/// A Fluent argument.
pub enum Arg {
    Str(String),
    Num(f64),
}

/// The ids of the messages (not terms) defined in a Fluent source.
pub fn message_ids(src: &str) -> Vec<String> {
    let res = FluentResource::try_new(src.to_string()).unwrap_or_else(|(res, _)| res);
    res.entries()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect()
}

/// The messages of `lang`, built on first use.
pub fn messages(lang: Lang) -> &'static Messages {
    static ALL: OnceLock<HashMap<Lang, Messages>> = OnceLock::new();
    let all = ALL.get_or_init(|| Lang::ALL.into_iter().map(|l| (l, Messages::load(l))).collect());
    &all[&lang]
}
