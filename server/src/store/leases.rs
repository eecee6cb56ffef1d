//! Room leases: which node runs each room, for how long, under which
//! epoch (DESIGN.md, "Several machines"; the `leases` table's migration).
//!
//! PostgreSQL decides: taking a lease is one upsert that succeeds only if
//! the lease is free (released, expired, or already this node's), and
//! bumps the epoch every time. Times are read from the database's clock,
//! so that nodes whose clocks disagree still agree on who holds a room.
//! Every write to a room names its epoch and is refused once the epoch
//! has moved on (the fence: `save_room`, `finish`, the action writer).
//!
//! One node on SQLite runs the very same statements: it is simply always
//! the one node there is.

use super::{room_codes, Backend, Db, Store, StoreResult};
use crate::ids::RoomCode;
use sqlx::Row;

/// A room's lease as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    /// The node holding it; empty once released by a node that closed the room.
    pub owner: String,
    /// The epoch the room is held under.
    pub epoch: i64,
    /// Whether it has not expired yet (on the database's clock).
    pub live: bool,
}

/// The database's clock in ms since the Unix epoch, as SQL.
fn now_sql(backend: Backend) -> &'static str {
    match backend {
        Backend::Postgres => "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)",
        _ => "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)",
    }
}

impl Store {
    /// Takes the lease of `room` for `node` for `ttl_ms`, if it is free:
    /// never taken, released, expired, or `node`'s own. Returns the new
    /// epoch (always higher than any before), or `None` if another node
    /// holds it.
    pub async fn acquire_lease(
        &self,
        room: RoomCode,
        node: &str,
        ttl_ms: i64,
    ) -> StoreResult<Option<i64>> {
        let pool = match &self.db {
            Db::Sql(pool, _) => pool,
            Db::Memory(m) => return m.acquire_lease(room.as_str(), node, ttl_ms),
        };
        let now = now_sql(self.backend);
        let sql = format!(
            "INSERT INTO leases (room, owner, epoch, expires_at) VALUES ($1, $2, 1, {now} + $3)
             ON CONFLICT (room) DO UPDATE
                SET owner = excluded.owner, epoch = leases.epoch + 1, expires_at = excluded.expires_at
                WHERE leases.expires_at < {now} OR leases.owner = '' OR leases.owner = excluded.owner
             RETURNING epoch"
        );
        let row = sqlx::query(&sql)
            .bind(room.as_str())
            .bind(node)
            .bind(ttl_ms)
            .fetch_optional(pool)
            .await?;
        Ok(row.map(|r| r.try_get(0)).transpose()?)
    }

    /// Renews for another `ttl_ms` the live leases `node` holds of these
    /// `rooms` (the ones running on it); returns the rooms renewed. A room
    /// missing from the answer was lost (its lease expired, and may be
    /// another node's now). A lease of a room not running on the node (its
    /// task failed to start, or the node restarted under the same name) is
    /// not renewed, so that it expires and another node may take the room.
    pub async fn renew_leases(
        &self,
        node: &str,
        ttl_ms: i64,
        rooms: &[RoomCode],
    ) -> StoreResult<Vec<RoomCode>> {
        let pool = match &self.db {
            Db::Sql(pool, _) => pool,
            Db::Memory(m) => return room_codes(m.renew_leases(node, ttl_ms, rooms)?),
        };
        let now = now_sql(self.backend);
        // The rooms go in as one JSON array, as the action writer's rows do.
        let listed = match self.backend {
            Backend::Postgres => "SELECT json_array_elements_text($3::json)",
            _ => "SELECT value FROM json_each($3)",
        };
        let sql = format!(
            "UPDATE leases SET expires_at = {now} + $2
             WHERE owner = $1 AND expires_at >= {now} AND room IN ({listed}) RETURNING room"
        );
        room_codes(
            sqlx::query_scalar(&sql)
                .bind(node)
                .bind(ttl_ms)
                .bind(super::to_json("room codes", rooms)?)
                .fetch_all(pool)
                .await?,
        )
    }

    /// Releases one room's lease, held under `epoch`, when its node closes
    /// the room (idle): free for whichever node is asked for it next, and
    /// not for the sweepers, which take only lost rooms.
    pub async fn release_lease(&self, room: RoomCode, epoch: i64) -> StoreResult<()> {
        let pool = match &self.db {
            Db::Sql(pool, _) => pool,
            Db::Memory(m) => return m.release_lease(room.as_str(), epoch),
        };
        sqlx::query("UPDATE leases SET owner = '', expires_at = 0 WHERE room = $1 AND epoch = $2")
            .bind(room.as_str())
            .bind(epoch)
            .execute(pool)
            .await?;
        Ok(())
    }

    /// Lets every lease of `node` expire now (drain): its unfinished rooms
    /// look lost, so that other nodes' sweepers take them at once; those
    /// of finished rooms are released (nothing to take over).
    pub async fn expire_leases(&self, node: &str) -> StoreResult<u64> {
        let pool = match &self.db {
            Db::Sql(pool, _) => pool,
            Db::Memory(m) => return m.expire_leases(node),
        };
        let done = sqlx::query(
            "UPDATE leases SET expires_at = 0,
                    owner = CASE WHEN room IN (SELECT code FROM rooms WHERE status IN ('lobby', 'playing'))
                                 THEN owner ELSE '' END
             WHERE owner = $1",
        )
            .bind(node)
            .execute(pool)
            .await?;
        Ok(done.rows_affected())
    }

    /// The lease of `room`, if it ever had one.
    pub async fn lease(&self, room: RoomCode) -> StoreResult<Option<Lease>> {
        let pool = match &self.db {
            Db::Sql(pool, _) => pool,
            Db::Memory(m) => return m.lease(room.as_str()),
        };
        let now = now_sql(self.backend);
        let sql = format!(
            "SELECT owner, epoch, CAST(CASE WHEN expires_at >= {now} THEN 1 ELSE 0 END AS BIGINT)
             FROM leases WHERE room = $1"
        );
        let row = sqlx::query(&sql)
            .bind(room.as_str())
            .fetch_optional(pool)
            .await?;
        let Some(row) = row else { return Ok(None) };
        Ok(Some(Lease {
            owner: row.try_get(0)?,
            epoch: row.try_get(1)?,
            live: row.try_get::<i64, _>(2)? == 1,
        }))
    }

    /// Unfinished rooms whose node was lost (its lease expired unreleased):
    /// the ones a sweeper of `node` brings back, at most `limit` of them.
    /// Its own are not among them: those it runs, or (restarted under the
    /// same name) takes back when they are asked for.
    pub async fn lost_rooms(&self, node: &str, limit: i64) -> StoreResult<Vec<RoomCode>> {
        let pool = match &self.db {
            Db::Sql(pool, _) => pool,
            Db::Memory(m) => return room_codes(m.lost_rooms(node, limit)?),
        };
        let now = now_sql(self.backend);
        let sql = format!(
            "SELECT l.room FROM leases l JOIN rooms r ON r.code = l.room
             WHERE l.owner <> '' AND l.owner <> $1 AND l.expires_at < {now}
                   AND r.status IN ('lobby', 'playing')
             ORDER BY l.room LIMIT $2"
        );
        room_codes(
            sqlx::query_scalar(&sql)
                .bind(node)
                .bind(limit)
                .fetch_all(pool)
                .await?,
        )
    }
}
