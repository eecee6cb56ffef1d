//! The game: state, legal moves, [`Game::play`], outcome (R6-R15).
//!
//! All state lives in fixed-size arrays so that playing and generating
//! legal moves never allocate (betrayal records are the one exception, and
//! they are rare).

use crate::action::{Action, Code, Move, PawnSet, Player, Rejection};
use crate::board::{Board, Side, MAX_SQUARES};
use crate::rules::{Entry, Gate, Rules, Stranded};
use crate::throw::{is_grace, is_value, value_index, ThrowSource, VALUES};
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Path position of a pawn that is waiting beside the board (R7).
pub const WAITING: u8 = u8::MAX;
const NO_PARTNER: u8 = u8::MAX;
/// Most pawns per player.
pub const MAX_PAWNS: usize = 8;
/// Most players.
pub const MAX_PLAYERS: usize = 4;

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

/// What happened while playing an action, in order (for animation, logs and records).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The cowries showed `value` (R5).
    Thrown {
        /// Thrower.
        player: Player,
        /// Value shown.
        value: u8,
    },
    /// A pending throw was forgone (R11).
    Skipped {
        /// Player.
        player: Player,
    },
    /// Waiting pawns entered on the home square (R7).
    Entered {
        /// Player.
        player: Player,
        /// Pawns entered.
        pawns: PawnSet,
        /// Value spent.
        value: u8,
    },
    /// A pawn or a pair walked along its path (R8, R13).
    Walked {
        /// Player.
        player: Player,
        /// Pawns moved (one, or a pair).
        pawns: PawnSet,
        /// Value spent.
        value: u8,
        /// Path position before.
        from: u8,
        /// Path position after.
        to: u8,
    },
    /// A loose pair became a committed pair (R13).
    PairCommitted {
        /// Player.
        player: Player,
        /// The two pawns.
        pawns: PawnSet,
    },
    /// Pawns of `victim` were sent home (R10, R13).
    Hit {
        /// Hitter.
        player: Player,
        /// The player hit.
        victim: Player,
        /// The victim's pawns sent home.
        pawns: PawnSet,
    },
    /// A third grace in a row: the rest of the turn is lost (R11).
    GracePenalty {
        /// Player.
        player: Player,
    },
    /// No held value could move: the turn was undone (R12, `undo`).
    TurnUndone {
        /// Player.
        player: Player,
    },
    /// No held value could move: they were discarded (R12, `forfeit`).
    HeldForfeited {
        /// Player.
        player: Player,
    },
    /// A player's turn began.
    TurnBegan {
        /// Player to move.
        player: Player,
        /// Round number.
        round: u32,
    },
    /// A truce was offered (R15).
    TruceOffered {
        /// Offering player.
        from: Player,
        /// Offered player.
        to: Player,
        /// The clear leader.
        leader: Player,
    },
    /// A truce was accepted (R15).
    TruceAccepted {
        /// Offering player.
        a: Player,
        /// Accepting player.
        b: Player,
        /// The leader.
        leader: Player,
    },
    /// A truce offer was declined.
    TruceDeclined {
        /// Offering player.
        from: Player,
        /// Offered player.
        to: Player,
    },
    /// A truce offer was not answered before the offering player's turn ended.
    TruceLapsed {
        /// Offering player.
        from: Player,
        /// Offered player.
        to: Player,
    },
    /// A truce ended (its time ran out, a betrayal, or the game ended).
    TruceEnded {
        /// Offering player.
        a: Player,
        /// Accepting player.
        b: Player,
    },
    /// A hit on an ally was followed by a hit on the leader in the same turn.
    Relay {
        /// Hitter.
        player: Player,
        /// The ally hit before.
        ally: Player,
    },
    /// A hit on an ally was not redeemed: the truce ends (R15).
    Betrayal {
        /// Hitter.
        player: Player,
        /// The betrayed ally.
        ally: Player,
        /// Round.
        round: u32,
    },
    /// The game is won (R14).
    Won {
        /// Winner.
        player: Player,
    },
    /// The game is drawn (R14).
    Draw,
}

