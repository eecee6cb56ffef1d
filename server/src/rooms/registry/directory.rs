//! What the registry needs of the other nodes, as a trait, so that
//! `rooms` never imports `cluster` (which builds on `rooms`): the name its
//! leases are taken under, what to do when a room starts or comes back
//! here, and the rooms the other nodes list. `cluster::Cluster`
//! implements it, for a node alone as for one of several.

use super::super::stub::RoomStub;
use super::super::views::Listing;
use crate::ids::RoomCode;
use futures_util::future::BoxFuture;
use std::sync::Arc;

/// This node among the others, as the registry sees it.
pub trait Directory: Send + Sync {
    /// This node's name: the owner of the leases it takes.
    fn node(&self) -> &str;
    /// How long a lease lasts unless renewed, in ms.
    fn lease_ms(&self) -> i64;
    /// A room task started here: answer for it to the other nodes while
    /// it runs.
    fn started(self: Arc<Self>, code: RoomCode, stub: RoomStub);
    /// A room was just brought back here from the store: connections
    /// relayed to where it ran before let go.
    fn moved(&self, code: RoomCode) -> BoxFuture<'_, ()>;
    /// The other live nodes' public rooms in the lobby.
    fn listings_elsewhere(&self) -> Vec<Listing>;
    /// Counts a room stopped here because its lease was lost.
    fn lease_lost(&self);
    /// Counts a room taken over from a lost node.
    fn taken_over(&self);
}
