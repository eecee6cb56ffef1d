//! `medium`: rules of thumb, one action at a time.
//!
//! Each legal move gets a score from what it does on its own: a hit (R10)
//! and how far the victim had come, the squares walked, landing on or
//! leaving a cross (R4) with an opponent's pawn a few squares behind,
//! reaching the centre, passing the gate (R8), committing a pair (R13),
//! entering a waiting pawn (R7). A move after which the held values can no
//! longer all be spent is all but ruled out (R12). Throws come first while
//! nothing risks a third grace; with two graces in a row (R11) it spends a
//! grace if it can and skips otherwise. In a truce it spares its ally
//! unless the bonus throw of the hit may well hit the leader (R15).

use chowka_protocol::{odds, Action, Event, ForcedThrow, Game, Move, MoveList, Player};

use super::moves::distinct_moves;

/// The action `medium` takes as the player to move.
pub fn choose(game: &Game) -> Action {
    let risky = game.rules().three_grace && game.run() >= 2;
    if game.can_throw() && !risky {
        return Action::Throw;
    }
    let mut moves = MoveList::new();
    distinct_moves(game, &mut moves);
    if game.can_throw() {
        // With two graces in a row, only a grace lowers the run.
        moves.retain(|mv| mv.value == 4 || mv.value == 8);
    }
    match moves.len() {
        0 if game.can_skip() => return Action::Skip,
        0 => return Action::Throw,
        // One way to go: nothing to weigh.
        1 => return Action::Move(moves[0]),
        _ => {}
    }
    let danger = danger_squares(game, game.to_move());
    let mut best: Option<(f64, Move)> = None;
    for &mv in &moves {
        let s = score(game, mv, danger);
        if best.is_none_or(|(b, _)| s > b) {
            best = Some((s, mv));
        }
    }
    best.map_or(Action::Throw, |(_, mv)| Action::Move(mv))
}

/// The score of one legal move of the player to move; `danger` holds the
/// squares opponents threaten (`danger_squares`, private to this module).
pub fn score(game: &Game, mv: Move, danger: u128) -> f64 {
    let me = game.to_move();
    let board = game.board();
    let Some(preview) = game.preview(mv) else {
        return f64::MIN;
    };
    let first = mv.pawns.first().unwrap_or(0);
    let from = game.pawn(me, first);
    let mut s = 0.0;
    match from {
        None => s += 4.0 * mv.pawns.len() as f64, // entering (R7)
        Some(from) => {
            let walked = preview.to.saturating_sub(from) as f64;
            s += walked * mv.pawns.len() as f64;
            if preview.to == board.centre() {
                s += 6.0;
            }
            if from <= board.gate() && preview.to > board.gate() {
                s += 2.0;
            }
            let single = mv.pawns.len() == 1;
            if single && exposed(game, me, from, danger) {
                s += 2.0 + from as f64 / 2.0; // leaving danger
            }
            if single && preview.to != board.centre() && exposed(game, me, preview.to, danger) {
                s -= 2.0 + preview.to as f64 / 2.0; // walking into danger
            }
        }
    }
    if preview.commits {
        s += 3.0;
    }
    if let Some(victim) = preview.victim {
        let ally = game.truce_of(me).and_then(|t| t.ally_of(me));
        let lost = victim_progress(game, me, victim, preview.to);
        s += 10.0 + lost;
        if Some(victim) == ally {
            let leader = game.truce_of(me).map_or(victim, |t| t.leader);
            if relay_chance(game, me, leader) < 0.25 {
                s -= 30.0; // a betrayal (R15)
            }
        }
    }
    if strands(game, mv) {
        s -= 1000.0;
    }
    s
}

