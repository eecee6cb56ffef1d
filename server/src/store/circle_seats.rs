//! The seats of circles' finished games (docs/circles.md, "Standings that
//! are true"): written from the archived record in the transaction that
//! archives it (`circle_seats`, and each pair of players at the table in
//! `circle_pairs`), cleared of a player who deletes their data, and read
//! as the standings' tallies.

use super::circles::circle_of;
use super::{GameRow, RoomRow, Store, StoreError, StoreResult};
use crate::circles::member_id;
use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

/// One member's counted games of one preset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PresetTally {
    /// The member's id.
    pub member: String,
    /// The preset's name.
    pub preset: String,
    /// Games played.
    pub played: i64,
    /// Games won.
    pub won: i64,
}

/// Two members' counted games together (`a` < `b`, member ids).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairTally {
    /// One member id.
    pub a: String,
    /// The other.
    pub b: String,
    /// Games both played.
    pub played: i64,
    /// Of those, games `a` won.
    pub a_won: i64,
    /// Of those, games `b` won.
    pub b_won: i64,
}

/// The standings of a circle, as read from `circle_seats`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tallies {
    /// Each player's games by preset.
    pub presets: Vec<PresetTally>,
    /// Each pair's games together.
    pub pairs: Vec<PairTally>,
}

/// One seat of a finished circle game, as `circle_seats` keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct SeatResult {
    pub seat: i64,
    pub player: Option<String>,
    /// The player's member id in the circle.
    pub member: Option<String>,
    pub won: bool,
}

/// The seats of a finished game of a circle, from its room's seats and its
/// archived record, and whether it counts: a game whose last action (the
/// winning move) a computer played for an absent person was left to the
/// computers, and counts for nobody (docs/circles.md). A draw counts,
/// won by nobody.
pub(super) fn seat_results(
    circle: &str,
    seats: &str,
    game: &GameRow,
) -> StoreResult<(Vec<SeatResult>, bool)> {
    let corrupt = |what: &str, e: serde_json::Error| StoreError::Corrupt(format!("{what}: {e}"));
    let seats: Vec<serde_json::Value> =
        serde_json::from_str(seats).map_err(|e| corrupt("seats", e))?;
    let result: serde_json::Value =
        serde_json::from_str(&game.result).map_err(|e| corrupt("result", e))?;
    let winner = result.get("winner").and_then(|w| w.as_i64());
    let record: serde_json::Value =
        serde_json::from_str(&game.record).map_err(|e| corrupt("record", e))?;
    let last = (record.get("actions").and_then(|a| a.as_array())).and_then(|a| a.last());
    let left_to_computers = last
        .and_then(|a| a.get("stand_in"))
        .and_then(|s| s.as_bool())
        .unwrap_or(false);
    let results = (seats.iter().enumerate())
        .map(|(i, s)| {
            let player = s.get("player").and_then(|p| p.as_str()).map(String::from);
            SeatResult {
                seat: i as i64,
                member: player.as_deref().map(|p| member_id(circle, p)),
                player,
                won: winner == Some(i as i64),
            }
        })
        .collect();
    Ok((results, !left_to_computers))
}