/// What a legal move would do, for display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preview {
    /// Path position the pawns end on (0 for entering pawns).
    pub to: u8,
    /// The opponent it hits, if any.
    pub victim: Option<Player>,
    /// Whether it commits a loose pair (R13).
    pub commits: bool,
}

/// The legal moves of a position; fixed capacity, no allocation.
pub type MoveList = ArrayVec<Move, 512>;

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
    /// Held counts in [`VALUES`] order.
    held: [u8; 5],
    /// Held 4s and 8s thrown since the last 1, 2 or 3 (their sum is the run).
    run4: u8,
    run8: u8,
}

/// Who is where on the board, as square bitboards (bit = `row * N + col`).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Occupancy {
    /// Squares where a player has at least one single pawn.
    one: [u128; MAX_PLAYERS],
    /// Squares where a player has at least two single pawns.
    two: [u128; MAX_PLAYERS],
    /// Squares where a player has a committed pair.
    pair: [u128; MAX_PLAYERS],
    /// Squares where any other player has a committed pair (R13 block).
    others_pairs: [u128; MAX_PLAYERS],
    /// Single pawns per player per square, so that walks and hits of
    /// singles update the bitboards without a full recount.
    singles: [[u8; MAX_SQUARES]; MAX_PLAYERS],
}

impl Default for Occupancy {
    fn default() -> Self {
        Occupancy {
            one: [0; MAX_PLAYERS],
            two: [0; MAX_PLAYERS],
            pair: [0; MAX_PLAYERS],
            others_pairs: [0; MAX_PLAYERS],
            singles: [[0; MAX_SQUARES]; MAX_PLAYERS],
        }
    }
}

impl Occupancy {
    fn add_single(&mut self, p: usize, sq: u8) {
        let c = &mut self.singles[p][sq as usize];
        *c += 1;
        let bit = 1u128 << sq;
        self.one[p] |= bit;
        if *c >= 2 {
            self.two[p] |= bit;
        }
    }

    fn remove_single(&mut self, p: usize, sq: u8) {
        let c = &mut self.singles[p][sq as usize];
        *c -= 1;
        let bit = 1u128 << sq;
        if *c < 2 {
            self.two[p] &= !bit;
        }
        if *c == 0 {
            self.one[p] &= !bit;
        }
    }

    /// The players (as bits) with a single pawn on square `sq`.
    #[inline]
    fn singles_on(&self, sq: u8) -> u8 {
        (0..MAX_PLAYERS).fold(0, |acc, q| acc | ((self.one[q] >> sq & 1) as u8) << q)
    }

    /// The players (as bits) with a committed pair on square `sq`.
    #[inline]
    fn pairs_on(&self, sq: u8) -> u8 {
        (0..MAX_PLAYERS).fold(0, |acc, q| acc | ((self.pair[q] >> sq & 1) as u8) << q)
    }
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
        for t in &pos.truces {
            let ok = (t.a as usize) < players
                && (t.b as usize) < players
                && (t.leader as usize) < players
                && t.a != t.b
                && t.leader != t.a
                && t.leader != t.b;
            if !ok || game.table.truces.is_full() {
                return err(format!("bad truce {t:?}"));
            }
            if game
                .table
                .truces
                .iter()
                .any(|o| o.involves(t.a) || o.involves(t.b))
            {
                return err("a player can be in only one truce".into());
            }
            game.table
                .truces
                .push(Truce::new(t.a, t.b, t.leader, t.ends_at_round));
        }
        game.betrayals = Arc::new(pos.betrayals.clone());
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

    /// How the game stands.
    pub fn outcome(&self) -> Outcome {
        self.result
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.result != Outcome::Ongoing
    }

    /// Pending throws of the player to move.
    pub fn pending(&self) -> u8 {
        self.turn.pending
    }

