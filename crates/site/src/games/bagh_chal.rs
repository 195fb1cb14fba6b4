//! Bagh-Chal (Tigers and Goats) on the site's pages.

use rules::bagh_chal::{Game, Options};

use super::{BoardShape, Figure, SiteGame};

impl SiteGame for Game {
    const THUMB: &'static str = "diagrams/bagh-chal-start.svg";
    const FIGURES: &'static [Figure] = &[
        Figure { file: "bagh-chal-start.svg", caption: "rules-bagh-chal-fig-start", section: "setup" },
        Figure { file: "bagh-chal-jump.svg", caption: "rules-bagh-chal-fig-jump", section: "play" },
    ];
    const RULES_UPDATED: ((u32, u32, u32), u64) = ((2026, 12, 7), 18_010_853_139_358_126_984);

    /// `viewBox()` in `web/bagh-chal/render.js`: 80-unit margins, 100 between points, 5 × 5.
    fn board_shape(_: &Options) -> BoardShape {
        const MARGIN: u32 = 80;
        const STEP: u32 = 100;
        BoardShape { width: 2 * MARGIN + 4 * STEP, height: 2 * MARGIN + 4 * STEP }
    }
}
