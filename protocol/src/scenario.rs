//! Rules conformance scenarios: a set-up, actions with forced throws, and
//! expectations (the format of `shared/conformance/README.md`).
//!
//! Reading scenario files from a folder is the one piece of IO in this crate,
//! so that `cargo test` and `chowka conformance` share one runner.

use crate::action::{ActionRequest, Code, Player};
use crate::game::{Betrayal, Game, Outcome};
use crate::record::{RecordedAction, Setup};
use crate::throw::{is_value, ForcedThrow};
use serde::Deserialize;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// One scenario file.
#[derive(Clone, Debug, Deserialize)]
pub struct Scenario {
    /// What it pins down.
    pub name: String,
    /// Rule ids it cites.
    #[serde(default)]
    pub rules: Vec<String>,
    /// Where it starts.
    pub setup: Setup,
    /// Actions and expectations, in order.
    pub steps: Vec<Value>,
}

/// The fields an `expect` step may compare; absent fields are not compared.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    pawns: Option<Vec<Vec<Option<u8>>>>,
    pairs: Option<Vec<(Player, [u8; 2])>>,
    has_hit: Option<Vec<bool>>,
    to_move: Option<Player>,
    round: Option<u32>,
    pending: Option<u8>,
    run: Option<u8>,
    held: Option<Vec<u8>>,
    result: Option<Outcome>,
    can_throw: Option<bool>,
    can_skip: Option<bool>,
    legal: Option<Vec<LegalMove>>,
    truces: Option<Vec<ExpectTruce>>,
    betrayals: Option<Vec<Betrayal>>,
}

#[derive(Clone, Debug, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
struct LegalMove {
    pawns: Vec<u8>,
    value: u8,
    #[serde(default)]
    target: Option<Player>,
}

#[derive(Clone, Debug, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
struct ExpectTruce {
    a: Player,
    b: Player,
    leader: Player,
    #[serde(default)]
    ends_at_round: Option<u32>,
}

/// Parses and runs a scenario given as JSON text. `Err` says why it failed.
pub fn run_json(text: &str) -> Result<(), String> {
    let scenario: Scenario =
        serde_json::from_str(text).map_err(|e| format!("bad scenario file: {e}"))?;
    scenario.run()
}

impl Scenario {
    /// Runs every step; `Err` names the first failing step and why.
    pub fn run(&self) -> Result<(), String> {
        let mut game = self.setup.game()?;
        for (i, step) in self.steps.iter().enumerate() {
            run_step(&mut game, step).map_err(|why| format!("step {i}: {why}"))?;
        }
        Ok(())
    }
}

/// The keys an action step may have.
const ACTION_KEYS: [&str; 8] = [
    "do", "by", "value", "pawns", "target", "to", "accept", "error",
];

fn run_step(game: &mut Game, step: &Value) -> Result<(), String> {
    let obj = step.as_object().ok_or("a step must be an object")?;
    if let Some(expect) = obj.get("expect") {
        if obj.contains_key("do") {
            return Err("a step is either an action or an expect, not both".into());
        }
        let expect: Expect =
            serde_json::from_value(expect.clone()).map_err(|e| format!("bad expect: {e}"))?;
        return check(game, &expect);
    }
    let mut action = obj.clone();
    // Keys the format does not define (comments, notes) are ignored.
    action.retain(|k, _| ACTION_KEYS.contains(&k.as_str()));
    let error = match action.remove("error") {
        None => None,
        Some(e) => Some(
            serde_json::from_value::<Code>(e.clone())
                .map_err(|_| format!("unknown error code {e}"))?,
        ),
    };
    let recorded: RecordedAction = serde_json::from_value(Value::Object(action))
        .map_err(|e| format!("bad action {step}: {e}"))?;
    match (play(game, &recorded), error) {
        (Played::Accepted, None) => Ok(()),
        (Played::Accepted, Some(code)) => Err(format!("{} was accepted, expected {code}", j(step))),
        (Played::Refused(code, _), Some(want)) if code == want => Ok(()),
        (Played::Refused(code, msg), _) => Err(format!(
            "{} was refused with {code} ({msg}), expected {}",
            j(step),
            error.map_or("it to be accepted".to_string(), |c| c.to_string())
        )),
        (Played::Invalid(why), _) => Err(format!("{}: {why}", j(step))),
    }
}

