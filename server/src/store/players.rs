//! Players without accounts (docs/operations.md, "What is stored about a
//! player"): a player is the SHA-256 of a secret their browser holds, a
//! name, the devices holding it, and the rooms they sat in. "All my
//! games" is read through `player_rooms` by its primary key
//! ([`Store::player_games`], `my_games.rs`).

use super::my_games::{my_games, LinkedRoom, MyGame, MAX_FINISHED};
use super::{Store, StoreResult};
use sqlx::any::AnyRow;
use sqlx::Row;

/// How often a device's `last_seen` is written at most: a device seen
/// again within this is not written to, so that every request of a
/// player does not cost a write.
pub const TOUCH_EVERY_MS: i64 = 60_000;

/// A player as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    /// SHA-256 of the player's secret, as hex: the player hash.
    pub hash: String,
    /// The name they chose, if any.
    pub name: Option<String>,
    /// When the identity was made, ms since the epoch.
    pub created_at: i64,
    /// When it was last used, ms since the epoch (within a minute).
    pub seen_at: i64,
}

/// A device (browser) holding a player's secret.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceRow {
    /// The random id the browser made (`X-Chowka-Device`).
    pub device: String,
    /// What its User-Agent says it is ("Firefox on Windows").
    pub label: String,
    /// First and last use, ms since the epoch.
    pub first_seen: i64,
    /// Last use, ms since the epoch (written at most once a minute).
    pub last_seen: i64,
}

