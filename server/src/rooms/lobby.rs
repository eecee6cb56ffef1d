//! Running the table around the game: taking seats, computer seats, the
//! start, and the rematch. Each checks who asks and when, changes the
//! room, and saves through [`RoomActor::commit`].

use super::actor::{RoomActor, Write};
use super::history::opening;
use super::room::{Room, Seat};
use super::{CreateError, SeatTaken};
use crate::bots::Level;
use crate::error::{ErrorCode, Refusal};
use crate::ids;
use chowka_protocol::messages::RoomStatus;
use chowka_protocol::Player;
use std::collections::HashMap;
use tokio::time::Instant;

impl RoomActor {
    /// Refuses anyone but the host (`not_host`).
    pub(super) fn only_host(&self, by: Option<Player>) -> Result<(), Refusal> {
        if by.is_none() || by != self.room.host_seat() {
            return Err(ErrorCode::NotHost.into());
        }
        Ok(())
    }

    fn only_in_lobby(&self) -> Result<(), Refusal> {
        if self.room.status != RoomStatus::Lobby {
            return Err(ErrorCode::NotLobby.into());
        }
        Ok(())
    }

    /// A person takes a seat in the lobby (over HTTP).
    pub(super) async fn take_seat(
        &mut self,
        name: String,
        seat: Option<u8>,
    ) -> Result<SeatTaken, Refusal> {
        self.only_in_lobby()?;
        let seats = &self.room.seats;
        let seat = match seat {
            Some(s) if (s as usize) >= seats.len() => return Err(ErrorCode::BadSeat.into()),
            Some(s) if seats[s as usize].taken() => return Err(ErrorCode::SeatTaken.into()),
            Some(s) => s as usize,
            None => (seats.iter().position(|s| !s.taken())).ok_or(ErrorCode::RoomFull)?,
        };
        let token = ids::new_token();
        let before = self.room.snapshot();
        self.room.seats[seat] = Seat {
            name: Some(name),
            token_hash: Some(ids::hash_token(&token)),
            bot: None,
            host: false,
        };
        self.commit(before, Write::Room).await?;
        // Not connected yet: away from now on.
        self.mark_away(seat, Instant::now());
        self.broadcast_state(Vec::new());
        self.publish_listing();
        Ok(SeatTaken {
            code: self.room.code.clone(),
            seat: seat as u8,
            token,
            room: self.room_view(),
        })
    }

    /// The host starts the game with the seats taken.
    pub(super) async fn start(&mut self, by: Option<Player>) -> Result<(), Refusal> {
        self.only_host(by)?;
        self.only_in_lobby()?;
        let before = self.room.snapshot();
        let taken = self.room.begin()?;
        self.commit(before, Write::Room).await?;
        // Seats move down over the empty ones: so do their connections,
        // stand-ins and takeover counts.
        let new_seat: HashMap<usize, usize> = (taken.iter().enumerate())
            .map(|(new, &old)| (old, new))
            .collect();
        let n = self.room.seats.len();
        let old_takeover = std::mem::replace(&mut self.timers.takeover, vec![None; n]);
        for (&old, &new) in &new_seat {
            self.timers.takeover[new] = old_takeover.get(old).copied().flatten();
        }
        self.standin = vec![false; n];
        for seat in self.conns.values_mut() {
            *seat = seat.and_then(|s| new_seat.get(&(s as usize)).map(|&x| x as Player));
        }
        // Seats and the board may have changed: everyone is welcomed again.
        let conns: Vec<(u64, Option<Player>)> = self.conns.iter().map(|(&c, &s)| (c, s)).collect();
        for (conn, seat) in conns {
            self.out.to(conn, &self.welcome(seat));
        }
        tracing::info!(room = %self.room.code, players = n, "game started");
        self.publish_listing();
        self.schedule();
        let events = self.room.game.as_ref().map(opening).unwrap_or_default();
        self.history.events(&events);
        self.broadcast_state(events);
        self.out.to_all(&self.presence());
        Ok(())
    }

