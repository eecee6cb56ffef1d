//! Options of `chowka serve`, and starting the server.

use std::process::ExitCode;

/// Options of the game server.
#[derive(clap::Args, Debug, Clone)]
pub struct ServeOpts {}

/// Runs the server until it is stopped.
pub fn serve(_opts: ServeOpts) -> ExitCode {
    eprintln!("the server is not built yet");
    ExitCode::FAILURE
}
