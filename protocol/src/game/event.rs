//! What playing an action reports, in order.

use crate::action::{PawnSet, Player};
use serde::{Deserialize, Serialize};

/// What happened while playing an action, in order (for animation, logs and records).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The cowries showed `value` (R5).
    Thrown {
        /// Thrower.
        player: Player,
        /// Value shown.
        value: u8,
    },
    /// A pending throw was forgone (R11).
    Skipped {
        /// Player.
        player: Player,
    },
    /// Waiting pawns entered on the home square (R7).
    Entered {
        /// Player.
        player: Player,
        /// Pawns entered.
        pawns: PawnSet,
        /// Value spent.
        value: u8,
    },
    /// A pawn or a pair walked along its path (R8, R13).
    Walked {
        /// Player.
        player: Player,
        /// Pawns moved (one, or a pair).
        pawns: PawnSet,
        /// Value spent.
        value: u8,
        /// Path position before.
        from: u8,
        /// Path position after.
        to: u8,
    },
    /// A loose pair became a committed pair (R13).
    PairCommitted {
        /// Player.
        player: Player,
        /// The two pawns.
        pawns: PawnSet,
    },
    /// Pawns of `victim` were sent home (R10, R13).
    Hit {
        /// Hitter.
        player: Player,
        /// The player hit.
        victim: Player,
        /// The victim's pawns sent home.
        pawns: PawnSet,
    },
    /// A third grace in a row: the rest of the turn is lost (R11).
    GracePenalty {
        /// Player.
        player: Player,
    },
    /// No held value could move: the turn was undone (R12, `undo`).
    TurnUndone {
        /// Player.
        player: Player,
    },
    /// No held value could move: they were discarded (R12, `forfeit`).
    HeldForfeited {
        /// Player.
        player: Player,
    },
    /// A player's turn began.
    TurnBegan {
        /// Player to move.
        player: Player,
        /// Round number.
        round: u32,
    },
    /// A truce was offered (R15).
    TruceOffered {
        /// Offering player.
        from: Player,
        /// Offered player.
        to: Player,
        /// The clear leader.
        leader: Player,
    },
    /// A truce was accepted (R15).
    TruceAccepted {
        /// Offering player.
        a: Player,
        /// Accepting player.
        b: Player,
        /// The leader.
        leader: Player,
    },
    /// A truce offer was declined.
    TruceDeclined {
        /// Offering player.
        from: Player,
        /// Offered player.
        to: Player,
    },
    /// A truce offer was not answered before the offering player's turn ended.
    TruceLapsed {
        /// Offering player.
        from: Player,
        /// Offered player.
        to: Player,
    },
    /// A truce ended (its time ran out, a betrayal, or the game ended).
    TruceEnded {
        /// Offering player.
        a: Player,
        /// Accepting player.
        b: Player,
    },
    /// A hit on an ally was followed by a hit on the leader in the same turn.
    Relay {
        /// Hitter.
        player: Player,
        /// The ally hit before.
        ally: Player,
    },
    /// A hit on an ally was not redeemed: the truce ends (R15).
    Betrayal {
        /// Hitter.
        player: Player,
        /// The betrayed ally.
        ally: Player,
        /// Round.
        round: u32,
    },
    /// The game is won (R14).
    Won {
        /// Winner.
        player: Player,
    },
    /// The game is drawn (R14).
    Draw,
}