/// What became of one scenario action.
enum Played {
    Accepted,
    Refused(Code, &'static str),
    /// The scenario itself is wrong (not a rules matter).
    Invalid(String),
}

/// Plays one scenario action; a refusal must leave the game unchanged.
fn play(game: &mut Game, recorded: &RecordedAction) -> Played {
    let action = match recorded.action.parse(game.rules().pawns) {
        Ok(a) => a,
        Err(e) => return Played::Refused(e.code(), e.message()),
    };
    let by = recorded.by.unwrap_or_else(|| game.actor(&action));
    let value = match recorded.action {
        ActionRequest::Throw { value: Some(v) } if !is_value(v) => {
            return Played::Invalid(format!("{v} is not a throw value (1, 2, 3, 4 or 8)"))
        }
        ActionRequest::Throw { value } => value,
        _ => None,
    };
    let before = game.clone();
    // A refused throw draws nothing, so a throw expected to be refused may
    // leave out its value.
    match game.play(by, action, &mut ForcedThrow(value.unwrap_or(1))) {
        Ok(_) if matches!(recorded.action, ActionRequest::Throw { value: None }) => {
            Played::Invalid("an accepted throw needs its value".into())
        }
        Ok(_) => Played::Accepted,
        Err(_) if *game != before => {
            Played::Invalid("BUG: the refused action changed the game".into())
        }
        Err(r) => Played::Refused(r.code, r.message()),
    }
}

fn check(game: &Game, e: &Expect) -> Result<(), String> {
    let mut wrong = Vec::new();
    let pos = game.position();
    let mut cmp = |what: &str, want: String, got: String| {
        if want != got {
            wrong.push(format!("{what}: expected {want}, got {got}"));
        }
    };
    if let Some(w) = &e.pawns {
        cmp("pawns", j(w), j(&pos.pawns));
    }
    if let Some(w) = &e.pairs {
        let norm = |ps: &[(Player, [u8; 2])]| {
            let mut v: Vec<_> = ps
                .iter()
                .map(|&(p, [a, b])| (p, [a.min(b), a.max(b)]))
                .collect();
            v.sort();
            v
        };
        cmp("pairs", j(&norm(w)), j(&norm(&pos.pairs)));
    }
    if let Some(w) = &e.has_hit {
        cmp("has_hit", j(w), j(&pos.has_hit));
    }
    if let Some(w) = e.to_move {
        cmp("to_move", j(&w), j(&game.to_move()));
    }
    if let Some(w) = e.round {
        cmp("round", j(&w), j(&game.round()));
    }
    if let Some(w) = e.pending {
        cmp("pending", j(&w), j(&game.pending()));
    }
    if let Some(w) = e.run {
        cmp("run", j(&w), j(&game.run()));
    }
    if let Some(w) = &e.held {
        let mut w = w.clone();
        w.sort();
        cmp("held", j(&w), j(&game.held()));
    }
    if let Some(w) = e.result {
        cmp("result", j(&w), j(&game.outcome()));
    }
    if let Some(w) = e.can_throw {
        cmp("can_throw", j(&w), j(&game.can_throw()));
    }
    if let Some(w) = e.can_skip {
        cmp("can_skip", j(&w), j(&game.can_skip()));
    }
    if let Some(w) = &e.legal {
        let mut want: Vec<LegalMove> = w
            .iter()
            .map(|m| {
                let mut pawns = m.pawns.clone();
                pawns.sort();
                LegalMove { pawns, ..m.clone() }
            })
            .collect();
        want.sort();
        let mut got: Vec<LegalMove> = game
            .legal_moves()
            .iter()
            .map(|m| LegalMove {
                pawns: m.pawns.iter().collect(),
                value: m.value,
                target: m.target,
            })
            .collect();
        got.sort();
        if want != got {
            let missing: Vec<_> = want.iter().filter(|m| !got.contains(m)).collect();
            let extra: Vec<_> = got.iter().filter(|m| !want.contains(m)).collect();
            wrong.push(format!("legal: missing {missing:?}, unexpected {extra:?}"));
        }
    }
    if let Some(w) = &e.truces {
        let mut want: Vec<_> = w.clone();
        want.sort();
        let mut got: Vec<ExpectTruce> = game
            .truces()
            .iter()
            .map(|t| ExpectTruce {
                a: t.a,
                b: t.b,
                leader: t.leader,
                ends_at_round: want
                    .iter()
                    .find(|x| x.a == t.a && x.b == t.b)
                    .and_then(|x| x.ends_at_round.map(|_| t.ends_at_round)),
            })
            .collect();
        got.sort();
        if want != got {
            wrong.push(format!("truces: expected {want:?}, got {got:?}"));
        }
    }
    if let Some(w) = &e.betrayals {
        let key = |b: &Betrayal| (b.player, b.round);
        let mut want: Vec<_> = w.iter().map(key).collect();
        want.sort();
        let mut got: Vec<_> = game.betrayals().iter().map(key).collect();
        got.sort();
        if want != got {
            wrong.push(format!("betrayals: expected {want:?}, got {got:?}"));
        }
    }
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(wrong.join("; "))
    }
}

