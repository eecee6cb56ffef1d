//! The search of `hard`: sampled games with common throws, or expectimax
//! over the cowrie odds (R5).
//!
//! **Sampled games** (what `hard` plays, [`Budget::rollouts`] > 0): each
//! candidate action is played on for a few rounds, the other players
//! choosing as `medium` does and `hard` itself by the best plan of each
//! turn ([`super::plan`]), and the end is evaluated as every player's
//! chance to win ([`super::eval`]). Every candidate gets the same throws (common
//! random numbers), so they are compared on the same luck, and the games
//! are shared out by sequential halving: the better half of the candidates
//! gets more of them, round after round.
//!
//! **Expectimax** (`rollouts: 0`, kept for comparison in `chowka
//! tournament`): a turn is a tree: the mover chooses among moves (which
//! held value on which pawn, in which order), throws are chance nodes
//! weighted by [`chowka_protocol::odds`], and the turn ends when the engine
//! passes it on (all held values spent, a third grace, or a stranded turn
//! undone, R6, R11, R12). Every player chooses to maximise its own value
//! (max-n). Positions are played on clones with [`ForcedThrow`], so the
//! engine alone decides legality.
//!
//! Both are bounded by a count (sampled games, nodes), so the choice
//! depends only on the position and the seed: the time budget is only a
//! safety cap.

use super::eval::{Eval, Values};
use super::moves::distinct_moves;
use chowka_protocol::{
    Action, ForcedThrow, Game, MoveList, Player, SeededThrows, MAX_PLAYERS, VALUES,
};
use std::time::{Duration, Instant};

/// How far and how long a search may look.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Expectimax: turns after the mover's own that it may look into.
    pub max_depth: u8,
    /// Expectimax: nodes over all deepening iterations; the deepest
    /// iteration that finished within it decides.
    pub nodes: u64,
    /// Safety cap: past it, the search returns its best finished answer.
    pub time: Duration,
    /// Expectimax: in the mover's own turn, throws reached with a smaller
    /// probability than this are not expanded but evaluated as they stand.
    pub cutoff: f64,
    /// Sampled games per candidate action, on average (0: expectimax
    /// instead).
    pub rollouts: u32,
    /// Rounds (every player's turn once) each sampled game is played on
    /// before it is evaluated.
    pub horizon: u8,
}

impl Budget {
    /// `hard`: sampled games, calibrated on 5x5 to stay under 50 ms on one
    /// core (docs/bots.md).
    pub const HARD: Budget = Budget {
        max_depth: 3,
        nodes: 6_000,
        time: Duration::from_millis(30),
        cutoff: 0.004,
        rollouts: 192,
        horizon: 3,
    };

    /// A few sampled games over one round: for tests, which must stay fast
    /// in debug builds and only need a legal, deterministic choice.
    pub const SMALL: Budget = Budget {
        max_depth: 2,
        nodes: 400,
        time: Duration::from_millis(200),
        cutoff: 0.05,
        rollouts: 3,
        horizon: 1,
    };
}

/// One search from one position.
pub struct Search {
    eval: Eval,
    budget: Budget,
    nodes: u64,
    /// Node limit of the iteration under way.
    limit: u64,
    start: Instant,
    aborted: bool,
}

/// The choice of a search, with what it cost.
#[derive(Clone, Copy, Debug)]
pub struct Choice {
    /// The action to take.
    pub action: Action,
    /// Nodes searched.
    pub nodes: u64,
    /// Deepest finished iteration.
    pub depth: u8,
}

impl Search {
    /// A search from `game` within `budget`.
    pub fn new(game: &Game, budget: Budget) -> Search {
        Search {
            eval: Eval::new(game),
            budget,
            nodes: 0,
            limit: u64::MAX,
            start: Instant::now(),
            aborted: false,
        }
    }

    /// The best action of the player to move, who must be able to act;
    /// `seed` draws the throws of sampled games.
    pub fn best_seeded(&mut self, game: &Game, seed: u64) -> Choice {
        let candidates = root_actions(game);
        if self.budget.rollouts == 0 || candidates.len() <= 1 {
            return self.best(game);
        }
        let action = self.rollouts(game, &candidates, seed);
        Choice {
            action,
            nodes: self.nodes,
            depth: self.budget.horizon,
        }
    }

