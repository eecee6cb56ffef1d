//! Uniformly random legal play, for simulations, benchmarks, property
//! tests and the easiest computer player.

use crate::action::{Action, Player};
use crate::game::{Event, Game, MoveList, Outcome};
use crate::throw::ThrowSource;
use rand::Rng;

/// What a random playout did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Playout {
    /// Actions played.
    pub actions: u32,
    /// Turns begun.
    pub turns: u32,
    /// Hits made.
    pub hits: u32,
    /// Turns undone or forfeited (R12).
    pub stranded: u32,
    /// How it ended; `Ongoing` if it hit the action limit.
    pub outcome: Outcome,
}

/// Picks a uniformly random legal action and who takes it: an open truce
/// offer is answered at random; otherwise a throw, a skip or a move, and now
/// and then a truce offer. `moves` is scratch space, so nothing allocates.
pub fn random_action<R: Rng>(
    game: &Game,
    rng: &mut R,
    moves: &mut MoveList,
) -> Option<(Player, Action)> {
    if game.is_over() {
        return None;
    }
    if let Some(offer) = game.offer() {
        return Some((
            offer.to,
            Action::AnswerTruce {
                accept: rng.gen_bool(0.5),
            },
        ));
    }
    let me = game.to_move();
    // Roll first: finding the clear leader costs more than the roll.
    if game.rules().truces_possible() && rng.gen_ratio(1, 20) {
        let partners = game.truce_partners(me);
        if !partners.is_empty() {
            let to = partners[rng.gen_range(0..partners.len())];
            return Some((me, Action::OfferTruce { to }));
        }
    }
    moves.clear();
    game.legal_moves_into(moves);
    let extra = game.can_throw() as usize + game.can_skip() as usize;
    let pick = rng.gen_range(0..moves.len() + extra);
    Some(match pick.checked_sub(moves.len()) {
        None => (me, Action::Move(moves[pick])),
        Some(0) if game.can_throw() => (me, Action::Throw),
        Some(_) => (me, Action::Skip),
    })
}

/// Plays random legal actions until the game ends or `max_actions` were played.
pub fn random_playout<R: Rng>(
    game: &mut Game,
    rng: &mut R,
    throws: &mut dyn ThrowSource,
    max_actions: u32,
) -> Playout {
    let mut moves = MoveList::new();
    let mut out = Playout::default();
    let mut sink = |e: Event| match e {
        Event::TurnBegan { .. } => out.turns += 1,
        Event::Hit { .. } => out.hits += 1,
        Event::TurnUndone { .. } | Event::HeldForfeited { .. } => out.stranded += 1,
        _ => {}
    };
    let mut actions = 0;
    while actions < max_actions {
        let Some((by, action)) = random_action(game, rng, &mut moves) else {
            break;
        };
        game.play_with(by, action, throws, &mut sink)
            .expect("a legal action is accepted");
        actions += 1;
    }
    out.actions = actions;
    out.outcome = game.outcome();
    out
}
