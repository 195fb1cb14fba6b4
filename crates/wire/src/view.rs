//! A game as clients draw it; each game's view is in its module of [`crate::games`].

pub use crate::games::GameView;
pub use crate::games::dots::{DotsLine, DotsView};
pub use crate::games::musashi::{CapturePoint, MusashiLast, MusashiView, point_names};
