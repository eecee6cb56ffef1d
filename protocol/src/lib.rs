//! The rules of Chowka Bhara, the Indian cowrie-shell race game, as played
//! by chowka: board geometry, throws, the game state machine, game records
//! and the wire messages. Pure: no IO, no async.
//!
//! The game decides: [`Game::legal_moves`] is exactly what [`Game::play`]
//! accepts, and a refused action changes nothing.
//!
//! ```
//! use chowka_protocol::{Action, Game, Preset, Rules, ScriptedThrows};
//!
//! let mut game = Game::new(Rules::preset(Preset::ChowkaBhara, 2));
//! let mut throws = ScriptedThrows::new([3]);
//! game.play(0, Action::Throw, &mut throws).unwrap();
//! let mv = game.legal_moves()[0];
//! game.play(0, Action::Move(mv), &mut throws).unwrap();
//! assert_eq!(game.pawn(0, 0), Some(3));
//! assert_eq!(game.to_move(), 1);
//! ```

#![warn(missing_docs)]

mod action;
mod board;
mod game;
mod hint;
mod level;
pub mod messages;
pub mod random;
mod record;
mod rules;
pub mod scenario;
mod throw;

pub use action::{Action, ActionRequest, Code, Move, ParseError, PawnSet, Player, Rejection};
pub use board::{Board, Side, Square, MAX_SQUARES};
pub use game::{
    Betrayal, Event, Game, MoveList, Offer, Outcome, Position, Preview, SetupError, Threat, Truce,
    MAX_PAWNS, MAX_PLAYERS, WAITING,
};
pub use hint::{Hint, HintReason};
pub use level::Level;
pub use record::{Fair, Record, RecordError, RecordedAction, Setup, Verified, VerifyError};
pub use rules::{
    Entry, Gate, Overrides, Preset, ResolvedPreset, Rules, RulesError, Stranded, BOARD_SIZES,
};
pub use throw::{
    commitment, fair_key, fair_throw, is_grace, is_value, mouth_up_bound, mouths_of_value, odds,
    value_index, Bytes32, FairThrows, ForcedThrow, ScriptedThrows, SecureThrows, SeededThrows,
    ThrowSource, FAIR_SCHEME, VALUES,
};
