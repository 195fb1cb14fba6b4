//! Who a finished game rates and what the seats show of ratings: the rules of `#ratings` on
//! the rules pages (a side that never moved, or whose win the CPU's stand-in moves helped to,
//! is not rated).

use wire::{MoveSource, Seat};

use super::{Occupant, Rated, SeatState, Table};

impl Table {
    /// The seated players of a finished ranked game between two people, for the rating update.
    /// A game in which a side never moved itself is not rated (Lichess aborts such a game
    /// unrated): else two accounts rate one of them up by resigning at move 0, game after game.
    pub fn rated_players(&self) -> Option<[String; 2]> {
        let g = self.game.as_ref().filter(|g| g.ranked && !g.playing())?;
        let moved = |side| g.moves.iter().any(|m| m.side == side && m.by == MoveSource::Player);
        if !g.sides.iter().all(|&side| moved(side)) {
            return None;
        }
        // The CPU's moves for a side (its stand-in while the player was away, or after the
        // clock ran out) may lose a game for it but never win or draw one: else a player could
        // leave a game to the stand-in and be rated for its play, and leaving could never cost
        // more than the result the CPU then gets.
        let stood_in =
            |side| g.moves.iter().any(|m| m.side == side && matches!(m.by, MoveSource::CpuAway | MoveSource::Timeout));
        let outcome = g.game.outcome()?;
        let helped = match outcome.winner {
            Some(winner) => stood_in(winner),
            None => g.sides.iter().any(|&side| stood_in(side)),
        };
        if helped {
            return None;
        }
        let id = |s: Seat| self.seat(s).and_then(SeatState::player_id).map(str::to_string);
        Some([id(Seat::First)?, id(Seat::Second)?])
    }

    /// The people in the seats, with their seats.
    pub fn seated_players(&self) -> Vec<(Seat, String)> {
        [Seat::First, Seat::Second]
            .into_iter()
            .filter_map(|s| self.seat(s).and_then(SeatState::player_id).map(|id| (s, id.to_string())))
            .collect()
    }

    /// Sets the rating shown for the person in `seat`; whether it changed.
    pub fn set_seat_rating(&mut self, seat: Seat, rating: Option<f64>) -> bool {
        match self.seats[seat.index()].as_mut() {
            Some(SeatState { occupant: Occupant::Person(p), .. }) if p.rating != rating => {
                p.rating = rating;
                true
            }
            _ => false,
        }
    }

    /// Records the rating changes stored with the game's end.
    pub fn set_ratings(&mut self, rated: Vec<Rated>) {
        for r in &rated {
            if let Some(SeatState { occupant: Occupant::Person(p), .. }) = self.seats[r.seat.index()].as_mut() {
                p.rating = Some(r.after);
            }
        }
        if let Some(g) = self.game.as_mut() {
            g.ratings = rated;
        }
    }
}