impl Store {
    /// Saves a new player.
    pub async fn create_player(&self, p: &PlayerRow) -> StoreResult<()> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return m.create_player(p),
        };
        sqlx::query(
            "INSERT INTO players (hash, name, created_at, seen_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(&p.hash)
        .bind(p.name.clone())
        .bind(p.created_at)
        .bind(p.seen_at)
        .execute(pool)
        .await?;
        Ok(())
    }

    /// The player with this hash, if there is one. The caller compares
    /// the hash found with its own in constant time (`ids::same_hash`).
    pub async fn player(&self, hash: &str) -> StoreResult<Option<PlayerRow>> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return Ok(m.player(hash)),
        };
        let row =
            sqlx::query("SELECT hash, name, created_at, seen_at FROM players WHERE hash = $1")
                .bind(hash)
                .fetch_optional(pool)
                .await?;
        row.map(|r| player_of(&r)).transpose()
    }

    /// Records that `device` (with this label) used the player's secret
    /// at `now`: a new device is added, a known one's label and last use
    /// updated, at most once every [`TOUCH_EVERY_MS`].
    pub async fn touch_device(
        &self,
        hash: &str,
        device: &str,
        label: &str,
        now: i64,
    ) -> StoreResult<()> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return m.touch_device(hash, device, label, now),
        };
        sqlx::query(
            "INSERT INTO player_devices (player, device, label, first_seen, last_seen)
             VALUES ($1, $2, $3, $4, $4)
             ON CONFLICT (player, device) DO UPDATE SET label = excluded.label, last_seen = excluded.last_seen
             WHERE player_devices.last_seen <= excluded.last_seen - $5",
        )
        .bind(hash)
        .bind(device)
        .bind(label)
        .bind(now)
        .bind(TOUCH_EVERY_MS)
        .execute(pool)
        .await?;
        self.touch_player(hash, now).await
    }

    /// Records that a page of the player's was open at `now` (their
    /// `seen_at`), at most once every [`TOUCH_EVERY_MS`].
    pub async fn touch_player(&self, hash: &str, now: i64) -> StoreResult<()> {
        let Ok(pool) = self.pool() else {
            return Ok(());
        };
        sqlx::query("UPDATE players SET seen_at = $1 WHERE hash = $2 AND seen_at <= $1 - $3")
            .bind(now)
            .bind(hash)
            .bind(TOUCH_EVERY_MS)
            .execute(pool)
            .await?;
        Ok(())
    }

    /// The devices holding the player's secret, most recently used first.
    pub async fn devices(&self, hash: &str) -> StoreResult<Vec<DeviceRow>> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return Ok(m.devices(hash)),
        };
        let rows = sqlx::query(
            "SELECT device, label, first_seen, last_seen FROM player_devices
             WHERE player = $1 ORDER BY last_seen DESC, device",
        )
        .bind(hash)
        .fetch_all(pool)
        .await?;
        rows.iter().map(device_of).collect()
    }

    /// Renames a player; false if there is no such player.
    pub async fn rename_player(&self, hash: &str, name: Option<&str>) -> StoreResult<bool> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return m.rename_player(hash, name),
        };
        let done = sqlx::query("UPDATE players SET name = $1 WHERE hash = $2")
            .bind(name.map(str::to_owned))
            .bind(hash)
            .execute(pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Links a room to a player (they take, or are about to take, a seat
    /// there); linking twice changes nothing.
    pub async fn link_room(&self, hash: &str, room: &str, now: i64) -> StoreResult<()> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return m.link_room(hash, room, now),
        };
        sqlx::query(
            // A room linked after its game was archived (a link that came
            // late) is closed from the start.
            "INSERT INTO player_rooms (player, room, joined_at, closed_at)
             VALUES ($1, $2, $3, (SELECT finished_at FROM games WHERE id = $2))
             ON CONFLICT (player, room) DO NOTHING",
        )
        .bind(hash)
        .bind(room)
        .bind(now)
        .execute(pool)
        .await?;
        Ok(())
    }

    /// Forgets a player: their row, devices and room links are deleted,
    /// and in the archived games of their rooms that were not public,
    /// their name is removed (from the list of players and the record).
    /// Gives the codes of the rooms they were linked to, whose seats the
    /// caller clears (each room applies the change itself).
    pub async fn forget_player(&self, hash: &str) -> StoreResult<Vec<String>> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return m.forget_player(hash),
        };
        let mut tx = pool.begin().await?;
        let links = sqlx::query(
            "SELECT p.room, r.seats FROM player_rooms p LEFT JOIN rooms r ON r.code = p.room
             WHERE p.player = $1 ORDER BY p.room",
        )
        .bind(hash)
        .fetch_all(&mut *tx)
        .await?;
        let mut rooms = Vec::with_capacity(links.len());
        for link in &links {
            let room: String = link.try_get(0)?;
            let seats: Option<String> = link.try_get(1)?;
            let seat = seats.as_deref().and_then(|s| seat_of_player(s, hash));
            if let Some(seat) = seat {
                let game =
                    sqlx::query("SELECT players, record FROM games WHERE id = $1 AND public = 0")
                        .bind(&room)
                        .fetch_optional(&mut *tx)
                        .await?;
                if let Some(game) = game {
                    let (players, record): (String, String) = (game.try_get(0)?, game.try_get(1)?);
                    let (players, record) = unnamed(&players, &record, seat);
                    sqlx::query("UPDATE games SET players = $1, record = $2 WHERE id = $3")
                        .bind(players)
                        .bind(record)
                        .bind(&room)
                        .execute(&mut *tx)
                        .await?;
                }
            }
            rooms.push(room);
        }
        for delete in [
            "DELETE FROM player_rooms WHERE player = $1",
            "DELETE FROM circle_members WHERE player = $1",
            "UPDATE circle_seats SET player = NULL WHERE player = $1",
            "DELETE FROM player_alerts WHERE player = $1",
            "DELETE FROM email_unsubscribe WHERE player = $1",
            "DELETE FROM player_email WHERE player = $1",
            "DELETE FROM push_subscriptions WHERE player = $1",
            "DELETE FROM push_sent WHERE player = $1",
            "DELETE FROM player_devices WHERE player = $1",
            "DELETE FROM players WHERE hash = $1",
        ] {
            sqlx::query(delete).bind(hash).execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok(rooms)
    }

    /// "All my games": the rooms the player sits in, in the order of
    /// `GET /api/me/games` (`my_games.rs`). Read by the index
    /// `player_rooms_closed`, joined to the rooms and their archived
    /// games: every open room (lobby or game in play), then the newest
    /// [`MAX_FINISHED`] finished games in which the player kept their
    /// seat, in the index's order, so that years of finished games cost
    /// the page nothing (docs/performance.md, "All my games").
    pub async fn player_games(&self, hash: &str) -> StoreResult<Vec<MyGame>> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return Ok(my_games(hash, m.linked_rooms(hash), super::now_ms())),
        };
        let unfinished = sqlx::query(&format!(
            "SELECT {ROOM_COLUMNS}, r.to_move, r.due_at, r.clock
             FROM player_rooms p JOIN rooms r ON r.code = p.room {CIRCLE_JOIN}
             WHERE p.player = $1 AND p.closed_at IS NULL AND r.status IN ('lobby', 'playing')"
        ))
        .bind(hash)
        .fetch_all(pool)
        .await?;
        // The seats are JSON written by the server (`"player":"<hash>"`,
        // hex): a room the player left before its game is not one of
        // their hundred.
        let finished = sqlx::query(&format!(
            "SELECT {ROOM_COLUMNS}, g.finished_at, g.result, g.preset, g.board
             FROM player_rooms p JOIN rooms r ON r.code = p.room JOIN games g ON g.id = p.room
                  {CIRCLE_JOIN}
             WHERE p.player = $1 AND p.closed_at IS NOT NULL
                   AND r.status = 'finished' AND r.seats LIKE $2
             ORDER BY p.closed_at DESC LIMIT $3"
        ))
        .bind(hash)
        .bind(format!("%\"player\":\"{hash}\"%"))
        .bind(MAX_FINISHED as i64)
        .fetch_all(pool)
        .await?;
        let linked = (unfinished.iter().map(unfinished_of))
            .chain(finished.iter().map(finished_of))
            .collect::<StoreResult<_>>()?;
        Ok(my_games(hash, linked, super::now_ms()))
    }
}

