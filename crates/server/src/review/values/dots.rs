//! Dots and Boxes: no tables.

use rules::dots::Game;

use super::Valued;

impl Valued for Game {}