    /// The run: held graces thrown since the last 1, 2 or 3 (R11).
    pub fn run(&self) -> u8 {
        self.turn.run4 + self.turn.run8
    }

    /// Held values of the player to move, ascending, with repeats.
    pub fn held(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for (i, &v) in VALUES.iter().enumerate() {
            out.extend(std::iter::repeat_n(v, self.turn.held[i] as usize));
        }
        out
    }

    /// How many copies of `value` the player to move holds.
    pub fn held_count(&self, value: u8) -> u8 {
        if is_value(value) {
            self.turn.held[value_index(value)]
        } else {
            0
        }
    }

    /// Whether the player to move holds nothing.
    pub fn holds_nothing(&self) -> bool {
        self.turn.held == [0; 5]
    }

    /// The path position of a pawn, or `None` while it waits (R7).
    pub fn pawn(&self, player: Player, pawn: u8) -> Option<u8> {
        let x = self.table.pawns[player as usize][pawn as usize];
        (x != WAITING).then_some(x)
    }

    /// The other pawn of `pawn`'s committed pair, if it is in one.
    pub fn partner(&self, player: Player, pawn: u8) -> Option<u8> {
        let x = self.table.partner[player as usize][pawn as usize];
        (x != NO_PARTNER).then_some(x)
    }

    /// Every committed pair, `(player, [low, high])`.
    pub fn pairs(&self) -> Vec<(Player, [u8; 2])> {
        let mut out = Vec::new();
        for p in 0..self.rules.players {
            for i in 0..self.rules.pawns {
                if let Some(j) = self.partner(p, i) {
                    if i < j {
                        out.push((p, [i, j]));
                    }
                }
            }
        }
        out
    }

    /// Whether `player` has hit (R10: its gate is open).
    pub fn has_hit(&self, player: Player) -> bool {
        self.table.has_hit[player as usize]
    }

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

