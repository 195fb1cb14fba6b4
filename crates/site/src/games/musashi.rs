//! Juroku Musashi on the site's pages.

use rules::musashi::{BoardKind, Game, Options};

use super::{BoardShape, Figure, SiteGame};

impl SiteGame for Game {
    const THUMB: &'static str = "diagrams/musashi-start.svg";
    const FIGURES: &'static [Figure] = &[
        Figure { file: "musashi-start.svg", caption: "rules-musashi-fig-start", section: "setup" },
        Figure { file: "musashi-capture-before.svg", caption: "rules-musashi-fig-before", section: "play" },
        Figure { file: "musashi-capture-after.svg", caption: "rules-musashi-fig-after", section: "play" },
    ];
    const RULES_UPDATED: ((u32, u32, u32), u64) = ((2026, 12, 7), 15_579_435_380_717_720_293);

    /// `viewBox()` in `web/musashi/render.js`: 80-unit margins, 100 between points, 5 rows.
    fn board_shape(o: &Options) -> BoardShape {
        const MARGIN: u32 = 80;
        const STEP: u32 = 100;
        let columns = match o.board {
            BoardKind::Setchin33 => 7,
            BoardKind::Square25 => 5,
        };
        BoardShape { width: 2 * MARGIN + (columns - 1) * STEP, height: 2 * MARGIN + 4 * STEP }
    }
}
