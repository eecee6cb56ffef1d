//! Computer players: pure decisions over `chowka_protocol::Game`.

pub mod tournament;

use chowka_protocol::random::random_action;
use chowka_protocol::{Action, Game, MoveList, Player};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// How strong a computer player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Random legal play.
    Easy,
    /// A sound heuristic.
    Medium,
    /// Searches within a time budget.
    Hard,
}

impl std::str::FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "easy" => Ok(Level::Easy),
            "medium" => Ok(Level::Medium),
            "hard" => Ok(Level::Hard),
            _ => Err(format!("unknown computer level {s:?}: use easy, medium or hard")),
        }
    }
}

impl Level {
    /// The wire name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

/// The action the computer player in `seat` takes now, or `None` when it
/// is not that seat's to act (neither to move nor answering a truce offer).
pub fn decide<R: Rng>(_level: Level, game: &Game, seat: Player, rng: &mut R) -> Option<Action> {
    let mut moves = MoveList::new();
    let (by, action) = random_action(game, rng, &mut moves)?;
    (by == seat).then_some(action)
}
