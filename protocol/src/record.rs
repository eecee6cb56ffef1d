//! Game records: the set-up, the players and every action with its throw
//! result, enough to replay any game exactly, and the revealed seeds that
//! prove its throws fair (docs/record.md).

use crate::action::{Action, ActionRequest, Player};
use crate::game::{Event, Game, Outcome, Position};
use crate::rules::{Overrides, Preset, Rules};
use crate::throw::{commitment, fair_key, is_value, Bytes32, FairThrows, ForcedThrow, FAIR_SCHEME};
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
    /// A computer played it for the seat's absent person (a stand-in, or
    /// the server's move for a turn whose clock ran out), so that logs and
    /// replays can say so. Absent for a person's own action, a computer
    /// player's, and in records written before it was kept. Replays
    /// ignore it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stand_in: bool,
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
            stand_in: false,
        }
    }

    /// The seat a computer played this action for while its person was
    /// away, if it did (`stand_in`).
    pub fn stood_in_for(&self) -> Option<Player> {
        self.by.filter(|_| self.stand_in)
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
    /// The seeds every throw was derived from, revealed after the game;
    /// absent for games not thrown that way and hand-written records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fair: Option<Fair>,
}

/// The fair-throw section of a finished game's record: what the server
/// committed to at the start, and the seeds it revealed at the end
/// (docs/record.md, "Fair throws").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fair {
    /// The scheme, [`FAIR_SCHEME`].
    pub scheme: String,
    /// SHA-256 of the server seed, published when the game started.
    pub commitment: Bytes32,
    /// The server's seed: secret while the game is played.
    pub server_seed: Bytes32,
    /// Per seat, in seat order, the seed its player's client gave before
    /// the first throw, or null (a computer, an absent or a late player).
    pub client_seeds: Vec<Option<Bytes32>>,
}

impl Fair {
    /// The seeds of a game about to start: the server's, its commitment,
    /// and no client seed yet.
    pub fn new(server_seed: Bytes32, seats: usize) -> Fair {
        Fair {
            scheme: FAIR_SCHEME.into(),
            commitment: commitment(&server_seed),
            server_seed,
            client_seeds: vec![None; seats],
        }
    }

    /// The key of every throw, from the seeds as they are now (fixed once
    /// the first throw is made, since no seed is taken after it).
    pub fn key(&self) -> Bytes32 {
        fair_key(&self.server_seed, &self.client_seeds)
    }

    /// The game's throws from throw `next` on.
    pub fn throws(&self, next: u64) -> FairThrows {
        FairThrows::new(self.key(), next)
    }
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
            fair: None,
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

    /// Checks every throw against the fair section: the server seed is the
    /// one committed to, and throw n of the record shows what the seeds
    /// give for throw n; then replays the record (every action legal, the
    /// result as recorded).
    pub fn verify(&self) -> Result<Verified, VerifyError> {
        let fair = self.fair.as_ref().ok_or(VerifyError::NotFair)?;
        if fair.scheme != FAIR_SCHEME {
            return Err(VerifyError::Scheme(fair.scheme.clone()));
        }
        let published = commitment(&fair.server_seed);
        if published != fair.commitment {
            return Err(VerifyError::Commitment {
                committed: fair.commitment,
                revealed: published,
            });
        }
        let rules = (self.setup.rules())
            .map_err(|reason| VerifyError::Replay(RecordError { step: None, reason }))?;
        if fair.client_seeds.len() != rules.players as usize {
            return Err(VerifyError::Seats {
                seeds: fair.client_seeds.len(),
                seats: rules.players as usize,
            });
        }
        let mut throws = fair.throws(0);
        for (action, a) in self.actions.iter().enumerate() {
            let ActionRequest::Throw { value } = a.action else {
                continue;
            };
            let throw = throws.next_index();
            let derived = crate::throw::ThrowSource::next_throw(&mut throws, rules.mouth_up);
            if value != Some(derived) {
                return Err(VerifyError::Throw {
                    throw,
                    action,
                    recorded: value,
                    derived,
                });
            }
        }
        let game = self.replay().map_err(VerifyError::Replay)?;
        Ok(Verified {
            throws: throws.next_index(),
            game,
        })
    }
}

/// A record whose throws are all the seeds' ([`Record::verify`]).
#[derive(Clone, Debug)]
pub struct Verified {
    /// How many throws were checked.
    pub throws: u64,
    /// The game at the end of the record.
    pub game: Game,
}

