//! The legal moves worth telling apart, shared by every level that weighs
//! moves (`heuristic`, `plan`, `search`). It lives apart from `search` so
//! that `medium` and the plans do not depend on the search that calls them.

use chowka_protocol::{Game, Move, MoveList, Player};

/// The legal moves of the player to move, one of each kind: moving either
/// of two single pawns on one square with one value is the same move.
pub fn distinct_moves(game: &Game, out: &mut MoveList) {
    let mut all = MoveList::new();
    game.legal_moves_into(&mut all);
    let me = game.to_move();
    let start = out.len();
    for mv in all {
        let key = move_key(game, me, mv);
        if !out[start..].iter().any(|&m| move_key(game, me, m) == key) {
            out.push(mv);
        }
    }
}

/// What makes two moves the same: value, square, pawn count, pair, target.
type MoveKey = (u8, u8, u32, bool, Option<Player>);

fn move_key(game: &Game, me: Player, mv: Move) -> MoveKey {
    let first = mv.pawns.first().unwrap_or(0);
    let at = game.pawn(me, first).unwrap_or(u8::MAX);
    let paired = game.partner(me, first).is_some();
    (mv.value, at, mv.pawns.len(), paired, mv.target)
}