    /// The host puts a computer in an empty seat, or takes it away (`None`).
    pub(super) async fn set_bot(
        &mut self,
        by: Option<Player>,
        target: Player,
        level: Option<String>,
    ) -> Result<(), Refusal> {
        self.only_host(by)?;
        self.only_in_lobby()?;
        let level = match level.as_deref() {
            None => None,
            Some(l) => Some(
                l.parse::<Level>()
                    .map_err(|e| Refusal::with(ErrorCode::BadLevel, e))?,
            ),
        };
        let Some(seat) = self.room.seats.get(target as usize) else {
            return Err(ErrorCode::BadSeat.into());
        };
        if seat.host {
            return Err(Refusal::with(
                ErrorCode::BadSeat,
                "The host's seat cannot be a computer.",
            ));
        }
        if seat.person() {
            return Err(Refusal::with(
                ErrorCode::SeatTaken,
                "A person holds that seat.",
            ));
        }
        let before = self.room.snapshot();
        self.room.seats[target as usize].bot = level;
        self.commit(before, Write::Room).await?;
        self.publish_listing();
        self.broadcast_state(Vec::new());
        Ok(())
    }

    /// The host empties a seat in the lobby: a person's (not the host's
    /// own) or a computer's.
    pub(super) async fn remove(
        &mut self,
        by: Option<Player>,
        target: Player,
    ) -> Result<(), Refusal> {
        self.only_host(by)?;
        self.only_in_lobby()?;
        let Some(seat) = self.room.seats.get(target as usize) else {
            return Err(ErrorCode::BadSeat.into());
        };
        if seat.host {
            return Err(Refusal::with(
                ErrorCode::BadSeat,
                "The host's seat cannot be emptied.",
            ));
        }
        self.empty_seat(target).await
    }

    /// A person other than the host gives up their seat in the lobby.
    pub(super) async fn leave_seat(&mut self, by: Option<Player>) -> Result<(), Refusal> {
        let seat = by.ok_or(ErrorCode::NotSeated)?;
        self.only_in_lobby()?;
        if self.room.seats[seat as usize].host {
            return Err(Refusal::with(
                ErrorCode::BadSeat,
                "The host keeps their seat until the game starts.",
            ));
        }
        self.empty_seat(seat).await
    }

    /// Empties `target`: its token opens it no more, and its connections
    /// watch from now on.
    async fn empty_seat(&mut self, target: Player) -> Result<(), Refusal> {
        if !self.room.seats[target as usize].taken() {
            return Ok(());
        }
        let before = self.room.snapshot();
        self.room.seats[target as usize] = Seat::default();
        self.commit(before, Write::Room).await?;
        self.timers.takeover[target as usize] = None;
        let held: Vec<u64> = (self.conns.iter())
            .filter(|(_, &s)| s == Some(target))
            .map(|(&c, _)| c)
            .collect();
        for conn in held {
            self.conns.insert(conn, None);
            self.out.to(conn, &self.welcome(None));
        }
        tracing::info!(room = %self.room.code, seat = target, "seat emptied");
        self.publish_listing();
        self.broadcast_state(Vec::new());
        self.presence_changed();
        Ok(())
    }

    /// A seated player asks for a rematch: a new room with the same
    /// players, linked from this one.
    pub(super) async fn rematch(&mut self, conn: u64, seat: Option<Player>) -> Result<(), Refusal> {
        seat.ok_or(ErrorCode::NotSeated)?;
        if self.room.status != RoomStatus::Finished {
            return Err(ErrorCode::NotFinished.into());
        }
        if self.room.rematch.is_some() {
            self.out.to(conn, &self.state_for(seat, Vec::new()));
            return Ok(());
        }
        let mut setup = self.room.setup.clone();
        setup.position = None;
        // The same players, with the same seat tokens: each player's token
        // for this room also opens their seat in the rematch.
        let seats = self.room.seats.clone();
        let next = Room::new(ids::new_code(), setup, self.room.settings, seats);
        let code = next.code.clone();
        self.shared
            .registry
            .create(next)
            .await
            .map_err(|e| match e {
                CreateError::TooMany => Refusal::new(ErrorCode::TooManyRooms),
                CreateError::Store(e) => Refusal::store(e),
            })?;
        let before = self.room.snapshot();
        self.room.rematch = Some(code.clone());
        // If the link cannot be saved, the new room is left unlinked: a
        // lobby nobody is told of, given up with the other stale lobbies.
        self.commit(before, Write::Room).await?;
        tracing::info!(room = %self.room.code, rematch = %code, "rematch created");
        self.broadcast_state(Vec::new());
        Ok(())
    }
}
