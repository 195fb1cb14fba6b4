//! Dots and Boxes on the site's pages.

use rules::dots::{Game, Options};

use super::{BoardShape, Figure, SiteGame};
use crate::i18n::{Arg, Messages};

impl SiteGame for Game {
    const THUMB: &'static str = "diagrams/dots-home.svg";
    const FIGURES: &'static [Figure] =
        &[Figure { file: "dots-chain.svg", caption: "rules-dots-fig-chain", section: "play" }];
    const RULES_UPDATED: ((u32, u32, u32), u64) = ((2026, 12, 7), 11_201_496_900_060_574_339);

    /// `viewBox()` in `web/dots/render.js`: 50-unit margins, 100 per box.
    fn board_shape(o: &Options) -> BoardShape {
        const MARGIN: u32 = 50;
        const STEP: u32 = 100;
        BoardShape { width: 2 * MARGIN + STEP * u32::from(o.size.w), height: 2 * MARGIN + STEP * u32::from(o.size.h) }
    }

    /// A board size in words: "5 × 4 boxes".
    fn value_label(m: &Messages, id: &str, value: &str) -> Option<String> {
        let (w, h) = value.split_once('x').filter(|_| id == "size")?;
        Some(m.t_args("rules-dots-size", &[("w", Arg::Num(w.parse().ok()?)), ("h", Arg::Num(h.parse().ok()?))]))
    }
}
