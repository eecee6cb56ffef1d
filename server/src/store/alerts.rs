//! A player's time zone and quiet hours (`player_alerts`,
//! [`crate::nudges::Alerts`]).

use super::{Store, StoreResult};
use crate::nudges::Alerts;
use sqlx::Row;

impl Store {
    /// The player's time zone and quiet hours; the defaults (UTC, none)
    /// if they never set them.
    pub async fn alerts(&self, hash: &str) -> StoreResult<Alerts> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return Ok(m.alerts(hash)),
        };
        let row =
            sqlx::query("SELECT tz, quiet_from, quiet_to FROM player_alerts WHERE player = $1")
                .bind(hash)
                .fetch_optional(pool)
                .await?;
        let Some(row) = row else {
            return Ok(Alerts::default());
        };
        let minute = |i: usize| -> StoreResult<Option<u16>> {
            let v: Option<i64> = row.try_get(i)?;
            Ok(v.and_then(|v| u16::try_from(v).ok()))
        };
        Ok(Alerts {
            tz: row.try_get(0)?,
            quiet_from: minute(1)?,
            quiet_to: minute(2)?,
        })
    }

    /// Keeps the player's time zone and quiet hours (checked by the
    /// caller with [`Alerts::check`]).
    pub async fn set_alerts(&self, hash: &str, alerts: &Alerts, now: i64) -> StoreResult<()> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return m.set_alerts(hash, alerts),
        };
        sqlx::query(
            "INSERT INTO player_alerts (player, tz, quiet_from, quiet_to, updated_at)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (player) DO UPDATE SET tz = excluded.tz,
               quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to,
               updated_at = excluded.updated_at",
        )
        .bind(hash)
        .bind(&alerts.tz)
        .bind(alerts.quiet_from.map(i64::from))
        .bind(alerts.quiet_to.map(i64::from))
        .bind(now)
        .execute(pool)
        .await?;
        Ok(())
    }
}
