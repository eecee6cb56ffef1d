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

use super::actor::RoomActor;
use crate::error::{ErrorCode, Refusal};
use chowka_protocol::messages::{FairView, RoomStatus};
use chowka_protocol::{Bytes32, Player};

/// The refusal of a seed that comes too late or twice: it changes nothing,
/// and the client need not tell its player.
fn closed(why: &'static str) -> Refusal {
    Refusal::with(ErrorCode::SeedClosed, why)
}

impl RoomActor {
    /// Takes a seated player's client seed: once per seat, while the game
    /// is on and before its first throw (after it the key is fixed).
    pub(super) async fn seed(&mut self, by: Option<Player>, seed: Bytes32) -> Result<(), Refusal> {
        let seat = by.ok_or(ErrorCode::NotSeated)? as usize;
        match self.room.status {
            RoomStatus::Lobby => return Err(ErrorCode::NotPlaying.into()),
            RoomStatus::Finished => return Err(closed("The game is over: no seed is taken now.")),
            RoomStatus::Playing => {}
        }
        if !self.room.seeds_open() {
            return Err(closed(
                "The first throw is made: the throws are fixed and no seed is taken now.",
            ));
        }
        let taken = (self.room.fair.as_ref()).and_then(|f| f.client_seeds.get(seat));
        match taken {
            None => return Err(closed("This seat gives no seed.")),
            Some(Some(_)) => return Err(closed("Your seed is in already.")),
            Some(None) => {}
        }
        self.set_seed(seat, Some(seed));
        self.save_seed(seat, seed).await
    }

    fn set_seed(&mut self, seat: usize, seed: Option<Bytes32>) {
        if let Some(fair) = self.room.fair.as_mut() {
            fair.client_seeds[seat] = seed;
        }
    }

    /// Saves the room's row with a new client seed, or takes the seed out
    /// again if the store refuses. A failed write may still have gone in
    /// (its reply lost): the stored row tells, as in `commit`; if it cannot
    /// tell, the room reloads from the store, which holds the truth.
    async fn save_seed(&mut self, seat: usize, seed: Bytes32) -> Result<(), Refusal> {
        let row = match self.room.row() {
            Ok(row) => row,
            Err(e) => {
                self.set_seed(seat, None);
                return Err(Refusal::store(e));
            }
        };
        let store = self.shared.store.clone();
        let Err(e) = store.save_room(&row, self.room.epoch).await else {
            tracing::debug!(room = %self.room.code, seat, "client seed in");
            return Ok(());
        };
        let stored = store.peek_room(&self.room.code).await;
        self.set_seed(seat, None);
        // The row was written as JSON just above, with one seed more.
        let without = self.room.row().ok().and_then(|r| r.fair);
        match stored {
            Ok(Some(s)) if s.row.fair == row.fair => {
                self.set_seed(seat, Some(seed));
                Ok(())
            }
            Ok(Some(s)) if s.row.fair == without => {
                tracing::error!(room = %self.room.code, "cannot save a client seed: {e}");
                Err(ErrorCode::StoreUnavailable.into())
            }
            other => {
                let why = match other {
                    Err(again) => again.to_string(),
                    Ok(_) => "another fair section is stored".into(),
                };
                self.reload(&why);
                Err(ErrorCode::StoreUnavailable.into())
            }
        }
    }

    /// The room's fair throws as everyone may see them: the server seed
    /// only once the game is over.
    pub(super) fn fair_view(&self) -> Option<FairView> {
        let fair = self.room.fair.as_ref()?;
        let over = self.room.game.as_ref().is_some_and(|g| g.is_over());
        Some(FairView {
            scheme: fair.scheme.clone(),
            commitment: fair.commitment,
            seeded: fair.client_seeds.iter().map(Option::is_some).collect(),
            open: self.room.seeds_open(),
            server_seed: over.then_some(fair.server_seed),
        })
    }
}
