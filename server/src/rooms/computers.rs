//! The computers at the table, on the actor's side: when they act (the
//! computer and clock deadlines, set after every change anyone sees), and
//! what they play. Who plays a seat is the room's rule (`Room::computer`);
//! deciding is a pure call to the bots, off the async threads when slow.

use super::actor::RoomActor;
use crate::bots::{self, Level};
use crate::error::{ErrorCode, Refusal};
use chowka_protocol::messages::{RoomStatus, ServerMsg};
use chowka_protocol::{Action, Game, Player};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::time::Duration;
use tokio::time::Instant;

impl RoomActor {
    /// Sets the computer and clock deadlines after a change.
    pub(super) fn schedule(&mut self) {
        let playing = self.room.status() == RoomStatus::Playing;
        self.timers.takeover_armed = playing;
        if !playing {
            self.timers.computer = None;
            self.timers.clock = None;
            return;
        }
        let now = Instant::now();
        let delay = Duration::from_millis(self.shared.config.bot_delay_ms);
        self.timers.computer = self.room.computer_turn().map(|_| now + delay);
        self.timers.clock = match self.room.runs_out() {
            // A game over days: at the time of day its clock runs out.
            Some(at) => Some(self.shared.config.wall.instant_at(at)),
            None => (self.room.clock()).map(|secs| now + Duration::from_secs(secs as u64)),
        };
    }

    /// Answers `hint` to `conn` alone: what the hard computer would do in
    /// the asker's turn, and why (`bots::hint`). Searched off the async
    /// threads like a hard computer's move, once per state: asked again,
    /// the same answer is sent again.
    pub(super) async fn hint(&mut self, conn: u64, seat: Option<Player>) -> Result<(), Refusal> {
        let game = self.room.hint_game(seat)?.clone();
        let version = self.room.version;
        let cached = self.last_hint.as_ref().filter(|(v, _)| *v == version);
        let answer = match cached {
            Some((_, answer)) => answer.clone(),
            None => {
                let me = game.to_move();
                // Seeded by the state, so that a hint is the same however often it is asked.
                let mut rng = StdRng::seed_from_u64(version);
                let search = move || bots::hint::hint(&game, me, &mut rng, bots::Budget::HARD);
                let hint = tokio::task::spawn_blocking(search).await.ok().flatten();
                let hint = hint.ok_or(ErrorCode::Rule(chowka_protocol::Code::NotYourTurn))?;
                let answer = ServerMsg::Hint {
                    version,
                    seat: me,
                    hint,
                };
                self.last_hint = Some((version, answer.clone()));
                answer
            }
        };
        // The state may have moved on while the search ran: the version says which it answers.
        self.out.to(conn, &answer);
        Ok(())
    }

    /// The computer whose turn it is acts.
    pub(super) async fn computer_acts(&mut self) {
        let Some(seat) = self.room.computer_turn() else {
            return;
        };
        let Some(game) = self.room.game_on().cloned() else {
            return;
        };
        let level = self.room.computer(seat).unwrap_or(Level::Easy);
        let autoplay =
            self.room.autoplay == Some(seat) && self.room.seats[seat as usize].bot.is_none();
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
        if let Err(r) = self.act(seat, action, false, Instant::now()).await {
            tracing::warn!(room = %self.room.code, seat, "computer action refused: {r}");
            // Fall back on the simplest legal action, and never spin.
            let fallback = self.room.game_on().map(|g| simple_action(g, seat));
            let ok = match fallback {
                Some(a) => self.act(seat, a, false, Instant::now()).await.is_ok(),
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
