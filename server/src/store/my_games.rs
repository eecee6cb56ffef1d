//! "All my games" (`GET /api/me/games`, docs/protocol.md "Players"): a
//! player's rooms as each backend reads them ([`LinkedRoom`]), made into
//! [`MyGame`]s in the order the page shows them.

use crate::rooms::DaysClock;
use chowka_protocol::{Player, Setup};
use serde::Serialize;
use std::collections::HashMap;

/// At most this many finished games are listed, newest first.
pub const MAX_FINISHED: usize = 100;

/// A room linked to a player, as read from the store: the room's row,
/// its due-time columns and its archived game's, if any.
#[derive(Clone, Debug, Default)]
pub(super) struct LinkedRoom {
    pub code: String,
    pub status: String,
    pub setup: String,
    pub seats: String,
    pub settings: String,
    pub created_at: i64,
    pub pace: String,
    pub to_move: Option<i64>,
    pub due_at: Option<i64>,
    /// JSON of a days game's clocks (`DaysClock`), for the vacations.
    pub clock: Option<String>,
    pub finished_at: Option<i64>,
    pub result: Option<String>,
    pub preset: Option<String>,
    pub board: Option<i64>,
    /// The circle it belongs to, and its name.
    pub circle: Option<String>,
    pub circle_name: Option<String>,
}

/// The circle a game belongs to, as "all my games" names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CircleName {
    /// The circle's id.
    pub id: String,
    /// Its name.
    pub name: String,
}

/// One seat of a game in "all my games".
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MySeat {
    /// Its person's name, or `null` (empty, forgotten, or a computer's
    /// seat without one).
    pub name: Option<String>,
    /// The computer's level, for a computer's seat.
    pub bot: Option<String>,
    /// Until when its person is on vacation (days games in play), ms
    /// since the epoch.
    pub vacation_until: Option<i64>,
}

/// One game in "all my games".
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MyGame {
    /// Room code.
    pub code: String,
    /// `lobby`, `playing` or `finished`.
    pub status: String,
    /// `live` or `days`.
    pub pace: String,
    /// A days game's hours per turn.
    pub turn_hours: Option<u32>,
    /// The player's seat.
    pub seat: usize,
    /// Every seat.
    pub seats: Vec<MySeat>,
    /// A days game in play: the seat to move.
    pub to_move: Option<i64>,
    /// A days game in play: when the clock of the seat to move runs out.
    pub due_at: Option<i64>,
    /// `"ongoing"`, `"draw"` or `{"winner": seat}`.
    pub result: serde_json::Value,
    /// When the game ended, ms since the epoch.
    pub finished_at: Option<i64>,
    /// When the room was made, ms since the epoch.
    pub created_at: i64,
    /// The preset's name.
    pub preset: String,
    /// The board's size.
    pub board: i64,
    /// The circle it belongs to, if any.
    pub circle: Option<CircleName>,
}

/// The player's games among `rooms`, in the page's order: (1) in play
/// with the player to move, the closest due time first; (2) in play
/// waiting for others, the closest due time first, live games (no due
/// time) last; (3) lobbies, newest first; (4) finished games, newest
/// first, at most [`MAX_FINISHED`]. Rooms where the player holds no seat
/// (a seat not taken after all, or emptied) are left out.
/// `now` (ms since the epoch) tells which vacations are on.
pub(super) fn my_games(hash: &str, rooms: Vec<LinkedRoom>, now: i64) -> Vec<MyGame> {
    let mut setups = Setups::default();
    let mut games: Vec<MyGame> = (rooms.into_iter())
        .filter_map(|r| game_of(hash, r, now, &mut setups))
        .collect();
    games.sort_by_key(|g| {
        let due = g.due_at.unwrap_or(i64::MAX);
        match g.status.as_str() {
            "playing" if g.to_move == Some(g.seat as i64) => (0, due, g.code.clone()),
            "playing" => (1, due, g.code.clone()),
            "lobby" => (2, -g.created_at, g.code.clone()),
            _ => (3, -g.finished_at.unwrap_or(0), g.code.clone()),
        }
    });
    let finished = games.iter().filter(|g| g.status == "finished").count();
    games.truncate(games.len() - finished.saturating_sub(MAX_FINISHED));
    games
}

/// The preset's name and the board's size of each set-up seen, by its
/// JSON: a family plays most of its games with a few set-ups, each
/// resolved once (resolving was most of the time of a list of 1,000).
#[derive(Default)]
pub struct Setups(HashMap<String, Option<(String, i64)>>);

impl Setups {
    /// The preset's name and the board's size of a game: the archive's
    /// (`preset`, `board`) once finished, else its set-up's (JSON).
    pub fn resolve(
        &mut self,
        setup: String,
        preset: Option<String>,
        board: Option<i64>,
    ) -> Option<(String, i64)> {
        if let (Some(p), Some(b)) = (preset, board) {
            return Some((p, b));
        }
        (self.0.entry(setup))
            .or_insert_with_key(|setup| {
                let rules = serde_json::from_str::<Setup>(setup).ok()?.rules().ok()?;
                Some((rules.preset.name().to_string(), rules.board as i64))
            })
            .clone()
    }
}