    /// The side a player sits at (R2).
    pub fn side(&self, player: Player) -> Side {
        self.sides[player as usize]
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

    /// Whether the player to move may throw now.
    pub fn can_throw(&self) -> bool {
        !self.is_over() && self.turn.pending >= 1
    }

    /// Whether the player to move may skip now (R11).
    pub fn can_skip(&self) -> bool {
        !self.is_over() && self.rules.three_grace && self.run() == 2 && self.turn.pending >= 1
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

    // ----- legality -----

    fn refresh_occupancy(&mut self) {
        self.occ = self.compute_occupancy();
    }

    fn compute_occupancy(&self) -> Occupancy {
        let mut occ = Occupancy::default();
        for p in 0..self.rules.players as usize {
            let side = self.side(p as Player);
            for i in 0..self.rules.pawns as usize {
                let x = self.table.pawns[p][i];
                if x == WAITING {
                    continue;
                }
                let sq = self.board.square_index(side, x);
                if self.table.partner[p][i] != NO_PARTNER {
                    occ.pair[p] |= 1u128 << sq;
                } else {
                    occ.add_single(p, sq);
                }
            }
        }
        for p in 0..MAX_PLAYERS {
            for q in 0..MAX_PLAYERS {
                if q != p {
                    occ.others_pairs[p] |= occ.pair[q];
                }
            }
        }
        occ
    }

    /// Checks `mv` for `me` as if `me` held its value; does not look at held values.
    fn check_move(&self, me: Player, mv: Move, occ: &Occupancy) -> Result<Effect, Code> {
        let n = self.rules.pawns;
        if mv.pawns.is_empty() || (mv.pawns.0 as u16) >> n != 0 {
            return Err(Code::NoSuchPawn);
        }
        let pawns = &self.table.pawns[me as usize];
        let count = mv.pawns.len();
        let mut waiting = 0;
        let mut at_centre = false;
        let mut bits = mv.pawns.0;
        while bits != 0 {
            let x = pawns[bits.trailing_zeros() as usize];
            waiting += (x == WAITING) as u32;
            at_centre |= x == self.board.centre();
            bits &= bits - 1;
        }
        if waiting == count {
            return self.check_entry(me, mv, count);
        }
        if waiting > 0 {
            return Err(Code::CannotEnter); // C7: mixing waiting and entered pawns
        }
        if count > 2 {
            return Err(Code::NotAPair); // C6
        }
        if at_centre {
            return Err(Code::NoSuchPawn);
        }
        if count == 1 {
            self.check_single(me, mv, occ)
        } else {
            self.check_pair(me, mv, occ)
        }
    }

    fn check_entry(&self, me: Player, mv: Move, count: u32) -> Result<Effect, Code> {
        let v = mv.value;
        let grace = is_grace(v);
        let ok = match self.rules.entry {
            Entry::Home => false,
            Entry::GraceOne => grace && count == 1,
            Entry::GraceAll => grace && count == self.waiting_count(me),
            Entry::AshtaChamma => (v == 4 && count <= 2) || (v == 8 && count <= 4),
            Entry::FirstGrace => {
                count == 1 && (grace || self.waiting_count(me) < self.rules.pawns as u32)
            }
        };
        if !ok {
            return Err(Code::CannotEnter);
        }
        if mv.target.is_some() {
            return Err(Code::BadTarget);
        }
        Ok(Effect::Enter)
    }

    fn waiting_count(&self, me: Player) -> u32 {
        self.table.pawns[me as usize][..self.rules.pawns as usize]
            .iter()
            .filter(|&&x| x == WAITING)
            .count() as u32
    }

    fn check_single(&self, me: Player, mv: Move, occ: &Occupancy) -> Result<Effect, Code> {
        let mi = me as usize;
        let i = mv.pawns.first().unwrap_or(0) as usize;
        if self.table.partner[mi][i] != NO_PARTNER {
            return Err(Code::PairCannotSplit);
        }
        let from = self.table.pawns[mi][i];
        let v = mv.value;
        let gate = self.board.gate();
        let held_back = !self.table.has_hit[mi] && from <= gate && from + v > gate;
        let lap = held_back && self.rules.gate == Gate::Lap;
        if held_back && self.rules.gate == Gate::HitFirst {
            return Err(Code::GateClosed);
        }
        let to = if lap {
            (from + v) % (gate + 1)
        } else if from + v > self.board.centre() {
            return Err(Code::PastCentre);
        } else {
            from + v
        };
        let side = self.side(me);
        // R13 block: an opponent's committed pair on a square passed over.
        let opp_pairs = occ.others_pairs[mi];
        if opp_pairs != 0 {
            for k in 1..v {
                let pos = if lap {
                    (from + k) % (gate + 1)
                } else {
                    from + k
                };
                if opp_pairs >> self.board.square_index(side, pos) & 1 == 1 {
                    return Err(Code::BlockedByPair);
                }
            }
        }
        let sq = self.board.square_index(side, to);
        let bit = 1u128 << sq;
        let safe = self.board.is_safe_index(sq);
        if !safe {
            // R9: one pawn per square on the outer ring, two singles inside.
            let limit = if self.board.is_outer_index(sq) {
                occ.one[mi] | occ.pair[mi]
            } else {
                occ.two[mi]
            };
            if limit & bit != 0 {
                return Err(Code::SquareFull);
            }
        }
        let victim = if safe {
            None
        } else {
            Self::pick_victim(me, mv.target, occ.singles_on(sq))?
        };
        if victim.is_none() && mv.target.is_some() {
            return Err(Code::BadTarget);
        }
        Ok(Effect::Walk {
            from,
            to,
            commit: false,
            victim,
        })
    }

    /// R10/R13 and C3: choose the opponent hit among `candidates`.
    fn pick_victim(
        me: Player,
        target: Option<Player>,
        candidates: u8,
    ) -> Result<Option<Player>, Code> {
        let candidates = candidates & !(1 << me);
        match target {
            Some(t) if t < 8 && candidates >> t & 1 == 1 => Ok(Some(t)),
            Some(_) => Err(Code::BadTarget),
            None if candidates.count_ones() > 1 => Err(Code::TargetRequired),
            None if candidates == 0 => Ok(None),
            None => Ok(Some(candidates.trailing_zeros() as Player)),
        }
    }

    fn check_pair(&self, me: Player, mv: Move, occ: &Occupancy) -> Result<Effect, Code> {
        let mi = me as usize;
        if !self.rules.pairs {
            return Err(Code::NotAPair);
        }
        let mut it = mv.pawns.iter();
        let (a, b) = (
            it.next().unwrap_or(0) as usize,
            it.next().unwrap_or(0) as usize,
        );
        let t = &self.table;
        let committed = t.partner[mi][a] == b as u8;
        let inner = self.board.first_inner();
        let loose = t.partner[mi][a] == NO_PARTNER
            && t.partner[mi][b] == NO_PARTNER
            && t.pawns[mi][a] == inner
            && t.pawns[mi][b] == inner;
        if !committed && !loose {
            return Err(Code::NotAPair);
        }
        let v = mv.value;
        if !v.is_multiple_of(2) {
            return Err(Code::PairNeedsEven);
        }
        let from = t.pawns[mi][a];
        let to = from + v / 2;
        if to > self.board.centre() {
            return Err(Code::PastCentre);
        }
        let sq = self.board.square_index(self.side(me), to);
        let bit = 1u128 << sq;
        let safe = self.board.is_safe_index(sq);
        if !safe && occ.pair[mi] & bit != 0 {
            return Err(Code::SquareFull);
        }
        let victim = if safe {
            None
        } else {
            Self::pick_victim(me, mv.target, occ.pairs_on(sq))?
        };
        if victim.is_none() && mv.target.is_some() {
            return Err(Code::BadTarget);
        }
        Ok(Effect::Walk {
            from,
            to,
            commit: loose,
            victim,
        })
    }

    /// Checks a move by the player to move, including the held value.
    fn check_held_move(&self, mv: Move, occ: &Occupancy) -> Result<Effect, Code> {
        if self.held_count(mv.value) == 0 {
            return Err(Code::ValueNotHeld);
        }
        self.check_move(self.to_move, mv, occ)
    }

    /// Whether the player to move may play `mv` now (C3: naming the only
    /// opponent who can be hit is accepted).
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Where a legal move of the player to move takes its pawns and whom it
    /// hits; `None` if the move is not legal.
    pub fn preview(&self, mv: Move) -> Option<Preview> {
        if self.is_over() {
            return None;
        }
        match self.check_held_move(mv, &self.occ).ok()? {
            Effect::Enter => Some(Preview {
                to: 0,
                victim: None,
                commits: false,
            }),
            Effect::Walk {
                to, commit, victim, ..
            } => Some(Preview {
                to,
                victim,
                commits: commit,
            }),
        }
    }

    /// Why `mv` would be refused, if it would.
    pub fn check(&self, mv: Move) -> Result<(), Rejection> {
        if self.is_over() {
            return Err(Code::GameOver.into());
        }
        self.check_held_move(mv, &self.occ)
            .map(|_| ())
            .map_err(Rejection::from)
    }

    /// Appends every legal move of the player to move to `out`: one entry
    /// per move, with a target only where the move needs one.
    pub fn legal_moves_into(&self, out: &mut MoveList) {
        if self.is_over() || self.holds_nothing() {
            return;
        }
        let occ = &self.occ;
        for (vi, &v) in VALUES.iter().enumerate() {
            if self.turn.held[vi] > 0 {
                self.moves_with(self.to_move, v, occ, &mut |m| out.push(m));
            }
        }
    }

    /// Every legal move of the player to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut out = MoveList::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// Every legal action of the game now: throw, skip, moves, truce offers
    /// by the player to move and answers by the offered player (see [`Game::actor`]).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if self.is_over() {
            return out;
        }
        if self.can_throw() {
            out.push(Action::Throw);
        }
        if self.can_skip() {
            out.push(Action::Skip);
        }
        out.extend(self.legal_moves().into_iter().map(Action::Move));
        out.extend(
            self.truce_partners(self.to_move)
                .into_iter()
                .map(|to| Action::OfferTruce { to }),
        );
        if self.table.offer.is_some() {
            out.push(Action::AnswerTruce { accept: true });
            out.push(Action::AnswerTruce { accept: false });
        }
        out
    }

