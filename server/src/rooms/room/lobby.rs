//! The rules of the table before and after the game: taking and leaving
//! seats, computer seats, the start, and the rematch room. Each checks who
//! asks and when, and gives the next room; nothing here does any IO.

use super::super::history::opening;
use super::change::{Effect, Next};
use super::{bad_rules, DaysClock, Play, Room, Seat, Stage};
use crate::bots::Level;
use crate::error::{ErrorCode, Refusal};
use crate::ids::RoomCode;
use chowka_protocol::messages::RoomStatus;
use chowka_protocol::{Bytes32, Fair, Player};
use std::sync::Arc;

impl Room {
    fn only_in_lobby(&self) -> Result<(), Refusal> {
        if self.stage != Stage::Lobby {
            return Err(ErrorCode::NotLobby.into());
        }
        Ok(())
    }

    /// A person takes a seat in the lobby: `seat`, or the lowest empty one.
    pub(super) fn take_seat(
        &self,
        name: String,
        seat: Option<u8>,
        token_hash: String,
        player: Option<String>,
    ) -> Result<Next, Refusal> {
        self.only_in_lobby()?;
        let seats = &self.seats;
        let seat = match seat {
            Some(s) if (s as usize) >= seats.len() => return Err(ErrorCode::BadSeat.into()),
            Some(s) if seats[s as usize].taken() => return Err(ErrorCode::SeatTaken.into()),
            Some(s) => s as usize,
            None => (seats.iter().position(|s| !s.taken())).ok_or(ErrorCode::RoomFull)?,
        };
        let mut next = self.bumped();
        next.seats_mut()[seat] = Seat {
            name: Some(name),
            token_hash: Some(token_hash),
            bot: None,
            host: false,
            player,
        };
        let effects = vec![
            Effect::SaveRoom,
            Effect::Seated(seat as Player),
            Effect::State(Vec::new()),
            Effect::Listing,
        ];
        Ok((next, effects))
    }

    /// The host starts the game with the seats taken.
    pub(super) fn start(
        &self,
        by: Option<Player>,
        server_seed: Bytes32,
        now: i64,
    ) -> Result<Next, Refusal> {
        self.only_host(by)?;
        self.only_in_lobby()?;
        let mut next = self.bumped();
        let taken = next.begin(server_seed, now)?;
        let events = next.game().map(opening).unwrap_or_default();
        let effects = vec![
            Effect::SaveRoom,
            Effect::Reseated(taken),
            Effect::Listing,
            Effect::State(events),
            Effect::Presence,
        ];
        Ok((next, effects))
    }

    /// Starts the game with the seats taken, in seat order: empty seats
    /// are dropped, and at least two must be taken. Gives the old seat of
    /// each new one. `server_seed` is the server's seed of the fair throws
    /// (drawn by the caller: the core does no IO), committed to now and
    /// revealed at the end. A game over days starts its clock at `now`.
    pub fn begin(&mut self, server_seed: Bytes32, now: i64) -> Result<Vec<usize>, Refusal> {
        let taken: Vec<usize> = (0..self.seats.len())
            .filter(|&i| self.seats[i].taken())
            .collect();
        if taken.len() < 2 {
            return Err(ErrorCode::NotEnoughPlayers.into());
        }
        let mut setup = (*self.setup).clone();
        setup.options.players = Some(taken.len() as u8);
        let game = setup.game().map_err(bad_rules)?;
        self.seats = Arc::new(taken.iter().map(|&i| self.seats[i].clone()).collect());
        self.setup = Arc::new(setup);
        self.rules = *game.rules();
        let fair = Fair::new(server_seed, taken.len());
        self.clock = (self.days()).then(|| DaysClock::new(taken.len(), game.to_move(), now));
        self.stage = Stage::Playing(Play {
            game,
            fair: Some(Arc::new(fair)),
            throws: 0,
        });
        self.standins = 0;
        self.autoplay = None;
        Ok(taken)
    }

    /// The host puts a computer in an empty seat, or takes it away (`None`).
    pub(super) fn set_bot(
        &self,
        by: Option<Player>,
        target: Player,
        level: Option<Level>,
    ) -> Result<Next, Refusal> {
        self.only_host(by)?;
        self.only_in_lobby()?;
        let Some(seat) = self.seats.get(target as usize) else {
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
        let mut next = self.bumped();
        next.seats_mut()[target as usize].bot = level;
        Ok((
            next,
            vec![Effect::SaveRoom, Effect::Listing, Effect::State(Vec::new())],
        ))
    }

    /// The host empties a seat in the lobby: a person's (not the host's
    /// own) or a computer's.
    pub(super) fn remove(&self, by: Option<Player>, target: Player) -> Result<Next, Refusal> {
        self.only_host(by)?;
        self.only_in_lobby()?;
        let Some(seat) = self.seats.get(target as usize) else {
            return Err(ErrorCode::BadSeat.into());
        };
        if seat.host {
            return Err(Refusal::with(
                ErrorCode::BadSeat,
                "The host's seat cannot be emptied.",
            ));
        }
        Ok(self.empty_seat(target))
    }

    /// A person other than the host gives up their seat in the lobby.
    pub(super) fn leave_seat(&self, by: Option<Player>) -> Result<Next, Refusal> {
        let seat = by.ok_or(ErrorCode::NotSeated)?;
        self.only_in_lobby()?;
        if self.seats[seat as usize].host {
            return Err(Refusal::with(
                ErrorCode::BadSeat,
                "The host keeps their seat until the game starts.",
            ));
        }
        Ok(self.empty_seat(seat))
    }

    /// Empties `target`: its token opens it no more, and its connections
    /// watch from now on. An empty seat stays as it is.
    fn empty_seat(&self, target: Player) -> Next {
        if !self.seats[target as usize].taken() {
            return self.unchanged();
        }
        let mut next = self.bumped();
        next.seats_mut()[target as usize] = Seat::default();
        let effects = vec![
            Effect::SaveRoom,
            Effect::Emptied(target),
            Effect::Listing,
            Effect::State(Vec::new()),
        ];
        (next, effects)
    }

    /// The rematch room a seated player asks for once the game is over:
    /// the same set-up from the start, the same players with the same seat
    /// tokens (each player's token opens their seat there too). `None`
    /// when the rematch exists already.
    pub fn rematch_room(
        &self,
        by: Option<Player>,
        code: RoomCode,
    ) -> Result<Option<Room>, Refusal> {
        by.ok_or(ErrorCode::NotSeated)?;
        if self.status() != RoomStatus::Finished {
            return Err(ErrorCode::NotFinished.into());
        }
        if self.rematch.is_some() {
            return Ok(None);
        }
        let mut setup = (*self.setup).clone();
        setup.position = None;
        let seats = (*self.seats).clone();
        Room::new(code, setup, self.settings, seats).map(Some)
    }
}
