//! `hard`'s own later turns in its sampled games: the plan of the whole
//! turn that the evaluation rates best.
//!
//! In a sampled game every other player chooses as `medium` does, which is
//! exactly how a `medium` opponent plays. `hard` itself, in its later turns,
//! plays better than `medium`, and its sampled games should say so, or they
//! undervalue the moves whose worth shows in how the next turns are played
//! (docs/bots.md measured this: 4-player win rate up by 1.4 points).
//! A plan spends the held values in every distinct order on every pawn,
//! up to the next throw or the end of the turn (a hit's bonus throw, R10,
//! or the last value spent), and is judged by the evaluation where it
//! stops; the first move of the best plan is played. On its own, this
//! player wins about 30% of 4-player games against three `medium` (25% is
//! par).

use super::eval::Eval;
use super::heuristic;
use super::moves::distinct_moves;
use chowka_protocol::{Action, ForcedThrow, Game, MoveList, Player};

/// Positions a plan may look at per decision: enough for every plan of
/// the usual three held values, a bound for the rare long runs of graces.
const NODES: u32 = 300;

/// The action of the player to move: a throw while one is pending and no
/// third grace threatens (as `medium`), `medium`'s choice after two graces
/// in a row (R11), else the first move of the best plan.
pub fn choose(game: &Game, eval: &Eval) -> Action {
    if game.can_throw() {
        return heuristic::choose(game);
    }
    let mut moves = MoveList::new();
    distinct_moves(game, &mut moves);
    match moves.len() {
        // Nothing to move: medium skips or throws, as R11 allows.
        0 => return heuristic::choose(game),
        1 => return Action::Move(moves[0]),
        _ => {}
    }
    let me = game.to_move();
    let mut nodes = NODES;
    let mut best: Option<(f64, Action)> = None;
    for &mv in &moves {
        let Some(after) = after(game, me, Action::Move(mv)) else {
            continue;
        };
        let v = value(&after, me, eval, &mut nodes);
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, Action::Move(mv)));
        }
    }
    best.map_or_else(|| heuristic::choose(game), |(_, a)| a)
}

/// `me`'s chance to win after the best plan from `game`: evaluated where
/// the turn has passed on, a throw is pending, or the nodes are spent.
fn value(game: &Game, me: Player, eval: &Eval, nodes: &mut u32) -> f64 {
    let mine = !game.is_over() && game.to_move() == me;
    if !mine || game.can_throw() || *nodes == 0 {
        return eval.values(game, mine)[me as usize];
    }
    let mut moves = MoveList::new();
    distinct_moves(game, &mut moves);
    let mut best: Option<f64> = None;
    for &mv in &moves {
        *nodes = nodes.saturating_sub(1);
        if let Some(after) = after(game, me, Action::Move(mv)) {
            let v = value(&after, me, eval, nodes);
            best = Some(best.map_or(v, |b| b.max(v)));
        }
    }
    best.unwrap_or_else(|| eval.values(game, true)[me as usize])
}

/// `game` after `me` plays `action` (no throw is drawn: moves only).
fn after(game: &Game, me: Player, action: Action) -> Option<Game> {
    let mut g = game.clone();
    g.play_with(me, action, &mut ForcedThrow(1), &mut |_| {})
        .ok()
        .map(|_| g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chowka_protocol::{Position, Preset, Rules};

    /// Two players. South (0) holds a 4 and a 1. Its pawn at 9 can hit
    /// North's single pawn 5 squares ahead, on a square that is not a
    /// cross, with both values (R10); no one value hits anything. Its pawn
    /// at 3 has North's single pawn 2 squares behind it: a move of it alone
    /// looks best to `medium` (it walks away from danger), and after it the
    /// other value cannot hit. Both players' other pawns are at the centre.
    fn four_and_one_from_a_hit() -> Game {
        let rules = Rules::preset(Preset::ChowkaBhara, 2);
        let game = Game::new(rules);
        let board = game.board();
        let centre = board.centre();
        // North's path position of the square at South's position `x`.
        let north_at = |x: u8| {
            let square = board.square_index(game.side(0), x);
            assert!(!board.is_safe_index(square), "{x} is not a cross");
            (0..board.centre())
                .find(|&q| board.square_index(game.side(1), q) == square)
                .expect("North's path crosses South's")
        };
        let pos = Position {
            pawns: vec![
                vec![Some(9), Some(3), Some(centre), Some(centre)],
                vec![
                    Some(north_at(14)),
                    Some(north_at(1)),
                    Some(centre),
                    Some(centre),
                ],
            ],
            has_hit: vec![true, true],
            round: 1,
            ..Position::default()
        };
        let mut game = Game::from_position(rules, &pos).unwrap();
        game.play(0, Action::Throw, &mut ForcedThrow(4)).unwrap();
        game.play(0, Action::Throw, &mut ForcedThrow(1)).unwrap();
        assert!(!game.can_throw());
        game
    }

    #[test]
    fn the_plan_spends_both_held_values_on_one_pawn_to_hit_r10() {
        let mut game = four_and_one_from_a_hit();
        let eval = Eval::new(&game);
        // Medium, one move at a time, walks the pawn at 3 away first.
        match heuristic::choose(&game) {
            Action::Move(mv) => assert_eq!(mv.pawns.first(), Some(1)),
            other => panic!("expected a move, got {other:?}"),
        }
        while game.to_move() == 0 && !game.can_throw() {
            let action = choose(&game, &eval);
            game.play(0, action, &mut ForcedThrow(1)).unwrap();
        }
        assert_eq!(game.pawn(1, 0), Some(0), "North's pawn was hit home");
        assert_eq!(game.pawn(0, 0), Some(14));
    }
}