    /// Plays candidates on in sampled games, every candidate with the
    /// same throws (common random numbers make the comparison fair), the
    /// others choosing as `medium` does and `me` by [`super::plan`], for
    /// `horizon` rounds; the candidate whose games evaluate best on average
    /// wins. The games are spent by sequential halving: a share of them on
    /// every candidate, then more on the better half, and so on, so that
    /// the close contenders get the most games.
    fn rollouts(&mut self, game: &Game, candidates: &[Action], seed: u64) -> Action {
        let me = game.to_move();
        let n = candidates.len();
        let mut sums = vec![0.0; n];
        let mut alive: Vec<usize> = (0..n).collect();
        let total = self.budget.rollouts as usize * n;
        let phases = n.next_power_of_two().trailing_zeros().max(1) as usize;
        let mut sample = 0u64;
        'phases: for _ in 0..phases {
            let games = (total / phases / alive.len()).max(1);
            for _ in 0..games {
                let s = seed ^ sample.wrapping_mul(0x9e37_79b9_7f4a_7c15);
                sample += 1;
                for &c in &alive {
                    sums[c] += self.sampled_game(game, me, candidates[c], s);
                }
                // Only whole rounds count, so that every candidate had the same throws.
                if self.start.elapsed() > self.budget.time {
                    break 'phases;
                }
            }
            if alive.len() <= 2 {
                // The last phase compares the final pair.
                continue;
            }
            alive.sort_by(|&x, &y| sums[y].total_cmp(&sums[x]).then(x.cmp(&y)));
            alive.truncate(alive.len().div_ceil(2));
            alive.sort_unstable();
        }
        let mut best = alive[0];
        for &c in &alive[1..] {
            if sums[c] > sums[best] + 1e-12 {
                best = c;
            }
        }
        candidates[best]
    }

    /// `me`'s value after playing `action` and then `horizon` rounds (the
    /// others as `medium` would, `me` by its plans), with the throws of
    /// `seed`.
    fn sampled_game(&mut self, game: &Game, me: Player, action: Action, seed: u64) -> f64 {
        let mut g = game.clone();
        let mut throws = SeededThrows::new(seed);
        if g.play_with(me, action, &mut throws, &mut |_| {}).is_err() {
            return f64::MIN;
        }
        let mut turns = 0;
        let horizon = self.budget.horizon as u32 * game.rules().players as u32;
        while !g.is_over() && turns < horizon {
            let by = g.to_move();
            // The others play as medium does, exactly as medium opponents
            // will; hard's own later turns play better than that.
            let a = if by == me {
                super::plan::choose(&g, &self.eval)
            } else {
                super::heuristic::choose(&g)
            };
            if g.play_with(by, a, &mut throws, &mut |_| {}).is_err() {
                break;
            }
            if g.to_move() != by {
                turns += 1;
            }
        }
        self.nodes += 1;
        self.leaf(&g, false)[me as usize]
    }

    /// The best action of the player to move, who must be able to act.
    pub fn best(&mut self, game: &Game) -> Choice {
        let candidates = root_actions(game);
        let mut choice = Choice {
            action: candidates.first().copied().unwrap_or(Action::Throw),
            nodes: 0,
            depth: 0,
        };
        if candidates.len() <= 1 {
            return choice;
        }
        let me = game.to_move() as usize;
        for depth in 0..=self.budget.max_depth {
            // An unfinished first iteration still answers with the best of
            // the candidates it finished.
            self.limit = self.budget.nodes;
            let mut best: Option<(f64, Action)> = None;
            for &action in &candidates {
                let v = if action == Action::Throw {
                    self.chance(game, depth, 1.0, true)
                } else {
                    let mut after = game.clone();
                    if after
                        .play_with(game.to_move(), action, &mut ForcedThrow(1), &mut |_| {})
                        .is_err()
                    {
                        continue;
                    }
                    self.child(game.to_move(), &after, depth, 1.0, true)
                };
                if self.aborted {
                    break;
                }
                if best.is_none_or(|(b, _)| v[me] > b + 1e-9) {
                    best = Some((v[me], action));
                }
            }
            if self.aborted {
                if depth == 0 {
                    if let Some((_, a)) = best {
                        choice.action = a;
                    }
                }
                break;
            }
            if let Some((_, a)) = best {
                choice.action = a;
                choice.depth = depth;
            }
        }
        choice.nodes = self.nodes;
        choice
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.limit
            || (self.nodes & 255 == 0 && self.start.elapsed() > self.budget.time)
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Every player's chance to win where the search stops. Breaking a
    /// truce costs no more than what the evaluation sees: the truce is
    /// over, so the former ally threatens again (R15). A fixed charge per
    /// betrayal on top measured worse (docs/bots.md).
    fn leaf(&self, game: &Game, mid_turn: bool) -> Values {
        self.eval.values(game, mid_turn)
    }

    /// A position inside `mover`'s turn, or just after it passed on.
    fn child(&mut self, mover: Player, game: &Game, depth: u8, prob: f64, own: bool) -> Values {
        if game.is_over() {
            return self.leaf(game, false);
        }
        if game.to_move() != mover {
            if depth == 0 {
                return self.leaf(game, false);
            }
            return self.turn(game, depth - 1, prob, false);
        }
        self.turn(game, depth, prob, own)
    }

    /// A position where the player to move acts; `own` is the root's turn.
    fn turn(&mut self, game: &Game, depth: u8, prob: f64, own: bool) -> Values {
        if self.tick() {
            return [0.0; MAX_PLAYERS];
        }
        if game.is_over() {
            return self.leaf(game, false);
        }
        let mover = game.to_move();
        let me = mover as usize;
        if game.can_throw() && !(game.rules().three_grace && game.run() >= 2) {
            return self.chance(game, depth, prob, own);
        }
        let mut best: Option<Values> = None;
        let consider = |v: Values, best: &mut Option<Values>| {
            if best.is_none_or(|b| v[me] > b[me] + 1e-9) {
                *best = Some(v);
            }
        };
        if game.can_throw() {
            // Two graces in a row (R11): throw, skip, or spend a grace first.
            let v = self.chance(game, depth, prob, own);
            consider(v, &mut best);
            if game.can_skip() {
                let mut after = game.clone();
                if after
                    .play_with(mover, Action::Skip, &mut ForcedThrow(1), &mut |_| {})
                    .is_ok()
                {
                    let v = self.child(mover, &after, depth, prob, own);
                    consider(v, &mut best);
                }
            }
        }
        let mut moves = MoveList::new();
        distinct_moves(game, &mut moves);
        for &mv in &moves {
            if game.can_throw() && mv.value != 4 && mv.value != 8 {
                continue;
            }
            let mut after = game.clone();
            if after
                .play_with(mover, Action::Move(mv), &mut ForcedThrow(1), &mut |_| {})
                .is_err()
            {
                continue;
            }
            let v = self.child(mover, &after, depth, prob, own);
            if self.aborted {
                return [0.0; MAX_PLAYERS];
            }
            consider(v, &mut best);
        }
        best.unwrap_or_else(|| self.leaf(game, true))
    }

    /// A throw: the average over the values, weighted by the odds (R5).
    fn chance(&mut self, game: &Game, depth: u8, prob: f64, own: bool) -> Values {
        let expand = if own {
            prob >= self.budget.cutoff
        } else {
            // Another player's turn: its first throw only.
            game.holds_nothing() && game.pending() == 1 && game.run() == 0 && prob >= 1e-4
        };
        if !expand {
            return self.leaf(game, true);
        }
        let mover = game.to_move();
        let mut total = [0.0; MAX_PLAYERS];
        for (i, &v) in VALUES.iter().enumerate() {
            let o = self.eval.odds[i];
            let mut after = game.clone();
            if after
                .play_with(mover, Action::Throw, &mut ForcedThrow(v), &mut |_| {})
                .is_err()
            {
                continue;
            }
            let val = self.child(mover, &after, depth, prob * o, own);
            if self.aborted {
                return total;
            }
            for p in 0..MAX_PLAYERS {
                total[p] += o * val[p];
            }
        }
        total
    }
}

/// The actions worth comparing for the player to move: a throw when one is
/// pending and no third grace threatens (seeing more values first never
/// hurts), else the moves, and with two graces in a row also the skip.
pub fn root_actions(game: &Game) -> Vec<Action> {
    let mut out = Vec::new();
    if game.is_over() {
        return out;
    }
    let risky = game.rules().three_grace && game.run() >= 2;
    if game.can_throw() {
        out.push(Action::Throw);
        if !risky {
            return out;
        }
        if game.can_skip() {
            out.push(Action::Skip);
        }
    }
    let mut moves = MoveList::new();
    distinct_moves(game, &mut moves);
    for &mv in &moves {
        if game.can_throw() && mv.value != 4 && mv.value != 8 {
            continue;
        }
        out.push(Action::Move(mv));
    }
    out
}
