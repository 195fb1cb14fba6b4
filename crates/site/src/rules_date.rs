//! When each game's rules page last changed, written in the locale's own way ("1. Dezember
//! 2026", not "2026-12-01"), and kept honest: beside each date sits a fingerprint of every
//! message the page shows in every locale, and a test fails when the words change while the
//! date stays.

use rules::GameKind;

use crate::i18n::{Arg, Lang, Messages, messages};

/// When the text of each game's rules page last changed, with a fingerprint of that text in
/// every locale ([`text_fingerprint`]): each game's `SiteGame::RULES_UPDATED` in
/// `crates/site/src/games/`.
fn updated(g: GameKind) -> ((u32, u32, u32), u64) {
    crate::games::rules_updated(g)
}

/// The date of the last change to `g`'s rules, in the locale's own words ("1. Dezember 2026").
pub fn updated_date(m: &Messages, g: GameKind) -> String {
    let ((year, month, day), _) = updated(g);
    m.t_args(
        "rules-date",
        &[("day", Arg::Str(day.to_string())), ("month", Arg::Num(month.into())), ("year", Arg::Str(year.to_string()))],
    )
}

/// A fingerprint (64-bit FNV-1a) of every message a rules page of `g` shows, in every locale:
/// its own (`rules-{game}-*`), the shared rules texts (`rules-*` of no game) and the names of
/// the game and its options (`game-{game}`, `{game}-opt-*`).
pub fn text_fingerprint(g: GameKind) -> u64 {
    let gid = g.as_str();
    let other =
        GameKind::ALL.into_iter().filter(|o| *o != g).map(|o| format!("rules-{}-", o.as_str())).collect::<Vec<_>>();
    let shown = |id: &str| {
        (id.starts_with("rules-") && !other.iter().any(|p| id.starts_with(p.as_str())))
            || id == format!("game-{gid}")
            || id.starts_with(&format!("{gid}-opt-"))
    };
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for lang in Lang::ALL {
        let m = messages(lang);
        for id in m.ids().into_iter().filter(|id| shown(id)) {
            let text = m.t(&id);
            for b in lang.code().bytes().chain(id.bytes()).chain(text.bytes()) {
                h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_date_moves_with_the_text() {
        for g in GameKind::ALL {
            let (date, fingerprint) = updated(g);
            assert_eq!(
                fingerprint,
                text_fingerprint(g),
                "the words of the {} rules page changed: set its `RULES_UPDATED` in crates/site/src/games/ to the day of the change \
                 (now {date:?}) and its fingerprint to {}",
                g.as_str(),
                text_fingerprint(g)
            );
        }
    }

    #[test]
    fn dates_are_written_in_each_locale_s_way() {
        let want = [
            (Lang::En, "1 December 2026"),
            (Lang::De, "1. Dezember 2026"),
            (Lang::Ru, "1 декабря 2026 г."),
            (Lang::Hi, "1 दिसंबर 2026"),
            (Lang::Tl, "Disyembre 1, 2026"),
        ];
        for (lang, text) in want {
            let m = messages(lang);
            let got = m.t_args(
                "rules-date",
                &[("day", Arg::Str("1".into())), ("month", Arg::Num(12.0)), ("year", Arg::Str("2026".into()))],
            );
            assert_eq!(got, text, "{lang:?}");
            // Every month has its own name.
            let months: std::collections::BTreeSet<String> = (1..=12)
                .map(|mo| {
                    m.t_args(
                        "rules-date",
                        &[
                            ("day", Arg::Str("1".into())),
                            ("month", Arg::Num(mo.into())),
                            ("year", Arg::Str("2026".into())),
                        ],
                    )
                })
                .collect();
            assert_eq!(months.len(), 12, "{lang:?}");
        }
    }
}
