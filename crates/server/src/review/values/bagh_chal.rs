//! Bagh-Chal: its tables are installed for play and are read by the engine itself.

use rules::bagh_chal::Game;

use super::Valued;

impl Valued for Game {}
