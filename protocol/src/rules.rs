//! Options and presets (docs/rules.md, "Options and presets").

use crate::board::Board;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::RangeInclusive;

/// The board sizes N a game can be played on (R1), smallest first.
pub const BOARD_SIZES: [u8; 4] = [5, 7, 9, 11];

/// The three seed rule sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Preset {
    /// Pairs, grace runs and truces; pawns start at home.
    #[default]
    ChowkaBhara,
    /// Four pawns entering on a chauka or bara.
    ChaukaBara,
    /// N-1 pawns; a chamma enters two, an ashta four.
    AshtaChamma,
}

impl Preset {
    /// All presets.
    pub const ALL: [Preset; 3] = [Preset::ChowkaBhara, Preset::ChaukaBara, Preset::AshtaChamma];

    /// The wire name, e.g. `chowka-bhara`.
    pub fn name(self) -> &'static str {
        match self {
            Preset::ChowkaBhara => "chowka-bhara",
            Preset::ChaukaBara => "chauka-bara",
            Preset::AshtaChamma => "ashta-chamma",
        }
    }
}

impl std::str::FromStr for Preset {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| {
                format!("unknown preset {s:?}: use chowka-bhara, chauka-bara or ashta-chamma")
            })
    }
}

/// O1: how pawns come onto the board (R7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Entry {
    /// Every pawn starts on its home square.
    Home,
    /// A 4 or 8 enters one pawn.
    GraceOne,
    /// A 4 or 8 enters all waiting pawns.
    GraceAll,
    /// A 4 enters one or two pawns, an 8 one to four.
    AshtaChamma,
    /// The first entry needs a 4 or 8; after that any value enters one pawn.
    FirstGrace,
}

impl Entry {
    /// Every way of entering, in the rule book's order (O1).
    pub const ALL: [Entry; 5] = [
        Entry::Home,
        Entry::GraceOne,
        Entry::GraceAll,
        Entry::AshtaChamma,
        Entry::FirstGrace,
    ];
}

/// O2: what holds pawns back from the inner rings (R8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Gate {
    /// No pawn passes the gate before its player has hit.
    HitFirst,
    /// Before the first hit, pawns keep circling the outer ring.
    Lap,
    /// No gate.
    Open,
}

impl Gate {
    /// Every gate, in the rule book's order (O2).
    pub const ALL: [Gate; 3] = [Gate::HitFirst, Gate::Lap, Gate::Open];
}

/// O4: what happens to a stranded turn (R12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stranded {
    /// The whole turn is undone.
    Undo,
    /// The held values are discarded; moves stand.
    Forfeit,
}

impl Stranded {
    /// Both answers to a stranded turn, in the rule book's order (O4).
    pub const ALL: [Stranded; 2] = [Stranded::Undo, Stranded::Forfeit];
}

/// Every option of a game, resolved (no "default" left).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    /// The preset these rules started from.
    pub preset: Preset,
    /// Board size N (R1).
    pub board: u8,
    /// Number of players, 2-4 (R2).
    pub players: u8,
    /// Pawns per player (O7).
    pub pawns: u8,
    /// O1.
    pub entry: Entry,
    /// O2.
    pub gate: Gate,
    /// O3: a third grace in a row loses the turn.
    pub three_grace: bool,
    /// O4.
    pub stranded: Stranded,
    /// O5: loose and committed pairs.
    pub pairs: bool,
    /// O6: truces in 3-4 player games.
    pub truce: bool,
    /// O8: the probability that one cowrie lands mouth up.
    pub mouth_up: f64,
}

/// Options that override a preset; every field optional (the conformance
/// and room-creation format).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Overrides {
    /// Board size N.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<u8>,
    /// Players, default 2.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<u8>,
    /// Pawns per player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pawns: Option<u8>,
    /// O1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry: Option<Entry>,
    /// O2.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gate: Option<Gate>,
    /// O3.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub three_grace: Option<bool>,
    /// O4.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stranded: Option<Stranded>,
    /// O5.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pairs: Option<bool>,
    /// O6.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub truce: Option<bool>,
    /// O8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mouth_up: Option<f64>,
}

/// Why a set of options cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError(pub String);

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RulesError {}

