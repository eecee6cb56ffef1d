//! The offline commands: `replay`, `verify`, `conformance` and `simulate`, and the
//! options of `tournament` and `fit-eval`, turned here into the plain
//! values that [`crate::bots::tournament`] and [`crate::bots::fit`] take,
//! so that the bots (the chowka-bots crate) do not depend on the command
//! line.

use crate::bots::fit::{self, FitOpts};
use crate::bots::tournament::{self, Tournament};
use crate::bots::{Budget, Level};
use chowka_protocol::random::random_playout;
use chowka_protocol::scenario::run_dirs;
use chowka_protocol::{
    messages::GameView, Game, Outcome, Overrides, Preset, Record, Rules, SeededThrows, VerifyError,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Options of `chowka replay`.
#[derive(clap::Args, Debug, Clone)]
pub struct ReplayOpts {
    /// The game record (JSON, docs/record.md).
    pub file: PathBuf,
}

/// Reads a game record file and hands it to `then`; if it cannot, says
/// why and fails.
fn with_record(file: &std::path::Path, then: impl FnOnce(Record) -> ExitCode) -> ExitCode {
    let read = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))
        .and_then(|text| {
            serde_json::from_str(&text)
                .map_err(|e| format!("{} is not a game record: {e}", file.display()))
        });
    match read {
        Ok(record) => then(record),
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// Replays a record, printing the final state as JSON, or the first bad step.
pub fn replay(opts: ReplayOpts) -> ExitCode {
    with_record(&opts.file, |record| match record.replay() {
        Ok(game) => {
            println!("{}", final_state(&game, record.actions.len()));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("bad record: {e}");
            ExitCode::FAILURE
        }
    })
}

/// Options of `chowka verify`.
#[derive(clap::Args, Debug, Clone)]
pub struct VerifyOpts {
    /// The game record (JSON, docs/record.md), with its `fair` section.
    pub file: PathBuf,
}

/// Checks every throw of a record against its revealed seeds
/// (docs/record.md, "Fair throws"), then replays it: "all N throws
/// verified" and success, or the first throw that differs (or whatever
/// else is wrong) and failure.
pub fn verify(opts: VerifyOpts) -> ExitCode {
    with_record(&opts.file, |record| {
        let said = match record.verify() {
            Ok(v) => {
                println!("all {} throws verified", v.throws);
                return ExitCode::SUCCESS;
            }
            Err(VerifyError::NotFair) => format!(
                "{} has no fair section: its throws cannot be checked",
                opts.file.display()
            ),
            Err(e) => format!("not verified: {e}"),
        };
        eprintln!("{said}");
        ExitCode::FAILURE
    })
}

/// The final state of a replayed game as JSON.
pub fn final_state(game: &Game, actions: usize) -> String {
    let view = GameView::new(game);
    let state = serde_json::json!({
        "actions": actions,
        "result": game.outcome(),
        "position": game.position(),
        "pending": view.pending,
        "held": view.held,
        "run": view.run,
        "truces": view.truces,
        "offer": view.offer,
    });
    serde_json::to_string_pretty(&state).unwrap_or_default()
}

/// Options of `chowka conformance`.
#[derive(clap::Args, Debug, Clone)]
pub struct ConformanceOpts {
    /// Folders of scenario files (`*.json`).
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
}

/// Runs every scenario in the folders; fails if any fails.
pub fn conformance(opts: ConformanceOpts) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match run_dirs(&opts.dirs, &mut out) {
        Ok(0) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("cannot write the report: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Options of a game's rules on the command line (a preset and overrides).
#[derive(clap::Args, Debug, Clone)]
pub struct RulesOpts {
    /// Preset: chowka-bhara, chauka-bara or ashta-chamma.
    #[arg(long, default_value = "chowka-bhara")]
    pub preset: Preset,
    /// Number of players, 2-4.
    #[arg(long, default_value_t = 2)]
    pub players: u8,
    /// Board size: 5, 7, 9 or 11.
    #[arg(long)]
    pub board: Option<u8>,
    /// Any other options as JSON, e.g. '{"gate":"lap","pairs":false}'.
    #[arg(long)]
    pub options: Option<String>,
}

impl RulesOpts {
    /// The resolved rules, or a message saying what is wrong.
    pub fn rules(&self) -> Result<Rules, String> {
        let mut o: Overrides = match &self.options {
            Some(json) => serde_json::from_str(json).map_err(|e| format!("bad --options: {e}"))?,
            None => Overrides::default(),
        };
        o.players = Some(self.players);
        o.board = self.board.or(o.board);
        Rules::with(self.preset, o).map_err(|e| e.to_string())
    }
}

/// Options of `chowka simulate`.
#[derive(clap::Args, Debug, Clone)]
pub struct SimulateOpts {
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    pub games: u32,
    /// Seed for throws and choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The rules.
    #[command(flatten)]
    pub rules: RulesOpts,
}

/// Games longer than this are stopped and counted as unfinished.
const MAX_ACTIONS: u32 = 1_000_000;

/// Plays random legal games and prints statistics.
pub fn simulate(opts: SimulateOpts) -> ExitCode {
    let rules = match opts.rules.rules() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let players = rules.players as usize;
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let mut throws = SeededThrows::new(opts.seed ^ 0x9e37_79b9_7f4a_7c15);
    let (mut actions, mut turns, mut hits, mut draws, mut unfinished) =
        (0u64, 0u64, 0u64, 0u32, 0u32);
    let mut wins = vec![0u32; players];
    let start = Instant::now();
    for _ in 0..opts.games {
        let mut game = Game::new(rules);
        let p = random_playout(&mut game, &mut rng, &mut throws, MAX_ACTIONS);
        actions += p.actions as u64;
        turns += p.turns as u64;
        hits += p.hits as u64;
        match p.outcome {
            Outcome::Winner(w) => wins[w as usize] += 1,
            Outcome::Draw => draws += 1,
            Outcome::Ongoing => unfinished += 1,
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let n = opts.games.max(1) as f64;
    let mut report = format!(
        "{} games of {} ({} players, {}x{}) in {:.2} s: {:.0} games/s\n",
        opts.games,
        rules.preset.name(),
        players,
        rules.board,
        rules.board,
        secs,
        opts.games as f64 / secs
    );
    report += &format!(
        "mean turns {:.1}, mean actions {:.1}, mean hits {:.1}\n",
        turns as f64 / n,
        actions as f64 / n,
        hits as f64 / n
    );
    report += &format!("draws {draws}, unfinished {unfinished}\n");
    for (seat, w) in wins.iter().enumerate() {
        report += &format!("seat {seat}: {w} wins ({:.1}%)\n", 100.0 * *w as f64 / n);
    }
    // A closed pipe (`| head`) is not an error worth a panic.
    let _ = std::io::stdout().write_all(report.as_bytes());
    ExitCode::SUCCESS
}

/// Options of `chowka tournament`.
#[derive(clap::Args, Debug, Clone)]
pub struct TournamentOpts {
    /// The level of each seat, comma separated: easy, medium or hard
    /// (2 to 4 seats), e.g. `hard,medium,medium,medium`.
    #[arg(long, value_delimiter = ',', default_value = "hard,medium")]
    pub players: Vec<Level>,
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// Seed for throws and choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Preset: chowka-bhara, chauka-bara or ashta-chamma.
    #[arg(long, default_value = "chowka-bhara")]
    pub preset: Preset,
    /// Board size: 5, 7, 9 or 11.
    #[arg(long)]
    pub board: Option<u8>,
    /// Any other options as JSON, e.g. '{"gate":"lap","pairs":false}'.
    #[arg(long)]
    pub options: Option<String>,
    /// Node budget of `hard` (default: the budget it plays with in rooms).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Turns after its own that `hard` may search (default: as in rooms).
    #[arg(long)]
    pub depth: Option<u8>,
    /// Time cap of one `hard` decision in milliseconds (default: as in rooms).
    #[arg(long)]
    pub time_ms: Option<u64>,
    /// Sampled games per candidate of `hard` (0: expectimax).
    #[arg(long)]
    pub rollouts: Option<u32>,
    /// Rounds each sampled game of `hard` is played on.
    #[arg(long)]
    pub horizon: Option<u8>,
    /// Games played at once (decision times are best measured with 1).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Games still going after this many actions count as unfinished.
    #[arg(long, default_value_t = 20_000)]
    pub max_actions: u32,
}

/// Reads the options of `chowka tournament`, plays it and prints win rates.
pub fn tournament(opts: TournamentOpts) -> ExitCode {
    let seats = opts.players.len();
    if !(2..=4).contains(&seats) {
        eprintln!("--players must list 2 to 4 levels, e.g. hard,medium (R2)");
        return ExitCode::FAILURE;
    }
    let rules = RulesOpts {
        preset: opts.preset,
        players: seats as u8,
        board: opts.board,
        options: opts.options,
    }
    .rules();
    let rules = match rules {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let hard = Budget {
        nodes: opts.nodes.unwrap_or(Budget::HARD.nodes),
        max_depth: opts.depth.unwrap_or(Budget::HARD.max_depth),
        rollouts: opts.rollouts.unwrap_or(Budget::HARD.rollouts),
        horizon: opts.horizon.unwrap_or(Budget::HARD.horizon),
        time: opts
            .time_ms
            .map_or(Budget::HARD.time, std::time::Duration::from_millis),
        ..Budget::HARD
    };
    tournament::run(&Tournament {
        rules,
        levels: opts.players,
        games: opts.games,
        seed: opts.seed,
        hard,
        threads: opts.threads,
        max_actions: opts.max_actions,
    });
    ExitCode::SUCCESS
}

/// Options of `chowka fit-eval`.
#[derive(clap::Args, Debug, Clone)]
pub struct FitEvalOpts {
    /// Number of players (2 to 4).
    #[arg(long, default_value_t = 4)]
    pub players: u8,
    /// Self-play games to learn from.
    #[arg(long, default_value_t = 100_000)]
    pub games: u32,
    /// Seed for throws and choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Share of actions played at random instead of by `medium`.
    #[arg(long, default_value_t = 0.05)]
    pub random: f64,
    /// Share of turn starts recorded.
    #[arg(long, default_value_t = 0.15)]
    pub sample: f64,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
}

/// Checks the options of `chowka fit-eval`, then fits the weights of the
/// hard computer player's evaluation and prints them.
pub fn fit_eval(opts: FitEvalOpts) -> ExitCode {
    if !(2..=4).contains(&opts.players) {
        eprintln!("--players must be 2 to 4 (R2)");
        return ExitCode::FAILURE;
    }
    if !(0.0..=1.0).contains(&opts.random) || !(0.0..=1.0).contains(&opts.sample) {
        eprintln!("--random and --sample are shares: 0 to 1");
        return ExitCode::FAILURE;
    }
    fit::run(&FitOpts {
        players: opts.players,
        games: opts.games,
        seed: opts.seed,
        random: opts.random,
        sample: opts.sample,
        threads: opts.threads,
    });
    ExitCode::SUCCESS
}
