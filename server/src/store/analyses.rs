//! The analyses of finished games (`analysis.rs`): written once, after the
//! game, beside its archive row; read by the replay.

use super::{now_ms, Store, StoreResult};
use crate::ids::RoomCode;
use sqlx::Row;

impl Store {
    /// Stores a game's analysis (JSON). Idempotent: the first written
    /// stays, so that two nodes analysing one game agree.
    pub async fn save_analysis(&self, game: RoomCode, analysis: &str) -> StoreResult<()> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => {
                m.save_analysis(game, analysis);
                return Ok(());
            }
        };
        sqlx::query(
            "INSERT INTO analyses (game, analysis, made_at) VALUES ($1, $2, $3)
             ON CONFLICT (game) DO NOTHING",
        )
        .bind(game.as_str())
        .bind(analysis)
        .bind(now_ms())
        .execute(pool)
        .await?;
        Ok(())
    }

    /// A game's analysis (JSON), once written.
    pub async fn analysis(&self, game: RoomCode) -> StoreResult<Option<String>> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return Ok(m.analysis(game)),
        };
        let row = sqlx::query("SELECT analysis FROM analyses WHERE game = $1")
            .bind(game.as_str())
            .fetch_optional(pool)
            .await?;
        Ok(row.map(|r| r.get::<String, _>(0)))
    }
}
