//! Runs every rules scenario: the shared ones (../shared/conformance, when
//! that folder exists) and the project's own (protocol/tests/scenarios).

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

#[test]
fn shared_conformance_scenarios_pass() {
    let dir = root().join("../shared/conformance");
    if !dir.is_dir() {
        println!(
            "SKIPPED: {} does not exist, so no shared scenarios were run",
            dir.display()
        );
        return;
    }
    run(dir);
}

#[test]
fn project_scenarios_pass() {
    let dir = root().join("protocol/tests/scenarios");
    assert!(dir.is_dir(), "the project's own scenarios are missing");
    run(dir);
}
