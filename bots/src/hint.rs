//! Hints: "what would the computer do?" for the player to move, with the
//! one thing that weighed most in that choice ([`chowka_protocol::Hint`]).
//!
//! **The action** is `hard`'s: the sampled games of [`super::search`],
//! called directly so that a hint is about throwing, skipping and moving,
//! never about a truce (R15).
//!
//! **The reason** comes from what the evaluation ([`super::eval`]) weighs.
//! Throwing (R6) and skipping (R11) are their own reasons, and so is a move
//! that is the only distinct legal move, or one whose every alternative
//! leads to the same position ([`HintReason::Only`]). Otherwise the
//! position after the hinted move is compared with the position after the
//! best *other* move, best by the same evaluation's chance to win for the
//! mover one move on. The best other move is the comparison because a
//! reason says why this move rather than the next best: against the
//! position before the move, every move "makes progress", and against the
//! average move, the reason would name what any sensible move does.
//!
//! The evaluation's chance to win is a conditional logit: player `p`'s
//! chance is `exp(s_p) / Σ exp(s_q)`, with `s_p` the dot product of the
//! weights and `p`'s features. The derivative of the log of the mover's
//! chance is `1 - v_me` along its own score and `-v_o` along each
//! opponent's, so the difference of feature `k` of player `p` between the
//! two positions adds about
//! `w_k · Δf_pk · (p == me ? 1 - v_me : -v_p)` to the log of the mover's
//! chance (with `v` the mean of the chances at the two positions: the
//! trapezoid rule along the way from one to the other). The log makes the
//! terms add up over features, so they can be summed by what they are
//! about, and the largest positive sum names the reason:
//! - [`HintReason::Hit`], when the move hits (R10, R13): every change of
//!   the opponents' features (the victim's pawn back home), the gate
//!   opening (R8), and the bonus throw with the turn it keeps (R10): the
//!   throw pending and the turn order, and the danger features too when
//!   only one of the two positions still has the mover to move, since then
//!   they differ by whose turn it is, not by where the pawns stand;
//! - [`HintReason::Centre`], [`HintReason::Pair`], [`HintReason::Enter`],
//!   [`HintReason::Inner`]: the mover's pawns at the centre, in committed
//!   pairs (R13), no longer waiting (R7), past the gate (R8);
//! - the mover's danger features (R10 from the odds of R5):
//!   [`HintReason::Escape`] when the moved pawns were threatened before the
//!   move ([`Game::threats`], one throw of an opponent), else
//!   [`HintReason::StaySafe`] naming the opponents who threaten a pawn
//!   after the other move and not after this one; when no single throw
//!   threatens either, the danger (two or three throws of a turn) is too
//!   thin to name, and the next largest sum is the reason;
//! - [`HintReason::Progress`]: the rest (R15's progress, the values still
//!   held, and the gate, the opponents and the turn order when the move
//!   does not hit).
//!
//! Only the largest *positive* sum is a reason. When there is none (the
//! search saw further than one move, and the evaluation alone rates the
//! other move higher), the hinted position is compared with the position
//! before the move instead: what the move itself does. Failing that too,
//! the reason is [`HintReason::Progress`]. A reason looks one move ahead:
//! a hit that takes two held values on one pawn shows in the second move's
//! hint, not the first's.

use super::eval::{
    softmax, Eval, AT_GATE, DANGER_PAWNS, DANGER_SQUARES, FEATURES, FINISHED, GATE_CLOSED, INNER,
    MOVER_DANGER, MOVES_SECOND, MOVES_THIRD, PAIR, PROGRESS, TO_MOVE, WAITING,
};
use super::search::{root_actions, Budget, Search};
use chowka_protocol::{Action, ForcedThrow, Game, Hint, HintReason, Move, Player};
use rand::Rng;

