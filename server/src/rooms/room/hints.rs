//! Hints at the table: the host's switch (`set_hints`), and who may ask.
//! The hint itself is the bots' (`chowka_bots::hint`), computed by the
//! actor off the async threads; the room only says whether it may be.

use super::change::{Effect, Next};
use super::Room;
use crate::error::{ErrorCode, Refusal};
use chowka_protocol::messages::RoomStatus;
use chowka_protocol::{Game, Player};

impl Room {
    /// The host turns hints on or off for everyone, in the lobby or during
    /// the game (a table that plays for keeps turns them off).
    pub(super) fn set_hints(&self, by: Option<Player>, on: bool) -> Result<Next, Refusal> {
        self.only_host(by)?;
        if self.status() == RoomStatus::Finished {
            return Err(ErrorCode::Rule(chowka_protocol::Code::GameOver).into());
        }
        if self.settings.no_hints != on {
            return Ok(self.unchanged());
        }
        let mut next = self.bumped();
        next.settings.no_hints = !on;
        Ok((next, vec![Effect::SaveRoom, Effect::State(Vec::new())]))
    }

    /// The game a hint for `by` is read from: only the player to move may
    /// ask, in their own turn, so that nobody learns another's hint; never
    /// where the host turned hints off.
    pub fn hint_game(&self, by: Option<Player>) -> Result<&Game, Refusal> {
        let by = by.ok_or(ErrorCode::NotSeated)?;
        let game = self.game_on().ok_or(ErrorCode::NotPlaying)?;
        if self.settings.no_hints {
            return Err(Refusal::with(
                ErrorCode::BadRequest,
                "The host has turned hints off at this table.",
            ));
        }
        if game.to_move() != by {
            return Err(ErrorCode::Rule(chowka_protocol::Code::NotYourTurn).into());
        }
        Ok(game)
    }
}
