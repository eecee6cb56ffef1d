//! Circles' rows (docs/circles.md): the circles, their members, their
//! rooms (`rooms.circle`) and invitations; the seats of their finished
//! games, from which the standings are read, are in `circle_seats.rs`. The memory store
//! of the paused-clock tests keeps no circles (they need a database).

use super::{Store, StoreError, StoreResult};
use sqlx::any::AnyRow;
use sqlx::{Any, AnyPool, Row, Transaction};

/// A circle as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CircleRow {
    /// Its id (`ids::is_circle_id`).
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its creator's player hash.
    pub creator: String,
    /// The invite token, while the link is on.
    pub invite: Option<String>,
    /// When it was made, ms since the epoch.
    pub created_at: i64,
}

/// A member of a circle, with what the circle's page shows of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberRow {
    /// Their player hash.
    pub player: String,
    /// Their name (a player who never chose one has none).
    pub name: Option<String>,
    /// Whether they may change the circle.
    pub admin: bool,
    /// When they joined, ms since the epoch.
    pub joined_at: i64,
    /// When a page of theirs was last seen, ms since the epoch.
    pub seen_at: i64,
}

/// One of a player's circles (`GET /api/me/circles`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MyCircleRow {
    /// The circle's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// How many members it has.
    pub members: i64,
    /// Whether the player is one of its admins.
    pub admin: bool,
}

/// A room of a circle, with its archived game's result once finished.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CircleRoomRow {
    /// Room code.
    pub code: String,
    /// `lobby`, `playing` or `finished`.
    pub status: String,
    /// JSON of its set-up.
    pub setup: String,
    /// JSON of its seats.
    pub seats: String,
    /// `live` or `days`.
    pub pace: String,
    /// A days game in play: the seat to move.
    pub to_move: Option<i64>,
    /// A days game in play: when the turn's clock runs out.
    pub due_at: Option<i64>,
    /// When it was made, ms since the epoch.
    pub created_at: i64,
    /// A finished game: when it ended, its result (JSON), preset and
    /// board, and whether it counts for the standings.
    pub finished_at: Option<i64>,
    /// JSON of the outcome.
    pub result: Option<String>,
    /// Preset name (finished games).
    pub preset: Option<String>,
    /// Board size (finished games).
    pub board: Option<i64>,
    /// Whether it counts for the standings (finished games).
    pub counted: bool,
}

/// A lobby of one of a player's circles in which they hold no seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvitationRow {
    /// Room code.
    pub code: String,
    /// JSON of its set-up.
    pub setup: String,
    /// JSON of its seats.
    pub seats: String,
    /// `live` or `days`.
    pub pace: String,
    /// When it was made.
    pub created_at: i64,
    /// The circle's id.
    pub circle: String,
    /// The circle's name.
    pub circle_name: String,
}

/// What an invitation needs of a lobby, from its seats (JSON).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lobby {
    /// The host's name.
    pub host: Option<String>,
    /// Whether a seat is left.
    pub open: bool,
    /// The player hashes of the seats taken with one.
    pub players: Vec<String>,
}

impl Lobby {
    /// The lobby whose seats are `seats` (JSON), if they read.
    pub fn of(seats: &str) -> Option<Lobby> {
        let seats: Vec<crate::rooms::Seat> = serde_json::from_str(seats).ok()?;
        Some(Lobby {
            host: seats.iter().find(|s| s.host).and_then(|s| s.name.clone()),
            open: seats.iter().any(|s| !s.taken()),
            players: seats.into_iter().filter_map(|s| s.player).collect(),
        })
    }

    /// Whether it waits for `player`: a seat is left, and not one of
    /// theirs is taken (a lobby with every seat taken, a rematch of
    /// others, waits for nobody).
    pub fn waits_for(&self, player: &str) -> bool {
        self.open && !self.players.iter().any(|p| p == player)
    }
}

/// What came of joining a circle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joined {
    /// The player is a member now.
    Joined,
    /// They were one already.
    Already,
    /// The circle holds its most members.
    Full,
    /// The player is in their most circles.
    TooMany,
}