/// The hint for the player to move, `seat`: what the hard computer would
/// do, and why.
///
/// `None` when `seat` is not the player to move, the game is over, or an
/// open truce offer is to be answered first. Deterministic for a given
/// `rng` state (as long as the search stays within `budget`'s time cap);
/// the server passes [`Budget::HARD`].
pub fn hint<R: Rng>(game: &Game, seat: Player, rng: &mut R, budget: Budget) -> Option<Hint> {
    let (action, reason) = hint_action(game, seat, rng, budget)?;
    Some(Hint {
        action: action.into(),
        reason,
    })
}

/// [`hint`] with the action as the engine takes it.
fn hint_action<R: Rng>(
    game: &Game,
    seat: Player,
    rng: &mut R,
    budget: Budget,
) -> Option<(Action, HintReason)> {
    if game.is_over() || game.to_move() != seat || game.offer().is_some_and(|o| o.to == seat) {
        return None;
    }
    let seed = rng.gen();
    let action = Search::new(game, budget).best_seeded(game, seed).action;
    Some((action, reason(game, action)))
}

/// Why the player to move would take `action`, one of its legal actions.
fn reason(game: &Game, action: Action) -> HintReason {
    match action {
        Action::Throw => HintReason::ThrowFirst,
        Action::Skip => HintReason::Skip,
        Action::Move(mv) => move_reason(game, mv),
        // Never hinted: the search offers no truces.
        Action::OfferTruce { .. } | Action::AnswerTruce { .. } => HintReason::Only,
    }
}

/// What a reason is about: the evaluation's terms summed by these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Group {
    Hit,
    Centre,
    Pair,
    Enter,
    Inner,
    Safety,
    Progress,
}

const GROUPS: [Group; 7] = [
    Group::Hit,
    Group::Centre,
    Group::Pair,
    Group::Enter,
    Group::Inner,
    Group::Safety,
    Group::Progress,
];

/// Sums by [`Group`], indexed by `Group as usize`.
type Sums = [f64; GROUPS.len()];

/// The reason for the legal move `mv` of the player to move.
fn move_reason(game: &Game, mv: Move) -> HintReason {
    let me = game.to_move();
    let Some(hinted) = after(game, me, mv) else {
        return HintReason::Only;
    };
    // The other moves the search compared, where they lead.
    let others: Vec<Game> = root_actions(game)
        .into_iter()
        .filter_map(|a| match a {
            Action::Move(m) if m != mv => after(game, me, m),
            _ => None,
        })
        .filter(|g| *g != hinted)
        .collect();
    let eval = Eval::new(game);
    let value = |g: &Game| eval.values(g, mid_turn(g, me))[me as usize];
    let mut best: Option<(f64, &Game)> = None;
    for g in &others {
        let v = value(g);
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, g));
        }
    }
    let Some((_, other)) = best else {
        return HintReason::Only;
    };
    explain(game, &eval, mv, &hinted, other)
        .or_else(|| explain(game, &eval, mv, &hinted, game))
        .unwrap_or(HintReason::Progress)
}

/// Why the legal move `mv` of the player to move is better than the legal
/// move `than` (the analysis of a finished game: the better move against
/// the move made), by the same sums as a hint's reason; `None` when the
/// two lead to the same position.
pub(crate) fn better_than(game: &Game, mv: Move, than: Move) -> Option<HintReason> {
    let me = game.to_move();
    let (hinted, other) = (after(game, me, mv)?, after(game, me, than)?);
    if hinted == other {
        return None;
    }
    let eval = Eval::new(game);
    Some(explain(game, &eval, mv, &hinted, &other).unwrap_or(HintReason::Progress))
}

/// The largest positive sum of the difference between `hinted` (`game`
/// after `mv`) and `other`, in words; `None` when no sum is positive.
fn explain(game: &Game, eval: &Eval, mv: Move, hinted: &Game, other: &Game) -> Option<HintReason> {
    let me = game.to_move();
    let victim = game.preview(mv).and_then(|p| p.victim);
    let sums = contributions(eval, me, victim.is_some(), hinted, other);
    pick(&sums, |group| match group {
        Group::Hit => victim.map(|victim| HintReason::Hit { victim }),
        Group::Centre => Some(HintReason::Centre),
        Group::Pair => Some(HintReason::Pair),
        Group::Enter => Some(HintReason::Enter),
        Group::Inner => Some(HintReason::Inner),
        Group::Safety => safety(game, mv, hinted, other),
        Group::Progress => Some(HintReason::Progress),
    })
}

