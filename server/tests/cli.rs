//! The offline commands of the real `chowka` binary: `replay`, `verify`,
//! `conformance` and `simulate`.

use chowka_protocol::random::random_action;
use chowka_protocol::{
    ActionRequest, Bytes32, Fair, Game, MoveList, Overrides, Preset, Record, RecordedAction,
    SeededThrows, Setup, ThrowSource,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn chowka(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chowka"))
        .args(args)
        .output()
        .expect("the chowka binary runs")
}

fn text(out: &[u8]) -> String {
    String::from_utf8_lossy(out).into_owned()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chowka-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A whole random 3-player game and its record.
fn random_record(seed: u64) -> (Record, Game) {
    played_record(seed, &mut SeededThrows::new(seed))
}

/// A whole random 3-player game thrown from `throws`, and its record.
fn played_record(seed: u64, throws: &mut impl ThrowSource) -> (Record, Game) {
    let setup = Setup {
        preset: Preset::ChowkaBhara,
        options: Overrides {
            players: Some(3),
            ..Default::default()
        },
        position: None,
    };
    let mut game = setup.game().unwrap();
    let mut record = Record::new(setup, vec!["a".into(), "b".into(), "c".into()]);
    let (mut rng, mut moves) = (ChaCha8Rng::seed_from_u64(seed), MoveList::new());
    while let Some((by, action)) = random_action(&game, &mut rng, &mut moves) {
        let events = game.play(by, action, throws).unwrap();
        record
            .actions
            .push(RecordedAction::played(by, action, &events));
    }
    record.result = Some(game.outcome());
    (record, game)
}

#[test]
fn replay_prints_the_final_state_of_a_whole_game() {
    let dir = temp_dir("replay");
    let (record, game) = random_record(5);
    let file = dir.join("game.json");
    std::fs::write(&file, serde_json::to_string(&record).unwrap()).unwrap();
    let out = chowka(&["replay", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let state: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        state["result"],
        serde_json::to_value(game.outcome()).unwrap()
    );
    assert_eq!(
        state["position"],
        serde_json::to_value(game.position()).unwrap()
    );
    assert_eq!(state["actions"], record.actions.len());
}

#[test]
fn replay_names_the_first_bad_step() {
    let dir = temp_dir("bad-replay");
    let (mut record, _) = random_record(6);
    // Make the 11th action a throw by someone who is not to move.
    let by = record.actions[10].by.unwrap();
    record.actions[10] = serde_json::from_str(&format!(
        r#"{{"do":"throw","by":{},"value":2}}"#,
        (by + 1) % 3
    ))
    .unwrap();
    let file = dir.join("bad.json");
    std::fs::write(&file, serde_json::to_string(&record).unwrap()).unwrap();
    let out = chowka(&["replay", file.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("action 10") && err.contains("not_your_turn"),
        "{err}"
    );

    std::fs::write(&file, "{\"setup\": 3}").unwrap();
    let out = chowka(&["replay", file.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("not a game record"));
}

/// A whole random 3-player game thrown fairly (seat 1 gave no seed), with
/// its fair section, as the archive writes it.
fn fair_record(seed: u64) -> Record {
    let fair = Fair {
        client_seeds: vec![Some(Bytes32([1; 32])), None, Some(Bytes32([3; 32]))],
        ..Fair::new(Bytes32([seed as u8; 32]), 3)
    };
    let (mut record, _) = played_record(seed, &mut fair.throws(0));
    record.fair = Some(fair);
    record
}

/// Runs `chowka verify` on `record`: success, stdout, stderr.
fn verify(dir: &Path, record: &Record) -> (bool, String, String) {
    let file = dir.join("game.json");
    std::fs::write(&file, serde_json::to_string(record).unwrap()).unwrap();
    let out = chowka(&["verify", file.to_str().unwrap()]);
    (out.status.success(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn verify_accepts_an_honest_record_and_names_the_first_changed_throw() {
    let dir = temp_dir("verify");
    let record = fair_record(7);
    let throws: Vec<usize> = (record.actions.iter().enumerate())
        .filter(|(_, a)| matches!(a.action, ActionRequest::Throw { .. }))
        .map(|(i, _)| i)
        .collect();
    let (ok, stdout, stderr) = verify(&dir, &record);
    assert!(ok, "{stderr}");
    assert_eq!(stdout, format!("all {} throws verified\n", throws.len()));

    // One throw shows another value: that throw is named, by its number
    // among the throws and by its action.
    let mut changed = record.clone();
    let at = throws[5];
    let ActionRequest::Throw { value: Some(v) } = changed.actions[at].action else {
        unreachable!()
    };
    let other = if v == 1 { 2 } else { 1 };
    changed.actions[at].action = ActionRequest::Throw { value: Some(other) };
    let (ok, _, stderr) = verify(&dir, &changed);
    assert!(!ok);
    assert_eq!(
        stderr.trim_end(),
        format!("not verified: throw 5 (action {at}) differs: the record says {other}, the seeds give {v}")
    );

    // A server seed other than the one committed to.
    let mut swapped = record.clone();
    swapped.fair.as_mut().unwrap().server_seed = Bytes32([0xee; 32]);
    let (ok, _, stderr) = verify(&dir, &swapped);
    assert!(
        !ok && stderr.contains("not the one committed to"),
        "{stderr}"
    );

    // No fair section: verify says so; replay takes it with or without.
    let mut plain = record.clone();
    plain.fair = None;
    let (ok, _, stderr) = verify(&dir, &plain);
    assert!(!ok && stderr.contains("has no fair section"), "{stderr}");
    for r in [&record, &plain] {
        let file = dir.join("replay.json");
        std::fs::write(&file, serde_json::to_string(r).unwrap()).unwrap();
        let out = chowka(&["replay", file.to_str().unwrap()]);
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
}

/// Whether this is a CI run (`CI` set, and not to `false` or `0`), where
/// every scenario must run (as in protocol/tests/conformance.rs).
fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// The scenario folders: the project's own, and the shared ones, which
/// must be there under CI and are skipped, saying so, elsewhere.
fn scenario_dirs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut dirs = vec![root.join("protocol/tests/scenarios")];
    // The shared scenarios, and the 11x11 ones beside them (R1).
    for folder in ["conformance", "conformance-11x11"] {
        let shared = root.join("../shared").join(folder);
        if shared.is_dir() {
            dirs.push(shared);
        } else {
            assert!(
                !under_ci(),
                "../shared/{folder} does not exist: under CI the shared scenarios must run"
            );
            println!("SKIPPED: ../shared/{folder} does not exist");
        }
    }
    dirs
}

#[test]
fn conformance_runs_every_folder_and_reports() {
    let dirs = scenario_dirs();
    let args: Vec<&str> = std::iter::once("conformance")
        .chain(dirs.iter().map(|d| d.to_str().unwrap()))
        .collect();
    let out = chowka(&args);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let files: usize = dirs
        .iter()
        .map(|d| {
            std::fs::read_dir(d)
                .unwrap()
                .filter(|e| {
                    e.as_ref()
                        .unwrap()
                        .path()
                        .extension()
                        .is_some_and(|x| x == "json")
                })
                .count()
        })
        .sum();
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("ok ")).count(),
        files
    );
    assert_eq!(
        stdout.lines().last().unwrap(),
        format!("{files} passed, 0 failed")
    );
}

#[test]
fn conformance_fails_on_a_wrong_scenario() {
    let dir = temp_dir("conformance");
    std::fs::write(
        dir.join("wrong.json"),
        r#"{"name":"wrong","setup":{"preset":"chowka-bhara"},"steps":[{"do":"throw","value":2},{"expect":{"to_move":1}}]}"#,
    )
    .unwrap();
    std::fs::write(
        dir.join("right.json"),
        r#"{"name":"right","setup":{"preset":"chowka-bhara"},"steps":[{"do":"skip","error":"skip_not_allowed"}]}"#,
    )
    .unwrap();
    std::fs::write(dir.join("broken.json"), "{").unwrap();
    let out = chowka(&["conformance", dir.to_str().unwrap()]);
    assert!(!out.status.success());
    let stdout = text(&out.stdout);
    assert!(stdout.contains("ok right"), "{stdout}");
    assert!(
        stdout.contains("FAIL wrong: step 1: to_move: expected 1, got 0"),
        "{stdout}"
    );
    assert!(
        stdout.contains("FAIL broken: bad scenario file"),
        "{stdout}"
    );
    assert!(
        stdout.trim_end().ends_with("1 passed, 2 failed"),
        "{stdout}"
    );
}

#[test]
fn simulate_prints_statistics() {
    let args = [
        "simulate",
        "--games",
        "200",
        "--players",
        "4",
        "--seed",
        "3",
    ];
    let out = chowka(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("games/s") && stdout.contains("mean actions") && stdout.contains("seat 3:"),
        "{stdout}"
    );
    let again = chowka(&args);
    let strip = |s: &str| s.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(
        strip(&stdout),
        strip(&text(&again.stdout)),
        "same seed, same games"
    );
    let bad = chowka(&["simulate", "--preset", "chowka-bhara", "--board", "6"]);
    assert!(!bad.status.success());
    assert!(text(&bad.stderr).contains("board must be 5, 7, 9 or 11"));
    // R1: the largest board plays whole games too.
    let big = chowka(&["simulate", "--games", "10", "--board", "11", "--seed", "5"]);
    assert!(big.status.success(), "{}", text(&big.stderr));
    let big = text(&big.stdout);
    assert!(
        big.contains("(2 players, 11x11)") && big.contains("unfinished 0"),
        "{big}"
    );
}

#[test]
fn tournament_prints_win_rates_with_intervals() {
    let args = ["tournament", "--players", "medium,easy", "--games", "6"];
    let out = chowka(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("95% CI") && stdout.contains("\nmedium ") && stdout.contains("\neasy "),
        "{stdout}"
    );
    let bad = chowka(&["tournament", "--players", "hard"]);
    assert!(!bad.status.success());
    assert!(text(&bad.stderr).contains("2 to 4 levels"));
}

#[test]
fn fit_eval_fits_weights_that_beat_a_uniform_guess() {
    let out = chowka(&[
        "fit-eval",
        "--players",
        "3",
        "--games",
        "150",
        "--seed",
        "5",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("// progress") && stdout.contains("// danger_squares"),
        "{stdout}"
    );
    // The fitted model explains the winners better than a uniform guess.
    let fitted = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("fitted:"))
        .expect("a fitted line");
    let number = |key: &str| -> f64 {
        let rest = &fitted[fitted.find(key).expect(key) + key.len()..];
        rest.trim_start()
            .split([' ', ')'])
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    assert!(number("log-likelihood") > number("(uniform"), "{fitted}");
    let bad = chowka(&["fit-eval", "--sample", "2"]);
    assert!(!bad.status.success());
    assert!(
        text(&bad.stderr).contains("0 to 1"),
        "{}",
        text(&bad.stderr)
    );
}
