//! What may change a room, and what a change asks of the world: a
//! [`Change`] goes in, the next room and its [`Effect`]s come out of
//! [`Room::apply`], and the room asked is left as it was.
//!
//! A move is [`Room::play`] (in `play.rs`), beside `apply` rather than one
//! of its changes, because a game started before throws were fair throws
//! from a generator the actor owns.

use super::{Room, Stage};
use crate::error::{ErrorCode, Refusal};
use crate::ids::RoomCode;
use chowka_protocol::{Bytes32, Event, Level, Player, RecordedAction};

/// A change to a room: a player's request, or a deadline that came.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// A person takes a seat in the lobby (the lowest empty one if `None`).
    TakeSeat {
        /// Display name, already checked.
        name: String,
        /// The wanted seat.
        seat: Option<u8>,
        /// SHA-256 of the seat token the actor made for them.
        token_hash: String,
        /// Their player hash, if they came with an identity.
        player: Option<String>,
    },
    /// The host starts the game with the seats taken.
    Start {
        /// The server's seed of the game's fair throws, drawn by the
        /// actor (`rooms::seeds`) so that the core stays free of IO.
        server_seed: Bytes32,
        /// The time of day (ms): a game over days starts its clock.
        now: i64,
    },
    /// The host puts a computer in a seat, or takes it away (`None`).
    SetBot {
        /// The seat.
        seat: Player,
        /// The level, or `None` to empty the seat.
        level: Option<Level>,
    },
    /// The host empties a seat in the lobby.
    Remove {
        /// The seat.
        seat: Player,
    },
    /// A person other than the host gives up their seat in the lobby.
    LeaveSeat,
    /// The host hands another person's seat to a computer mid-game.
    StandIn {
        /// The seat.
        seat: Player,
    },
    /// A player takes their seat back from the computer playing it (by
    /// asking, by coming back, or by acting).
    TakeBack,
    /// The host chooses after how many seconds away a computer stands in
    /// for a person (`None`: never).
    SetTakeover {
        /// Seconds, in [`super::TAKEOVER_SECS`], or `None`.
        secs: Option<u32>,
    },
    /// The host turns hints on or off for the table.
    SetHints {
        /// Whether hints may be asked.
        on: bool,
    },
    /// A seated person steps away for a few minutes from `now` (ms):
    /// their seat is held (`away.rs`).
    RightBack {
        /// The time of day, ms since the epoch.
        now: i64,
    },
    /// A seat's person came back: the computer standing in for them stops.
    Returned {
        /// The seat.
        seat: Player,
    },
    /// A seat's person was away for the takeover time: a computer plays.
    Takeover {
        /// The seat.
        seat: Player,
    },
    /// The turn clock ran out: the server plays the turn. In a game over
    /// days, only if it has by `now` (ms): nothing otherwise.
    ClockOut {
        /// The time of day, ms since the epoch.
        now: i64,
    },
    /// A seated person's vacation starts (a game over days).
    Vacation {
        /// Whole days asked, 1 to 3.
        days: u8,
        /// The time of day, ms since the epoch.
        now: i64,
    },
    /// A seated person is back from vacation.
    Back {
        /// The time of day, ms since the epoch.
        now: i64,
    },
    /// A seated player's client seed for the fair throws.
    Seed {
        /// The seed.
        seed: Bytes32,
    },
    /// The rematch room was created: the link is saved.
    Rematch {
        /// Its code.
        code: RoomCode,
    },
    /// The finished game's record is in the archive.
    Archived,
    /// A player renamed themselves: their seat shows the new name
    /// (`people.rs`).
    Rename {
        /// The player hash.
        player: String,
        /// The new name, already checked.
        name: String,
    },
    /// A player forgot their identity: their seat's name and player hash
    /// are removed (`people.rs`).
    Forget {
        /// The player hash.
        player: String,
    },
}

/// What the actor does for a change, in this order: the save first (at
/// most one of [`Effect::SaveRoom`] and [`Effect::Append`]); the next room
/// is adopted only once it is in; then the rest.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Save the room's row (seats, status, set-up, version, seeds, link).
    SaveRoom,
    /// Append this action to the event log, with the room's version.
    Append(RecordedAction),
    /// The seats were renumbered at the start (the old seat of each new
    /// one): connections follow their seat and are welcomed again.
    Reseated(Vec<usize>),
    /// A seat was taken: its person is away until they connect.
    Seated(Player),
    /// A seat was emptied: its connections watch from now on.
    Emptied(Player),
    /// The host handed this seat to a computer: no takeover to count.
    HandedOver(Player),
    /// The takeover time changed: the count of everyone away starts again.
    Rearm,
    /// This seat's player forgot their identity: their chat lines leave
    /// the room's recent past (in memory only, never saved).
    Forgotten(Player),
    /// This seat's turn clock ran out: everyone is told (and the history
    /// keeps it) just before the state that shows the server playing.
    ClockOut(Player),
    /// Everyone sees the new state, with the events that led to it (they
    /// join the history).
    State(Vec<Event>),
    /// Everyone is told who is connected.
    Presence,
    /// The room's entry among the open rooms may have changed.
    Listing,
    /// The game is over: its record goes to the archive.
    Archive,
}

/// A change applied: the next room and its effects.
pub type Next = (Room, Vec<Effect>);

impl Room {
    /// Applies `change`, asked by the connection holding seat `by`
    /// (`None`: a spectator, or the room itself for deadlines). A change
    /// with no effects changed nothing.
    pub fn apply(&self, change: Change, by: Option<Player>) -> Result<Next, Refusal> {
        match change {
            Change::TakeSeat {
                name,
                seat,
                token_hash,
                player,
            } => self.take_seat(name, seat, token_hash, player),
            Change::Start { server_seed, now } => self.start(by, server_seed, now),
            Change::SetBot { seat, level } => self.set_bot(by, seat, level),
            Change::Remove { seat } => self.remove(by, seat),
            Change::LeaveSeat => self.leave_seat(by),
            Change::StandIn { seat } => self.stand_in(by, seat),
            Change::TakeBack => {
                let seat = by.ok_or(ErrorCode::NotSeated)?;
                Ok(self.take_back(seat))
            }
            Change::RightBack { now } => self.right_back(by, now),
            Change::SetTakeover { secs } => self.set_takeover(by, secs),
            Change::SetHints { on } => self.set_hints(by, on),
            Change::Returned { seat } => Ok(self.returned(seat)),
            Change::Takeover { seat } => Ok(self.takeover(seat)),
            Change::ClockOut { now } => Ok(self.clock_out(now)),
            Change::Vacation { days, now } => self.vacation(by, days, now),
            Change::Back { now } => self.back(by, now),
            Change::Seed { seed } => self.seed(by, seed),
            Change::Rematch { code } => {
                let mut next = self.bumped();
                next.rematch = Some(code);
                Ok((next, vec![Effect::SaveRoom, Effect::State(Vec::new())]))
            }
            Change::Archived => {
                let mut next = self.clone();
                if let Stage::Finished { archived, .. } = &mut next.stage {
                    *archived = true;
                }
                Ok((next, Vec::new()))
            }
            Change::Rename { player, name } => Ok(self.rename(&player, name)),
            Change::Forget { player } => Ok(self.forget(&player)),
        }
    }

    /// The room one version on: the start of every change anyone sees.
    pub(super) fn bumped(&self) -> Room {
        let mut next = self.clone();
        next.version += 1;
        next
    }

    /// No change at all.
    pub(super) fn unchanged(&self) -> Next {
        (self.clone(), Vec::new())
    }
}
