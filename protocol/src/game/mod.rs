//! The game: state, legal moves, [`Game::play`], outcome (R6-R15).
//!
//! All state lives in fixed-size arrays so that playing and generating
//! legal moves never allocate (betrayal records are the one exception, and
//! they are rare).
//!
//! This module holds the state and [`Game::play_with`], which hands each
//! action to its rule family:
//! - `legal`: which moves and actions are legal now, and listing them.
//! - `throws`: throws, held values, grace runs and skip (R5, R6, R11).
//! - `turn`: how a turn ends and the next begins (R6, R12 stranded turns).
//! - `enter`: entering waiting pawns (R7).
//! - `walk`: walking, the gate and its laps, the centre, full squares (R8, R9).
//! - `hit`: hits (R10).
//! - `pairs`: loose and committed pairs and their block (R13).
//! - `outcome`: winning and draws (R14).
//! - `truce`: truces, relays and betrayals, all of R15.
//! - `threats`: which pawns an opponent could hit with one throw, for
//!   players who cannot see the board.
//! - `occupancy`: who stands where, as bitboards, for the checks.
//! - `setup`: set-up positions; `event`: what playing reports.

mod enter;
mod event;
mod hit;
mod legal;
mod occupancy;
mod outcome;
mod pairs;
mod setup;
mod threats;
mod throws;
mod truce;
mod turn;
mod walk;

pub use event::Event;
pub use legal::{MoveList, Preview};
pub use outcome::Outcome;
pub use setup::{Position, SetupError};
pub use threats::Threat;
pub use truce::{Betrayal, Offer, Truce};

use crate::action::{Action, Code, Move, Player, Rejection};
use crate::board::{Board, Side};
use crate::rules::{Entry, Rules};
use crate::throw::ThrowSource;
use arrayvec::ArrayVec;
use occupancy::Occupancy;
use std::sync::Arc;

/// Path position of a pawn that is waiting beside the board (R7).
pub const WAITING: u8 = u8::MAX;
const NO_PARTNER: u8 = u8::MAX;
/// Most pawns per player: N-1 on the largest board, 11x11 (O7).
pub const MAX_PAWNS: usize = 10;
/// Most players.
pub const MAX_PLAYERS: usize = 4;

/// Pawns, pairs, gate state and agreements: everything R12 `undo` restores.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Table {
    /// `pawns[player][pawn]`: path position, or [`WAITING`].
    pawns: [[u8; MAX_PAWNS]; MAX_PLAYERS],
    /// `partner[player][pawn]`: the other pawn of its committed pair.
    partner: [[u8; MAX_PAWNS]; MAX_PLAYERS],
    has_hit: [bool; MAX_PLAYERS],
    truces: ArrayVec<Truce, 2>,
    offer: Option<Offer>,
}

/// The throws of the turn in progress (R6, R11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
struct Turn {
    pending: u8,
    /// Held counts in [`VALUES`](crate::throw::VALUES) order.
    held: [u8; 5],
    /// Held 4s and 8s thrown since the last 1, 2 or 3 (their sum is the run).
    run4: u8,
    run8: u8,
}

/// What a checked move will do.
#[derive(Clone, Copy, Debug)]
enum Effect {
    Enter,
    Walk {
        from: u8,
        to: u8,
        /// A loose pair that this move commits.
        commit: bool,
        /// The opponent hit, if any.
        victim: Option<Player>,
    },
}

/// A game of Chowka Bhara in progress or finished.
///
/// `play` is the only way to change it, and `legal_moves` is exactly the
/// set of moves `play` accepts.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    rules: Rules,
    board: Board,
    table: Table,
    /// Derived from `table`, refreshed after every change to it: legality
    /// checks read it many times per action.
    occ: Occupancy,
    /// The side of each seat (R2).
    sides: [Side; MAX_PLAYERS],
    /// The table when the current turn began (R12 `undo`).
    turn_start: Table,
    turn: Turn,
    to_move: Player,
    round: u32,
    result: Outcome,
    /// Shared until written, so that cloning a game (as searches do) never
    /// allocates.
    betrayals: Arc<Vec<Betrayal>>,
}

