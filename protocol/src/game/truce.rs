//! Truces (R15, C9): the clear leader, offers and answers, how long a truce
//! stands, relays and betrayals. Every truce rule is here; the rest of the
//! game reaches them through the hooks at the turn's edges and on hits.

use super::{Event, Game, Position, SetupError, MAX_PLAYERS, WAITING};
use crate::action::{Action, Code, Player, Rejection};
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// An active truce between two allies against a leader (R15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Truce {
    /// The offering player.
    pub a: Player,
    /// The accepting player.
    pub b: Player,
    /// The clear leader when the offer was made.
    pub leader: Player,
    /// The truce ends when `a`'s turn begins in this round (C9).
    pub ends_at_round: u32,
    /// This turn's mover hit its ally and has not yet hit the leader since.
    #[serde(skip)]
    ally_hit: bool,
}

impl Truce {
    /// A new truce.
    pub fn new(a: Player, b: Player, leader: Player, ends_at_round: u32) -> Self {
        Truce {
            a,
            b,
            leader,
            ends_at_round,
            ally_hit: false,
        }
    }

    /// Whether `p` is one of the allies.
    pub fn involves(&self, p: Player) -> bool {
        self.a == p || self.b == p
    }

    /// The ally of `p`, if `p` is in this truce.
    pub fn ally_of(&self, p: Player) -> Option<Player> {
        if self.a == p {
            Some(self.b)
        } else if self.b == p {
            Some(self.a)
        } else {
            None
        }
    }
}

/// An open truce offer, which lapses when the offering player's turn ends (R15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Offer {
    /// The offering player.
    pub from: Player,
    /// The offered player.
    pub to: Player,
    /// The clear leader, fixed when the offer is made (C9).
    pub leader: Player,
}

/// A betrayal: a hit on an ally that was not a relay (R15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Betrayal {
    /// The hitter.
    pub player: Player,
    /// The round of the betrayal.
    pub round: u32,
}

impl Game {
    /// Active truces.
    pub fn truces(&self) -> &[Truce] {
        &self.table.truces
    }

    /// The open truce offer, if any.
    pub fn offer(&self) -> Option<Offer> {
        self.table.offer
    }

    /// Every betrayal so far (R15).
    pub fn betrayals(&self) -> &[Betrayal] {
        &self.betrayals
    }

    /// Progress of a player: the sum of its pawns' path positions (R15).
    pub fn progress(&self, player: Player) -> u32 {
        self.table.pawns[player as usize][..self.rules.pawns as usize]
            .iter()
            .map(|&x| if x == WAITING { 0 } else { x as u32 })
            .sum()
    }

    /// The clear leader, if one exists (R15).
    pub fn clear_leader(&self) -> Option<Player> {
        let margin = 2 * (self.rules.board as u32 - 1);
        let players = self.rules.players as usize;
        let mut prog = [0u32; MAX_PLAYERS];
        for (p, x) in prog.iter_mut().enumerate().take(players) {
            *x = self.progress(p as Player);
        }
        // Only the one with the most progress can lead by the margin.
        let l = (0..players).max_by_key(|&p| prog[p])?;
        (0..players)
            .all(|o| o == l || prog[l] >= prog[o] + margin)
            .then_some(l as Player)
    }

    /// The truce `player` is in, if any.
    pub fn truce_of(&self, player: Player) -> Option<&Truce> {
        self.table.truces.iter().find(|t| t.involves(player))
    }

    /// The player expected to take `action`: the offered player for an
    /// answer to a truce offer, the player to move otherwise.
    pub fn actor(&self, action: &Action) -> Player {
        match (action, self.table.offer) {
            (Action::AnswerTruce { .. }, Some(o)) => o.to,
            _ => self.to_move,
        }
    }

    /// The players `player` could offer a truce to now (R15).
    pub fn truce_partners(&self, player: Player) -> ArrayVec<Player, MAX_PLAYERS> {
        let mut out = ArrayVec::new();
        if self.is_over()
            || !self.rules.truces_possible()
            || self.table.offer.is_some()
            || player != self.to_move
            || self.truce_of(player).is_some()
        {
            return out;
        }
        let Some(leader) = self.clear_leader() else {
            return out;
        };
        if leader == player {
            return out;
        }
        for q in 0..self.rules.players {
            if q != player && q != leader && self.truce_of(q).is_none() {
                out.push(q);
            }
        }
        out
    }

    /// R15: the player to move offers a truce against the clear leader,
    /// who is fixed now (C9).
    pub(super) fn offer_truce(
        &mut self,
        by: Player,
        to: Player,
        sink: &mut dyn FnMut(Event),
    ) -> Result<(), Rejection> {
        if !self.truce_partners(by).contains(&to) {
            return Err(Code::TruceNotAllowed.into());
        }
        let leader = self.clear_leader().unwrap_or(0);
        self.table.offer = Some(Offer {
            from: by,
            to,
            leader,
        });
        sink(Event::TruceOffered {
            from: by,
            to,
            leader,
        });
        Ok(())
    }

