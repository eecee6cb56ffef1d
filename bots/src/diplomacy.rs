//! Truce diplomacy for computer players (R15): when to offer a truce
//! against a clear leader, and when to accept one.
//!
//! What a truce means for play (not hitting allies, relays, breaking one's
//! word when a hit is worth it) is left to the search: its evaluation
//! trusts allies, so a hit on an ally that is not a relay ends the truce and
//! brings the former ally's threat back, and the sampled games play the
//! hit's bonus throw on with the cowrie odds, so they find out how often the
//! same turn hits the leader and makes the hit a relay.

use chowka_protocol::{Action, Game, Player};
use rand::Rng;

/// Rounds of betrayal records a computer player weighs (R15).
pub const MEMORY_ROUNDS: u32 = 10;

/// Betrayals by `player` in the last [`MEMORY_ROUNDS`] rounds (R15).
pub fn recent_betrayals(game: &Game, player: Player) -> usize {
    let round = game.round();
    game.betrayals()
        .iter()
        .filter(|b| b.player == player && b.round + MEMORY_ROUNDS > round)
        .count()
}

/// Whether `seat` would accept a truce from `from` against `leader`: the
/// leader's lead over `seat`, in units of the clear-leader margin 2(N-1),
/// must exceed 1 plus 1.5 for each of `from`'s recent betrayals. A
/// player that broke its word needs a more dangerous leader to be trusted
/// again.
pub fn would_accept(game: &Game, seat: Player, from: Player, leader: Player) -> bool {
    let margin = 2.0 * (game.rules().board as f64 - 1.0);
    let lead = game.progress(leader) as f64 - game.progress(seat) as f64;
    let distrust = recent_betrayals(game, from) as f64;
    lead >= margin * (1.0 + 1.5 * distrust)
}

/// The answer of `seat` to the open offer made to it, if there is one.
pub fn answer(game: &Game, seat: Player) -> Option<Action> {
    let offer = game.offer().filter(|o| o.to == seat)?;
    Some(Action::AnswerTruce {
        accept: would_accept(game, seat, offer.from, offer.leader),
    })
}

/// A truce offer by `seat`, the player to move, if one is worth making:
/// only at the start of its turn, against a clear leader, to the strongest
/// player that would accept. The offer is made with probability one half,
/// so that a player who declines (an answer changes nothing else) is not
/// asked again and again in the same turn.
pub fn offer<R: Rng>(game: &Game, seat: Player, rng: &mut R) -> Option<Action> {
    let start = game.pending() == 1 && game.holds_nothing() && game.run() == 0;
    if !start {
        return None;
    }
    let partners = game.truce_partners(seat);
    if partners.is_empty() {
        return None;
    }
    let leader = game.clear_leader()?;
    let to = partners
        .iter()
        .copied()
        .filter(|&q| would_accept(game, q, seat, leader))
        .max_by_key(|&q| (game.progress(q), std::cmp::Reverse(q)))?;
    rng.gen_bool(0.5).then_some(Action::OfferTruce { to })
}