/// A value as compact JSON, for comparing and printing expectations.
fn j<T: serde::Serialize + ?Sized>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

/// The result of running one scenario file.
#[derive(Clone, Debug)]
pub struct Report {
    /// The file's name without `.json`.
    pub name: String,
    /// `Err` says why it failed.
    pub result: Result<(), String>,
}

/// Every `*.json` file directly in `dir`, sorted by name.
pub fn files_in(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    Ok(files)
}

/// Runs one scenario file.
pub fn run_file(path: &Path) -> Report {
    let name = path.file_stem().map_or_else(
        || path.display().to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    let result = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))
        .and_then(|text| run_json(&text));
    Report { name, result }
}

/// Runs every scenario in the folders, printing `ok NAME` / `FAIL NAME: why`
/// lines and a closing `N passed, N failed` line to `out`. Returns the failures.
pub fn run_dirs(dirs: &[PathBuf], out: &mut dyn std::io::Write) -> std::io::Result<usize> {
    let (mut passed, mut failed) = (0, 0);
    for dir in dirs {
        let files = match files_in(dir) {
            Ok(f) => f,
            Err(e) => {
                writeln!(out, "FAIL {}: cannot read folder: {e}", dir.display())?;
                failed += 1;
                continue;
            }
        };
        for file in files {
            let report = run_file(&file);
            match report.result {
                Ok(()) => {
                    passed += 1;
                    writeln!(out, "ok {}", report.name)?;
                }
                Err(why) => {
                    failed += 1;
                    writeln!(out, "FAIL {}: {why}", report.name)?;
                }
            }
        }
    }
    writeln!(out, "{passed} passed, {failed} failed")?;
    Ok(failed)
}

#[cfg(test)]
mod tests {
    use super::run_json;

    fn scenario(steps: &str) -> String {
        format!(r#"{{"name":"t","setup":{{"preset":"chowka-bhara"}},"steps":{steps}}}"#)
    }

    #[test]
    fn notes_are_ignored_and_refused_throws_need_no_value() {
        let ok = scenario(
            r#"[{"do":"throw","by":1,"error":"not_your_turn","note":"out of turn"},
                {"do":"throw","value":3},{"expect":{"held":[3],"pending":0},"note":"x"}]"#,
        );
        assert_eq!(run_json(&ok), Ok(()));
    }

    #[test]
    fn bad_scenarios_say_why() {
        let no_value = scenario(r#"[{"do":"throw"}]"#);
        assert!(run_json(&no_value).unwrap_err().contains("needs its value"));
        let bad_value = scenario(r#"[{"do":"throw","value":5}]"#);
        assert!(run_json(&bad_value)
            .unwrap_err()
            .contains("not a throw value"));
        let bad_code = scenario(r#"[{"do":"skip","error":"nope"}]"#);
        assert!(run_json(&bad_code)
            .unwrap_err()
            .contains("unknown error code"));
        let wrong = scenario(r#"[{"do":"skip"}]"#);
        assert!(run_json(&wrong)
            .unwrap_err()
            .contains("refused with skip_not_allowed"));
        let unknown_expect = scenario(r#"[{"expect":{"colour":"red"}}]"#);
        assert!(run_json(&unknown_expect)
            .unwrap_err()
            .contains("bad expect"));
    }
}
