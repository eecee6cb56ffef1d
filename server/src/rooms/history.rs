//! The room's recent past for its `welcome`: the events of each change
//! and the chat lines, so that a reload, a reconnect or a watcher arriving
//! mid-game finds the table log as the others see it, not empty.
//!
//! Events come back after a restart (they are replayed from the event
//! log); chat is kept in memory only, so a restarted server's rooms start
//! with the game's events and no chat.

use super::room::Room;
use chowka_protocol::messages::{HistoryItem, MAX_HISTORY};
use chowka_protocol::{Event, Game, Player, RecordedAction};
use std::collections::VecDeque;

/// What a new game's first state says happened: its first turn began.
/// The engine starts a game already in that turn, with no event, and
/// without one the table log would have no "round 1" line.
pub fn opening(game: &Game) -> Vec<Event> {
    vec![Event::TurnBegan {
        player: game.to_move(),
        round: game.round(),
    }]
}

/// The last [`MAX_HISTORY`] items of a room, oldest first.
#[derive(Debug, Default)]
pub struct History {
    items: VecDeque<HistoryItem>,
}

impl History {
    /// The history of a room as its event log tells it: every change's
    /// events, replayed from the start of the game (no chat).
    pub fn replayed(room: &Room, actions: &[RecordedAction]) -> History {
        let mut history = History::default();
        if room.game().is_none() {
            return history;
        }
        let Ok(mut game) = room.setup.game() else {
            return history;
        };
        history.events(&opening(&game), None);
        for action in actions {
            let stand_in = action.stood_in_for();
            match action.apply(&mut game) {
                Ok(events) => history.events(&events, stand_in),
                // The room itself was restored from the same log, so this
                // cannot fail; should it, the history stops where it did.
                Err(_) => break,
            }
        }
        history
    }

    /// The events of one change (nothing for a change without any), and
    /// the seat a computer played them for, if it did.
    pub fn events(&mut self, events: &[Event], stand_in: Option<Player>) {
        if !events.is_empty() {
            self.push(HistoryItem::Events {
                events: events.to_vec(),
                stand_in,
            });
        }
    }

    /// A chat line.
    pub fn chat(&mut self, seat: Option<Player>, name: &str, text: &str) {
        self.push(HistoryItem::Chat {
            seat,
            name: name.to_string(),
            text: text.to_string(),
        });
    }

    /// A seat's clock ran out: the computer played that turn.
    pub fn clock_out(&mut self, seat: Player) {
        self.push(HistoryItem::ClockOut { seat });
    }

    /// A seat's player forgot their identity: their chat lines go (what
    /// they wrote is data about them); the game's events stay.
    pub fn forget(&mut self, seat: Player) {
        (self.items)
            .retain(|i| !matches!(i, HistoryItem::Chat { seat: Some(s), .. } if *s == seat));
    }

    fn push(&mut self, item: HistoryItem) {
        if self.items.len() == MAX_HISTORY {
            self.items.pop_front();
        }
        self.items.push_back(item);
    }

    /// Every item, oldest first, for a `welcome`.
    pub fn items(&self) -> Vec<HistoryItem> {
        self.items.iter().cloned().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_forgotten_player_s_chat_lines_go_and_the_game_stays() {
        let mut h = History::default();
        h.chat(Some(0), "Asha", "namaskara");
        h.events(&[Event::Skipped { player: 1 }], None);
        h.chat(Some(1), "Ravi", "hello");
        h.chat(None, "a watcher", "hi");
        h.forget(1);
        let items = h.items();
        assert_eq!(items.len(), 3);
        assert!(!items
            .iter()
            .any(|i| matches!(i, HistoryItem::Chat { name, .. } if name == "Ravi")));
    }

    #[test]
    fn history_keeps_the_last_items_only() {
        let mut h = History::default();
        for i in 0..MAX_HISTORY + 5 {
            h.chat(Some(0), "Asha", &format!("line {i}"));
        }
        h.events(&[], None);
        let items = h.items();
        assert_eq!(items.len(), MAX_HISTORY);
        assert!(matches!(&items[0], HistoryItem::Chat { text, .. } if text == "line 5"));
        assert!(
            matches!(&items[MAX_HISTORY - 1], HistoryItem::Chat { text, .. } if *text == format!("line {}", MAX_HISTORY + 4))
        );
    }
}