/// The seat (index) whose `player` is `hash` in a room's seats JSON.
pub(super) fn seat_of_player(seats: &str, hash: &str) -> Option<usize> {
    let seats: Vec<serde_json::Value> = serde_json::from_str(seats).ok()?;
    (seats.iter()).position(|s| s.get("player").and_then(|p| p.as_str()) == Some(hash))
}

/// An archived game's players (JSON list) and record (JSON) with the name
/// of `seat` removed (an empty name, as an unnamed seat is archived).
/// What cannot be read is left as it is.
pub(super) fn unnamed(players: &str, record: &str, seat: usize) -> (String, String) {
    let blank = |json: &str, list: fn(&mut serde_json::Value) -> Option<&mut serde_json::Value>| {
        let Ok(mut v) = serde_json::from_str::<serde_json::Value>(json) else {
            return json.to_string();
        };
        if let Some(name) = list(&mut v).and_then(|l| l.get_mut(seat)) {
            *name = serde_json::Value::String(String::new());
        }
        serde_json::to_string(&v).unwrap_or_else(|_| json.to_string())
    };
    fn itself(v: &mut serde_json::Value) -> Option<&mut serde_json::Value> {
        Some(v)
    }
    (
        blank(players, itself),
        blank(record, |r| r.get_mut("players")),
    )
}

fn player_of(row: &AnyRow) -> StoreResult<PlayerRow> {
    Ok(PlayerRow {
        hash: row.try_get(0)?,
        name: row.try_get(1)?,
        created_at: row.try_get(2)?,
        seen_at: row.try_get(3)?,
    })
}

fn device_of(row: &AnyRow) -> StoreResult<DeviceRow> {
    Ok(DeviceRow {
        device: row.try_get(0)?,
        label: row.try_get(1)?,
        first_seen: row.try_get(2)?,
        last_seen: row.try_get(3)?,
    })
}

/// The columns both "all my games" queries read first, as [`room_of`]
/// reads them.
const ROOM_COLUMNS: &str =
    "r.code, r.status, r.setup, r.seats, r.settings, r.created_at, r.pace, r.circle, c.name";

/// The join that names a linked room's circle ([`ROOM_COLUMNS`]).
const CIRCLE_JOIN: &str = "LEFT JOIN circles c ON c.id = r.circle";

/// A linked room's own columns ([`ROOM_COLUMNS`]).
fn room_of(row: &AnyRow) -> StoreResult<LinkedRoom> {
    Ok(LinkedRoom {
        code: row.try_get(0)?,
        status: row.try_get(1)?,
        setup: row.try_get(2)?,
        seats: row.try_get(3)?,
        settings: row.try_get(4)?,
        created_at: row.try_get(5)?,
        pace: row.try_get(6)?,
        circle: row.try_get(7)?,
        circle_name: row.try_get(8)?,
        ..LinkedRoom::default()
    })
}

/// An open room: its own columns, then its due-time index and clock.
fn unfinished_of(row: &AnyRow) -> StoreResult<LinkedRoom> {
    Ok(LinkedRoom {
        to_move: row.try_get(9)?,
        due_at: row.try_get(10)?,
        clock: row.try_get(11)?,
        ..room_of(row)?
    })
}

/// A finished room: its own columns, then its archived game's.
fn finished_of(row: &AnyRow) -> StoreResult<LinkedRoom> {
    Ok(LinkedRoom {
        finished_at: row.try_get(9)?,
        result: row.try_get(10)?,
        preset: row.try_get(11)?,
        board: row.try_get(12)?,
        ..room_of(row)?
    })
}
