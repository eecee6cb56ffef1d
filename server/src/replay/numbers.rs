//! The game in numbers, counted while a replay plays it again: throws
//! against their odds, hits that stand, turns and time taken by seat.

use chowka_protocol::{odds, value_index, Event, Game, Player, Rules, VALUES};
use serde::Serialize;

/// What one seat did over the game.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SeatNumbers {
    /// How many throws showed each value, in the order of
    /// [`Numbers::values`] (throws of a turn later undone count: they were
    /// thrown).
    pub throws: [u32; 5],
    /// Hits made that stand: a hit of a turn undone by R12 is not counted;
    /// a pair hitting a pair is one hit (R10, R13).
    pub hits: u32,
    /// Times this seat was hit, counted the same way.
    pub hit_by: u32,
    /// Turns begun.
    pub turns: u32,
    /// Time taken, ms: for each of its actions, the time since the action
    /// before (anyone's), from the actions' `at`; null when the record
    /// has no times.
    pub time_ms: Option<u64>,
}

/// The game in numbers: throws against their odds, hits, time taken.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Numbers {
    /// The throw values, in the order of every count and chance here.
    pub values: [u8; 5],
    /// The chance of each value with this game's cowries (R5, O8
    /// `mouth_up`): the expected count is this times the number of throws.
    pub odds: [f64; 5],
    /// By seat.
    pub seats: Vec<SeatNumbers>,
}

/// Counts [`Numbers`] while the game is replayed.
pub(super) struct Tally {
    seats: Vec<SeatNumbers>,
    /// Hits (hitter, victim) of the turn being played: they stand once
    /// the turn ends other than by R12's undo.
    this_turn: Vec<(Player, Player)>,
    time: Vec<u64>,
    timed: bool,
    last_at: Option<i64>,
}

impl Tally {
    pub(super) fn new(game: &Game) -> Tally {
        let players = game.rules().players as usize;
        let mut seats = vec![SeatNumbers::default(); players];
        if !game.is_over() {
            seats[game.to_move() as usize].turns = 1;
        }
        Tally {
            seats,
            this_turn: Vec::new(),
            time: vec![0; players],
            timed: false,
            last_at: None,
        }
    }

    fn settle_hits(&mut self) {
        for (hitter, victim) in self.this_turn.drain(..) {
            self.seats[hitter as usize].hits += 1;
            self.seats[victim as usize].hit_by += 1;
        }
    }

    /// Counts an action by `actor`, played with these events.
    pub(super) fn add(&mut self, actor: Player, at: Option<i64>, events: &[Event]) {
        if let (Some(before), Some(now)) = (self.last_at, at) {
            self.time[actor as usize] += now.saturating_sub(before).max(0) as u64;
            self.timed = true;
        }
        self.last_at = at.or(self.last_at);
        for e in events {
            match *e {
                Event::Thrown { player, value } => {
                    self.seats[player as usize].throws[value_index(value)] += 1;
                }
                Event::Hit { player, victim, .. } => self.this_turn.push((player, victim)),
                Event::TurnUndone { .. } => self.this_turn.clear(),
                Event::TurnBegan { player, .. } => {
                    self.settle_hits();
                    self.seats[player as usize].turns += 1;
                }
                Event::Won { .. } | Event::Draw => self.settle_hits(),
                _ => {}
            }
        }
    }

    pub(super) fn numbers(mut self, rules: &Rules) -> Numbers {
        // Hits of a turn still being played stand for now.
        self.settle_hits();
        for (seat, ms) in self.seats.iter_mut().zip(&self.time) {
            seat.time_ms = self.timed.then_some(*ms);
        }
        Numbers {
            values: VALUES,
            odds: odds(rules.mouth_up),
            seats: self.seats,
        }
    }
}
