//! The archive of finished games: written once when a game ends (with
//! its room marked finished, in one transaction), then listed and read.

use super::{now_ms, to_json, GameRow, RoomRow, Store, StoreError, StoreResult};
use crate::ids::RoomCode;
use chowka_protocol::{Record, Rules};
use sqlx::any::AnyRow;
use sqlx::Row;

impl GameRow {
    /// The archive's row of a game that ended now, played under `rules`:
    /// its record and what the archive lists it by. A part that cannot
    /// be written as JSON refuses the row (nothing is archived).
    pub fn finished(id: String, rules: &Rules, record: &Record) -> StoreResult<GameRow> {
        Ok(GameRow {
            id,
            finished_at: now_ms(),
            preset: rules.preset.name().into(),
            board: rules.board as i64,
            players: to_json("the players", &record.players)?,
            result: to_json("the result", &record.result)?,
            actions: record.actions.len() as i64,
            record: to_json("the record", record)?,
        })
    }
}

impl Store {
    /// Archives a finished game and marks its room finished, at once. The
    /// game is listed publicly only if the room's settings say it was
    /// public; a private game is reachable by its id alone.
    /// Idempotent, so that a retry after a lost reply succeeds. Fenced
    /// like [`Store::save_room`].
    pub async fn finish(&self, room: &RoomRow, game: &GameRow, epoch: i64) -> StoreResult<()> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return m.finish(room, game, epoch),
        };
        let mut tx = pool.begin().await?;
        sqlx::query(
            "INSERT INTO games (id, finished_at, preset, board, players, result, actions, record, public)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
             ON CONFLICT (id) DO NOTHING",
        )
        .bind(&game.id)
        .bind(game.finished_at)
        .bind(&game.preset)
        .bind(game.board)
        .bind(&game.players)
        .bind(&game.result)
        .bind(game.actions)
        .bind(&game.record)
        .bind(i64::from(was_public(&room.settings)))
        .execute(&mut *tx)
        .await?;
        let done = sqlx::query(
            "UPDATE rooms SET status = $1, version = $2, updated_at = $3, to_move = NULL, due_at = NULL
             WHERE code = $4 AND EXISTS (SELECT 1 FROM leases WHERE room = $4 AND epoch = $5)",
        )
        .bind(&room.status)
        .bind(room.version)
        .bind(now_ms())
        .bind(&room.code)
        .bind(epoch)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 0 {
            // Dropping the transaction rolls the archive row back too.
            return Err(StoreError::fenced(&room.code, epoch));
        }
        // A circle's standings read the game's seats (store/circle_seats.rs).
        super::circle_seats::archive_seats(&mut tx, room, game).await?;
        // Its players' "all my games" now list it among the finished.
        sqlx::query("UPDATE player_rooms SET closed_at = $1 WHERE room = $2")
            .bind(game.finished_at)
            .bind(&room.code)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Finished public games, newest first, finished strictly before
    /// `before` (ms). Private games are never listed.
    pub async fn list_games(&self, before: Option<i64>, limit: i64) -> StoreResult<Vec<GameRow>> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return Ok(m.list_games(before, limit)),
        };
        let rows = sqlx::query(
            "SELECT id, finished_at, preset, board, players, result, actions, '' FROM games
             WHERE public = 1 AND finished_at < $1 ORDER BY finished_at DESC, id LIMIT $2",
        )
        .bind(before.unwrap_or(i64::MAX))
        .bind(limit)
        .fetch_all(pool)
        .await?;
        rows.iter().map(game_of).collect()
    }

    /// One finished game, with its record.
    pub async fn game(&self, id: RoomCode) -> StoreResult<Option<GameRow>> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return Ok(m.game(id)),
        };
        let row = sqlx::query(
            "SELECT id, finished_at, preset, board, players, result, actions, record FROM games
             WHERE id = $1",
        )
        .bind(id.as_str())
        .fetch_optional(pool)
        .await?;
        row.as_ref().map(game_of).transpose()
    }
}

/// Whether a room's settings (JSON) say it is public.
pub(super) fn was_public(settings: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(settings)
        .ok()
        .and_then(|v| v.get("public")?.as_bool())
        .unwrap_or(false)
}

fn game_of(row: &AnyRow) -> StoreResult<GameRow> {
    Ok(GameRow {
        id: row.try_get(0)?,
        finished_at: row.try_get(1)?,
        preset: row.try_get(2)?,
        board: row.try_get(3)?,
        players: row.try_get(4)?,
        result: row.try_get(5)?,
        actions: row.try_get(6)?,
        record: row.try_get(7)?,
    })
}