    /// Calls `f` with every legal move of `me` spending `v`, as if held.
    fn moves_with(&self, me: Player, v: u8, occ: &Occupancy, f: &mut impl FnMut(Move)) {
        let mi = me as usize;
        let n = self.rules.pawns;
        let pawns = &self.table.pawns[mi];
        // `first` is the check of `mv` as given, without a target.
        let mut emit = |mv: Move, first: Result<Effect, Code>| match first {
            Ok(_) => f(mv),
            Err(Code::TargetRequired) => {
                for t in 0..self.rules.players {
                    let with = Move {
                        target: Some(t),
                        ..mv
                    };
                    if t != me && self.check_move(me, with, occ).is_ok() {
                        f(with);
                    }
                }
            }
            Err(_) => {}
        };
        let mut waiting = PawnSet::EMPTY;
        let centre = self.board.centre();
        for i in 0..n {
            match pawns[i as usize] {
                WAITING => waiting = waiting.with(i),
                x if x == centre => {}
                _ => {
                    // The common case, straight to the single-pawn rules.
                    let mv = Move {
                        pawns: PawnSet::single(i),
                        value: v,
                        target: None,
                    };
                    emit(mv, self.check_single(me, mv, occ));
                }
            }
        }
        if self.rules.pairs && v.is_multiple_of(2) {
            for a in 0..n {
                for b in a + 1..n {
                    let (pa, pb) = (pawns[a as usize], pawns[b as usize]);
                    let committed = self.table.partner[mi][a as usize] == b;
                    let loose = pa == self.board.first_inner() && pb == pa;
                    if (committed || loose) && pa != WAITING {
                        let mv = Move {
                            pawns: PawnSet::pair(a, b),
                            value: v,
                            target: None,
                        };
                        emit(mv, self.check_move(me, mv, occ));
                    }
                }
            }
        }
        if waiting.is_empty() {
            return;
        }
        let max = match (self.rules.entry, v) {
            (Entry::AshtaChamma, 4) => 2,
            (Entry::AshtaChamma, 8) => 4,
            (Entry::GraceAll, _) => {
                let mv = Move {
                    pawns: waiting,
                    value: v,
                    target: None,
                };
                emit(mv, self.check_move(me, mv, occ));
                return;
            }
            _ => 1,
        };
        // Every subset of the waiting pawns of size 1 ..= max.
        let w = waiting.0;
        let mut sub = w;
        while sub != 0 {
            if sub.count_ones() <= max {
                let mv = Move {
                    pawns: PawnSet(sub),
                    value: v,
                    target: None,
                };
                emit(mv, self.check_move(me, mv, occ));
            }
            sub = (sub - 1) & w;
        }
    }

