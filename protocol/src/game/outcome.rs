//! Winning and draws (R14).

use super::{Event, Game};
use crate::action::Player;
use crate::throw::VALUES;
use serde::{Deserialize, Serialize};

/// How a game ended, or that it has not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Outcome {
    /// Still being played.
    #[default]
    Ongoing,
    /// Nobody can move (R14).
    Draw,
    /// This player has all its pawns at the centre (R14).
    Winner(Player),
}

impl Serialize for Outcome {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match *self {
            Outcome::Ongoing => s.serialize_str("ongoing"),
            Outcome::Draw => s.serialize_str("draw"),
            Outcome::Winner(p) => {
                let mut m = s.serialize_map(Some(1))?;
                m.serialize_entry("winner", &p)?;
                m.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for Outcome {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Repr {
            Word(String),
            Winner { winner: Player },
        }
        match Repr::deserialize(d)? {
            Repr::Word(w) if w == "ongoing" => Ok(Outcome::Ongoing),
            Repr::Word(w) if w == "draw" => Ok(Outcome::Draw),
            Repr::Word(w) => Err(serde::de::Error::custom(format!("unknown result {w:?}"))),
            Repr::Winner { winner } => Ok(Outcome::Winner(winner)),
        }
    }
}

impl Game {
    /// How the game stands.
    pub fn outcome(&self) -> Outcome {
        self.result
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.result != Outcome::Ongoing
    }

    /// R14: the mover wins, at once, when all its pawns are at the centre.
    pub(super) fn end_if_won(&mut self, sink: &mut dyn FnMut(Event)) {
        let me = self.to_move;
        let mi = me as usize;
        let centre = self.board.centre();
        if self.table.pawns[mi][..self.rules.pawns as usize]
            .iter()
            .all(|&x| x == centre)
        {
            self.result = Outcome::Winner(me);
            sink(Event::Won { player: me });
            // C8: settle the turn's betrayals, then every truce ends.
            self.settle_betrayals(sink);
            self.end_all_truces(sink);
        }
    }

    /// R14: at the start of a turn (C8: also of a set-up position), the
    /// game is drawn if nobody could move, and every truce ends (R15).
    /// Returns whether it was.
    pub(super) fn end_if_drawn(&mut self, sink: &mut dyn FnMut(Event)) -> bool {
        if !self.nobody_can_move() {
            return false;
        }
        self.result = Outcome::Draw;
        sink(Event::Draw);
        self.end_all_truces(sink);
        true
    }

    /// R14: no player could make any legal move with any single value.
    fn nobody_can_move(&self) -> bool {
        let occ = &self.occ;
        let players = self.rules.players;
        // The player to move first: in almost every position it can move.
        (0..players)
            .map(|k| (self.to_move + k) % players)
            .all(|p| VALUES.iter().all(|&v| !self.has_move_with(p, v, occ)))
    }
}
