//! The capacity tool at small scale (issue 15): a few rooms for about two
//! seconds against chowka and the bare fan-out server, in open and closed
//! loop; against PostgreSQL and Colyseus in ignored tests that need
//! TEST_DATABASE_URL and the npm packages (tools/loadgen/colyseus/setup.sh), which
//! `.ci/run` runs with `--ignored`. The numbers themselves are the machine's:
//! these tests check that every target is measured, not how fast it is.

use chowka_loadgen::capacity::report::Measurement;
use chowka_loadgen::capacity::workload::Pace;
use chowka_loadgen::capacity::{self, Options, Target};
use std::path::Path;

/// A small run of `targets`: 4 rooms (16 sockets), 2 measured seconds.
fn small(targets: Vec<Target>, closed: bool, chart: &Path) -> Options {
    Options {
        rooms: vec![4],
        rate: 5.0,
        closed,
        seconds: 2.0,
        warmup: 0.5,
        targets,
        chart: Some(chart.to_path_buf()),
        database_url: std::env::var("TEST_DATABASE_URL")
            .unwrap_or_else(|_| chowka_tests::postgres::DEFAULT_ADMIN_URL.into()),
        seed: 7,
        // The test binary has no `bare-server`: the tool's own binary does.
        bare_exe: Some(env!("CARGO_BIN_EXE_loadgen").into()),
        pawns: None,
    }
}

/// Checks what every run must show, whatever the machine's speed.
fn check(m: &Measurement) {
    assert_eq!(m.failed_rooms, 0, "{}", m.summary());
    assert!(m.actions > 0, "no action measured: {}", m.summary());
    assert!(m.achieved_per_s > 0.0, "{}", m.summary());
    assert!(
        m.p50 <= m.p90 && m.p90 <= m.p99 && m.p99 <= m.max,
        "{}",
        m.summary()
    );
    assert!(m.cpu_us_per_action >= 0.0 && m.rss_kib_per_socket >= 0.0);
    let chowka = matches!(m.target, Target::ChowkaSqlite | Target::ChowkaPostgres);
    if chowka {
        // A 4-player state with its legal moves is over a kilobyte; the
        // welcome carries the board's four paths.
        let state = m.state_bytes.expect("state sizes counted");
        assert!(state > 500.0, "state of {state} bytes");
        assert!(m.welcome_bytes.expect("welcome sizes counted") > 500.0);
    } else {
        assert_eq!((m.welcome_bytes, m.state_bytes), (None, None));
    }
}

/// The SVG chart names each target's two lines.
fn check_chart(path: &Path, targets: &[Target]) {
    let svg = std::fs::read_to_string(path).expect("the chart is written");
    assert!(
        svg.starts_with("<svg"),
        "not an SVG: {}",
        &svg[..svg.len().min(80)]
    );
    for t in targets {
        assert!(svg.contains(&format!("{t} p99")), "no p99 line of {t}");
        assert!(svg.contains(&format!("{t} p50")), "no p50 line of {t}");
    }
}

/// An open-loop run of `targets` side by side, with its chart.
async fn open_loop(targets: Vec<Target>) {
    let dir = tempfile::tempdir().unwrap();
    let chart = dir.path().join("capacity.svg");
    let all = capacity::run(&small(targets.clone(), false, &chart))
        .await
        .expect("the capacity tool runs");
    assert_eq!(all.len(), targets.len());
    for (m, t) in all.iter().zip(&targets) {
        assert_eq!(m.target, *t);
        assert_eq!(m.pace, Pace::Open { rate: 5.0 });
        check(m);
        // 4 rooms at 5 actions a second for 2 s: 40 scheduled actions.
        assert!(
            (m.scheduled_per_s - 20.0).abs() <= 2.0,
            "scheduled {} actions/s: {}",
            m.scheduled_per_s,
            m.summary()
        );
    }
    check_chart(&chart, &targets);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_loop_measures_chowka_and_the_bare_server_side_by_side() {
    open_loop(vec![Target::ChowkaSqlite, Target::Bare]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL (TEST_DATABASE_URL)"]
async fn open_loop_measures_chowka_on_postgres() {
    chowka_tests::services::database_url();
    open_loop(vec![Target::ChowkaSqlite, Target::ChowkaPostgres]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the Colyseus reference (tools/loadgen/colyseus/setup.sh)"]
async fn open_loop_measures_colyseus_beside_chowka() {
    assert!(
        chowka_loadgen::colyseus::installed(),
        "the Colyseus reference is not installed: run tools/loadgen/colyseus/setup.sh"
    );
    open_loop(vec![Target::ChowkaSqlite, Target::Colyseus]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_loop_plays_whole_games_and_their_rematches() {
    let dir = tempfile::tempdir().unwrap();
    let chart = dir.path().join("closed.svg");
    let targets = vec![Target::ChowkaSqlite, Target::Bare];
    let mut opts = small(targets.clone(), true, &chart);
    // One pawn each: games short enough that some end, and go on as
    // rematches, within the run.
    opts.pawns = Some(1);
    let all = capacity::run(&opts).await.expect("the capacity tool runs");
    for m in &all {
        assert_eq!(m.pace, Pace::Closed);
        assert_eq!(m.late, 0, "closed loop is never late");
        check(m);
    }
    let chowka = &all[0];
    assert!(chowka.games > 0, "no game finished: {}", chowka.summary());
    check_chart(&chart, &targets);
}
