//! What a room shows: the room view and state sent to connections, the
//! presence, the details of the HTTP API, and its entry in the list of
//! open rooms. Nothing here changes the room.

use super::actor::RoomActor;
use chowka_protocol::messages::{BoardView, GameView, RoomStatus, RoomView, SeatView, ServerMsg};
use chowka_protocol::{Event, Player, Side};
use serde::Serialize;
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
}

/// A seat just taken.
#[derive(Clone, Debug, Serialize)]
pub struct SeatTaken {
    /// Room code.
    pub code: String,
    /// The seat.
    pub seat: u8,
    /// The seat token (only ever shown here).
    pub token: String,
    /// The room after taking the seat.
    pub room: RoomView,
}

/// A public lobby room in the list of open rooms.
#[derive(Clone, Debug, Serialize)]
pub struct Listing {
    /// Room code.
    pub code: String,
    /// Preset name.
    pub preset: &'static str,
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
    /// The first message a connection gets: its seat and the board.
    pub(super) fn welcome(&self, seat: Option<Player>) -> ServerMsg {
        ServerMsg::Welcome {
            seat,
            board: BoardView::new(&self.room.rules()),
        }
    }

    fn spectators(&self) -> u32 {
        self.conns.values().filter(|s| s.is_none()).count() as u32
    }

    /// The room as everyone sees it.
    pub(super) fn room_view(&self) -> RoomView {
        let r = &self.room;
        let sides = Side::seating(r.seats.len().clamp(2, 4));
        let seats = (r.seats.iter().enumerate())
            .map(|(i, s)| SeatView {
                name: s.taken().then(|| s.shown_name()),
                bot: s.bot.map(|l| l.name().to_string()),
                connected: self.connected(i),
                host: s.host,
                side: sides.get(i).copied().unwrap_or(Side::S),
                standin: self.stands_in(i),
            })
            .collect();
        RoomView {
            code: r.code.clone(),
            status: r.status,
            rules: r.rules(),
            seats,
            public: r.settings.public,
            turn_clock: r.settings.turn_clock,
            clock_ms: (self.timers.clock)
                .map(|t| t.saturating_duration_since(Instant::now()).as_millis() as u64),
            rematch: r.rematch.clone(),
            takeover: r.settings.takeover,
        }
    }

    /// The versioned state, with the events that led to it.
    pub(super) fn state(&self, events: Vec<Event>) -> ServerMsg {
        ServerMsg::State {
            version: self.room.version,
            room: self.room_view(),
            game: self.room.game.as_ref().map(GameView::new),
            events,
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
        }
    }

    /// Sends the state to everyone.
    pub(super) fn broadcast_state(&self, events: Vec<Event>) {
        self.out.to_all(&self.state(events));
    }

    /// Lists the room among the open rooms while it is public, in the
    /// lobby and has an empty seat; takes it off the list otherwise.
    pub(super) fn publish_listing(&self) {
        let r = &self.room;
        let open = r.seats.iter().any(|s| !s.taken());
        let listing = (r.settings.public && r.status == RoomStatus::Lobby && open).then(|| {
            let rules = r.rules();
            Listing {
                code: r.code.clone(),
                preset: rules.preset.name(),
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
        self.shared.registry.list(&r.code, listing);
    }
}