/// One room as [`MyGame`], if the player holds a seat in it.
fn game_of(hash: &str, r: LinkedRoom, now: i64, setups: &mut Setups) -> Option<MyGame> {
    let stored: Vec<serde_json::Value> = serde_json::from_str(&r.seats).ok()?;
    let text = |s: &serde_json::Value, k: &str| s.get(k).and_then(|v| v.as_str()).map(String::from);
    let seat = stored
        .iter()
        .position(|s| text(s, "player").as_deref() == Some(hash))?;
    let days = r.pace == "days";
    let clock = (r.clock.as_deref())
        .filter(|_| days && r.status == "playing")
        .and_then(|c| serde_json::from_str::<DaysClock>(c).ok());
    let seats = (stored.iter().enumerate())
        .map(|(i, s)| MySeat {
            name: text(s, "name").filter(|n| !n.is_empty()),
            bot: text(s, "bot"),
            vacation_until: (clock.as_ref()).and_then(|c| c.vacation_until(i as Player, now)),
        })
        .collect();
    let settings: serde_json::Value = serde_json::from_str(&r.settings).unwrap_or_default();
    let turn_hours = (settings.get("turn_hours").and_then(|h| h.as_u64()))
        .filter(|_| days)
        .and_then(|h| u32::try_from(h).ok());
    let (preset, board) = setups.resolve(r.setup, r.preset, r.board)?;
    let circle = match (r.circle, r.circle_name) {
        (Some(id), Some(name)) => Some(CircleName { id, name }),
        _ => None,
    };
    let playing = r.status == "playing";
    let result = (r.result.as_deref())
        .and_then(|j| serde_json::from_str(j).ok())
        .unwrap_or_else(|| serde_json::Value::from("ongoing"));
    Some(MyGame {
        code: r.code,
        status: r.status,
        pace: if days { "days" } else { "live" }.into(),
        turn_hours,
        seat,
        seats,
        to_move: r.to_move.filter(|_| playing && days),
        due_at: r.due_at.filter(|_| playing && days),
        result,
        finished_at: r.finished_at,
        created_at: r.created_at,
        preset,
        board,
        circle,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room(
        code: &str,
        status: &str,
        me: usize,
        to_move: Option<i64>,
        due: Option<i64>,
    ) -> LinkedRoom {
        let seats: Vec<serde_json::Value> = (0..2)
            .map(|i| match i == me {
                true => serde_json::json!({"name": "Asha", "player": "me", "host": i == 0}),
                false => serde_json::json!({"name": "Ravi", "host": i == 0}),
            })
            .collect();
        LinkedRoom {
            code: code.into(),
            status: status.into(),
            setup: serde_json::to_string(&Setup::default()).unwrap(),
            seats: serde_json::to_string(&seats).unwrap(),
            settings: "{}".into(),
            pace: if due.is_some() { "days" } else { "live" }.into(),
            to_move,
            due_at: due,
            ..LinkedRoom::default()
        }
    }

    #[test]
    fn my_turn_first_then_waiting_then_lobbies_then_finished() {
        let mut lobby_old = room("LOBBYAA", "lobby", 0, None, None);
        lobby_old.created_at = 1;
        let mut lobby_new = room("LOBBYBB", "lobby", 0, None, None);
        lobby_new.created_at = 2;
        let mut done = room("DONEAAA", "finished", 1, None, None);
        done.finished_at = Some(5);
        done.result = Some("{\"winner\":1}".into());
        let mut not_mine = room("NOTMINE", "playing", 5, None, None);
        not_mine.seats = "[{\"name\":\"X\"}]".into();
        let rooms = vec![
            lobby_old,
            room("LIVEAAA", "playing", 0, None, None),
            room("WAITLATE", "playing", 0, Some(1), Some(300)),
            done,
            room("MINELATE", "playing", 1, Some(1), Some(200)),
            room("WAITSOON", "playing", 0, Some(1), Some(100)),
            room("MINESOON", "playing", 0, Some(0), Some(150)),
            lobby_new,
            not_mine,
        ];
        let order: Vec<String> = my_games("me", rooms, 0)
            .into_iter()
            .map(|g| g.code)
            .collect();
        assert_eq!(
            order,
            [
                "MINESOON", "MINELATE", "WAITSOON", "WAITLATE", "LIVEAAA", "LOBBYBB", "LOBBYAA",
                "DONEAAA"
            ]
        );
    }

    #[test]
    fn at_most_a_hundred_finished_games_newest_first() {
        let rooms = (0..150).map(|i| {
            let mut r = room(&format!("F{i:06}"), "finished", 0, None, None);
            r.finished_at = Some(i);
            r
        });
        let games = my_games("me", rooms.collect(), 0);
        assert_eq!(games.len(), MAX_FINISHED);
        assert_eq!(games[0].finished_at, Some(149));
        assert_eq!(
            games[0].preset,
            Setup::default().rules().unwrap().preset.name()
        );
    }
}
