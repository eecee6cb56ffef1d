//! Actions a player can take, and the reasons an action is refused.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat at the table, numbered from 0 in turn order (R2).
pub type Player = u8;

/// A set of a player's pawns, by index: bit `i` is pawn `i` (at most
/// [`MAX_PAWNS`](crate::MAX_PAWNS) pawns, 10 on 11x11, O7).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct PawnSet(pub u16);

impl PawnSet {
    /// The empty set.
    pub const EMPTY: PawnSet = PawnSet(0);

    /// One pawn.
    pub fn single(pawn: u8) -> PawnSet {
        PawnSet(1 << pawn)
    }

    /// Two pawns.
    pub fn pair(a: u8, b: u8) -> PawnSet {
        PawnSet(1 << a | 1 << b)
    }

    /// Number of pawns in the set.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `pawn` is in the set.
    pub fn contains(self, pawn: u8) -> bool {
        (pawn as usize) < crate::MAX_PAWNS && self.0 >> pawn & 1 == 1
    }

    /// Adds a pawn.
    pub fn with(self, pawn: u8) -> PawnSet {
        PawnSet(self.0 | 1 << pawn)
    }

    /// The lowest pawn index in the set.
    pub fn first(self) -> Option<u8> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as u8)
    }

    /// The pawn indices, ascending.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0..crate::MAX_PAWNS as u8).filter(move |&i| self.contains(i))
    }

    /// Builds a set from a list of indices; `None` if an index repeats or is
    /// [`MAX_PAWNS`](crate::MAX_PAWNS) or more.
    pub fn from_indices(indices: &[u8]) -> Option<PawnSet> {
        let mut set = PawnSet::EMPTY;
        for &i in indices {
            if i as usize >= crate::MAX_PAWNS || set.contains(i) {
                return None;
            }
            set = set.with(i);
        }
        Some(set)
    }
}

impl fmt::Debug for PawnSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for PawnSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for PawnSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<u8>::deserialize(d)?;
        PawnSet::from_indices(&v).ok_or_else(|| {
            serde::de::Error::custom(format_args!(
                "pawn indices must be distinct and below {}",
                crate::MAX_PAWNS
            ))
        })
    }
}

/// Spending one held value on one pawn, one pair, or waiting pawns entering (R7-R13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// The pawns moved, as indices of the acting player's pawns.
    pub pawns: PawnSet,
    /// The held value spent.
    pub value: u8,
    /// The opponent to hit, when more than one could be (R10, R13).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Player>,
}

/// Something a player does (R6, R15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum Action {
    /// Throw the cowries (the value comes from the game's throw source).
    Throw,
    /// Spend a held value.
    Move(Move),
    /// Forgo one pending throw after two graces in a row (R11).
    Skip,
    /// Offer a truce against the clear leader (R15).
    OfferTruce {
        /// The player offered the truce.
        to: Player,
    },
    /// The offered player answers an open truce offer (R15).
    AnswerTruce {
        /// Whether the truce is accepted.
        accept: bool,
    },
}

/// An action as written in JSON by a client or a scenario, before it is
/// checked: pawn lists may repeat indices or name pawns that do not exist.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
pub enum ActionRequest {
    /// See [`Action::Throw`]. `value` is only for scripted throws (records
    /// and scenarios): a live client never chooses what the cowries show.
    Throw {
        /// The value the cowries show, in records and scenarios.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<u8>,
    },
    /// See [`Action::Move`].
    Move {
        /// Pawn indices, in any order.
        pawns: Vec<u8>,
        /// The held value to spend.
        value: u8,
        /// The opponent to hit, if named.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Player>,
    },
    /// See [`Action::Skip`].
    Skip,
    /// See [`Action::OfferTruce`].
    OfferTruce {
        /// The player offered the truce.
        to: Player,
    },
    /// See [`Action::AnswerTruce`].
    AnswerTruce {
        /// Whether the truce is accepted.
        accept: bool,
    },
}

impl ActionRequest {
    /// Checks the syntax of the request against the number of pawns per
    /// player: a repeated pawn is `not_a_pair` (C6), an index past the last
    /// pawn is `no_such_pawn`. Whether the action is legal now is
    /// [`Game::play`](crate::Game::play)'s question, with its own error.
    pub fn parse(&self, pawns_per_player: u8) -> Result<Action, ParseError> {
        Ok(match *self {
            ActionRequest::Throw { .. } => Action::Throw,
            ActionRequest::Skip => Action::Skip,
            ActionRequest::OfferTruce { to } => Action::OfferTruce { to },
            ActionRequest::AnswerTruce { accept } => Action::AnswerTruce { accept },
            ActionRequest::Move {
                ref pawns,
                value,
                target,
            } => {
                if pawns.is_empty() || pawns.iter().any(|&p| p >= pawns_per_player) {
                    return Err(ParseError::NoSuchPawn);
                }
                let set = PawnSet::from_indices(pawns).ok_or(ParseError::NotAPair)?;
                Action::Move(Move {
                    pawns: set,
                    value,
                    target,
                })
            }
        })
    }
}

impl From<Action> for ActionRequest {
    fn from(a: Action) -> Self {
        match a {
            Action::Throw => ActionRequest::Throw { value: None },
            Action::Skip => ActionRequest::Skip,
            Action::OfferTruce { to } => ActionRequest::OfferTruce { to },
            Action::AnswerTruce { accept } => ActionRequest::AnswerTruce { accept },
            Action::Move(m) => ActionRequest::Move {
                pawns: m.pawns.iter().collect(),
                value: m.value,
                target: m.target,
            },
        }
    }
}