    /// R15, C9: only the offered player may answer the open offer; an
    /// accepted truce ends when the offering player's turn begins in round
    /// r+3.
    pub(super) fn answer_truce(
        &mut self,
        by: Player,
        accept: bool,
        sink: &mut dyn FnMut(Event),
    ) -> Result<(), Rejection> {
        let Some(offer) = self.table.offer.filter(|o| o.to == by) else {
            return Err(Code::TruceNotAllowed.into());
        };
        self.table.offer = None;
        if accept {
            let truce = Truce::new(offer.from, offer.to, offer.leader, self.round + 3);
            self.table.truces.push(truce);
            sink(Event::TruceAccepted {
                a: offer.from,
                b: offer.to,
                leader: offer.leader,
            });
        } else {
            sink(Event::TruceDeclined {
                from: offer.from,
                to: offer.to,
            });
        }
        Ok(())
    }

    /// Appends the legal truce actions (R15): offers by the player to move
    /// and both answers to an open offer.
    pub(super) fn truce_actions_into(&self, out: &mut Vec<Action>) {
        out.extend(
            self.truce_partners(self.to_move)
                .into_iter()
                .map(|to| Action::OfferTruce { to }),
        );
        if self.table.offer.is_some() {
            out.push(Action::AnswerTruce { accept: true });
            out.push(Action::AnswerTruce { accept: false });
        }
    }

    /// R15, C9: the mover hit `q` while its truces stand. A hit on the ally
    /// waits for a relay; a later hit on the leader in the same turn is one.
    pub(super) fn note_hit_for_truces(&mut self, q: Player, sink: &mut dyn FnMut(Event)) {
        let me = self.to_move;
        for t in self.table.truces.iter_mut() {
            if t.ally_of(me) == Some(q) {
                t.ally_hit = true;
            } else if t.involves(me) && t.leader == q && t.ally_hit {
                t.ally_hit = false;
                sink(Event::Relay {
                    player: me,
                    ally: t.ally_of(me).unwrap_or(q),
                });
            }
        }
    }

    /// R15: when a turn that stands ends, the open offer lapses.
    pub(super) fn lapse_offer(&mut self, sink: &mut dyn FnMut(Event)) {
        if let Some(o) = self.table.offer.take() {
            sink(Event::TruceLapsed {
                from: o.from,
                to: o.to,
            });
        }
    }

    /// R15: a hit on an ally that no relay redeemed is a betrayal, recorded
    /// against the mover; the truce ends.
    pub(super) fn settle_betrayals(&mut self, sink: &mut dyn FnMut(Event)) {
        let me = self.to_move;
        let round = self.round;
        if !self.table.truces.iter().any(|t| t.ally_hit) {
            return;
        }
        let betrayals = &mut self.betrayals;
        self.table.truces.retain(|t| {
            if !t.ally_hit {
                return true;
            }
            let ally = t.ally_of(me).unwrap_or(t.b);
            Arc::make_mut(betrayals).push(Betrayal { player: me, round });
            sink(Event::Betrayal {
                player: me,
                ally,
                round,
            });
            sink(Event::TruceEnded { a: t.a, b: t.b });
            false
        });
    }

    /// R15: when the game ends, every truce ends and an open offer goes.
    pub(super) fn end_all_truces(&mut self, sink: &mut dyn FnMut(Event)) {
        for t in self.table.truces.drain(..) {
            sink(Event::TruceEnded { a: t.a, b: t.b });
        }
        self.table.offer = None;
    }

    /// C9: the truces of the player whose turn begins run out, and the
    /// new turn starts with no ally hit to redeem.
    pub(super) fn expire_truces(&mut self, sink: &mut dyn FnMut(Event)) {
        let (me, round) = (self.to_move, self.round);
        self.table.truces.retain(|t| {
            let ends = t.a == me && round >= t.ends_at_round;
            if ends {
                sink(Event::TruceEnded { a: t.a, b: t.b });
            }
            !ends
        });
        for t in self.table.truces.iter_mut() {
            t.ally_hit = false;
        }
    }

    /// Takes the truces and betrayal records of a set-up position, which
    /// must name distinct players, none its own leader, each in one truce.
    pub(super) fn set_up_truces(&mut self, pos: &Position) -> Result<(), SetupError> {
        let err = |s: String| Err(SetupError(s));
        let players = self.rules.players as usize;
        for t in &pos.truces {
            let ok = (t.a as usize) < players
                && (t.b as usize) < players
                && (t.leader as usize) < players
                && t.a != t.b
                && t.leader != t.a
                && t.leader != t.b;
            if !ok || self.table.truces.is_full() {
                return err(format!("bad truce {t:?}"));
            }
            if self
                .table
                .truces
                .iter()
                .any(|o| o.involves(t.a) || o.involves(t.b))
            {
                return err("a player can be in only one truce".into());
            }
            self.table
                .truces
                .push(Truce::new(t.a, t.b, t.leader, t.ends_at_round));
        }
        self.betrayals = Arc::new(pos.betrayals.clone());
        Ok(())
    }
}
