//! `chowka tournament`: computer players against each other.

use std::process::ExitCode;

/// Options of `chowka tournament`.
#[derive(clap::Args, Debug, Clone)]
pub struct TournamentOpts {}

/// Runs a tournament and prints win rates.
pub fn run(_opts: TournamentOpts) -> ExitCode {
    eprintln!("computer players are not built yet");
    ExitCode::FAILURE
}
