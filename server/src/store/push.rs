//! Web Push's rows (`push.rs`, docs/operations.md "Telling players it is
//! their turn"): the server's VAPID key, players' subscriptions, and the
//! last turn each (player, room) was told of. The memory store of the
//! paused-clock tests keeps none of them (push needs a database).

use super::{Store, StoreResult};
use crate::nudges::push::{Keys, Subscription};
use sqlx::Row;

/// Most subscriptions (browsers) one player keeps: a new one past it
/// replaces their oldest.
pub const MAX_PUSH_SUBSCRIPTIONS: i64 = 10;

/// A push given up on this many times in a row drops its subscription.
const MAX_PUSH_FAILURES: i64 = 5;

/// A subscribed player's seat in a game over days in play, whose page was
/// not seen lately ([`Store::push_turns`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PushTurnRow {
    /// The player hash.
    pub player: String,
    /// The room's code.
    pub room: String,
    /// JSON of its seats.
    pub seats: String,
    /// The seat to move.
    pub to_move: i64,
    /// When its clock runs out (ms).
    pub due_at: i64,
    /// JSON of its clock (`DaysClock`).
    pub clock: Option<String>,
    /// The start of the last turn told in this room, if any.
    pub told: Option<i64>,
}

/// A lobby of one of a subscribed player's circles, made since a given
/// time, whose page was not seen lately ([`Store::push_invitations`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PushInviteRow {
    /// The player hash.
    pub player: String,
    /// The room's code.
    pub room: String,
    /// JSON of its seats.
    pub seats: String,
    /// When it was made (ms): the invitation's key.
    pub created_at: i64,
    /// The circle's name.
    pub circle: String,
    /// The last push told in this room, if any.
    pub told: Option<i64>,
}

impl Store {
    /// The lobbies of subscribed players' circles made since `since` (ms)
    /// in which they hold no seat, for players whose page was last seen
    /// before `seen_before`, with the last push told in each room.
    pub async fn push_invitations(
        &self,
        seen_before: i64,
        since: i64,
    ) -> StoreResult<Vec<PushInviteRow>> {
        let Ok(pool) = self.pool() else {
            return Ok(Vec::new());
        };
        let rows = sqlx::query(
            "SELECT m.player, r.code, r.seats, r.created_at, c.name, s.turn
             FROM (SELECT DISTINCT player FROM push_subscriptions) d
             JOIN players pl ON pl.hash = d.player
             JOIN circle_members m ON m.player = d.player
             JOIN circles c ON c.id = m.circle
             JOIN rooms r ON r.circle = m.circle AND r.status = 'lobby'
             LEFT JOIN push_sent s ON s.player = m.player AND s.room = r.code
             WHERE pl.seen_at < $1 AND r.created_at >= $2",
        )
        .bind(seen_before)
        .bind(since)
        .fetch_all(pool)
        .await?;
        let invite = |r: &sqlx::any::AnyRow| -> StoreResult<PushInviteRow> {
            Ok(PushInviteRow {
                player: r.try_get(0)?,
                room: r.try_get(1)?,
                seats: r.try_get(2)?,
                created_at: r.try_get(3)?,
                circle: r.try_get(4)?,
                told: r.try_get(5)?,
            })
        };
        rows.iter().map(invite).collect()
    }

    /// The server's key `name`: the one kept, or `fresh`, kept now if
    /// none was (every node reads back the same one).
    pub async fn server_key(&self, name: &str, fresh: &str) -> StoreResult<String> {
        let Ok(pool) = self.pool() else {
            return Ok(fresh.to_string());
        };
        sqlx::query(
            "INSERT INTO server_keys (name, value, created_at) VALUES ($1, $2, $3)
             ON CONFLICT (name) DO NOTHING",
        )
        .bind(name)
        .bind(fresh)
        .bind(super::now_ms())
        .execute(pool)
        .await?;
        let row = sqlx::query("SELECT value FROM server_keys WHERE name = $1")
            .bind(name)
            .fetch_one(pool)
            .await?;
        Ok(row.try_get(0)?)
    }

    /// Keeps `sub` for the player (taking it over if another player of
    /// the same browser had it), dropping their oldest past
    /// [`MAX_PUSH_SUBSCRIPTIONS`].
    pub async fn subscribe_push(
        &self,
        hash: &str,
        sub: &Subscription,
        now: i64,
    ) -> StoreResult<()> {
        let Ok(pool) = self.pool() else {
            return Ok(());
        };
        let mut tx = pool.begin().await?;
        sqlx::query(
            "INSERT INTO push_subscriptions (endpoint, player, p256dh, auth, lang, created_at, failures)
             VALUES ($1, $2, $3, $4, $5, $6, 0)
             ON CONFLICT (endpoint) DO UPDATE SET player = excluded.player,
               p256dh = excluded.p256dh, auth = excluded.auth, lang = excluded.lang,
               created_at = excluded.created_at, failures = 0",
        )
        .bind(&sub.endpoint)
        .bind(hash)
        .bind(&sub.keys.p256dh)
        .bind(&sub.keys.auth)
        .bind(&sub.lang)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "DELETE FROM push_subscriptions WHERE player = $1 AND endpoint NOT IN
               (SELECT endpoint FROM push_subscriptions WHERE player = $1
                ORDER BY created_at DESC, endpoint LIMIT $2)",
        )
        .bind(hash)
        .bind(MAX_PUSH_SUBSCRIPTIONS)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Drops the player's subscription at `endpoint`: whether there was one.
    pub async fn unsubscribe_push(&self, hash: &str, endpoint: &str) -> StoreResult<bool> {
        let Ok(pool) = self.pool() else {
            return Ok(false);
        };
        let done =
            sqlx::query("DELETE FROM push_subscriptions WHERE player = $1 AND endpoint = $2")
                .bind(hash)
                .bind(endpoint)
                .execute(pool)
                .await?;
        Ok(done.rows_affected() > 0)
    }