/// The circle a room's settings (JSON) name, if any.
pub fn circle_of(settings: &str) -> Option<String> {
    let v: serde_json::Value = serde_json::from_str(settings).ok()?;
    v.get("circle")?.as_str().map(String::from)
}

impl Store {
    /// The database, for circles: the memory store keeps none.
    pub(super) fn circles_db(&self) -> StoreResult<&AnyPool> {
        self.pool()
            .map_err(|_| StoreError::Closed("circles need a database"))
    }

    /// Makes a circle with its creator as first member and admin, unless
    /// they are in `max_circles` circles already (false).
    pub async fn create_circle(&self, c: &CircleRow, max_circles: i64) -> StoreResult<bool> {
        let mut tx = self.circles_db()?.begin().await?;
        if circles_of(&mut tx, &c.creator).await? >= max_circles {
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO circles (id, name, creator, invite, created_at) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&c.id)
        .bind(&c.name)
        .bind(&c.creator)
        .bind(c.invite.clone())
        .bind(c.created_at)
        .execute(&mut *tx)
        .await?;
        add_member(&mut tx, &c.id, &c.creator, true, c.created_at).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// A circle by id.
    pub async fn circle(&self, id: &str) -> StoreResult<Option<CircleRow>> {
        let row =
            sqlx::query("SELECT id, name, creator, invite, created_at FROM circles WHERE id = $1")
                .bind(id)
                .fetch_optional(self.circles_db()?)
                .await?;
        row.as_ref().map(circle_row).transpose()
    }

    /// The circle whose invite token is `token`, with its member count.
    pub async fn circle_by_invite(&self, token: &str) -> StoreResult<Option<(CircleRow, i64)>> {
        let row = sqlx::query(
            "SELECT c.id, c.name, c.creator, c.invite, c.created_at,
                    (SELECT COUNT(*) FROM circle_members m WHERE m.circle = c.id)
             FROM circles c WHERE c.invite = $1",
        )
        .bind(token)
        .fetch_optional(self.circles_db()?)
        .await?;
        row.map(|r| Ok((circle_row(&r)?, r.try_get(5)?)))
            .transpose()
    }

    /// Whether the player is a member of the circle: `Some(admin)`, or
    /// `None` for a non-member (or no such circle).
    pub async fn membership(&self, circle: &str, player: &str) -> StoreResult<Option<bool>> {
        let row = sqlx::query("SELECT admin FROM circle_members WHERE circle = $1 AND player = $2")
            .bind(circle)
            .bind(player)
            .fetch_optional(self.circles_db()?)
            .await?;
        Ok(match row {
            Some(r) => Some(r.try_get::<i64, _>(0)? != 0),
            None => None,
        })
    }

    /// A circle's members with their names and when they were last seen,
    /// in the order they joined.
    pub async fn circle_members(&self, circle: &str) -> StoreResult<Vec<MemberRow>> {
        let rows = sqlx::query(
            "SELECT m.player, p.name, m.admin, m.joined_at, p.seen_at
             FROM circle_members m JOIN players p ON p.hash = m.player
             WHERE m.circle = $1 ORDER BY m.joined_at, m.player",
        )
        .bind(circle)
        .fetch_all(self.circles_db()?)
        .await?;
        let member = |r: &AnyRow| -> StoreResult<MemberRow> {
            Ok(MemberRow {
                player: r.try_get(0)?,
                name: r.try_get(1)?,
                admin: r.try_get::<i64, _>(2)? != 0,
                joined_at: r.try_get(3)?,
                seen_at: r.try_get(4)?,
            })
        };
        rows.iter().map(member).collect()
    }

    /// The circles a player is a member of, by name.
    pub async fn player_circles(&self, player: &str) -> StoreResult<Vec<MyCircleRow>> {
        let Ok(pool) = self.pool() else {
            return Ok(Vec::new());
        };
        let rows = sqlx::query(
            "SELECT c.id, c.name, (SELECT COUNT(*) FROM circle_members o WHERE o.circle = c.id), m.admin
             FROM circle_members m JOIN circles c ON c.id = m.circle
             WHERE m.player = $1 ORDER BY c.name, c.id",
        )
        .bind(player)
        .fetch_all(pool)
        .await?;
        let mine = |r: &AnyRow| -> StoreResult<MyCircleRow> {
            Ok(MyCircleRow {
                id: r.try_get(0)?,
                name: r.try_get(1)?,
                members: r.try_get(2)?,
                admin: r.try_get::<i64, _>(3)? != 0,
            })
        };
        rows.iter().map(mine).collect()
    }

    /// Adds the player to the circle, within the limits.
    pub async fn join_circle(
        &self,
        circle: &str,
        player: &str,
        now: i64,
        max_members: i64,
        max_circles: i64,
    ) -> StoreResult<Joined> {
        let mut tx = self.circles_db()?.begin().await?;
        let already = sqlx::query("SELECT 1 FROM circle_members WHERE circle = $1 AND player = $2")
            .bind(circle)
            .bind(player)
            .fetch_optional(&mut *tx)
            .await?;
        if already.is_some() {
            return Ok(Joined::Already);
        }
        let members: i64 = sqlx::query("SELECT COUNT(*) FROM circle_members WHERE circle = $1")
            .bind(circle)
            .fetch_one(&mut *tx)
            .await?
            .try_get(0)?;
        if members >= max_members {
            return Ok(Joined::Full);
        }
        if circles_of(&mut tx, player).await? >= max_circles {
            return Ok(Joined::TooMany);
        }
        add_member(&mut tx, circle, player, false, now).await?;
        tx.commit().await?;
        Ok(Joined::Joined)
    }

    /// Removes a member (true if they were one).
    pub async fn remove_member(&self, circle: &str, player: &str) -> StoreResult<bool> {
        let done = sqlx::query("DELETE FROM circle_members WHERE circle = $1 AND player = $2")
            .bind(circle)
            .bind(player)
            .execute(self.circles_db()?)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Makes a member an admin, or not.
    pub async fn set_admin(&self, circle: &str, player: &str, admin: bool) -> StoreResult<bool> {
        let done =
            sqlx::query("UPDATE circle_members SET admin = $1 WHERE circle = $2 AND player = $3")
                .bind(i64::from(admin))
                .bind(circle)
                .bind(player)
                .execute(self.circles_db()?)
                .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Renames a circle.
    pub async fn rename_circle(&self, circle: &str, name: &str) -> StoreResult<()> {
        sqlx::query("UPDATE circles SET name = $1 WHERE id = $2")
            .bind(name)
            .bind(circle)
            .execute(self.circles_db()?)
            .await?;
        Ok(())
    }

    /// Sets the circle's invite token: a new one, or none (the link off).
    pub async fn set_invite(&self, circle: &str, invite: Option<&str>) -> StoreResult<()> {
        sqlx::query("UPDATE circles SET invite = $1 WHERE id = $2")
            .bind(invite)
            .bind(circle)
            .execute(self.circles_db()?)
            .await?;
        Ok(())
    }

    /// The lobbies of the player's circles in which they hold no seat:
    /// their invitations, newest first (the newest 20). Read from their
    /// memberships, so that a member who leaves has none at once.
    pub async fn invitations(&self, player: &str) -> StoreResult<Vec<InvitationRow>> {
        let Ok(pool) = self.pool() else {
            return Ok(Vec::new());
        };
        let rows = sqlx::query(
            "SELECT r.code, r.setup, r.seats, r.pace, r.created_at, c.id, c.name
             FROM circle_members m JOIN circles c ON c.id = m.circle
             JOIN rooms r ON r.circle = m.circle AND r.status = 'lobby'
             WHERE m.player = $1 AND r.seats NOT LIKE $2
             ORDER BY r.created_at DESC, r.code LIMIT 20",
        )
        .bind(player)
        .bind(format!("%\"player\":\"{player}\"%"))
        .fetch_all(pool)
        .await?;
        let invitation = |r: &AnyRow| -> StoreResult<InvitationRow> {
            Ok(InvitationRow {
                code: r.try_get(0)?,
                setup: r.try_get(1)?,
                seats: r.try_get(2)?,
                pace: r.try_get(3)?,
                created_at: r.try_get(4)?,
                circle: r.try_get(5)?,
                circle_name: r.try_get(6)?,
            })
        };
        rows.iter().map(invitation).collect()
    }

    /// A circle's rooms in the lobby or in play, and its newest
    /// `finished` finished games, newest first.
    pub async fn circle_rooms(
        &self,
        circle: &str,
        finished: i64,
    ) -> StoreResult<Vec<CircleRoomRow>> {
        let pool = self.circles_db()?;
        let open = sqlx::query(
            "SELECT code, status, setup, seats, pace, to_move, due_at, created_at FROM rooms
             WHERE circle = $1 AND status IN ('lobby', 'playing') ORDER BY created_at DESC, code",
        )
        .bind(circle)
        .fetch_all(pool)
        .await?;
        // The newest finished games by the index `circle_seats_newest`
        // (every finished game of a circle has a first seat there), not by
        // sorting all of them: a circle may have thousands.
        let done = sqlx::query(
            "SELECT r.code, r.status, r.setup, r.seats, r.pace, r.to_move, r.due_at, r.created_at,
                    g.finished_at, g.result, g.preset, g.board, s.counted
             FROM circle_seats s JOIN rooms r ON r.code = s.room JOIN games g ON g.id = s.room
             WHERE s.circle = $1 AND s.seat = 0
             ORDER BY s.finished_at DESC, s.room DESC LIMIT $2",
        )
        .bind(circle)
        .bind(finished)
        .fetch_all(pool)
        .await?;
        let mut rooms: Vec<CircleRoomRow> =
            open.iter().map(room_row).collect::<StoreResult<_>>()?;
        for r in &done {
            let counted: i64 = r.try_get(12)?;
            rooms.push(CircleRoomRow {
                finished_at: r.try_get(8)?,
                result: r.try_get(9)?,
                preset: r.try_get(10)?,
                board: r.try_get(11)?,
                counted: counted == 1,
                ..room_row(r)?
            });
        }
        Ok(rooms)
    }
}

/// How many circles the player is a member of.
async fn circles_of(tx: &mut Transaction<'_, Any>, player: &str) -> StoreResult<i64> {
    let row = sqlx::query("SELECT COUNT(*) FROM circle_members WHERE player = $1")
        .bind(player)
        .fetch_one(&mut **tx)
        .await?;
    Ok(row.try_get(0)?)
}

async fn add_member(
    tx: &mut Transaction<'_, Any>,
    circle: &str,
    player: &str,
    admin: bool,
    now: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO circle_members (circle, player, admin, joined_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(circle)
    .bind(player)
    .bind(i64::from(admin))
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

fn circle_row(r: &AnyRow) -> StoreResult<CircleRow> {
    Ok(CircleRow {
        id: r.try_get(0)?,
        name: r.try_get(1)?,
        creator: r.try_get(2)?,
        invite: r.try_get(3)?,
        created_at: r.try_get(4)?,
    })
}

fn room_row(r: &AnyRow) -> StoreResult<CircleRoomRow> {
    Ok(CircleRoomRow {
        code: r.try_get(0)?,
        status: r.try_get(1)?,
        setup: r.try_get(2)?,
        seats: r.try_get(3)?,
        pace: r.try_get(4)?,
        to_move: r.try_get(5)?,
        due_at: r.try_get(6)?,
        created_at: r.try_get(7)?,
        ..CircleRoomRow::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_room_names_its_circle_in_its_settings() {
        assert_eq!(
            circle_of(r#"{"public":false,"circle":"K7M2PQ9XRT"}"#).as_deref(),
            Some("K7M2PQ9XRT")
        );
        assert_eq!(circle_of(r#"{"public":false}"#), None);
    }
}