    /// Whether `me` has any legal move spending `v`, as if held.
    fn has_move_with(&self, me: Player, v: u8, occ: &Occupancy) -> bool {
        let mut any = false;
        // Cheap first: single pawns, which cover nearly every position.
        for i in 0..self.rules.pawns {
            let mv = Move {
                pawns: PawnSet::single(i),
                value: v,
                target: None,
            };
            if matches!(
                self.check_move(me, mv, occ),
                Ok(_) | Err(Code::TargetRequired)
            ) {
                return true;
            }
        }
        self.moves_with(me, v, occ, &mut |_| any = true);
        any
    }

    /// R12: whether some held value has a legal move.
    fn can_use_held(&self, occ: &Occupancy) -> bool {
        VALUES
            .iter()
            .enumerate()
            .any(|(vi, &v)| self.turn.held[vi] > 0 && self.has_move_with(self.to_move, v, occ))
    }

    /// For a legal move played with nothing pending: whether it would strand
    /// the turn (R12), so that a client can warn before it.
    pub fn would_strand(&self, mv: Move) -> bool {
        if self.turn.pending > 0 {
            return false;
        }
        let mut after = self.clone();
        let mut stranded = false;
        let ok = after.play_with(
            self.to_move,
            Action::Move(mv),
            &mut crate::throw::ForcedThrow(1),
            &mut |e| {
                stranded |= matches!(e, Event::TurnUndone { .. } | Event::HeldForfeited { .. })
            },
        );
        ok.is_ok() && stranded
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
            Action::AnswerTruce { accept } => {
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
                return Ok(());
            }
            _ if by != self.to_move => return Err(Code::NotYourTurn.into()),
            Action::OfferTruce { to } => {
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
            }
            Action::Throw => {
                if self.turn.pending == 0 {
                    return Err(Code::NoThrowPending.into());
                }
                let v = throws.next_throw(self.rules.mouth_up);
                let v = if is_value(v) { v } else { 1 };
                self.turn.pending -= 1;
                self.turn.held[value_index(v)] += 1;
                sink(Event::Thrown {
                    player: by,
                    value: v,
                });
                match v {
                    4 => self.turn.run4 += 1,
                    8 => self.turn.run8 += 1,
                    _ => (self.turn.run4, self.turn.run8) = (0, 0),
                }
                if is_grace(v) {
                    self.turn.pending += 1;
                    if self.rules.three_grace && self.run() >= 3 {
                        sink(Event::GracePenalty { player: by });
                        self.end_turn(sink);
                        return Ok(());
                    }
                }
                self.after_action(sink);
            }
            Action::Skip => {
                if !self.can_skip() {
                    return Err(Code::SkipNotAllowed.into());
                }
                self.turn.pending -= 1;
                sink(Event::Skipped { player: by });
                self.after_action(sink);
            }
            Action::Move(mv) => {
                let effect = self.check_held_move(mv, &self.occ)?;
                self.apply_move(mv, effect, sink);
                if self.is_over() {
                    return Ok(());
                }
                self.after_action(sink);
            }
        }
        Ok(())
    }

    fn apply_move(&mut self, mv: Move, effect: Effect, sink: &mut dyn FnMut(Event)) {
        let me = self.to_move;
        let mi = me as usize;
        let v = mv.value;
        self.turn.held[value_index(v)] -= 1;
        // R11: spending a grace uses the run's copy first.
        match v {
            4 if self.turn.run4 > 0 => self.turn.run4 -= 1,
            8 if self.turn.run8 > 0 => self.turn.run8 -= 1,
            _ => {}
        }
        let side = self.side(me);
        // Entries and single walks (with their hits) update the occupancy
        // in place; pair moves recount it.
        let recount = mv.pawns.len() == 2 && !matches!(effect, Effect::Enter);
        match effect {
            Effect::Enter => {
                let home = self.board.square_index(side, 0);
                for i in mv.pawns.iter() {
                    self.table.pawns[mi][i as usize] = 0;
                    self.occ.add_single(mi, home);
                }
                sink(Event::Entered {
                    player: me,
                    pawns: mv.pawns,
                    value: v,
                });
            }
            Effect::Walk {
                from,
                to,
                commit,
                victim,
            } => {
                let mut it = mv.pawns.iter();
                let a = it.next().unwrap_or(0);
                for i in mv.pawns.iter() {
                    self.table.pawns[mi][i as usize] = to;
                }
                if !recount {
                    self.occ
                        .remove_single(mi, self.board.square_index(side, from));
                    self.occ.add_single(mi, self.board.square_index(side, to));
                }
                sink(Event::Walked {
                    player: me,
                    pawns: mv.pawns,
                    value: v,
                    from,
                    to,
                });
                if commit {
                    let b = it.next().unwrap_or(a);
                    self.table.partner[mi][a as usize] = b;
                    self.table.partner[mi][b as usize] = a;
                    sink(Event::PairCommitted {
                        player: me,
                        pawns: mv.pawns,
                    });
                }
                if let Some(q) = victim {
                    self.hit(q, to, mv.pawns.len() == 2, sink);
                }
            }
        }
        if recount {
            self.refresh_occupancy();
        }
        debug_assert_eq!(self.occ, self.compute_occupancy());
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

    /// Sends home the victim's pawns on the mover's square `to` (R10, R13).
    fn hit(&mut self, q: Player, to: u8, by_pair: bool, sink: &mut dyn FnMut(Event)) {
        let me = self.to_move;
        let sq = self.board.square_index(self.side(me), to);
        let qside = self.side(q);
        let qi = q as usize;
        let mut sent = PawnSet::EMPTY;
        for j in 0..self.rules.pawns {
            let x = self.table.pawns[qi][j as usize];
            if x == WAITING || self.board.square_index(qside, x) != sq {
                continue;
            }
            let in_pair = self.table.partner[qi][j as usize] != NO_PARTNER;
            if in_pair == by_pair {
                sent = sent.with(j);
                if !by_pair {
                    break; // the lowest-index single only
                }
            }
        }
        for j in sent.iter() {
            self.table.pawns[qi][j as usize] = 0;
            self.table.partner[qi][j as usize] = NO_PARTNER;
            if !by_pair {
                self.occ.remove_single(qi, sq);
                self.occ.add_single(qi, self.board.square_index(qside, 0));
            }
        }
        self.table.has_hit[me as usize] = true;
        self.turn.pending += 1;
        sink(Event::Hit {
            player: me,
            victim: q,
            pawns: sent,
        });
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

    /// After a throw, skip or move: end or strand the turn if it is spent (R6, R12).
    fn after_action(&mut self, sink: &mut dyn FnMut(Event)) {
        if self.turn.pending > 0 {
            return;
        }
        if self.holds_nothing() {
            self.end_turn(sink);
            return;
        }
        if self.can_use_held(&self.occ) {
            return;
        }
        match self.rules.stranded {
            Stranded::Undo => {
                // C5: the turn leaves no trace.
                self.table = self.turn_start.clone();
                self.refresh_occupancy();
                sink(Event::TurnUndone {
                    player: self.to_move,
                });
                self.pass_turn(sink);
            }
            Stranded::Forfeit => {
                sink(Event::HeldForfeited {
                    player: self.to_move,
                });
                self.end_turn(sink);
            }
        }
    }

    /// A turn that stands ends: betrayals are settled, an open offer lapses.
    fn end_turn(&mut self, sink: &mut dyn FnMut(Event)) {
        self.settle_betrayals(sink);
        if let Some(o) = self.table.offer.take() {
            sink(Event::TruceLapsed {
                from: o.from,
                to: o.to,
            });
        }
        self.pass_turn(sink);
    }

    fn settle_betrayals(&mut self, sink: &mut dyn FnMut(Event)) {
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

    fn end_all_truces(&mut self, sink: &mut dyn FnMut(Event)) {
        for t in self.table.truces.drain(..) {
            sink(Event::TruceEnded { a: t.a, b: t.b });
        }
        self.table.offer = None;
    }

    fn pass_turn(&mut self, sink: &mut dyn FnMut(Event)) {
        self.to_move = (self.to_move + 1) % self.rules.players;
        if self.to_move == 0 {
            self.round += 1;
        }
        self.begin_turn(sink);
    }

    /// A turn begins: pending 1, truces run out (C9), the draw check (R14).
    fn begin_turn(&mut self, sink: &mut dyn FnMut(Event)) {
        self.turn = Turn {
            pending: 1,
            ..Turn::default()
        };
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
        if self.nobody_can_move() {
            self.result = Outcome::Draw;
            sink(Event::Draw);
            self.end_all_truces(sink);
            return;
        }
        self.turn_start = self.table.clone();
        sink(Event::TurnBegan { player: me, round });
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