impl Game {
    /// A new game in the initial position of `rules` (R7), player 0 to move.
    pub fn new(rules: Rules) -> Game {
        let start = if rules.entry == Entry::Home {
            0
        } else {
            WAITING
        };
        let mut pawns = [[0u8; MAX_PAWNS]; MAX_PLAYERS];
        for row in pawns.iter_mut().take(rules.players as usize) {
            row[..rules.pawns as usize].fill(start);
        }
        let table = Table {
            pawns,
            partner: [[NO_PARTNER; MAX_PAWNS]; MAX_PLAYERS],
            has_hit: [false; MAX_PLAYERS],
            truces: ArrayVec::new(),
            offer: None,
        };
        let mut sides = [Side::S; MAX_PLAYERS];
        for (i, &s) in Side::seating(rules.players as usize).iter().enumerate() {
            sides[i] = s;
        }
        let mut game = Game {
            rules,
            board: rules.board(),
            occ: Occupancy::default(),
            sides,
            turn_start: table.clone(),
            table,
            turn: Turn::default(),
            to_move: 0,
            round: 1,
            result: Outcome::Ongoing,
            betrayals: Arc::default(),
        };
        game.refresh_occupancy();
        game.begin_turn(&mut |_| {});
        game
    }

    // ----- accessors -----

    /// The rules of this game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The player whose turn it is.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The round number (C9: it goes up when the turn passes to player 0).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The path position of a pawn, or `None` while it waits (R7).
    pub fn pawn(&self, player: Player, pawn: u8) -> Option<u8> {
        let x = self.table.pawns[player as usize][pawn as usize];
        (x != WAITING).then_some(x)
    }

    /// The side a player sits at (R2).
    pub fn side(&self, player: Player) -> Side {
        self.sides[player as usize]
    }

    // ----- playing -----

    /// Plays `action` as player `by`, drawing any throw from `throws`.
    /// Returns the events, in order. A refused action changes nothing.
    pub fn play(
        &mut self,
        by: Player,
        action: Action,
        throws: &mut dyn ThrowSource,
    ) -> Result<Vec<Event>, Rejection> {
        let mut events = Vec::new();
        self.play_with(by, action, throws, &mut |e| events.push(e))?;
        Ok(events)
    }

    /// Like [`Game::play`], but hands each event to `sink` instead of
    /// collecting them: the allocation-free path for simulations and bots.
    pub fn play_with(
        &mut self,
        by: Player,
        action: Action,
        throws: &mut dyn ThrowSource,
        sink: &mut dyn FnMut(Event),
    ) -> Result<(), Rejection> {
        if self.is_over() {
            return Err(Code::GameOver.into());
        }
        match action {
            Action::AnswerTruce { accept } => self.answer_truce(by, accept, sink),
            _ if by != self.to_move => Err(Code::NotYourTurn.into()),
            Action::OfferTruce { to } => self.offer_truce(by, to, sink),
            Action::Throw => self.throw(by, throws, sink),
            Action::Skip => self.skip(by, sink),
            Action::Move(mv) => {
                let effect = self.check_held_move(mv, &self.occ)?;
                self.apply_move(mv, effect, sink);
                if self.is_over() {
                    return Ok(());
                }
                self.after_action(sink);
                Ok(())
            }
        }
    }

    /// Carries out a checked move: the value is spent (R11), the pawns
    /// enter (R7) or walk (R8, R13) and hit (R10), and the game may be won
    /// (R14).
    fn apply_move(&mut self, mv: Move, effect: Effect, sink: &mut dyn FnMut(Event)) {
        self.spend_held(mv.value);
        match effect {
            Effect::Enter => self.enter(mv, sink),
            Effect::Walk {
                from,
                to,
                commit,
                victim,
            } => self.walk(mv, from, to, commit, victim, sink),
        }
        debug_assert_eq!(self.occ, self.compute_occupancy());
        self.end_if_won(sink);
    }
}
