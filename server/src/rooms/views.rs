//! What a room shows: the room view and state sent to connections, the
//! presence, the details of the HTTP API, and its entry in the list of
//! open rooms. Nothing here changes the room.
//!
//! Who looks matters in one place: the code of a rematch room is shown to
//! the seated players only. Anyone with a room's code may watch it, so a
//! private room's rematch code in a spectator's view (or in the HTTP
//! details, which anyone may read) would hand a stranger the way into the
//! next game. `RoomActor::room_view` and `RoomActor::state` are what
//! anyone may see; the `_for` variants add what a seat may.

use super::actor::RoomActor;
use super::room::{Room, VACATION_MS};
use crate::ids::RoomCode;
use crate::invite::Language;
use chowka_protocol::messages::{BoardView, GameView, RoomStatus, RoomView, SeatView, ServerMsg};
use chowka_protocol::{Event, Player, Side};
use serde::{Deserialize, Serialize};
use tokio::time::Instant;

/// Room details for the HTTP API.
#[derive(Clone, Debug, Serialize)]
pub struct Details {
    /// The state version.
    pub version: u64,
    /// The room.
    pub room: RoomView,
    /// Number of spectators connected.
    pub spectators: u32,
    /// The language of the page that made the room (`en`, `kn`, `hi`,
    /// `mr`, `ta` or `te`): the room link's preview speaks it.
    pub language: Language,
}

impl Details {
    /// The details of a room with no task, from the store: nobody is
    /// connected, no clock runs, nobody watches.
    pub fn stored(room: &Room, now: i64) -> Details {
        Details {
            version: room.version,
            room: view_of(room, |_| false, |_| false, None, now),
            spectators: 0,
            language: room.settings.language,
        }
    }
}

/// The room view anyone may see (no rematch code), with who is connected,
/// who has a stand-in, and the time left on the clock; a game over days
/// as it stands at `now` (ms since the epoch).
fn view_of(
    r: &Room,
    connected: impl Fn(usize) -> bool,
    standin: impl Fn(usize) -> bool,
    clock_ms: Option<u64>,
    now: i64,
) -> RoomView {
    let sides = Side::seating(r.seats.len().clamp(2, 4));
    let clock = r.clock.as_ref();
    let days = r.days();
    let seats = (r.seats.iter().enumerate())
        .map(|(i, s)| SeatView {
            // A forgotten player's seat has no name: null, never "".
            name: s.taken().then(|| s.shown_name()).filter(|n| !n.is_empty()),
            bot: s.bot.map(|l| l.name().to_string()),
            connected: connected(i),
            host: s.host,
            side: sides.get(i).copied().unwrap_or(Side::S),
            standin: standin(i),
            computer_turns: r.computer_turns.of(i),
            back_by: r.back_by(i, now),
            vacation_until: clock.and_then(|c| c.vacation_until(i as Player, now)),
            vacation_left_ms: match clock {
                Some(c) => c.vacation_left(i as Player),
                None => days.then_some(VACATION_MS),
            },
        })
        .collect();
    RoomView {
        code: r.code.to_string(),
        status: r.status(),
        rules: r.rules(),
        seats,
        public: r.settings.public,
        turn_clock: r.settings.turn_clock,
        clock_ms,
        rematch: None,
        takeover: r.settings.takeover,
        pace: r.settings.pace,
        turn_hours: r.settings.turn_hours.filter(|_| days),
        due_at: r.due_at(now),
        hints: !r.settings.no_hints,
    }
}

/// A seat just taken.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SeatTaken {
    /// Room code.
    pub code: RoomCode,
    /// The seat.
    pub seat: u8,
    /// The seat token (only ever shown here).
    pub token: String,
    /// The room after taking the seat.
    pub room: RoomView,
}

