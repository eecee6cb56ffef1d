//! Computer players: pure decisions over `chowka_protocol::Game`, in a
//! crate that depends on nothing but the rules engine (the server
//! re-exports it as `chowka_server::bots`).
//!
//! [`decide`] is all a room needs: given the game and a seat, it returns
//! the action that seat takes now, or `None` when the seat has nothing to
//! do. The levels (docs/bots.md):
//! - `easy` plays a uniformly random legal action
//!   ([`chowka_protocol::random`], as simulations do).
//! - `medium` scores each legal move by rules of thumb ([`heuristic`]).
//! - `hard` plays each candidate on in sampled games with common throws
//!   ([`search`]) and judges where they end by every player's chance to
//!   win, from an evaluation fitted to self-play ([`eval`], [`fit`]).
//!
//! Both `medium` and `hard` offer and answer truces as [`diplomacy`] says.
//!
//! # Layout
//! - `moves`: the legal moves worth telling apart, for every level that
//!   weighs moves.
//! - `heuristic`: medium's rules of thumb.
//! - `eval`: the evaluation of a position for every player.
//! - `fit`: `chowka fit-eval`, which fits the evaluation's weights.
//! - `search`: hard's sampled games, and an expectimax (max-n) to compare.
//! - `plan`: hard's own later turns in its sampled games.
//! - `hint`: what hard would do for the player to move, and why.
//! - `analysis`: a finished game's chances turn by turn and its turning points.
//! - `diplomacy`: truce offers and answers (R15).
//! - `tournament`: `chowka tournament`'s games and report.
//!
//! The modules depend on each other without cycles: `search` uses `plan`,
//! `plan` uses `heuristic`, and all three use `moves`. `tournament` and
//! `fit` take plain values; the server's `commands` reads their
//! command-line options.

#![warn(missing_docs)]

pub mod analysis;
pub mod diplomacy;
pub mod eval;
pub mod fit;
pub mod heuristic;
pub mod hint;
pub mod moves;
pub mod plan;
pub mod search;
pub mod tournament;

use chowka_protocol::random::{random_answer, random_turn_action};
use chowka_protocol::{Action, Game, MoveList, Player};
use rand::Rng;

pub use chowka_protocol::Level;
pub use search::Budget;

/// The action the computer player in `seat` takes now, or `None` when it
/// is not that seat's to act: it is neither the player to move nor the
/// offered player of an open truce offer (who answers while the offering
/// player's turn goes on).
///
/// Deterministic for a given `rng` state; `hard` stays within
/// [`Budget::HARD`].
pub fn decide<R: Rng>(level: Level, game: &Game, seat: Player, rng: &mut R) -> Option<Action> {
    decide_with(level, game, seat, rng, Budget::HARD)
}

/// [`decide`] with another search budget (for tests and tournaments).
pub fn decide_with<R: Rng>(
    level: Level,
    game: &Game,
    seat: Player,
    rng: &mut R,
    budget: Budget,
) -> Option<Action> {
    if game.is_over() {
        return None;
    }
    if game.offer().is_some_and(|o| o.to == seat) {
        return match level {
            Level::Easy => Some(random_answer(rng)),
            _ => diplomacy::answer(game, seat),
        };
    }
    if game.to_move() != seat {
        return None;
    }
    Some(match level {
        // The mover acts even while its own offer is open (R15).
        Level::Easy => random_turn_action(game, rng, &mut MoveList::new()),
        Level::Medium | Level::Hard => {
            if let Some(offer) = diplomacy::offer(game, seat, rng) {
                return Some(offer);
            }
            if level == Level::Medium {
                return Some(heuristic::choose(game));
            }
            let seed = rng.gen();
            search::Search::new(game, budget)
                .best_seeded(game, seed)
                .action
        }
    })
}
