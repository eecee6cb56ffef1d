//! Game records: the set-up, the players and every action with its throw
//! result, enough to replay any game exactly (docs/record.md).

use crate::action::{Action, ActionRequest, Player};
use crate::game::{Event, Game, Outcome, Position};
use crate::rules::{Overrides, Preset, Rules};
use crate::throw::{is_value, ForcedThrow};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How a game starts: a preset, options overriding it, and optionally a
/// position (the conformance `setup` format).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The preset.
    #[serde(default)]
    pub preset: Preset,
    /// Options overriding the preset.
    #[serde(default)]
    pub options: Overrides,
    /// A position to start from instead of the initial one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<Position>,
}

impl Setup {
    /// The resolved rules.
    pub fn rules(&self) -> Result<Rules, String> {
        Rules::with(self.preset, self.options).map_err(|e| e.to_string())
    }

    /// The game at its start.
    pub fn game(&self) -> Result<Game, String> {
        let rules = self.rules()?;
        match &self.position {
            None => Ok(Game::new(rules)),
            Some(p) => Game::from_position(rules, p).map_err(|e| format!("bad position: {e}")),
        }
    }
}

/// One action as written in records and scenarios: who acted, and what
/// they did, with the value the cowries showed for a throw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedAction {
    /// The acting player; absent means the player expected to act.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<Player>,
    /// The action.
    #[serde(flatten)]
    pub action: ActionRequest,
    /// When the server accepted it, ms since the Unix epoch; absent in
    /// scenarios and in records written before it was kept. Only for
    /// showing how long each player took: replays ignore it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<i64>,
}

impl RecordedAction {
    /// Records an action that was just played, taking the thrown value from its events.
    pub fn played(by: Player, action: Action, events: &[Event]) -> RecordedAction {
        let mut request = ActionRequest::from(action);
        if let ActionRequest::Throw { value } = &mut request {
            *value = events.iter().find_map(|e| match *e {
                Event::Thrown { value, .. } => Some(value),
                _ => None,
            });
        }
        RecordedAction {
            by: Some(by),
            action: request,
            at: None,
        }
    }

    /// Plays this action on `game`: the acting player is `by`, or the
    /// player expected to act; a throw shows its recorded value.
    pub fn apply(&self, game: &mut Game) -> Result<Vec<Event>, String> {
        let action = self
            .action
            .parse(game.rules().pawns)
            .map_err(|r| r.to_string())?;
        let by = self.by.unwrap_or_else(|| game.actor(&action));
        let mut throw = match self.action {
            ActionRequest::Throw { value: Some(v) } if is_value(v) => ForcedThrow(v),
            ActionRequest::Throw { value: Some(v) } => {
                return Err(format!("{v} is not a throw value (1, 2, 3, 4 or 8)"))
            }
            ActionRequest::Throw { value: None } => {
                return Err("a recorded throw needs its value".into())
            }
            _ => ForcedThrow(1),
        };
        game.play(by, action, &mut throw).map_err(|r| r.to_string())
    }
}

/// A whole game: set-up, players, actions in order, and the result when it was written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Format marker, `chowka-record/1`.
    #[serde(default = "format_v1")]
    pub format: String,
    /// How the game started.
    pub setup: Setup,
    /// Display names by seat (may be empty).
    #[serde(default)]
    pub players: Vec<String>,
    /// Every accepted action, in order.
    pub actions: Vec<RecordedAction>,
    /// The result when the record was written, checked on replay if present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Outcome>,
}

fn format_v1() -> String {
    "chowka-record/1".into()
}

/// Why a record does not replay: the first bad step and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// Index of the bad action (0-based), or `None` for the set-up or the result.
    pub step: Option<usize>,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.step {
            Some(i) => write!(f, "action {i}: {}", self.reason),
            None => f.write_str(&self.reason),
        }
    }
}

impl std::error::Error for RecordError {}

impl Record {
    /// An empty record of a game about to start.
    pub fn new(setup: Setup, players: Vec<String>) -> Record {
        Record {
            format: format_v1(),
            setup,
            players,
            actions: Vec::new(),
            result: None,
        }
    }

    /// A record for a fresh game of a preset with options.
    pub fn of(preset: Preset, options: Overrides) -> Record {
        Record::new(
            Setup {
                preset,
                options,
                position: None,
            },
            Vec::new(),
        )
    }

    /// Replays every action, checking each, and the recorded result if any.
    pub fn replay(&self) -> Result<Game, RecordError> {
        if self.format != format_v1() {
            return Err(RecordError {
                step: None,
                reason: format!("unknown record format {:?}", self.format),
            });
        }
        let mut game = self
            .setup
            .game()
            .map_err(|reason| RecordError { step: None, reason })?;
        for (i, a) in self.actions.iter().enumerate() {
            a.apply(&mut game).map_err(|reason| RecordError {
                step: Some(i),
                reason,
            })?;
        }
        if let Some(r) = self.result {
            if r != game.outcome() {
                return Err(RecordError {
                    step: None,
                    reason: format!(
                        "the record says {r:?} but the replay ends {:?}",
                        game.outcome()
                    ),
                });
            }
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_acceptance_time_is_written_only_when_known() {
        let mut a = RecordedAction::played(0, Action::Skip, &[]);
        assert_eq!(
            serde_json::to_value(&a).unwrap(),
            serde_json::json!({"by": 0, "do": "skip"})
        );
        a.at = Some(1_700_000_000_000);
        let json = serde_json::to_value(&a).unwrap();
        assert_eq!(json["at"], 1_700_000_000_000i64);
        assert_eq!(serde_json::from_value::<RecordedAction>(json).unwrap(), a);
        // Records written before the time was kept still read.
        let old: RecordedAction =
            serde_json::from_str(r#"{"by":1,"do":"throw","value":4}"#).unwrap();
        assert_eq!(old.at, None);
    }
}