/// The squares (bit per square index) that some opponent of `p` has a
/// single pawn 1 to 4 squares behind, on that opponent's own path.
fn danger_squares(game: &Game, p: Player) -> u128 {
    let board = game.board();
    let rules = game.rules();
    let mut out = 0u128;
    for q in (0..rules.players).filter(|&q| q != p) {
        let side = game.side(q);
        for j in 0..rules.pawns {
            match game.pawn(q, j) {
                Some(a) if game.partner(q, j).is_none() => {
                    for x in a + 1..=(a + 4).min(board.centre()) {
                        out |= 1 << board.square_index(side, x);
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// Whether a single pawn of `p` at path position `x` stands on a square
/// that is not a cross and that an opponent threatens (`danger`).
fn exposed(game: &Game, p: Player, x: u8, danger: u128) -> bool {
    let board = game.board();
    let sq = board.square_index(game.side(p), x);
    x != 0 && !board.is_safe_index(sq) && danger & (1 << sq) != 0
}

/// How far along the victim's pawn at `me`'s path position `to` had come.
fn victim_progress(game: &Game, me: Player, victim: Player, to: u8) -> f64 {
    let board = game.board();
    let sq = board.square_index(game.side(me), to);
    let side = game.side(victim);
    (0..game.rules().pawns)
        .filter_map(|j| game.pawn(victim, j))
        .find(|&x| board.square_index(side, x) == sq)
        .map_or(0.0, |x| x as f64)
}

/// The chance that the bonus throw of a hit lets `me` hit `leader` (R15's
/// relay), from the odds of R5: the probability of the values that walk
/// one of `me`'s single pawns onto a square where the leader has a single
/// pawn that is not on a cross.
pub fn relay_chance(game: &Game, me: Player, leader: Player) -> f64 {
    let board = game.board();
    let rules = game.rules();
    let odds = odds(rules.mouth_up);
    let mut chance = 0.0;
    for (vi, v) in chowka_protocol::VALUES.into_iter().enumerate() {
        let hits = (0..rules.pawns).any(|i| match game.pawn(me, i) {
            Some(x) if game.partner(me, i).is_none() && x + v <= board.centre() => {
                let sq = board.square_index(game.side(me), x + v);
                !board.is_safe_index(sq)
                    && (0..rules.pawns).any(|j| {
                        game.partner(leader, j).is_none()
                            && game
                                .pawn(leader, j)
                                .is_some_and(|y| board.square_index(game.side(leader), y) == sq)
                    })
            }
            _ => false,
        });
        if hits {
            chance += odds[vi];
        }
    }
    chance
}

/// Whether playing `mv` leaves held values that can no longer all be
/// spent (R12): with nothing pending, no order of the rest works.
fn strands(game: &Game, mv: Move) -> bool {
    // With a throw still pending, or the last held value spent by `mv`,
    // nothing can be stranded (R12): no need to play it out.
    if game.pending() > 0 || held_total(game) <= 1 {
        return false;
    }
    let me = game.to_move();
    let mut after = game.clone();
    let mut stranded = false;
    let ok = after.play_with(me, Action::Move(mv), &mut ForcedThrow(1), &mut |e| {
        stranded |= matches!(e, Event::TurnUndone { .. } | Event::HeldForfeited { .. })
    });
    ok.is_err() || stranded || (after.to_move() == me && !completes(&after, 0))
}

/// How many values the player to move holds.
fn held_total(game: &Game) -> u8 {
    chowka_protocol::VALUES
        .iter()
        .map(|&v| game.held_count(v))
        .sum()
}

fn completes(game: &Game, depth: u8) -> bool {
    if game.is_over() || game.pending() > 0 || game.holds_nothing() || depth > 6 {
        return true;
    }
    let me = game.to_move();
    let mut moves = MoveList::new();
    distinct_moves(game, &mut moves);
    if held_total(game) == 1 {
        // Any move spends the last value.
        return !moves.is_empty();
    }
    moves.iter().any(|&mv| {
        let mut after = game.clone();
        let mut stranded = false;
        let ok = after.play_with(me, Action::Move(mv), &mut ForcedThrow(1), &mut |e| {
            stranded |= matches!(e, Event::TurnUndone { .. } | Event::HeldForfeited { .. })
        });
        ok.is_ok() && !stranded && (after.to_move() != me || completes(&after, depth + 1))
    })
}
