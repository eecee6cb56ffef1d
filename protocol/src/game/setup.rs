//! Set-up positions: the conformance `position` format, read and written.

use super::{Betrayal, Game, Outcome, Truce, NO_PARTNER, WAITING};
use crate::action::Player;
use crate::rules::Rules;
use serde::{Deserialize, Serialize};

/// A position to start from: the conformance `position` format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// Per player, per pawn, its path position or `null` for waiting.
    pub pawns: Vec<Vec<Option<u8>>>,
    /// Committed pairs: `[player, [pawn, pawn]]`.
    #[serde(default)]
    pub pairs: Vec<(Player, [u8; 2])>,
    /// Per player, whether it has hit (R10). Default all false.
    #[serde(default)]
    pub has_hit: Vec<bool>,
    /// The player whose turn begins now.
    #[serde(default)]
    pub to_move: Player,
    /// Round number, default 1.
    #[serde(default = "one")]
    pub round: u32,
    /// Active truces.
    #[serde(default)]
    pub truces: Vec<Truce>,
    /// Betrayal records.
    #[serde(default)]
    pub betrayals: Vec<Betrayal>,
}

fn one() -> u32 {
    1
}

/// Why a set-up position cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError(pub String);

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}

impl Game {
    /// A game from a set-up position; its `to_move` player's turn begins now.
    pub fn from_position(rules: Rules, pos: &Position) -> Result<Game, SetupError> {
        let err = |s: String| Err(SetupError(s));
        let players = rules.players as usize;
        let n = rules.pawns as usize;
        let board = rules.board();
        if pos.pawns.len() != players {
            return err(format!(
                "position has {} players, rules say {players}",
                pos.pawns.len()
            ));
        }
        let mut game = Game::new(rules);
        for (p, row) in pos.pawns.iter().enumerate() {
            if row.len() != n {
                return err(format!("player {p} has {} pawns, rules say {n}", row.len()));
            }
            for (i, &at) in row.iter().enumerate() {
                game.table.pawns[p][i] = match at {
                    None => WAITING,
                    Some(x) if x <= board.centre() => x,
                    Some(x) => {
                        return err(format!("pawn {i} of player {p} at {x}: past the centre"))
                    }
                };
            }
        }
        for &(p, [a, b]) in &pos.pairs {
            let (pi, ai, bi) = (p as usize, a as usize, b as usize);
            if pi >= players || ai >= n || bi >= n || a == b {
                return err(format!("bad pair {p} [{a}, {b}]"));
            }
            let t = &mut game.table;
            if t.pawns[pi][ai] != t.pawns[pi][bi] || t.pawns[pi][ai] == WAITING {
                return err(format!(
                    "pair {p} [{a}, {b}]: the pawns must stand together"
                ));
            }
            if t.partner[pi][ai] != NO_PARTNER || t.partner[pi][bi] != NO_PARTNER {
                return err(format!("pair {p} [{a}, {b}]: a pawn is in two pairs"));
            }
            t.partner[pi][ai] = b;
            t.partner[pi][bi] = a;
        }
        if !pos.has_hit.is_empty() {
            if pos.has_hit.len() != players {
                return err("has_hit must list every player".into());
            }
            game.table.has_hit[..players].copy_from_slice(&pos.has_hit);
        }
        if pos.to_move as usize >= players {
            return err(format!("to_move {} is not a player", pos.to_move));
        }
        if pos.round == 0 {
            return err("rounds start at 1".into());
        }
        game.set_up_truces(pos)?;
        game.to_move = pos.to_move;
        game.round = pos.round;
        game.result = Outcome::Ongoing;
        game.refresh_occupancy();
        game.begin_turn(&mut |_| {});
        Ok(game)
    }

    /// The position as it stands, in the set-up format.
    pub fn position(&self) -> Position {
        let players = self.rules.players as usize;
        let n = self.rules.pawns as usize;
        let t = &self.table;
        Position {
            pawns: (0..players)
                .map(|p| {
                    t.pawns[p][..n]
                        .iter()
                        .map(|&x| (x != WAITING).then_some(x))
                        .collect()
                })
                .collect(),
            pairs: self.pairs(),
            has_hit: t.has_hit[..players].to_vec(),
            to_move: self.to_move,
            round: self.round,
            truces: t.truces.to_vec(),
            betrayals: self.betrayals.to_vec(),
        }
    }
}
