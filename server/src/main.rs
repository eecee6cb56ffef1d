//! `chowka`: the game server (the default command) and tools for records,
//! rules scenarios, simulations and computer-player tournaments.

use chowka_server::{commands, config};
use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// jemalloc rather than the system allocator: a server whose sockets come
/// and go in thousands gives the memory of closed ones back to the system
/// (glibc's allocator and mimalloc kept all of it; docs/performance.md).
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// jemalloc's settings: a background thread returns pages unused for a
/// second, instead of waiting for the next allocation to do it.
#[allow(non_upper_case_globals)]
#[export_name = "_rjem_malloc_conf"]
pub static malloc_conf: &[u8] = b"background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0\0";

/// Chowka Bhara online: serve games, or check and simulate them.
///
/// With no command, the server runs with the options given here
/// (`chowka --bind ...`, as `chowka serve --bind ...`).
#[derive(Parser)]
#[command(version, about, args_conflicts_with_subcommands = true)]
struct Opt {
    #[command(subcommand)]
    command: Option<Command>,
    /// Server options, when no command is given.
    #[command(flatten)]
    serve: config::ServeOpts,
}

#[derive(Subcommand)]
enum Command {
    /// Run the game server (the default).
    Serve(Box<config::ServeOpts>),
    /// Check a game record action by action and print its final state as JSON.
    Replay(commands::ReplayOpts),
    /// Check every throw of a game record against its revealed seeds (fair throws).
    Verify(commands::VerifyOpts),
    /// Run every rules scenario in the given folders.
    Conformance(commands::ConformanceOpts),
    /// Play random legal games and print statistics.
    Simulate(commands::SimulateOpts),
    /// Play computer players against each other and print win rates.
    Tournament(commands::TournamentOpts),
    /// Fit the weights of the hard computer player's evaluation to self-play.
    FitEval(commands::FitEvalOpts),
}

fn main() -> ExitCode {
    let opt = Opt::parse();
    let Some(command) = opt.command else {
        return config::serve(opt.serve);
    };
    match command {
        Command::Serve(o) => config::serve(*o),
        Command::Replay(o) => commands::replay(o),
        Command::Verify(o) => commands::verify(o),
        Command::Conformance(o) => commands::conformance(o),
        Command::Simulate(o) => commands::simulate(o),
        Command::Tournament(o) => commands::tournament(o),
        Command::FitEval(o) => commands::fit_eval(o),
    }
}
