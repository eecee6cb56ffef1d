//! A room's deadlines, on tokio's clock so that tests can pause and
//! advance it: when a computer acts, when the turn clock runs out, when a
//! computer stands in for an absent player, when an idle room closes, and
//! when a failed archive (or due-time index) write is tried again.

use chowka_protocol::Player;
use tokio::time::Instant;

/// A deadline that has come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Due {
    /// Nobody has been connected for the idle time: the room closes.
    Idle,
    /// Try the archive write again.
    ArchiveRetry,
    /// This seat's player has been away for the takeover time.
    Takeover(Player),
    /// The turn clock of the seat to act ran out.
    Clock,
    /// A computer acts now.
    Computer,
    /// Tell everyone who is connected.
    Presence,
    /// Try writing the due-time index of a game over days again.
    DueRetry,
}

/// Every deadline of one room. `None` is "not set".
#[derive(Clone, Debug, Default)]
pub struct Timers {
    /// When the next computer action is due.
    pub computer: Option<Instant>,
    /// When the turn clock of the seat to act runs out.
    pub clock: Option<Instant>,
    /// When the room closes for want of connections.
    pub idle: Option<Instant>,
    /// When a failed archive write is tried again.
    pub archive_retry: Option<Instant>,
    /// When everyone is told who is connected (changes are gathered).
    pub presence: Option<Instant>,
    /// When a failed write of the due-time index is tried again.
    pub due_retry: Option<Instant>,
    /// Per seat: when a computer stands in for its absent player.
    pub takeover: Vec<Option<Instant>>,
    /// Whether takeovers may happen now (a game is being played); the
    /// deadlines are kept meanwhile, so an absence counts from its start.
    pub takeover_armed: bool,
}

impl Timers {
    /// Timers for a room of `seats` seats, none set.
    pub fn new(seats: usize) -> Timers {
        Timers {
            takeover: vec![None; seats],
            ..Timers::default()
        }
    }

    /// The earliest takeover deadline that counts, with its seat.
    fn first_takeover(&self) -> Option<(Player, Instant)> {
        if !self.takeover_armed {
            return None;
        }
        (self.takeover.iter().enumerate())
            .filter_map(|(i, t)| Some((i as Player, (*t)?)))
            .min_by_key(|&(_, t)| t)
    }

    /// The earliest deadline, if any is set.
    pub fn next(&self) -> Option<Instant> {
        let takeover = self.first_takeover().map(|(_, t)| t);
        [
            self.idle,
            self.archive_retry,
            takeover,
            self.clock,
            self.computer,
            self.presence,
            self.due_retry,
        ]
        .into_iter()
        .flatten()
        .min()
    }

    /// The first deadline that has come by `now`, cleared as it is
    /// returned, in the order they are handled when several come at once:
    /// closing first, a computer's move last (it may depend on the others).
    pub fn due(&mut self, now: Instant) -> Option<Due> {
        let come = |t: &mut Option<Instant>| t.take_if(|t| *t <= now).is_some();
        if self.idle.is_some_and(|t| t <= now) {
            return Some(Due::Idle);
        }
        if come(&mut self.archive_retry) {
            return Some(Due::ArchiveRetry);
        }
        if let Some((seat, t)) = self.first_takeover() {
            if t <= now {
                self.takeover[seat as usize] = None;
                return Some(Due::Takeover(seat));
            }
        }
        if come(&mut self.clock) {
            return Some(Due::Clock);
        }
        if come(&mut self.computer) {
            return Some(Due::Computer);
        }
        if come(&mut self.presence) {
            return Some(Due::Presence);
        }
        if come(&mut self.due_retry) {
            return Some(Due::DueRetry);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn deadlines_come_in_order_and_once() {
        let now = Instant::now();
        let s = Duration::from_secs(1);
        let mut t = Timers::new(2);
        t.computer = Some(now + s);
        t.clock = Some(now + 3 * s);
        t.takeover[1] = Some(now + 2 * s);
        assert_eq!(t.next(), Some(now + s));
        assert_eq!(t.due(now), None);
        // A takeover only counts while armed.
        assert_eq!(t.due(now + 5 * s), Some(Due::Clock));
        t.takeover_armed = true;
        assert_eq!(t.due(now + 5 * s), Some(Due::Takeover(1)));
        assert_eq!(t.due(now + 5 * s), Some(Due::Computer));
        assert_eq!(t.due(now + 5 * s), None);
        assert_eq!(t.next(), None);
    }

    #[test]
    fn an_idle_room_stays_due_until_it_closes() {
        let now = Instant::now();
        let mut t = Timers::new(0);
        t.idle = Some(now);
        t.computer = Some(now);
        assert_eq!(t.due(now), Some(Due::Idle));
        assert_eq!(t.due(now), Some(Due::Idle));
    }
}