impl Rules {
    /// The rules of a preset for `players` players on its default board.
    pub fn preset(preset: Preset, players: u8) -> Rules {
        Rules::with(
            preset,
            Overrides {
                players: Some(players),
                ..Overrides::default()
            },
        )
        .expect("presets are valid")
    }

    /// A preset with overrides, checked.
    pub fn with(preset: Preset, o: Overrides) -> Result<Rules, RulesError> {
        let board = o.board.unwrap_or(5);
        let default_pawns = match preset {
            // C10: Chauka Bara always has 4.
            Preset::ChaukaBara => 4,
            _ => board.saturating_sub(1),
        };
        let (entry, three_grace, stranded, pairs, truce) = match preset {
            Preset::ChowkaBhara => (Entry::Home, true, Stranded::Undo, true, true),
            Preset::ChaukaBara => (Entry::FirstGrace, false, Stranded::Forfeit, false, false),
            Preset::AshtaChamma => (Entry::AshtaChamma, true, Stranded::Forfeit, false, false),
        };
        let rules = Rules {
            preset,
            board,
            players: o.players.unwrap_or(2),
            pawns: o.pawns.unwrap_or(default_pawns),
            entry: o.entry.unwrap_or(entry),
            gate: o.gate.unwrap_or(Gate::HitFirst),
            three_grace: o.three_grace.unwrap_or(three_grace),
            stranded: o.stranded.unwrap_or(stranded),
            pairs: o.pairs.unwrap_or(pairs),
            truce: o.truce.unwrap_or(truce),
            mouth_up: o.mouth_up.unwrap_or(0.5),
        };
        rules.check()?;
        Ok(rules)
    }

    /// Checks that these rules can be played.
    pub fn check(&self) -> Result<(), RulesError> {
        if Board::new(self.board).is_none() {
            return Err(RulesError(format!(
                "board must be 5, 7, 9 or 11, not {} (R1)",
                self.board
            )));
        }
        if !(2..=4).contains(&self.players) {
            return Err(RulesError(format!(
                "players must be 2 to 4, not {} (R2)",
                self.players
            )));
        }
        let pawns = Rules::pawn_counts(self.board);
        if !pawns.contains(&self.pawns) {
            return Err(RulesError(format!(
                "pawns must be 1 to {} on a {}x{} board, not {} (O7)",
                pawns.end(),
                self.board,
                self.board,
                self.pawns
            )));
        }
        if !(self.mouth_up > 0.0 && self.mouth_up < 1.0) {
            return Err(RulesError(format!(
                "mouth-up odds must be strictly between 0 and 1, not {} (O8)",
                self.mouth_up
            )));
        }
        Ok(())
    }

    /// The pawns per player allowed on a board of size `board` (O7): 1 to
    /// N-1, and never more than the engine's [`crate::MAX_PAWNS`].
    pub fn pawn_counts(board: u8) -> RangeInclusive<u8> {
        1..=board.saturating_sub(1).min(crate::MAX_PAWNS as u8)
    }

    /// The board these rules are played on.
    pub fn board(&self) -> Board {
        Board::new(self.board).expect("checked rules have a valid board")
    }

    /// Whether truces can happen at all (O6, and 3 or 4 players).
    pub fn truces_possible(&self) -> bool {
        self.truce && self.players >= 3
    }
}

/// A preset resolved on one board size, with the pawn counts allowed there:
/// what a room-creation form starts from, so that no client keeps its own
/// copy of the preset table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResolvedPreset {
    /// The preset's rules on this board, for two players (no other option
    /// depends on the number of players).
    pub rules: Rules,
    /// Every allowed number of pawns per player on this board, ascending (O7).
    pub pawns: Vec<u8>,
}

impl ResolvedPreset {
    /// `preset` on a board of size `board`, or why that board cannot be played.
    pub fn new(preset: Preset, board: u8) -> Result<ResolvedPreset, RulesError> {
        let rules = Rules::with(
            preset,
            Overrides {
                board: Some(board),
                ..Overrides::default()
            },
        )?;
        Ok(ResolvedPreset {
            rules,
            pawns: Rules::pawn_counts(board).collect(),
        })
    }

