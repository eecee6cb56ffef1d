//! The room as a value: what a room is (seats, settings, where it is in
//! its life, the version) and the rules of the table around the game,
//! with no IO. A change is a function from the room to the next room and
//! the [`Effect`]s the actor carries out (`apply` in `change.rs`): the
//! actor saves first, then adopts the next room and sends. A refused or
//! unsaved change leaves the room it was asked of as it was, since it is
//! never touched.
//!
//! Cloning a room is cheap: what rarely changes (set-up, seats, the fair
//! seeds) is behind an [`Arc`], and the game never allocates to copy,
//! because a move clones the room (copying names, tokens and seeds for
//! each was 2% of the server's CPU under load, docs/performance.md).
//!
//! Submodules: `change` (requests and effects, `apply`), `away` (turns a
//! computer played for someone, "I'll be right back"), `lobby` (seats,
//! computers, the start), `people` (a player's rename and forget),
//! `play` (a move, stand-ins, the clock), `fair` (client seeds and what
//! the room shows of its seeds), `clock` (the clock and vacations of a
//! game over days), `rows` (to and from the store), `tests` (the rules
//! of the table, table-driven).

mod away;
mod change;
mod clock;
mod fair;
mod hints;
mod lobby;
mod people;
mod play;
mod rows;
#[cfg(test)]
mod tests;

pub use away::{ComputerTurns, TAKEOVER_SECS};
pub use change::{Change, Effect};
pub use clock::{DaysClock, Vacation, DAY_MS, HOUR_MS, VACATION_MS};
pub use people::PlayerChange;

use crate::bots::Level;
use crate::error::{ErrorCode, Refusal};
use crate::ids::RoomCode;
use crate::store::now_ms;
use chowka_protocol::messages::{Pace, RoomStatus};
use chowka_protocol::{Fair, Game, Player, Rules, Setup};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Settings of a room chosen at creation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Listed in the open rooms.
    pub public: bool,
    /// Seconds per turn before the server plays for the player to move.
    pub turn_clock: Option<u32>,
    /// Seconds a player may be away before a computer plays for them.
    pub takeover: Option<u32>,
    /// Live, or over days (then no turn clock, no takeover).
    #[serde(default)]
    pub pace: Pace,
    /// Hours of each turn's clock, in a game over days.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_hours: Option<u32>,
    /// The language of the page that made the room: the room link's
    /// preview speaks it (web.rs). English in rooms made before it was kept.
    #[serde(default, deserialize_with = "crate::invite::Language::lenient")]
    pub language: crate::invite::Language,
    /// The circle the room belongs to (docs/circles.md): its rematch
    /// belongs to it too, and the store files the room under it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub circle: Option<crate::ids::CircleId>,
    /// The host turned hints off (`set_hints`): nobody at the table may ask
    /// what the computer would do. Stored only when set.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_hints: bool,
}

/// One seat as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// Display name, once taken.
    pub name: Option<String>,
    /// SHA-256 of the seat token, for a person's seat.
    pub token_hash: Option<String>,
    /// Computer level, for a computer's seat.
    pub bot: Option<Level>,
    /// The host's seat.
    pub host: bool,
    /// The player hash (`ids::hash_token` of a player's secret) of the
    /// person who took the seat with an identity: a `hello` carrying that
    /// secret opens the seat without a seat token.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
}

impl Seat {
    /// Whether a person or a computer holds the seat.
    pub fn taken(&self) -> bool {
        self.token_hash.is_some() || self.bot.is_some()
    }

    /// Whether a person holds the seat.
    pub fn person(&self) -> bool {
        self.token_hash.is_some()
    }

    /// The name shown for the seat.
    pub fn shown_name(&self) -> String {
        match (&self.name, self.bot) {
            (Some(n), _) => n.clone(),
            (None, Some(l)) => format!("Computer ({})", l.name()),
            (None, None) => String::new(),
        }
    }
}

/// A game being played or played out, with its throws.
#[derive(Clone, Debug, PartialEq)]
pub struct Play {
    /// The game.
    pub game: Game,
    /// The seeds the game's throws come from (docs/record.md, "Fair
    /// throws"); secret until the game is archived. `None` for a game
    /// started before throws were fair, which keeps throwing from the
    /// operating system's generator.
    pub fair: Option<Arc<Fair>>,
    /// Throws made so far: the number of the next fair throw.
    pub throws: u64,
}

/// Where a room is in its life.
#[derive(Clone, Debug, PartialEq)]
pub enum Stage {
    /// Seats are being taken.
    Lobby,
    /// The game is on.
    Playing(Play),
    /// The game is over; `archived` once its record is stored.
    Finished {
        /// The game played out.
        play: Play,
        /// Whether the archive holds its record (else it is retried).
        archived: bool,
    },
}

/// A room: everything its rules decide on. Timers, connections and the
/// event log live beside it in the actor.
#[derive(Clone, Debug)]
pub struct Room {
    /// Room code.
    pub code: RoomCode,
    /// The game's set-up; `options.players` is the seat count.
    pub setup: Arc<Setup>,
    /// The rules the set-up resolves to (the game's once it started).
    pub rules: Rules,
    /// Settings chosen at creation.
    pub settings: Settings,
    /// The seats.
    pub seats: Arc<Vec<Seat>>,
    /// Where the room is in its life, with its game.
    pub stage: Stage,
    /// The state version: it goes up with every change anyone can see,
    /// and every version shown is saved first (with the row or an action).
    pub version: u64,
    /// The rematch room, once created.
    pub rematch: Option<RoomCode>,
    /// Creation time, ms since the epoch.
    pub created_at: i64,
    /// Seats a computer plays while their person is away (bit per seat):
    /// not saved, a restored room starts with none.
    pub standins: u8,
    /// Turns a computer played for each seat's person since they last
    /// played (`away.rs`): not saved, counted again from the log.
    pub computer_turns: ComputerTurns,
    /// By seat, the end of an "I'll be right back" (ms since the epoch):
    /// not saved.
    pub back_by: [Option<i64>; 8],
    /// The seat the server plays for until its turn ends (clock ran out).
    pub autoplay: Option<Player>,
    /// The clock of a game over days, once it started (`clock.rs`).
    pub clock: Option<DaysClock>,
    /// The epoch of the lease this node holds the room under: every write
    /// names it, and is refused once another node took the room over
    /// (`store/leases.rs`). Not part of the row.
    pub epoch: i64,
}