/// The largest positive sum that `name` can put in words.
fn pick(sums: &Sums, name: impl Fn(Group) -> Option<HintReason>) -> Option<HintReason> {
    let mut order: Vec<usize> = (0..GROUPS.len()).filter(|&g| sums[g] > 1e-12).collect();
    // Largest first; ties in the order of GROUPS.
    order.sort_by(|&a, &b| sums[b].total_cmp(&sums[a]).then(a.cmp(&b)));
    order.into_iter().find_map(|g| name(GROUPS[g]))
}

/// `game` after the player to move plays `mv` (no throw is drawn: a hit's
/// bonus throw stays pending, R10).
pub(crate) fn after(game: &Game, me: Player, mv: Move) -> Option<Game> {
    let mut g = game.clone();
    g.play_with(me, Action::Move(mv), &mut ForcedThrow(1), &mut |_| {})
        .ok()
        .map(|_| g)
}

/// Whether `game` is still inside `me`'s turn: its held values and pending
/// throws are still to walk (as [`Eval::scores`] counts them).
pub(crate) fn mid_turn(game: &Game, me: Player) -> bool {
    !game.is_over() && game.to_move() == me
}

/// The terms of the difference of the log of `me`'s chance to win between
/// `hinted` and `other`, summed by group (see the module doc). `hits`: the
/// hinted move hits.
fn contributions(eval: &Eval, me: Player, hits: bool, hinted: &Game, other: &Game) -> Sums {
    let players = hinted.rules().players as usize;
    let (mid_a, mid_b) = (mid_turn(hinted, me), mid_turn(other, me));
    // The logit's chances (not the finished game's 1 and 0, whose
    // derivative is flat).
    let va = softmax(&eval.scores(hinted, mid_a), players);
    let vb = softmax(&eval.scores(other, mid_b), players);
    let same_turn = hinted.is_over() == other.is_over() && hinted.to_move() == other.to_move();
    // What a hit brings besides the victim's loss; without a hit it is
    // part of the rest.
    let hit_or_rest = if hits { Group::Hit } else { Group::Progress };
    let w = &eval.weights;
    let mut sums = [0.0; GROUPS.len()];
    for p in 0..players {
        let mine = p == me as usize;
        let v = (va[p] + vb[p]) / 2.0;
        let slope = if mine { 1.0 - v } else { -v };
        let fa = eval.features(hinted, p as Player);
        let fb = eval.features(other, p as Player);
        for k in 0..FEATURES {
            let group = match k {
                TO_MOVE | MOVES_SECOND | MOVES_THIRD => hit_or_rest,
                _ if !mine => hit_or_rest,
                DANGER_SQUARES | DANGER_PAWNS | MOVER_DANGER if same_turn => Group::Safety,
                DANGER_SQUARES | DANGER_PAWNS | MOVER_DANGER => hit_or_rest,
                GATE_CLOSED | AT_GATE => hit_or_rest,
                PROGRESS => Group::Progress,
                INNER => Group::Inner,
                FINISHED => Group::Centre,
                PAIR => Group::Pair,
                WAITING => Group::Enter,
                _ => Group::Progress,
            };
            sums[group as usize] += slope * w[k] * (fa[k] - fb[k]);
        }
        if mine {
            // The values held and throws pending, worth squares of progress.
            let parts = |g: &Game, mid: bool| {
                if mid {
                    eval.turn_bonus_parts(g)
                } else {
                    (0.0, 0.0)
                }
            };
            let (held_a, pending_a) = parts(hinted, mid_a);
            let (held_b, pending_b) = parts(other, mid_b);
            sums[Group::Progress as usize] += slope * w[PROGRESS] * (held_a - held_b);
            sums[hit_or_rest as usize] += slope * w[PROGRESS] * (pending_a - pending_b);
        }
    }
    sums
}

