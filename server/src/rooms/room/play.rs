//! The rules of the table during the game: a move (the engine decides),
//! and who plays a seat its person does not: a computer standing in for a
//! player away past the takeover time or handed the seat by the host, and
//! the server's own move when the turn clock runs out; and the threats to
//! a seat's pawns, which a player who cannot see the board asks for.

use super::change::{Effect, Next};
use super::{Play, Room, Stage};
use crate::error::{ErrorCode, Refusal};
use chowka_protocol::messages::{RoomStatus, ServerMsg};
use chowka_protocol::{Action, ActionRequest, Player, RecordedAction, ThrowSource};

impl Room {
    /// Checks a player's action before it is played: the connection holds
    /// a seat, the game is on, and the player acted on the version shown.
    pub fn check_act(
        &self,
        by: Option<Player>,
        version: u64,
        action: &ActionRequest,
    ) -> Result<(Player, Action), Refusal> {
        let seat = by.ok_or(ErrorCode::NotSeated)?;
        match self.status() {
            RoomStatus::Playing => {}
            RoomStatus::Finished => {
                return Err(ErrorCode::Rule(chowka_protocol::Code::GameOver).into())
            }
            RoomStatus::Lobby => return Err(ErrorCode::NotPlaying.into()),
        }
        if version != self.version {
            return Err(Refusal::with(
                ErrorCode::StaleVersion,
                format!(
                    "The game has moved on (you acted on version {version}, it is now {}): look again.",
                    self.version
                ),
            ));
        }
        // A game over days: the turn whose clock ran out is the
        // computer's to end, so that a late move cannot undo the rule.
        if self.days() && self.autoplay == Some(seat) {
            return Err(ErrorCode::ClockRanOut.into());
        }
        Ok((seat, action.parse(self.rules.pawns)?))
    }

    /// Plays `action` for seat `by`; `person` when its player acts (the
    /// seat is theirs again, whether the clock ran out or a computer stood
    /// in). A throw is the next of the game's fair stream, or from
    /// `throws` for a game started before throws were fair. `at` is the
    /// wall-clock time recorded with the action (ms since the epoch).
    pub fn play(
        &self,
        by: Player,
        action: Action,
        person: bool,
        throws: &mut impl ThrowSource,
        at: i64,
    ) -> Result<Next, Refusal> {
        if !matches!(self.stage, Stage::Playing(_)) {
            return Err(ErrorCode::NotPlaying.into());
        }
        let mut next = self.bumped();
        if person {
            next.release(by);
            next.end_hold(by);
        }
        // A computer acting for a person's seat, in the open: the record
        // and everyone's log say so (a computer player's own seat is not).
        let stand_in = !person && self.seats.get(by as usize).is_some_and(|s| s.person());
        let Stage::Playing(Play {
            game,
            fair,
            throws: thrown,
        }) = &mut next.stage
        else {
            return Err(ErrorCode::NotPlaying.into());
        };
        // A refused action leaves the game as it was (the engine's promise),
        // and `self` was not touched anyway.
        let events = match fair {
            Some(fair) => game.play(by, action, &mut fair.throws(*thrown))?,
            None => game.play(by, action, throws)?,
        };
        if action == Action::Throw {
            *thrown += 1;
        }
        let mut recorded = RecordedAction::played(by, action, &events);
        recorded.at = Some(at);
        recorded.stand_in = stand_in;
        let over = game.is_over();
        next.computer_turns.note(by, stand_in, &events, over);
        let mut effects = vec![Effect::Append(recorded)];
        // The clock's move is over once the turn passes on.
        let to_move = game.to_move();
        if next.autoplay.is_some_and(|p| p != to_move) {
            next.autoplay = None;
        }
        next.clock_after(by, person, to_move, at);
        if let Stage::Playing(p) = &next.stage {
            if p.game.is_over() {
                next.stage = Stage::Finished {
                    play: p.clone(),
                    archived: false,
                };
                next.autoplay = None;
                effects.push(Effect::Archive);
            }
        }
        effects.push(Effect::State(events));
        Ok((next, effects))
    }

    /// The answer to `threats`: which of a seat's pawns each opponent
    /// could hit with one throw if that opponent's turn began now (the
    /// engine decides, [`chowka_protocol::Game::threats`]). Whose pawns:
    /// the asker's own seat unless `seat` names one; a spectator must name
    /// one. Reads the room and changes nothing; a finished game has none.
    pub fn threats(&self, by: Option<Player>, seat: Option<Player>) -> Result<ServerMsg, Refusal> {
        let Some(game) = self.game() else {
            return Err(ErrorCode::NotPlaying.into());
        };
        let players = game.rules().players;
        let Some(seat) = seat.or(by) else {
            return Err(Refusal::with(
                ErrorCode::BadRequest,
                "Say whose pawns: add a seat to the request.",
            ));
        };
        if seat >= players {
            return Err(Refusal::with(
                ErrorCode::BadRequest,
                format!("There is no seat {seat}: seats are 0 to {}.", players - 1),
            ));
        }
        Ok(ServerMsg::Threats {
            version: self.version,
            seat,
            threats: game.threats(seat),
        })
    }