/// Why a record's throws are not proven fair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerifyError {
    /// The record has no `fair` section.
    NotFair,
    /// The fair section names a scheme other than [`FAIR_SCHEME`].
    Scheme(String),
    /// SHA-256 of the revealed server seed is not the commitment.
    Commitment {
        /// The commitment in the record.
        committed: Bytes32,
        /// SHA-256 of the revealed server seed.
        revealed: Bytes32,
    },
    /// The fair section has not one client seed (or null) per seat.
    Seats {
        /// Entries in `client_seeds`.
        seeds: usize,
        /// Seats of the game.
        seats: usize,
    },
    /// Throw `throw` (action `action`) does not show what the seeds give.
    Throw {
        /// The throw's number, from 0 over every throw of the game.
        throw: u64,
        /// The action's number, from 0.
        action: usize,
        /// The value in the record (none if it has none).
        recorded: Option<u8>,
        /// The value the seeds give.
        derived: u8,
    },
    /// The throws are the seeds', but the record does not replay.
    Replay(RecordError),
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyError::NotFair => {
                f.write_str("the record has no fair section: its throws cannot be checked")
            }
            VerifyError::Scheme(s) => write!(f, "unknown fair scheme {s:?} (expected {FAIR_SCHEME:?})"),
            VerifyError::Commitment { committed, revealed } => write!(
                f,
                "the server seed is not the one committed to: its SHA-256 is {revealed}, the commitment {committed}"
            ),
            VerifyError::Seats { seeds, seats } => write!(
                f,
                "the fair section has {seeds} client seeds for {seats} seats"
            ),
            VerifyError::Throw {
                throw,
                action,
                recorded,
                derived,
            } => {
                let shown = recorded.map_or("no value".to_string(), |v| v.to_string());
                write!(
                    f,
                    "throw {throw} (action {action}) differs: the record says {shown}, the seeds give {derived}"
                )
            }
            VerifyError::Replay(e) => write!(f, "bad record: {e}"),
        }
    }
}

impl std::error::Error for VerifyError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::MoveList;
    use crate::random::random_action;
    use rand::SeedableRng;

    /// A whole random 3-player game thrown fairly, seat 1 without a seed.
    fn fair_record(seed: u64) -> Record {
        let mut record = Record::of(
            crate::rules::Preset::ChowkaBhara,
            Overrides {
                players: Some(3),
                ..Default::default()
            },
        );
        let fair = Fair {
            client_seeds: vec![
                Some(Bytes32([seed as u8; 32])),
                None,
                Some(Bytes32([9; 32])),
            ],
            ..Fair::new(Bytes32([0x5a; 32]), 3)
        };
        let mut game = record.setup.game().unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut moves = MoveList::new();
        let mut throws = fair.throws(0);
        while let Some((by, action)) = random_action(&game, &mut rng, &mut moves) {
            let events = game.play(by, action, &mut throws).unwrap();
            record
                .actions
                .push(RecordedAction::played(by, action, &events));
        }
        record.result = Some(game.outcome());
        record.fair = Some(fair);
        record
    }

    fn throw_indices(record: &Record) -> Vec<usize> {
        (record.actions.iter().enumerate())
            .filter(|(_, a)| matches!(a.action, ActionRequest::Throw { .. }))
            .map(|(i, _)| i)
            .collect()
    }

    #[test]
    fn an_honest_record_verifies_every_throw() {
        let record = fair_record(11);
        let throws = throw_indices(&record).len() as u64;
        assert!(throws > 20);
        let v = record.verify().unwrap();
        assert_eq!(v.throws, throws);
        assert_eq!(Some(v.game.outcome()), record.result);
        // Through JSON as archived: seeds as hex, null for none.
        let json = serde_json::to_value(&record).unwrap();
        assert_eq!(json["fair"]["scheme"], "chowka-fair/1");
        assert_eq!(json["fair"]["client_seeds"][1], serde_json::Value::Null);
        let back: Record = serde_json::from_value(json).unwrap();
        assert_eq!(back.verify().unwrap().throws, throws);
    }

    #[test]
    fn one_changed_throw_is_named() {
        let record = fair_record(12);
        let at = throw_indices(&record)[7];
        let mut bad = record.clone();
        let ActionRequest::Throw { value: Some(v) } = bad.actions[at].action else {
            unreachable!()
        };
        let other = if v == 2 { 3 } else { 2 };
        bad.actions[at].action = ActionRequest::Throw { value: Some(other) };
        assert_eq!(
            bad.verify().unwrap_err(),
            VerifyError::Throw {
                throw: 7,
                action: at,
                recorded: Some(other),
                derived: v
            }
        );
    }

    #[test]
    fn a_record_without_its_committed_seed_does_not_verify() {
        let record = fair_record(13);
        let mut other_seed = record.clone();
        other_seed.fair.as_mut().unwrap().server_seed = Bytes32([0x5b; 32]);
        assert!(matches!(
            other_seed.verify(),
            Err(VerifyError::Commitment { .. })
        ));
        // A different client seed, the commitment intact: throw 0 differs
        // (or a later one, should the first few agree by chance).
        let mut other_client = record.clone();
        other_client.fair.as_mut().unwrap().client_seeds[1] = Some(Bytes32([1; 32]));
        assert!(matches!(
            other_client.verify(),
            Err(VerifyError::Throw { .. })
        ));
        let mut seats = record.clone();
        seats.fair.as_mut().unwrap().client_seeds.pop();
        assert_eq!(
            seats.verify().unwrap_err(),
            VerifyError::Seats { seeds: 2, seats: 3 }
        );
        let mut none = record;
        none.fair = None;
        assert_eq!(none.verify().unwrap_err(), VerifyError::NotFair);
        assert!(none.replay().is_ok(), "a record without fair still replays");
    }

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