/// The danger reason for `mv`, played from `game` to `hinted`, against
/// `other`: [`HintReason::Escape`] if the moved pawns were threatened
/// (one throw of an opponent, [`Game::threats`]), else
/// [`HintReason::StaySafe`] if `other` leaves pawns threatened that
/// `hinted` does not; `None` when no single throw threatens either.
fn safety(game: &Game, mv: Move, hinted: &Game, other: &Game) -> Option<HintReason> {
    let me = game.to_move();
    let first = mv.pawns.first()?;
    if let Some(from) = game.pawn(me, first) {
        let paired = game.partner(me, first).is_some();
        let threats: Vec<_> = game
            .threats(me)
            .into_iter()
            .filter(|t| t.square == from && (t.pawns.len() == 2) == paired)
            .collect();
        if !threats.is_empty() {
            let board = game.board();
            let to = game.preview(mv)?.to;
            let mut by: Vec<Player> = threats.iter().map(|t| t.by).collect();
            let mut values: Vec<u8> = threats.iter().map(|t| t.value).collect();
            by.sort_unstable();
            by.dedup();
            values.sort_unstable();
            values.dedup();
            return Some(HintReason::Escape {
                by,
                values,
                safe: board.is_safe_index(board.square_index(game.side(me), to)),
            });
        }
    }
    let kept = hinted.threats(me);
    let mut by: Vec<Player> = other
        .threats(me)
        .into_iter()
        .filter(|t| !kept.contains(t))
        .map(|t| t.by)
        .collect();
    by.sort_unstable();
    by.dedup();
    (!by.is_empty()).then_some(HintReason::StaySafe { by })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chowka_protocol::random::random_action;
    use chowka_protocol::{MoveList, PawnSet, Position, Preset, Rules, SeededThrows};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use std::time::{Duration, Instant};

    const SMALL: Budget = Budget::SMALL;

    /// More sampled games than [`SMALL`], for the fixed positions, whose
    /// moves should be `hard`'s own choice, not the luck of three games.
    const TEST: Budget = Budget {
        rollouts: 64,
        horizon: 2,
        time: Duration::from_secs(60),
        ..SMALL
    };

    fn rules() -> Rules {
        Rules::preset(Preset::ChowkaBhara, 2)
    }

    /// North's (player 1's) path position of the square at South's
    /// (player 0's) outer position `x`, 5x5 (R3).
    fn north_at(x: u8) -> u8 {
        let game = Game::new(rules());
        let board = game.board();
        let square = board.square_index(game.side(0), x);
        (0..board.centre())
            .find(|&q| board.square_index(game.side(1), q) == square)
            .expect("North's path crosses South's")
    }

    /// Whether South's position `x` is a safe square (R4).
    fn safe_for_south(x: u8) -> bool {
        let game = Game::new(rules());
        let board = game.board();
        board.is_safe_index(board.square_index(game.side(0), x))
    }

    /// Two players, South (0) to move: its pawns and North's (on their own
    /// paths), who has hit (R8), and South's throws, already thrown.
    fn position(south: [u8; 4], north: [u8; 4], has_hit: [bool; 2], throws: &[u8]) -> Game {
        let pos = Position {
            pawns: vec![
                south.iter().map(|&x| Some(x)).collect(),
                north.iter().map(|&x| Some(x)).collect(),
            ],
            has_hit: has_hit.to_vec(),
            round: 1,
            ..Position::default()
        };
        let mut game = Game::from_position(rules(), &pos).unwrap();
        for &v in throws {
            game.play(0, Action::Throw, &mut ForcedThrow(v)).unwrap();
        }
        game
    }

    fn hint_of(game: &Game) -> (Action, HintReason) {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        hint_action(game, game.to_move(), &mut rng, TEST).expect("the mover has a hint")
    }

    fn single(pawn: u8, value: u8) -> Action {
        Action::Move(Move {
            pawns: PawnSet::single(pawn),
            value,
            target: None,
        })
    }

    #[test]
    fn a_hit_is_hinted_as_a_hit_r10() {
        // South holds a 3: its pawn at 2 lands on North's single at 5 (not
        // a cross, North's 13), or a pawn at home walks to 3. North has hit,
        // so its pawn is about to pass its gate (R8). (Before its first hit,
        // the evaluation counts a pawn standing at the closed gate against
        // North, and hard then now and then leaves it there.)
        assert!(!safe_for_south(5));
        let game = position([2, 0, 0, 0], [north_at(5), 0, 0, 0], [false, true], &[3]);
        let (action, reason) = hint_of(&game);
        assert_eq!(action, single(0, 3));
        assert_eq!(reason, HintReason::Hit { victim: 1 });
        let hint = hint(&game, 0, &mut ChaCha8Rng::seed_from_u64(7), TEST).unwrap();
        assert_eq!(hint.action, action.into());
    }

    #[test]
    fn a_threatened_pawn_escapes_to_a_safe_square_r4() {
        // South's pawn at 1 has North's single 2 squares behind it (North's
        // 7, South's 15); a 3 carries it to East's home square, a cross. The
        // other move walks a pawn from home to 3, 4 squares ahead of the
        // same single.
        assert!(safe_for_south(4) && !safe_for_south(1));
        let game = position([1, 0, 0, 0], [north_at(15), 0, 0, 0], [false; 2], &[3]);
        let (action, reason) = hint_of(&game);
        assert_eq!(action, single(0, 3));
        assert_eq!(
            reason,
            HintReason::Escape {
                by: vec![1],
                values: vec![2],
                safe: true
            }
        );
    }

    #[test]
    fn a_pawn_that_can_reach_the_centre_is_hinted_as_centre() {
        // South has hit, so its gate is open (R8); a 3 takes its pawn at 21
        // to the centre (24), or walks a pawn from home to 3.
        let game = position([21, 0, 0, 0], [0, 0, 0, 0], [true, false], &[3]);
        let (action, reason) = hint_of(&game);
        assert_eq!(action, single(0, 3));
        assert_eq!(reason, HintReason::Centre);
    }

    #[test]
    fn a_pending_throw_is_thrown_first_r6() {
        let game = position([2, 0, 0, 0], [north_at(5), 0, 0, 0], [false; 2], &[]);
        assert!(game.can_throw());
        assert_eq!(hint_of(&game), (Action::Throw, HintReason::ThrowFirst));
    }

    #[test]
    fn a_single_legal_move_is_the_only_one() {
        // Every pawn at home: a 3 walks one of them, whichever.
        let game = position([0; 4], [0; 4], [false; 2], &[3]);
        let (action, reason) = hint_of(&game);
        assert!(matches!(action, Action::Move(mv) if mv.value == 3));
        assert_eq!(reason, HintReason::Only);
    }

    #[test]
    fn no_hint_for_the_seat_not_to_move() {
        let game = position([2, 0, 0, 0], [north_at(5), 0, 0, 0], [false; 2], &[3]);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        assert!(hint(&game, 1, &mut rng, SMALL).is_none());
        assert!(hint(&game, 0, &mut rng, SMALL).is_some());
    }

    #[test]
    fn the_same_rng_state_gives_the_same_hint() {
        let game = position([1, 0, 5, 9], [north_at(15), 3, 0, 0], [false; 2], &[4, 3]);
        let a = hint(&game, 0, &mut ChaCha8Rng::seed_from_u64(3), SMALL);
        let b = hint(&game, 0, &mut ChaCha8Rng::seed_from_u64(3), SMALL);
        assert_eq!(a, b);
    }

    #[test]
    fn hints_in_random_positions_are_legal_and_given_exactly_to_the_mover() {
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        let mut throws = SeededThrows::new(22);
        let mut moves = MoveList::new();
        let mut hinted = 0;
        for i in 0..200 {
            let preset = [Preset::ChowkaBhara, Preset::ChaukaBara, Preset::AshtaChamma][i % 3];
            let rules = Rules::preset(preset, 2 + (i / 3 % 3) as u8);
            let mut game = Game::new(rules);
            for _ in 0..rng.gen_range(0..300) {
                let Some((by, action)) = random_action(&game, &mut rng, &mut moves) else {
                    break;
                };
                game.play(by, action, &mut throws).unwrap();
            }
            for seat in 0..rules.players {
                let got = hint_action(&game, seat, &mut rng, SMALL);
                let acts = !game.is_over()
                    && game.to_move() == seat
                    && game.offer().is_none_or(|o| o.to != seat);
                assert_eq!(got.is_some(), acts, "position {i}, seat {seat}");
                let Some((action, reason)) = got else {
                    continue;
                };
                hinted += 1;
                let mut after = game.clone();
                let r = after.play(seat, action, &mut SeededThrows::new(1));
                assert!(r.is_ok(), "position {i}: {action:?} refused: {r:?}");
                match (&reason, action) {
                    (HintReason::ThrowFirst, a) => assert_eq!(a, Action::Throw),
                    (HintReason::Skip, a) => assert_eq!(a, Action::Skip),
                    (_, Action::Move(mv)) => {
                        if let HintReason::Hit { victim } = reason {
                            assert_eq!(game.preview(mv).unwrap().victim, Some(victim));
                        }
                        if let HintReason::Escape { by, values, .. } = &reason {
                            assert!(!by.is_empty() && !values.is_empty(), "{reason:?}");
                        }
                        if let HintReason::StaySafe { by } = &reason {
                            assert!(!by.is_empty() && !by.contains(&seat), "{reason:?}");
                        }
                    }
                    (r, a) => panic!("position {i}: {a:?} hinted with {r:?}"),
                }
            }
        }
        assert!(hinted > 150, "only {hinted} hints checked");
    }

    /// Times 100 hints with [`Budget::HARD`] in random 2- and 4-player
    /// Chowka Bhara positions where the mover has a choice of moves (no
    /// throw pending, two distinct moves or more), and the reason alone:
    /// `cargo test --release -p chowka-bots --lib hint::tests::time_hard_hints
    /// -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn time_hard_hints() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut throws = SeededThrows::new(6);
        let mut moves = MoveList::new();
        for players in [2, 4] {
            let mut times = Vec::new();
            let mut reasons = Vec::new();
            while times.len() < 100 {
                let mut game = Game::new(Rules::preset(Preset::ChowkaBhara, players));
                for _ in 0..rng.gen_range(0..300) {
                    let Some((by, action)) = random_action(&game, &mut rng, &mut moves) else {
                        break;
                    };
                    game.play(by, action, &mut throws).unwrap();
                }
                moves.clear();
                crate::moves::distinct_moves(&game, &mut moves);
                if game.is_over() || game.offer().is_some() || game.can_throw() || moves.len() < 2 {
                    continue;
                }
                let seat = game.to_move();
                let start = Instant::now();
                let (action, _) = hint_action(&game, seat, &mut rng, Budget::HARD).unwrap();
                times.push(start.elapsed());
                let start = Instant::now();
                reason(&game, action);
                reasons.push(start.elapsed());
            }
            for (what, mut t) in [("hints", times), ("reasons alone", reasons)] {
                t.sort();
                let total: Duration = t.iter().sum();
                println!(
                    "{players} players, 100 {what}: {total:?}; mean {:?}, median {:?}, p99 {:?}, max {:?}",
                    total / 100,
                    t[50],
                    t[98],
                    t[99],
                );
            }
        }
    }
}
