//! Runs every rules scenario: the shared ones (../shared/conformance and the
//! 11x11 ones in ../shared/conformance-11x11) and the project's own
//! (protocol/tests/scenarios). Outside CI a missing shared folder is
//! skipped, and says so; under CI (`CI=true`) it fails the test.

use chowka_protocol::scenario::run_dirs;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn run(dir: PathBuf) {
    let mut out = Vec::new();
    let failed = run_dirs(std::slice::from_ref(&dir), &mut out).expect("writing to a Vec");
    let text = String::from_utf8_lossy(&out);
    for line in text.lines().filter(|l| l.starts_with("FAIL")) {
        eprintln!("{line}");
    }
    println!("{}: {}", dir.display(), text.lines().last().unwrap_or(""));
    assert_eq!(failed, 0, "scenarios failed in {}:\n{text}", dir.display());
}

/// Whether this is a CI run (`CI` set, and not to `false` or `0`), where
/// every scenario must run.
fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// Runs a shared folder of scenarios. A missing folder fails under CI;
/// elsewhere (a clone without ../shared) it says clearly that it skipped.
fn run_shared(folder: &str) {
    let dir = root().join("../shared").join(folder);
    if !dir.is_dir() {
        assert!(
            !under_ci(),
            "{} does not exist: under CI the shared scenarios must run",
            dir.display()
        );
        println!(
            "SKIPPED: {} does not exist, so its shared scenarios were not run",
            dir.display()
        );
        return;
    }
    run(dir);
}

#[test]
fn shared_conformance_scenarios_pass() {
    run_shared("conformance");
}

/// R1, R4: the shared random games on 11x11 boards.
#[test]
fn shared_eleven_by_eleven_scenarios_pass() {
    run_shared("conformance-11x11");
}

#[test]
fn project_scenarios_pass() {
    let dir = root().join("protocol/tests/scenarios");
    assert!(dir.is_dir(), "the project's own scenarios are missing");
    run(dir);
}