    /// Stops the server playing `seat` for its person (stand-in or a turn
    /// whose clock ran out); whether it was.
    pub(super) fn release(&mut self, seat: Player) -> bool {
        let standin = self.stood_in(seat as usize);
        if standin {
            self.standins &= !(1 << seat);
        }
        let autoplay = self.autoplay == Some(seat);
        if autoplay {
            self.autoplay = None;
        }
        standin || autoplay
    }

    /// A player takes their seat back from the computer playing it; no
    /// change if none does.
    pub(super) fn take_back(&self, seat: Player) -> Next {
        let mut next = self.bumped();
        // Both, whichever there is: `||` would skip the hold.
        if !(next.release(seat) | next.end_hold(seat)) {
            return self.unchanged();
        }
        (next, vec![Effect::SaveRoom, Effect::State(Vec::new())])
    }

    /// A seat's person came back: the computer standing in for them stops
    /// and their hold ends (a turn whose clock ran out stays the server's
    /// to end).
    pub(super) fn returned(&self, seat: Player) -> Next {
        if !self.covered(seat as usize) {
            return self.unchanged();
        }
        let mut next = self.bumped();
        next.standins &= !(1 << seat);
        next.end_hold(seat);
        (next, vec![Effect::SaveRoom, Effect::State(Vec::new())])
    }

    /// The host hands another person's seat to a computer during the
    /// game, so that nobody waits for a player who is away or not
    /// playing. The computer plays until the player takes the seat back
    /// (asking, coming back, or acting).
    pub(super) fn stand_in(&self, by: Option<Player>, target: Player) -> Result<Next, Refusal> {
        self.only_host(by)?;
        if self.status() != RoomStatus::Playing {
            return Err(ErrorCode::NotPlaying.into());
        }
        self.no_stand_in_over_days()?;
        let Some(seat) = self.seats.get(target as usize) else {
            return Err(ErrorCode::BadSeat.into());
        };
        if !seat.person() {
            return Err(Refusal::with(
                ErrorCode::BadSeat,
                "A computer already plays that seat.",
            ));
        }
        if by == Some(target) {
            return Err(Refusal::with(
                ErrorCode::BadSeat,
                "That is your own seat: play it yourself.",
            ));
        }
        if self.stands_in(target as usize) {
            return Ok(self.unchanged());
        }
        let mut next = self.bumped();
        next.standins |= 1 << target;
        let effects = vec![
            Effect::SaveRoom,
            Effect::HandedOver(target),
            Effect::State(Vec::new()),
        ];
        Ok((next, effects))
    }

    /// Refuses handing a person's seat to a computer in a game over days,
    /// where one plays for them only when their clock runs out.
    pub(super) fn no_stand_in_over_days(&self) -> Result<(), Refusal> {
        if self.days() {
            return Err(Refusal::with(
                ErrorCode::BadRequest,
                "In a game over days, a computer plays for a person only when their clock runs out.",
            ));
        }
        Ok(())
    }

    /// A seat's person has been away for the takeover time: a computer
    /// stands in while the game is on.
    pub(super) fn takeover(&self, seat: Player) -> Next {
        let person = self.seats.get(seat as usize).is_some_and(|s| s.person());
        if self.game_on().is_none() || !person || seat >= 8 || self.days() {
            return self.unchanged();
        }
        let mut next = self.bumped();
        next.standins |= 1 << seat;
        (next, vec![Effect::SaveRoom, Effect::State(Vec::new())])
    }

    /// The turn clock ran out: the server plays for the seat to move until
    /// its turn ends. In a game over days, only a person's clock that has
    /// run out by `now` (a room woken early finds nothing due).
    pub(super) fn clock_out(&self, now: i64) -> Next {
        let Some(seat) = self.game_on().map(|g| g.to_move()) else {
            return self.unchanged();
        };
        if self.days() && self.due_at(now).is_none_or(|due| due > now) {
            return self.unchanged();
        }
        let mut next = self.bumped();
        next.autoplay = Some(seat);
        let effects = vec![
            Effect::SaveRoom,
            Effect::ClockOut(seat),
            Effect::State(Vec::new()),
        ];
        (next, effects)
    }
}