/// The reason an action is refused (docs/rules.md, "Rejections").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Code {
    /// A player acts out of turn.
    NotYourTurn,
    /// The game has ended.
    GameOver,
    /// Throw with pending = 0.
    NoThrowPending,
    /// Move with a value that is not held.
    ValueNotHeld,
    /// A pawn index that does not exist, or one that is at F.
    NoSuchPawn,
    /// A named target that cannot be hit by this move.
    BadTarget,
    /// Two pawns that are neither a loose nor a committed pair.
    NotAPair,
    /// One pawn of a committed pair moved alone.
    PairCannotSplit,
    /// A pair with 1 or 3.
    PairNeedsEven,
    /// R8 exact finish.
    PastCentre,
    /// R8 gate.
    GateClosed,
    /// R9.
    SquareFull,
    /// R13 block.
    BlockedByPair,
    /// R7: wrong value, too many pawns, or pawn not waiting / waiting when walking.
    CannotEnter,
    /// R10/R13: more than one opponent could be hit and none was named.
    TargetRequired,
    /// R11.
    SkipNotAllowed,
    /// R15.
    TruceNotAllowed,
}

impl Code {
    /// Every code.
    pub const ALL: [Code; 17] = [
        Code::NotYourTurn,
        Code::GameOver,
        Code::NoThrowPending,
        Code::ValueNotHeld,
        Code::NoSuchPawn,
        Code::BadTarget,
        Code::NotAPair,
        Code::PairCannotSplit,
        Code::PairNeedsEven,
        Code::PastCentre,
        Code::GateClosed,
        Code::SquareFull,
        Code::BlockedByPair,
        Code::CannotEnter,
        Code::TargetRequired,
        Code::SkipNotAllowed,
        Code::TruceNotAllowed,
    ];

    /// The code as written on the wire, e.g. `gate_closed`.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::NotYourTurn => "not_your_turn",
            Code::GameOver => "game_over",
            Code::NoThrowPending => "no_throw_pending",
            Code::ValueNotHeld => "value_not_held",
            Code::NoSuchPawn => "no_such_pawn",
            Code::BadTarget => "bad_target",
            Code::NotAPair => "not_a_pair",
            Code::PairCannotSplit => "pair_cannot_split",
            Code::PairNeedsEven => "pair_needs_even",
            Code::PastCentre => "past_centre",
            Code::GateClosed => "gate_closed",
            Code::SquareFull => "square_full",
            Code::BlockedByPair => "blocked_by_pair",
            Code::CannotEnter => "cannot_enter",
            Code::TargetRequired => "target_required",
            Code::SkipNotAllowed => "skip_not_allowed",
            Code::TruceNotAllowed => "truce_not_allowed",
        }
    }

    /// A sentence for the player, citing the rule.
    pub fn message(self) -> &'static str {
        match self {
            Code::NotYourTurn => "It is not your turn (R6).",
            Code::GameOver => "The game has ended (R14).",
            Code::NoThrowPending => "You have no throw pending (R6).",
            Code::ValueNotHeld => "You do not hold that value (R6).",
            Code::NoSuchPawn => "There is no such pawn, or it has already finished at the centre (R8).",
            Code::BadTarget => "That player cannot be hit by this move (R10, C3).",
            Code::NotAPair => "Those pawns are neither a loose pair on the first inner square nor a committed pair (R13).",
            Code::PairCannotSplit => "A committed pair moves as one and never splits (R13).",
            Code::PairNeedsEven => "A pair moves only with an even value: 2, 4 or 8 (R13).",
            Code::PastCentre => "A pawn must reach the centre by exact count (R8).",
            Code::GateClosed => "You must hit a pawn before entering the inner rings (R8).",
            Code::SquareFull => "That square cannot hold another of your pawns (R9).",
            Code::BlockedByPair => "A committed pair blocks the way: land on its square first (R13).",
            Code::CannotEnter => "Those pawns cannot enter with that value, or a waiting pawn must enter first (R7).",
            Code::TargetRequired => "More than one opponent could be hit: name which (R10).",
            Code::SkipNotAllowed => "You may skip a throw only after two graces in a row (R11).",
            Code::TruceNotAllowed => "No truce can be offered or answered now (R15).",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why an [`ActionRequest`] names no action of this game at all: found
/// by [`ActionRequest::parse`] before any rule is asked, as a chess move
/// that does not parse is told apart from one that is illegal. Its wire
/// codes are the rule book's, as clients have always seen them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// No pawn named, or an index past the last pawn.
    NoSuchPawn,
    /// The same pawn twice, or more than two pawns.
    NotAPair,
}

impl ParseError {
    /// The code on the wire.
    pub fn code(self) -> Code {
        match self {
            ParseError::NoSuchPawn => Code::NoSuchPawn,
            ParseError::NotAPair => Code::NotAPair,
        }
    }

    /// The sentence for the player.
    pub fn message(self) -> &'static str {
        self.code().message()
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code(), self.message())
    }
}

impl std::error::Error for ParseError {}

/// An action that is not legal here (the illegal-move error of
/// [`Game::play`](crate::Game::play)): the code of docs/rules.md and a
/// sentence citing the rule. A refused action has changed nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rejection {
    /// The code from the table of docs/rules.md, "Rejections".
    pub code: Code,
}

impl Rejection {
    /// A rejection with this code.
    pub fn new(code: Code) -> Self {
        Rejection { code }
    }

    /// The sentence for the player.
    pub fn message(&self) -> &'static str {
        self.code.message()
    }
}

impl From<Code> for Rejection {
    fn from(code: Code) -> Self {
        Rejection { code }
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message())
    }
}

impl std::error::Error for Rejection {}
