//! Who plays a seat when no person does, and when: computer seats, a
//! stand-in for a player away past the takeover time, and the server's
//! own simple move when a turn clock runs out. Also sets the computer and
//! clock deadlines after every change.

use super::actor::RoomActor;
use crate::bots::{self, Level};
use crate::error::{ErrorCode, Refusal};
use chowka_protocol::messages::RoomStatus;
use chowka_protocol::{Action, Game, Player};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::time::Duration;
use tokio::time::Instant;

impl RoomActor {
    /// The computer level playing `seat` now, if a computer does.
    pub(super) fn computer(&self, seat: Player) -> Option<Level> {
        let s = self.room.seats.get(seat as usize)?;
        if let Some(level) = s.bot {
            return Some(level);
        }
        if self.autoplay == Some(seat) {
            return Some(Level::Easy);
        }
        (self.standin.get(seat as usize).copied())
            .unwrap_or(false)
            .then_some(Level::Medium)
    }

    /// Whether the server plays `seat` for its absent person right now.
    pub(super) fn stands_in(&self, seat: usize) -> bool {
        let person = self.room.seats.get(seat).is_some_and(|s| s.bot.is_none());
        self.standin.get(seat).copied().unwrap_or(false)
            || (person && self.autoplay == Some(seat as Player))
    }

    /// The host hands another person's seat to a computer during the
    /// game, so that nobody waits for a player who is away or not
    /// playing. The computer plays until the player takes the seat back
    /// (`take_back`, coming back, or acting).
    pub(super) fn stand_in(&mut self, by: Option<Player>, target: Player) -> Result<(), Refusal> {
        self.only_host(by)?;
        if self.room.status != RoomStatus::Playing {
            return Err(ErrorCode::NotPlaying.into());
        }
        let Some(seat) = self.room.seats.get(target as usize) else {
            return Err(ErrorCode::BadSeat.into());
        };
        if !seat.person() {
            return Err(Refusal::with(
                ErrorCode::BadSeat,
                "A computer already plays that seat.",
            ));
        }
        if by == Some(target) {
            return Err(Refusal::with(
                ErrorCode::BadSeat,
                "That is your own seat: play it yourself.",
            ));
        }
        if self.stands_in(target as usize) {
            return Ok(());
        }
        tracing::info!(room = %self.room.code, seat = target, "the host lets a computer play a seat");
        self.standin[target as usize] = true;
        self.timers.takeover[target as usize] = None;
        self.changed(Vec::new());
        Ok(())
    }

    /// A player takes their seat back from the computer playing it.
    pub(super) fn take_back(&mut self, by: Option<Player>) -> Result<(), Refusal> {
        let seat = by.ok_or(ErrorCode::NotSeated)?;
        if self.release(seat) {
            self.changed(Vec::new());
        }
        Ok(())
    }

    /// Stops the server playing `seat` for its person (stand-in or a
    /// turn whose clock ran out); whether it was.
    pub(super) fn release(&mut self, seat: Player) -> bool {
        let standin = self
            .standin
            .get_mut(seat as usize)
            .map(std::mem::take)
            .unwrap_or(false);
        let autoplay = self.autoplay == Some(seat);
        if autoplay {
            self.autoplay = None;
        }
        standin || autoplay
    }

    /// The seat a computer should act for now: an open truce offer to a
    /// computer is answered first, then the computer to move plays.
    fn computer_turn(&self) -> Option<Player> {
        let game = self.room.game_on()?;
        if let Some(offer) = game.offer() {
            if self.computer(offer.to).is_some() {
                return Some(offer.to);
            }
        }
        let p = game.to_move();
        self.computer(p).is_some().then_some(p)
    }

    /// Sets the computer and clock deadlines after a change.
    pub(super) fn schedule(&mut self) {
        let playing = self.room.status == RoomStatus::Playing;
        self.timers.takeover_armed = playing;
        if !playing {
            self.timers.computer = None;
            self.timers.clock = None;
            return;
        }
        if let Some(p) = self.autoplay {
            if self.room.game_on().map(|g| g.to_move()) != Some(p) {
                self.autoplay = None;
            }
        }
        let now = Instant::now();
        let delay = Duration::from_millis(self.shared.config.bot_delay_ms);
        self.timers.computer = self.computer_turn().map(|_| now + delay);
        self.timers.clock = match (self.room.settings.turn_clock, self.room.game_on()) {
            (Some(secs), Some(g)) if self.computer(g.to_move()).is_none() => {
                Some(now + Duration::from_secs(secs as u64))
            }
            _ => None,
        };
    }

    /// The computer whose turn it is acts.
    pub(super) async fn computer_acts(&mut self) {
        let Some(seat) = self.computer_turn() else {
            return;
        };
        let Some(game) = self.room.game_on().cloned() else {
            return;
        };
        let level = self.computer(seat).unwrap_or(Level::Easy);
        let autoplay = self.autoplay == Some(seat) && self.room.seats[seat as usize].bot.is_none();
        let mut rng = StdRng::from_rng(&mut self.rng).unwrap_or_else(|_| StdRng::from_entropy());
        let mut decide = move || {
            if autoplay {
                Some(simple_action(&game, seat))
            } else {
                bots::decide(level, &game, seat, &mut rng)
                    .or_else(|| Some(simple_action(&game, seat)))
            }
        };
        // The hard computer may think for tens of milliseconds: off the
        // async threads, so that other rooms go on meanwhile. The others
        // take microseconds, less than the hop to another thread.
        let decided = if level == Level::Hard && !autoplay {
            tokio::task::spawn_blocking(decide).await.ok().flatten()
        } else {
            decide()
        };
        let Some(action) = decided else { return };
        if let Err(r) = self.act(seat, action, Instant::now()).await {
            tracing::warn!(room = %self.room.code, seat, "computer action refused: {r}");
            // Fall back on the simplest legal action, and never spin.
            let fallback = self.room.game_on().map(|g| simple_action(g, seat));
            let ok = match fallback {
                Some(a) => self.act(seat, a, Instant::now()).await.is_ok(),
                None => false,
            };
            if !ok {
                self.timers.computer = Some(Instant::now() + Duration::from_secs(1));
            }
        }
    }
}

/// The action the server plays for an absent player when the turn clock
/// runs out: throw if a throw is pending, else the first legal move, else
/// skip; an open truce offer to the player is declined.
pub fn simple_action(game: &Game, seat: Player) -> Action {
    if let Some(offer) = game.offer() {
        if offer.to == seat && game.to_move() != seat {
            return Action::AnswerTruce { accept: false };
        }
    }
    if game.can_throw() {
        return Action::Throw;
    }
    if let Some(&mv) = game.legal_moves().first() {
        return Action::Move(mv);
    }
    if game.can_skip() {
        return Action::Skip;
    }
    Action::Throw
}