/// Writes the seats of a finished circle game, in the transaction that
/// archives it (`Store::finish`): nothing for a room of no circle.
pub(super) async fn archive_seats(
    tx: &mut Transaction<'_, Any>,
    room: &RoomRow,
    game: &GameRow,
) -> StoreResult<()> {
    let Some(circle) = circle_of(&room.settings) else {
        return Ok(());
    };
    let (seats, counted) = seat_results(&circle, &room.seats, game)?;
    for s in &seats {
        sqlx::query(
            "INSERT INTO circle_seats (circle, room, seat, player, member, preset, won, counted, finished_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (circle, room, seat) DO NOTHING",
        )
        .bind(&circle)
        .bind(&room.code)
        .bind(s.seat)
        .bind(s.player.clone())
        .bind(s.member.clone())
        .bind(&game.preset)
        .bind(i64::from(s.won))
        .bind(i64::from(counted))
        .bind(game.finished_at)
        .execute(&mut **tx)
        .await?;
    }
    if !counted {
        return Ok(());
    }
    for (a, b) in pairs(&seats) {
        sqlx::query(
            "INSERT INTO circle_pairs (circle, room, a, b, a_won, b_won)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (circle, room, a, b) DO NOTHING",
        )
        .bind(&circle)
        .bind(&room.code)
        .bind(a.0)
        .bind(b.0)
        .bind(i64::from(a.1))
        .bind(i64::from(b.1))
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// A seat's member id, and whether it won.
type Held<'a> = (&'a str, bool);

/// Every two seats held by players, each as (member id, won), the lower
/// id first; a player in two seats is not paired with themselves.
fn pairs(seats: &[SeatResult]) -> Vec<(Held<'_>, Held<'_>)> {
    let held: Vec<Held> = (seats.iter())
        .filter_map(|s| Some((s.member.as_deref()?, s.won)))
        .collect();
    let mut out = Vec::new();
    for (i, a) in held.iter().enumerate() {
        for b in &held[i + 1..] {
            match a.0.cmp(b.0) {
                std::cmp::Ordering::Less => out.push((*a, *b)),
                std::cmp::Ordering::Greater => out.push((*b, *a)),
                std::cmp::Ordering::Equal => {}
            }
        }
    }
    out
}

impl Store {
    /// The standings' tallies of a circle, from the seats of its finished
    /// games that count: each member's games by preset, and each pair's
    /// games together (members who left included: the caller shows the
    /// members). The two are read side by side, each from its index alone.
    pub async fn circle_tallies(&self, circle: &str) -> StoreResult<Tallies> {
        let pool = self.circles_db()?;
        // PostgreSQL sums BIGINTs as NUMERIC, which the `Any` driver
        // cannot read: the sums are cast back.
        let presets = sqlx::query(
            "SELECT member, preset, COUNT(*), CAST(SUM(won) AS BIGINT) FROM circle_seats
             WHERE circle = $1 AND counted = 1 AND member IS NOT NULL
             GROUP BY member, preset",
        )
        .bind(circle)
        .fetch_all(pool);
        let pairs = sqlx::query(
            "SELECT a, b, COUNT(*), CAST(SUM(a_won) AS BIGINT), CAST(SUM(b_won) AS BIGINT)
             FROM circle_pairs WHERE circle = $1 GROUP BY a, b",
        )
        .bind(circle)
        .fetch_all(pool);
        let (presets, pairs) = tokio::try_join!(presets, pairs)?;
        let preset = |r: &AnyRow| -> StoreResult<PresetTally> {
            Ok(PresetTally {
                member: r.try_get(0)?,
                preset: r.try_get(1)?,
                played: r.try_get(2)?,
                won: r.try_get(3)?,
            })
        };
        let pair = |r: &AnyRow| -> StoreResult<PairTally> {
            Ok(PairTally {
                a: r.try_get(0)?,
                b: r.try_get(1)?,
                played: r.try_get(2)?,
                a_won: r.try_get(3)?,
                b_won: r.try_get(4)?,
            })
        };
        Ok(Tallies {
            presets: presets.iter().map(preset).collect::<StoreResult<_>>()?,
            pairs: pairs.iter().map(pair).collect::<StoreResult<_>>()?,
        })
    }

    /// Clears a player from the seats of every circle game they played
    /// (they deleted their data): their seats count for nobody, and their
    /// pairs are gone. Part of `forget_player`'s transaction.
    pub(super) async fn forget_circle_seats(
        tx: &mut Transaction<'_, Any>,
        player: &str,
    ) -> StoreResult<()> {
        let circles = sqlx::query("SELECT DISTINCT circle FROM circle_seats WHERE player = $1")
            .bind(player)
            .fetch_all(&mut **tx)
            .await?;
        for row in &circles {
            let circle: String = row.try_get(0)?;
            sqlx::query("DELETE FROM circle_pairs WHERE circle = $1 AND (a = $2 OR b = $2)")
                .bind(&circle)
                .bind(member_id(&circle, player))
                .execute(&mut **tx)
                .await?;
        }
        sqlx::query("UPDATE circle_seats SET player = NULL, member = NULL WHERE player = $1")
            .bind(player)
            .execute(&mut **tx)
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(result: &str, last_stand_in: bool) -> GameRow {
        let last = if last_stand_in {
            r#"{"type":"move","pawn":0,"stand_in":true}"#
        } else {
            r#"{"type":"move","pawn":0}"#
        };
        GameRow {
            id: "ABCDEFG".into(),
            finished_at: 5,
            preset: "classic".into(),
            board: 5,
            players: "[]".into(),
            result: result.into(),
            actions: 2,
            record: format!(r#"{{"actions":[{{"type":"throw"}},{last}]}}"#),
        }
    }

    const SEATS: &str = r#"[{"name":"Asha","player":"aa","host":true},{"name":"Computer","bot":"easy"},{"name":"Ravi","player":"bb"}]"#;

    #[test]
    fn each_seat_of_a_finished_game_with_its_player_and_the_winner() {
        let (seats, counted) = seat_results("C", SEATS, &game(r#"{"winner":2}"#, false)).unwrap();
        assert!(counted);
        let players: Vec<_> = seats.iter().map(|s| (s.player.as_deref(), s.won)).collect();
        assert_eq!(
            players,
            [(Some("aa"), false), (None, false), (Some("bb"), true)]
        );
        assert_eq!(seats[2].member, Some(member_id("C", "bb")));
        let (a, b) = (member_id("C", "aa"), member_id("C", "bb"));
        let (low, high) = if a < b { (&a, &b) } else { (&b, &a) };
        let want = ((low.as_str(), *low == b), (high.as_str(), *high == b));
        assert_eq!(pairs(&seats), [want], "one pair, the computer in none");
    }

    #[test]
    fn a_game_won_by_a_computer_standing_in_counts_for_nobody() {
        let (_, counted) = seat_results("C", SEATS, &game(r#"{"winner":0}"#, true)).unwrap();
        assert!(!counted);
        let (seats, counted) = seat_results("C", SEATS, &game(r#""draw""#, false)).unwrap();
        assert!(counted && seats.iter().all(|s| !s.won));
    }
}