    /// The player's subscriptions.
    pub async fn push_subscriptions(&self, hash: &str) -> StoreResult<Vec<Subscription>> {
        let Ok(pool) = self.pool() else {
            return Ok(Vec::new());
        };
        let rows = sqlx::query(
            "SELECT endpoint, p256dh, auth, lang FROM push_subscriptions WHERE player = $1
             ORDER BY endpoint",
        )
        .bind(hash)
        .fetch_all(pool)
        .await?;
        let sub = |r: &sqlx::any::AnyRow| -> StoreResult<Subscription> {
            Ok(Subscription {
                endpoint: r.try_get(0)?,
                keys: Keys {
                    p256dh: r.try_get(1)?,
                    auth: r.try_get(2)?,
                },
                lang: r.try_get(3)?,
            })
        };
        rows.iter().map(sub).collect()
    }

    /// Every subscribed player's seat in a game over days in play with a
    /// clock running, whose page was last seen before `seen_before` (ms),
    /// with the last turn told there. Read from the subscriptions, a few
    /// players, through their open rooms (`player_rooms_closed`).
    pub async fn push_turns(&self, seen_before: i64) -> StoreResult<Vec<PushTurnRow>> {
        let Ok(pool) = self.pool() else {
            return Ok(Vec::new());
        };
        let rows = sqlx::query(
            "SELECT p.player, r.code, r.seats, r.to_move, r.due_at, r.clock, s.turn
             FROM (SELECT DISTINCT player FROM push_subscriptions) d
             JOIN players pl ON pl.hash = d.player
             JOIN player_rooms p ON p.player = d.player AND p.closed_at IS NULL
             JOIN rooms r ON r.code = p.room
             LEFT JOIN push_sent s ON s.player = p.player AND s.room = r.code
             WHERE pl.seen_at < $1 AND r.status = 'playing' AND r.pace = 'days'
               AND r.to_move IS NOT NULL AND r.due_at IS NOT NULL",
        )
        .bind(seen_before)
        .fetch_all(pool)
        .await?;
        let turn = |r: &sqlx::any::AnyRow| -> StoreResult<PushTurnRow> {
            Ok(PushTurnRow {
                player: r.try_get(0)?,
                room: r.try_get(1)?,
                seats: r.try_get(2)?,
                to_move: r.try_get(3)?,
                due_at: r.try_get(4)?,
                clock: r.try_get(5)?,
                told: r.try_get(6)?,
            })
        };
        rows.iter().map(turn).collect()
    }

    /// Claims the push of the player's turn that began at `turn` in
    /// `room`: true for the one node (and the one time) that gets it.
    pub async fn claim_push(
        &self,
        hash: &str,
        room: &str,
        turn: i64,
        now: i64,
    ) -> StoreResult<bool> {
        let Ok(pool) = self.pool() else {
            return Ok(false);
        };
        let done = sqlx::query(
            "INSERT INTO push_sent (player, room, turn, sent_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (player, room) DO UPDATE SET turn = excluded.turn, sent_at = excluded.sent_at
             WHERE push_sent.turn < excluded.turn",
        )
        .bind(hash)
        .bind(room)
        .bind(turn)
        .bind(now)
        .execute(pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// A push to `endpoint` went through: its failures start again from 0.
    pub async fn push_delivered(&self, endpoint: &str) -> StoreResult<()> {
        self.push_update(
            "UPDATE push_subscriptions SET failures = 0 WHERE endpoint = $1",
            endpoint,
        )
        .await
    }

    /// A push to `endpoint` was given up: one more failure; the
    /// subscription goes at [`MAX_PUSH_FAILURES`] in a row.
    pub async fn push_failed(&self, endpoint: &str) -> StoreResult<()> {
        let raise = "UPDATE push_subscriptions SET failures = failures + 1 WHERE endpoint = $1";
        self.push_update(raise, endpoint).await?;
        let Ok(pool) = self.pool() else {
            return Ok(());
        };
        sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1 AND failures >= $2")
            .bind(endpoint)
            .bind(MAX_PUSH_FAILURES)
            .execute(pool)
            .await?;
        Ok(())
    }

    /// The push service said the subscription at `endpoint` is gone.
    pub async fn drop_push(&self, endpoint: &str) -> StoreResult<()> {
        self.push_update(
            "DELETE FROM push_subscriptions WHERE endpoint = $1",
            endpoint,
        )
        .await
    }

    /// Runs `statement` with `endpoint` as its one parameter.
    async fn push_update(&self, statement: &str, endpoint: &str) -> StoreResult<()> {
        let Ok(pool) = self.pool() else {
            return Ok(());
        };
        sqlx::query(statement).bind(endpoint).execute(pool).await?;
        Ok(())
    }

    /// Forgets the turns told before `at` (ms): their games are long over
    /// or their turn long past.
    pub async fn forget_pushes_before(&self, at: i64) -> StoreResult<()> {
        let Ok(pool) = self.pool() else {
            return Ok(());
        };
        sqlx::query("DELETE FROM push_sent WHERE sent_at < $1")
            .bind(at)
            .execute(pool)
            .await?;
        Ok(())
    }
}
