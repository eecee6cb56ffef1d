//! A hint: the move the computer would make for the player to move, and
//! the one thing that weighed most in choosing it, for the client to say
//! in the player's language ("This hits Ravi's pawn and earns you another
//! throw").
//!
//! The reasons name what the computer's evaluation weighs (the `chowka-bots`
//! crate, `bots/src/hint.rs`), never a rule id: a client words each one.

use crate::action::{ActionRequest, Player};
use serde::{Deserialize, Serialize};

/// Why the hinted action is the one to take: the largest of the
/// differences the evaluation saw between it and the best other choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum HintReason {
    /// Throw before moving: more values to choose from never hurts (R6).
    ThrowFirst,
    /// After two graces in a row, a third would end the turn with nothing
    /// (R11): skip the pending throw.
    Skip,
    /// There is one legal move, or every legal move comes to the same.
    Only,
    /// It hits `victim`'s pawns (R10, R13), and a hit earns another throw.
    Hit {
        /// The seat hit.
        victim: Player,
    },
    /// The moved pawns stood where `by` could hit them with one of
    /// `values`; the move takes them out of reach (onto a safe square when
    /// `safe`, R4).
    Escape {
        /// The opponents who threatened them, ascending.
        by: Vec<Player>,
        /// The throw values that would have hit them, ascending.
        values: Vec<u8>,
        /// Whether the move ends on a safe square.
        safe: bool,
    },
    /// The other moves would leave a pawn where `by` could hit it.
    StaySafe {
        /// The opponents the other moves expose a pawn to, ascending.
        by: Vec<Player>,
    },
    /// It brings a pawn to the centre, home for good.
    Centre,
    /// It makes a pair (R13): single pawns cannot hit it, and it blocks them.
    Pair,
    /// It brings a waiting pawn onto the board (R7).
    Enter,
    /// It takes a pawn through the gate into the inner ring (R8).
    Inner,
    /// It walks the pawns farthest: the most progress (R15) for the values held.
    Progress,
}

/// A hint for the player to move: what to do, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hint {
    /// The action, written as a client would send it.
    pub action: ActionRequest,
    /// Why.
    pub reason: HintReason,
}