    /// Every preset on every board size: presets in [`Preset::ALL`] order,
    /// each on [`BOARD_SIZES`] in order.
    pub fn all() -> Vec<ResolvedPreset> {
        Preset::ALL
            .into_iter()
            .flat_map(|p| {
                BOARD_SIZES.map(|n| ResolvedPreset::new(p, n).expect("presets are valid"))
            })
            .collect()
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::preset(Preset::ChowkaBhara, 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_value_is_listed_once_in_the_rule_books_order() {
        // A new variant does not compile here until it has its place in ALL.
        let entry = |e| match e {
            Entry::Home => 0,
            Entry::GraceOne => 1,
            Entry::GraceAll => 2,
            Entry::AshtaChamma => 3,
            Entry::FirstGrace => 4,
        };
        let gate = |g| match g {
            Gate::HitFirst => 0,
            Gate::Lap => 1,
            Gate::Open => 2,
        };
        let stranded = |s| match s {
            Stranded::Undo => 0,
            Stranded::Forfeit => 1,
        };
        assert_eq!(Entry::ALL.map(entry), [0, 1, 2, 3, 4]);
        assert_eq!(Gate::ALL.map(gate), [0, 1, 2]);
        assert_eq!(Stranded::ALL.map(stranded), [0, 1]);
    }

    #[test]
    fn presets_match_the_table() {
        let cb = Rules::preset(Preset::ChowkaBhara, 4);
        assert_eq!(
            (cb.pawns, cb.entry, cb.three_grace, cb.pairs, cb.truce),
            (4, Entry::Home, true, true, true)
        );
        let ck = Rules::with(
            Preset::ChaukaBara,
            Overrides {
                board: Some(7),
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(ck.pawns, 4, "C10: Chauka Bara always has 4");
        assert_eq!(ck.entry, Entry::FirstGrace);
        let ac = Rules::with(
            Preset::AshtaChamma,
            Overrides {
                board: Some(9),
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(ac.pawns, 8);
        assert_eq!(ac.stranded, Stranded::Forfeit);
    }

    #[test]
    fn resolved_presets_are_the_presets_on_every_board() {
        let all = ResolvedPreset::all();
        assert_eq!(all.len(), Preset::ALL.len() * BOARD_SIZES.len());
        for r in &all {
            let by_hand = Rules::with(
                r.rules.preset,
                Overrides {
                    board: Some(r.rules.board),
                    ..Default::default()
                },
            )
            .unwrap();
            assert_eq!(r.rules, by_hand);
            assert_eq!(r.rules.players, Rules::preset(r.rules.preset, 2).players);
            // O7: exactly the counts `check` accepts.
            let accepted: Vec<u8> = (0..=20)
                .filter(|&k| {
                    Rules {
                        pawns: k,
                        ..r.rules
                    }
                    .check()
                    .is_ok()
                })
                .collect();
            assert_eq!(
                r.pawns, accepted,
                "{:?} on {}",
                r.rules.preset, r.rules.board
            );
            assert!(r.pawns.contains(&r.rules.pawns));
        }
        let on_7: Vec<u8> = all
            .iter()
            .filter(|r| r.rules.board == 7)
            .map(|r| r.rules.pawns)
            .collect();
        assert_eq!(on_7, [6, 4, 6], "C10: N-1, except Chauka Bara's 4");
        assert_eq!(Rules::pawn_counts(9), 1..=8);
        assert!(ResolvedPreset::new(Preset::ChowkaBhara, 6).is_err());
    }

    #[test]
    fn bad_options_are_refused() {
        assert!(Rules::with(
            Preset::ChowkaBhara,
            Overrides {
                board: Some(6),
                ..Default::default()
            }
        )
        .is_err());
        assert!(Rules::with(
            Preset::ChowkaBhara,
            Overrides {
                players: Some(5),
                ..Default::default()
            }
        )
        .is_err());
        assert!(Rules::with(
            Preset::ChowkaBhara,
            Overrides {
                pawns: Some(5),
                ..Default::default()
            }
        )
        .is_err());
        assert!(Rules::with(
            Preset::ChowkaBhara,
            Overrides {
                mouth_up: Some(1.0),
                ..Default::default()
            }
        )
        .is_err());
    }
}
