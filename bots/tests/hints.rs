//! Hint scenarios: `tests/hints/*.json`, each a conformance scenario
//! (`shared/conformance/README.md`: a set-up and actions with forced
//! throws) with one more field, `hint`: what the hard computer's hint for
//! the player to move must be there, its action and its reason
//! ([`chowka_bots::hint::hint`]).
//!
//! The search runs with a fixed seed and a budget bounded by its count of
//! sampled games alone (the wall-clock cap of [`Budget::HARD`] would make
//! the answer depend on the machine's load), so a scenario pins down one
//! answer. Every position was chosen so that ten seeds agree on it.

use chowka_bots::hint::hint;
use chowka_bots::Budget;
use chowka_protocol::{scenario, ActionRequest, ForcedThrow, Game, Hint, RecordedAction, Setup};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// `hard`'s own sampled games, with a time cap far past what they take,
/// so that only their count bounds the search.
const BUDGET: Budget = Budget {
    time: Duration::from_secs(60),
    ..Budget::HARD
};

/// The seed of the hint's search.
const SEED: u64 = 1;

/// One hint scenario file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct HintScenario {
    /// What it pins down.
    name: String,
    /// The rule ids it cites.
    rules: Vec<String>,
    setup: Setup,
    /// Actions with forced throws; no `expect` steps.
    steps: Vec<RecordedAction>,
    /// The hint for the player to move after the steps.
    hint: Hint,
}

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hints")
}

fn files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder())
        .expect("tests/hints exists")
        .map(|e| e.expect("a readable entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

/// Plays one step: the acting player is `by`, or the one the engine
/// expects; a throw shows its forced value.
fn play(game: &mut Game, step: &RecordedAction) -> Result<(), String> {
    let action = step
        .action
        .parse(game.rules().pawns)
        .map_err(|e| format!("{:?}: {}", step.action, e.message()))?;
    let by = step.by.unwrap_or_else(|| game.actor(&action));
    let value = match step.action {
        ActionRequest::Throw { value: None } => return Err("a throw needs its value".into()),
        ActionRequest::Throw { value: Some(v) } => v,
        _ => 1,
    };
    game.play(by, action, &mut ForcedThrow(value))
        .map(|_| ())
        .map_err(|r| format!("{:?} refused: {} ({})", step.action, r.code, r.message()))
}

/// Checks one file; `Err` says why it fails.
fn check(text: &str) -> Result<(), String> {
    let s: HintScenario = serde_json::from_str(text).map_err(|e| format!("bad file: {e}"))?;
    if s.rules.is_empty() {
        return Err("cites no rule".into());
    }
    // The same file is a valid conformance scenario.
    scenario::run_json(text).map_err(|e| format!("as a conformance scenario: {e}"))?;
    let mut game = s.setup.game()?;
    for (i, step) in s.steps.iter().enumerate() {
        play(&mut game, step).map_err(|e| format!("step {i}: {e}"))?;
    }
    let me = game.to_move();
    // The expected action is legal here.
    let action = s
        .hint
        .action
        .parse(game.rules().pawns)
        .map_err(|e| format!("hint action: {}", e.message()))?;
    game.clone()
        .play(me, action, &mut ForcedThrow(1))
        .map_err(|r| format!("the hint's action is illegal here: {}", r.code))?;
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let got = hint(&game, me, &mut rng, BUDGET).ok_or("no hint for the player to move")?;
    if got != s.hint {
        return Err(format!(
            "{}: expected hint {}, got {}",
            s.name,
            serde_json::to_string(&s.hint).unwrap(),
            serde_json::to_string(&got).unwrap()
        ));
    }
    Ok(())
}

#[test]
fn every_hint_scenario_gives_its_hint() {
    let files = files();
    assert!(files.len() >= 8, "only {} hint scenarios", files.len());
    let mut failed = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).expect("a readable file");
        if let Err(why) = check(&text) {
            failed.push(format!("{name}: {why}"));
        }
    }
    assert!(failed.is_empty(), "failed:\n{}", failed.join("\n"));
}
