//! A player's e-mail address for the daily digest (`player_email`) and
//! the unsubscribe links sent (`email_unsubscribe`), docs/operations.md
//! "E-mail digest". Tokens are kept as their SHA-256 only.

use super::{Store, StoreError, StoreResult};
use crate::nudges::Alerts;
use sqlx::any::AnyRow;
use sqlx::Row;

/// A player's address as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmailRow {
    /// The player hash.
    pub player: String,
    /// The address.
    pub address: String,
    /// The language of the e-mails ("kn").
    pub language: String,
    /// When the digest may go, minutes after local midnight.
    pub minute: u16,
    /// When the player confirmed the address, ms since the epoch.
    pub verified_at: Option<i64>,
    /// When the verification e-mail was sent, ms since the epoch.
    pub verify_sent_at: Option<i64>,
    /// The local day the digest was last done ('YYYY-MM-DD').
    pub last_sent_day: Option<String>,
}

/// The memory store keeps no addresses: the paused-clock tests that use
/// it send no e-mail.
fn not_in_memory() -> StoreError {
    StoreError::Conflict("the memory store keeps no e-mail addresses".into())
}

const COLUMNS: &str =
    "player, address, language, minute, verified_at, verify_sent_at, last_sent_day";

/// [`COLUMNS`], each after `table` ("e.").
fn prefixed(table: &str) -> String {
    (COLUMNS.split(", "))
        .map(|c| format!("{table}{c}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn email_of(r: &AnyRow) -> StoreResult<EmailRow> {
    let minute: i64 = r.try_get(3)?;
    Ok(EmailRow {
        player: r.try_get(0)?,
        address: r.try_get(1)?,
        language: r.try_get(2)?,
        minute: u16::try_from(minute).map_err(|_| StoreError::Corrupt("minute".into()))?,
        verified_at: r.try_get(4)?,
        verify_sent_at: r.try_get(5)?,
        last_sent_day: r.try_get(6)?,
    })
}

impl Store {
    /// The player's address, if they gave one.
    pub async fn email(&self, player: &str) -> StoreResult<Option<EmailRow>> {
        let Ok(pool) = self.pool() else {
            return Ok(None);
        };
        let sql = format!("SELECT {COLUMNS} FROM player_email WHERE player = $1");
        let row = sqlx::query(&sql).bind(player).fetch_optional(pool).await?;
        row.map(|r| email_of(&r)).transpose()
    }

    /// Keeps a new, unverified address (replacing any other, whose
    /// unsubscribe links stop working), waiting for the link whose token
    /// hashes to `verify_hash`.
    pub async fn set_email(&self, row: &EmailRow, verify_hash: &str, now: i64) -> StoreResult<()> {
        let pool = self.pool().map_err(|_| not_in_memory())?;
        let mut tx = pool.begin().await?;
        sqlx::query("DELETE FROM email_unsubscribe WHERE player = $1")
            .bind(&row.player)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO player_email (player, address, language, minute, verified_at,
               verify_hash, verify_sent_at, last_sent_day, failures, created_at)
             VALUES ($1, $2, $3, $4, NULL, $5, $6, $7, 0, $8)
             ON CONFLICT (player) DO UPDATE SET address = excluded.address,
               language = excluded.language, minute = excluded.minute, verified_at = NULL,
               verify_hash = excluded.verify_hash, verify_sent_at = excluded.verify_sent_at,
               last_sent_day = excluded.last_sent_day, failures = 0,
               created_at = excluded.created_at",
        )
        .bind(&row.player)
        .bind(&row.address)
        .bind(&row.language)
        .bind(i64::from(row.minute))
        .bind(verify_hash)
        .bind(now)
        .bind(row.last_sent_day.clone())
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The address waiting for the link whose token hashes to `hash`.
    pub async fn email_by_verify(&self, hash: &str) -> StoreResult<Option<EmailRow>> {
        let Ok(pool) = self.pool() else {
            return Ok(None);
        };
        let sql = format!("SELECT {COLUMNS} FROM player_email WHERE verify_hash = $1");
        let row = sqlx::query(&sql).bind(hash).fetch_optional(pool).await?;
        row.map(|r| email_of(&r)).transpose()
    }

    /// Confirms the address of the link whose token hashes to `hash`; the
    /// token is used up. Whether there was one.
    pub async fn verify_email(&self, hash: &str, now: i64) -> StoreResult<bool> {
        let pool = self.pool().map_err(|_| not_in_memory())?;
        let done = sqlx::query(
            "UPDATE player_email SET verified_at = $1, verify_hash = NULL WHERE verify_hash = $2",
        )
        .bind(now)
        .bind(hash)
        .execute(pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Keeps the hash of an unsubscribe link about to be sent to the player.
    pub async fn add_unsubscribe(&self, player: &str, hash: &str, now: i64) -> StoreResult<()> {
        let pool = self.pool().map_err(|_| not_in_memory())?;
        sqlx::query(
            "INSERT INTO email_unsubscribe (token_hash, player, created_at) VALUES ($1, $2, $3)",
        )
        .bind(hash)
        .bind(player)
        .bind(now)
        .execute(pool)
        .await?;
        Ok(())
    }

    /// The address an unsubscribe link (its token's hash) stops.
    pub async fn email_by_unsubscribe(&self, hash: &str) -> StoreResult<Option<EmailRow>> {
        let Ok(pool) = self.pool() else {
            return Ok(None);
        };
        let sql = format!(
            "SELECT {} FROM player_email e JOIN email_unsubscribe u ON u.player = e.player
             WHERE u.token_hash = $1",
            prefixed("e.")
        );
        let row = sqlx::query(&sql).bind(hash).fetch_optional(pool).await?;
        row.map(|r| email_of(&r)).transpose()
    }

    /// Forgets the player's address and links: no e-mail goes from now
    /// on. Whether there was one.
    pub async fn delete_email(&self, player: &str) -> StoreResult<bool> {
        let Ok(pool) = self.pool() else {
            return Ok(false);
        };
        let mut tx = pool.begin().await?;
        sqlx::query("DELETE FROM email_unsubscribe WHERE player = $1")
            .bind(player)
            .execute(&mut *tx)
            .await?;
        let done = sqlx::query("DELETE FROM player_email WHERE player = $1")
            .bind(player)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(done.rows_affected() > 0)
    }

    /// Every confirmed address with its player's time zone and quiet
    /// hours (the defaults if they set none): the digest's candidates,
    /// each checked against its own local day and minute by the caller.
    /// One query a tick, however many addresses.
    pub async fn emails_due(&self) -> StoreResult<Vec<(EmailRow, Alerts)>> {
        let Ok(pool) = self.pool() else {
            return Ok(Vec::new());
        };
        let sql = format!(
            "SELECT {}, a.tz, a.quiet_from, a.quiet_to FROM player_email e
             LEFT JOIN player_alerts a ON a.player = e.player
             WHERE e.verified_at IS NOT NULL",
            prefixed("e.")
        );
        let rows = sqlx::query(&sql).fetch_all(pool).await?;
        let minute = |r: &AnyRow, i: usize| -> StoreResult<Option<u16>> {
            let v: Option<i64> = r.try_get(i)?;
            Ok(v.and_then(|v| u16::try_from(v).ok()))
        };
        (rows.iter())
            .map(|r| {
                let tz: Option<String> = r.try_get(7)?;
                let alerts = match tz {
                    Some(tz) => Alerts {
                        tz,
                        quiet_from: minute(r, 8)?,
                        quiet_to: minute(r, 9)?,
                    },
                    None => Alerts::default(),
                };
                Ok((email_of(r)?, alerts))
            })
            .collect()
    }

    /// Claims the player's digest of local day `day`: true for the one
    /// caller (of every node) whose update changed the row, who sends.
    pub async fn claim_digest(&self, player: &str, day: &str) -> StoreResult<bool> {
        let pool = self.pool().map_err(|_| not_in_memory())?;
        let done = sqlx::query(
            "UPDATE player_email SET last_sent_day = $1 WHERE player = $2
               AND verified_at IS NOT NULL
               AND (last_sent_day IS NULL OR last_sent_day <> $3)",
        )
        .bind(day)
        .bind(player)
        .bind(day)
        .execute(pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// After a digest went out: no failures in a row.
    pub async fn digest_sent(&self, player: &str) -> StoreResult<()> {
        let pool = self.pool().map_err(|_| not_in_memory())?;
        sqlx::query("UPDATE player_email SET failures = 0 WHERE player = $1")
            .bind(player)
            .execute(pool)
            .await?;
        Ok(())
    }

    /// After a digest of `day` failed to go: the claim is released (back
    /// to `before`) for a later tick to try again, unless `max_failures`
    /// in a row failed, when the day is given up. Whether it is released.
    pub async fn digest_failed(
        &self,
        player: &str,
        day: &str,
        before: Option<&str>,
        max_failures: i64,
    ) -> StoreResult<bool> {
        let pool = self.pool().map_err(|_| not_in_memory())?;
        let released = sqlx::query(
            "UPDATE player_email SET last_sent_day = $1, failures = failures + 1
             WHERE player = $2 AND last_sent_day = $3 AND failures + 1 < $4",
        )
        .bind(before.map(str::to_owned))
        .bind(player)
        .bind(day)
        .bind(max_failures)
        .execute(pool)
        .await?;
        if released.rows_affected() > 0 {
            return Ok(true);
        }
        sqlx::query("UPDATE player_email SET failures = 0 WHERE player = $1")
            .bind(player)
            .execute(pool)
            .await?;
        Ok(false)
    }

    /// Forgets unsubscribe links older than `before` (ms since the epoch).
    pub async fn prune_unsubscribes(&self, before: i64) -> StoreResult<u64> {
        let Ok(pool) = self.pool() else {
            return Ok(0);
        };
        let done = sqlx::query("DELETE FROM email_unsubscribe WHERE created_at < $1")
            .bind(before)
            .execute(pool)
            .await?;
        Ok(done.rows_affected())
    }
}
