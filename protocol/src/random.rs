//! Uniformly random legal play, for simulations, benchmarks, property
//! tests, the easiest computer player and the test clients: the one place
//! that picks a random action, so that they all play the same way.

use crate::action::{Action, Move, Player};
use crate::game::{Event, Game, MoveList, Outcome};
use crate::messages::GameView;
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
        return Some((offer.to, random_answer(rng)));
    }
    Some((game.to_move(), random_turn_action(game, rng, moves)))
}

/// A coin flip to accept or decline the open truce offer (R15).
pub fn random_answer<R: Rng>(rng: &mut R) -> Action {
    Action::AnswerTruce {
        accept: rng.gen_bool(0.5),
    }
}

/// A uniformly random legal action of the player to move in an ongoing
/// game, also while an offer of its own is open (R15): a throw, a skip or
/// a move, and one time in twenty a truce offer when one may be made.
/// `moves` is scratch space, so nothing allocates.
pub fn random_turn_action<R: Rng>(game: &Game, rng: &mut R, moves: &mut MoveList) -> Action {
    // Roll first: finding the clear leader costs more than the roll.
    if game.rules().truces_possible() && rng.gen_ratio(1, 20) {
        if let Some(offer) = random_offer(&game.truce_partners(game.to_move()), rng) {
            return offer;
        }
    }
    moves.clear();
    game.legal_moves_into(moves);
    pick(moves, game.can_throw(), game.can_skip(), rng)
}

/// A uniformly random legal action for `seat` in a game as the server
/// sends it, or `None` when it is not that seat's to act: for clients,
/// which pick among the legal actions of the view, not of a [`Game`].
/// It picks as [`random_action`] does, but rolls for a truce offer only
/// when the view lists partners (a view does not carry the rules).
pub fn random_view_action<R: Rng>(view: &GameView, seat: Player, rng: &mut R) -> Option<Action> {
    if view.result != Outcome::Ongoing {
        return None;
    }
    if view.offer.is_some_and(|o| o.to == seat) {
        return Some(random_answer(rng));
    }
    if view.to_move != seat {
        return None;
    }
    if !view.truce_partners.is_empty() && rng.gen_ratio(1, 20) {
        return random_offer(&view.truce_partners, rng);
    }
    let moves: MoveList = view
        .legal
        .iter()
        .map(|m| Move {
            pawns: m.pawns,
            value: m.value,
            target: m.target,
        })
        .collect();
    if moves.is_empty() && !view.can_throw && !view.can_skip {
        return None;
    }
    Some(pick(&moves, view.can_throw, view.can_skip, rng))
}

/// A truce offer to one of `partners`, if there are any.
fn random_offer<R: Rng>(partners: &[Player], rng: &mut R) -> Option<Action> {
    if partners.is_empty() {
        return None;
    }
    let to = partners[rng.gen_range(0..partners.len())];
    Some(Action::OfferTruce { to })
}

/// One of `moves`, the throw (if `can_throw`) and the skip (if
/// `can_skip`), each as likely; at least one of them must be there.
fn pick<R: Rng>(moves: &[Move], can_throw: bool, can_skip: bool, rng: &mut R) -> Action {
    let extra = can_throw as usize + can_skip as usize;
    let pick = rng.gen_range(0..moves.len() + extra);
    match pick.checked_sub(moves.len()) {
        None => Action::Move(moves[pick]),
        Some(0) if can_throw => Action::Throw,
        Some(_) => Action::Skip,
    }
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