/// A public lobby room in the list of open rooms.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Listing {
    /// Room code.
    pub code: RoomCode,
    /// Preset name.
    pub preset: String,
    /// Board size.
    pub board: u8,
    /// Number of seats.
    pub players: u8,
    /// Seats taken.
    pub taken: u8,
    /// The host's name.
    pub host: String,
    /// Seconds per turn, if clocked.
    pub turn_clock: Option<u32>,
    /// Creation time, ms since the epoch.
    pub created_at: i64,
}

impl RoomActor {
    /// The first message a connection gets: its seat, the board, and the
    /// room's recent past.
    pub(super) fn welcome(&self, seat: Option<Player>) -> ServerMsg {
        ServerMsg::Welcome {
            seat,
            board: BoardView::new(&self.room.rules()),
            history: self.history.items(),
        }
    }

    fn spectators(&self) -> u32 {
        self.conns.values().filter(|s| s.is_none()).count() as u32
    }

    /// The room as anyone may see it: no rematch code.
    pub(super) fn room_view(&self) -> RoomView {
        self.room_view_for(None)
    }

    /// The room as `seat` sees it (`None`: a spectator); only a seat sees
    /// the rematch code.
    pub(super) fn room_view_for(&self, seat: Option<Player>) -> RoomView {
        // The live turn clock; a game over days shows its `due_at`.
        let clock_ms = (self.timers.clock)
            .filter(|_| !self.room.days())
            .map(|t| t.saturating_duration_since(Instant::now()).as_millis() as u64);
        let mut view = view_of(
            &self.room,
            |i| self.connected(i),
            |i| self.room.stands_in(i),
            clock_ms,
            self.wall_ms(),
        );
        if seat.is_some() {
            view.rematch = self.room.rematch.map(|c| c.to_string());
        }
        view
    }

    /// The versioned state as `seat` sees it (`None`: a spectator), with
    /// the events that led to it and the seat a computer played them for.
    pub(super) fn state_for(
        &self,
        seat: Option<Player>,
        events: Vec<Event>,
        stand_in: Option<Player>,
    ) -> ServerMsg {
        ServerMsg::State {
            version: self.room.version,
            room: self.room_view_for(seat),
            game: self.room.game().map(GameView::new),
            events,
            stand_in,
            fair: self.room.fair_view(),
        }
    }

    /// Who is connected.
    pub(super) fn presence(&self) -> ServerMsg {
        ServerMsg::Presence {
            connected: (0..self.room.seats.len())
                .map(|i| self.connected(i))
                .collect(),
            spectators: self.spectators(),
        }
    }

    /// The details the HTTP API shows.
    pub(super) fn details(&self) -> Details {
        Details {
            version: self.room.version,
            room: self.room_view(),
            spectators: self.spectators(),
            language: self.room.settings.language,
        }
    }

    /// Sends the state to everyone: one message for all, or, once there
    /// is a rematch code that only seats may see, one for each connection.
    pub(super) fn broadcast_state(&self, events: Vec<Event>, stand_in: Option<Player>) {
        if self.room.rematch.is_none() {
            self.out.to_all(&self.state_for(None, events, stand_in));
            return;
        }
        for (&conn, &seat) in &self.conns {
            (self.out).to(conn, &self.state_for(seat, events.clone(), stand_in));
        }
    }

    /// Lists the room among the open rooms while it is public, in the
    /// lobby and has an empty seat; takes it off the list otherwise.
    pub(super) fn publish_listing(&self) {
        let r = &self.room;
        let open = r.seats.iter().any(|s| !s.taken());
        let listing = (r.settings.public && r.status() == RoomStatus::Lobby && open).then(|| {
            let rules = r.rules();
            Listing {
                code: r.code,
                preset: rules.preset.name().into(),
                board: rules.board,
                players: r.seats.len() as u8,
                taken: r.seats.iter().filter(|s| s.taken()).count() as u8,
                host: (r.seats.iter().find(|s| s.host))
                    .map(|s| s.shown_name())
                    .unwrap_or_default(),
                turn_clock: r.settings.turn_clock,
                created_at: r.created_at,
            }
        });
        self.shared.registry.list(r.code, listing);
    }
}
