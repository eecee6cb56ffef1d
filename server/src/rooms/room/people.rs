//! A player's changes that reach every room of theirs (docs/protocol.md,
//! "Players"): a new name shows on their seat; a forgotten identity
//! leaves the seat without a name (the client shows "Player N") and
//! without its player hash, so that the secret opens it no more.

use super::change::{Change, Effect, Next};
use super::{Room, Stage};
use serde::{Deserialize, Serialize};

/// A player's change, as it is asked of a room (here, or over the relay).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerChange {
    /// The player renamed themselves.
    Rename {
        /// The player hash.
        player: String,
        /// The new name, already checked.
        name: String,
    },
    /// The player forgot their identity.
    Forget {
        /// The player hash.
        player: String,
    },
}

impl From<PlayerChange> for Change {
    fn from(c: PlayerChange) -> Change {
        match c {
            PlayerChange::Rename { player, name } => Change::Rename { player, name },
            PlayerChange::Forget { player } => Change::Forget { player },
        }
    }
}

impl Room {
    /// The player's seat shows `name`. A finished game keeps the names it
    /// was played under (its archive does too).
    pub(super) fn rename(&self, player: &str, name: String) -> Next {
        let Some(seat) = self.seat_of_player(player) else {
            return self.unchanged();
        };
        let shown = &self.seats[seat as usize].name;
        if matches!(self.stage, Stage::Finished { .. }) || shown.as_deref() == Some(&name) {
            return self.unchanged();
        }
        let mut next = self.bumped();
        next.seats_mut()[seat as usize].name = Some(name);
        let effects = vec![Effect::SaveRoom, Effect::Listing, Effect::State(Vec::new())];
        (next, effects)
    }

    /// The player's seat loses its name and player hash, in every stage:
    /// the room's row is data about them too, as are their chat lines in
    /// the room's recent past ([`Effect::Forgotten`]). The seat token
    /// still opens the seat (it names nobody).
    pub(super) fn forget(&self, player: &str) -> Next {
        let Some(seat) = self.seat_of_player(player) else {
            return self.unchanged();
        };
        let mut next = self.bumped();
        let s = &mut next.seats_mut()[seat as usize];
        s.name = None;
        s.player = None;
        let effects = vec![
            Effect::SaveRoom,
            Effect::Forgotten(seat),
            Effect::Listing,
            Effect::State(Vec::new()),
        ];
        (next, effects)
    }
}
