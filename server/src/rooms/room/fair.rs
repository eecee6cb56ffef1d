//! Provably fair throws in a room (docs/record.md, "Fair throws"): the
//! server's seed is drawn when the game starts (`Room::begin`), each seated
//! player's client adds a seed of its own before the first throw, and the
//! room shows only the commitment until the game is over.
//!
//! A seed changes no state version. It is not part of the game anyone
//! plays on, and a version bump at the start of every game would make the
//! first action of a player who acted on the start's version stale. It is
//! saved with the room's row all the same before it counts, so that a room
//! restored after a crash derives the same throws.

use super::change::{Effect, Next};
use super::{Room, Stage};
use crate::error::{ErrorCode, Refusal};
use chowka_protocol::messages::FairView;
use chowka_protocol::{Bytes32, Player};
use std::sync::Arc;

/// The refusal of a seed that comes too late or twice: it changes nothing,
/// and the client need not tell its player.
fn closed(why: &'static str) -> Refusal {
    Refusal::with(ErrorCode::SeedClosed, why)
}

impl Room {
    /// Whether the game takes client seeds now: it is on, its throws are
    /// fair, and the first throw is not made (after it the key is fixed).
    pub fn seeds_open(&self) -> bool {
        matches!(&self.stage, Stage::Playing(p) if p.fair.is_some() && p.throws == 0)
    }

    /// Takes a seated player's client seed: once per seat, while the game
    /// is on and before its first throw. Saved with the row, at the same
    /// version.
    pub(super) fn seed(&self, by: Option<Player>, seed: Bytes32) -> Result<Next, Refusal> {
        let seat = by.ok_or(ErrorCode::NotSeated)? as usize;
        match self.stage {
            Stage::Lobby => return Err(ErrorCode::NotPlaying.into()),
            Stage::Finished { .. } => {
                return Err(closed("The game is over: no seed is taken now."))
            }
            Stage::Playing(_) => {}
        }
        if !self.seeds_open() {
            return Err(closed(
                "The first throw is made: the throws are fixed and no seed is taken now.",
            ));
        }
        let mut next = self.clone();
        let Stage::Playing(play) = &mut next.stage else {
            return Err(ErrorCode::NotPlaying.into());
        };
        let Some(fair) = play.fair.as_mut() else {
            return Err(closed("This seat gives no seed."));
        };
        match fair.client_seeds.get(seat) {
            None => return Err(closed("This seat gives no seed.")),
            Some(Some(_)) => return Err(closed("Your seed is in already.")),
            Some(None) => {}
        }
        Arc::make_mut(fair).client_seeds[seat] = Some(seed);
        Ok((next, vec![Effect::SaveRoom]))
    }

    /// The room's fair throws as everyone may see them: the server seed
    /// only once the game is over.
    pub fn fair_view(&self) -> Option<FairView> {
        let play = self.played()?;
        let fair = play.fair.as_ref()?;
        let over = play.game.is_over();
        Some(FairView {
            scheme: fair.scheme.clone(),
            commitment: fair.commitment,
            seeded: fair.client_seeds.iter().map(Option::is_some).collect(),
            open: self.seeds_open(),
            server_seed: over.then_some(fair.server_seed),
        })
    }
}