impl Room {
    /// A new room in the lobby; refused if its set-up cannot be played.
    pub fn new(
        code: RoomCode,
        setup: Setup,
        settings: Settings,
        seats: Vec<Seat>,
    ) -> Result<Room, Refusal> {
        let rules = setup.rules().map_err(bad_rules)?;
        Ok(Room {
            code,
            setup: Arc::new(setup),
            rules,
            settings,
            seats: Arc::new(seats),
            stage: Stage::Lobby,
            version: 1,
            rematch: None,
            created_at: now_ms(),
            standins: 0,
            computer_turns: ComputerTurns::default(),
            back_by: [None; 8],
            autoplay: None,
            clock: None,
            epoch: 0,
        })
    }

    /// Where the room is, as the protocol names it.
    pub fn status(&self) -> RoomStatus {
        match self.stage {
            Stage::Lobby => RoomStatus::Lobby,
            Stage::Playing(_) => RoomStatus::Playing,
            Stage::Finished { .. } => RoomStatus::Finished,
        }
    }

    /// The game and its throws, once started.
    pub fn played(&self) -> Option<&Play> {
        match &self.stage {
            Stage::Lobby => None,
            Stage::Playing(p) | Stage::Finished { play: p, .. } => Some(p),
        }
    }

    /// The game, once started.
    pub fn game(&self) -> Option<&Game> {
        self.played().map(|p| &p.game)
    }

    /// The game while it is being played (not before, not once over).
    pub fn game_on(&self) -> Option<&Game> {
        match &self.stage {
            Stage::Playing(p) => Some(&p.game),
            _ => None,
        }
    }

    /// Whether the finished game still has to be archived.
    pub fn archive_pending(&self) -> bool {
        matches!(
            self.stage,
            Stage::Finished {
                archived: false,
                ..
            }
        )
    }

    /// The rules in force.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The host's seat.
    pub fn host_seat(&self) -> Option<Player> {
        self.seats.iter().position(|s| s.host).map(|i| i as Player)
    }

    /// The seat whose token hashes to `hash`.
    pub fn seat_of_token(&self, hash: &str) -> Option<Player> {
        self.seats
            .iter()
            .position(|s| {
                s.token_hash
                    .as_deref()
                    .is_some_and(|x| crate::ids::same_hash(x, hash))
            })
            .map(|i| i as Player)
    }

    /// The seat a player (by player hash) holds, if any.
    pub fn seat_of_player(&self, hash: &str) -> Option<Player> {
        self.seats
            .iter()
            .position(|s| (s.player.as_deref()).is_some_and(|x| crate::ids::same_hash(x, hash)))
            .map(|i| i as Player)
    }

    /// Whether a computer stands in for `seat`'s absent person.
    pub fn stood_in(&self, seat: usize) -> bool {
        seat < 8 && self.standins & (1 << seat) != 0
    }

    /// The computer level playing `seat` now, if a computer does: its own,
    /// Easy for a turn whose clock ran out, Medium standing in.
    pub fn computer(&self, seat: Player) -> Option<Level> {
        let s = self.seats.get(seat as usize)?;
        if let Some(level) = s.bot {
            return Some(level);
        }
        if self.autoplay == Some(seat) {
            return Some(Level::Easy);
        }
        self.stood_in(seat as usize).then_some(Level::Medium)
    }

    /// Whether the server plays `seat` for its absent person right now.
    pub fn stands_in(&self, seat: usize) -> bool {
        let person = self.seats.get(seat).is_some_and(|s| s.bot.is_none());
        self.stood_in(seat) || (person && self.autoplay == Some(seat as Player))
    }

    /// The seat a computer should act for now: an open truce offer to a
    /// computer is answered first, then the computer to move plays.
    pub fn computer_turn(&self) -> Option<Player> {
        let game = self.game_on()?;
        if let Some(offer) = game.offer() {
            if self.computer(offer.to).is_some() {
                return Some(offer.to);
            }
        }
        let p = game.to_move();
        self.computer(p).is_some().then_some(p)
    }

    /// The seconds the turn clock gives the person to move now, if it runs.
    pub fn clock(&self) -> Option<u32> {
        let secs = self.settings.turn_clock?;
        let game = self.game_on()?;
        self.computer(game.to_move()).is_none().then_some(secs)
    }

    /// Refuses anyone but the host (`not_host`).
    fn only_host(&self, by: Option<Player>) -> Result<(), Refusal> {
        if by.is_none() || by != self.host_seat() {
            return Err(ErrorCode::NotHost.into());
        }
        Ok(())
    }

    /// The seat list to change, copied only now (it is shared otherwise).
    fn seats_mut(&mut self) -> &mut Vec<Seat> {
        Arc::make_mut(&mut self.seats)
    }
}

/// The refusal of a set-up that cannot be played.
fn bad_rules(e: impl std::fmt::Display) -> Refusal {
    Refusal::with(
        ErrorCode::BadRules,
        format!("These rules cannot be played: {e}"),
    )
}
