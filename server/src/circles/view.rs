//! The circle as its page shows it (`GET /api/circles/{id}`, the
//! `circle` frames of `/ws/circle`; docs/protocol.md "Circles").

use super::{member_id, FINISHED_SHOWN, HERE_MS, MAX_MEMBERS};
use crate::store::{CircleRoomRow, CircleRow, MemberRow, Setups, Store, StoreResult, Tallies};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// The circle, for one of its members.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CircleView {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The asking member's id.
    pub me: String,
    /// Whether the asking member is an admin.
    pub admin: bool,
    /// The invite token, while the link is on.
    pub invite: Option<String>,
    /// The members, in the order they joined.
    pub members: Vec<MemberView>,
    /// Its games.
    pub games: Games,
    /// Its standings.
    pub standings: Standings,
    /// Its limits.
    pub limits: CircleLimits,
}

/// A member as the circle's page shows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MemberView {
    /// Their member id.
    pub member: String,
    /// Their name.
    pub name: Option<String>,
    /// Whether they may change the circle.
    pub admin: bool,
    /// Whether they made it.
    pub creator: bool,
    /// Whether a page of theirs is open now.
    pub here: bool,
    /// Whether this is the asking member.
    pub me: bool,
}

/// A circle's games: in play, in the lobby, the newest finished.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Games {
    /// In play, newest first.
    pub playing: Vec<GameView>,
    /// In the lobby, newest first.
    pub lobbies: Vec<GameView>,
    /// Finished, newest first.
    pub finished: Vec<GameView>,
}

/// One game of a circle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameView {
    /// Room code.
    pub code: String,
    /// `live` or `days`.
    pub pace: String,
    /// Preset name.
    pub preset: String,
    /// Board size.
    pub board: i64,
    /// Every seat.
    pub seats: Vec<SeatView>,
    /// A days game in play: the seat to move.
    pub to_move: Option<i64>,
    /// A days game in play: when the turn's clock runs out.
    pub due_at: Option<i64>,
    /// When the room was made.
    pub created_at: i64,
    /// A finished game: the winning seat (`null` for a draw).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<Option<i64>>,
    /// A finished game: whether it counts for the standings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counted: Option<bool>,
    /// A finished game: when it ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub finished_at: Option<i64>,
}

/// One seat of a circle's game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    /// Its name, if taken.
    pub name: Option<String>,
    /// The member holding it, if one does.
    pub member: Option<String>,
    /// A computer's level.
    pub bot: Option<String>,
}

/// Games played and won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Games played (that count).
    pub played: i64,
    /// Games won.
    pub won: i64,
}

/// One member's standing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Standing {
    /// The member.
    pub member: String,
    /// Games played, over all time.
    pub played: i64,
    /// Games won, over all time.
    pub won: i64,
    /// By preset name.
    pub presets: BTreeMap<String, Tally>,
}

/// Two members' games together.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Versus {
    /// The member who joined first.
    pub a: String,
    /// The other.
    pub b: String,
    /// Games both played.
    pub played: i64,
    /// Of those, won by `a`.
    pub a_won: i64,
    /// Of those, won by `b`.
    pub b_won: i64,
}

/// The standings of a circle's members.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Standings {
    /// Every member, most wins first.
    pub members: Vec<Standing>,
    /// Every pair of members who played together.
    pub versus: Vec<Versus>,
}

/// The limits the page shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CircleLimits {
    /// Most members.
    pub members: i64,
}

/// The circle as `me` (a member's player hash) sees it at `now`.
pub async fn view(store: &Store, c: &CircleRow, me: &str, now: i64) -> StoreResult<CircleView> {
    let members = store.circle_members(&c.id).await?;
    let rooms = store.circle_rooms(&c.id, FINISHED_SHOWN).await?;
    let tallies = store.circle_tallies(&c.id).await?;
    Ok(build(c, me, now, &members, rooms, &tallies))
}

/// The view from the store's rows (apart, so that it is tested alone).
fn build(
    c: &CircleRow,
    me: &str,
    now: i64,
    members: &[MemberRow],
    rooms: Vec<CircleRoomRow>,
    tallies: &Tallies,
) -> CircleView {
    let id_of: HashMap<&str, String> = (members.iter())
        .map(|m| (m.player.as_str(), member_id(&c.id, &m.player)))
        .collect();
    let member_views = (members.iter())
        .map(|m| MemberView {
            member: id_of[m.player.as_str()].clone(),
            name: m.name.clone(),
            admin: m.admin,
            creator: m.player == c.creator,
            here: m.seen_at >= now - HERE_MS,
            me: m.player == me,
        })
        .collect();
    let mut games = Games::default();
    let mut setups = Setups::default();
    for r in rooms {
        let Some(game) = game_view(r.clone(), &id_of, &mut setups) else {
            continue;
        };
        match r.status.as_str() {
            "playing" => games.playing.push(game),
            "lobby" => games.lobbies.push(game),
            _ => games.finished.push(game),
        }
    }
    CircleView {
        id: c.id.clone(),
        name: c.name.clone(),
        me: member_id(&c.id, me),
        admin: members.iter().any(|m| m.player == me && m.admin),
        invite: c.invite.clone(),
        members: member_views,
        games,
        standings: standings(members, tallies, &id_of),
        limits: CircleLimits {
            members: MAX_MEMBERS,
        },
    }
}

/// The standings of the current members, from the tallies.
fn standings(members: &[MemberRow], t: &Tallies, id_of: &HashMap<&str, String>) -> Standings {
    // Member ids in the order the members joined.
    let order: HashMap<&str, usize> = (members.iter().enumerate())
        .map(|(i, m)| (id_of[m.player.as_str()].as_str(), i))
        .collect();
    let mut rows: Vec<Standing> = (members.iter())
        .map(|m| {
            let member = id_of[m.player.as_str()].clone();
            let presets: BTreeMap<String, Tally> = (t.presets.iter())
                .filter(|p| p.member == member)
                .map(|p| {
                    let tally = Tally {
                        played: p.played,
                        won: p.won,
                    };
                    (p.preset.clone(), tally)
                })
                .collect();
            Standing {
                member,
                played: presets.values().map(|t| t.played).sum(),
                won: presets.values().map(|t| t.won).sum(),
                presets,
            }
        })
        .collect();
    // Most wins, then most games; members in the order they joined.
    rows.sort_by_key(|s| (-s.won, -s.played));
    let mut versus: Vec<(usize, usize, Versus)> = (t.pairs.iter())
        .filter_map(|p| {
            let (ia, ib) = (*order.get(p.a.as_str())?, *order.get(p.b.as_str())?);
            let v = |a: &str, b: &str, a_won, b_won| Versus {
                a: a.to_string(),
                b: b.to_string(),
                played: p.played,
                a_won,
                b_won,
            };
            Some(match ia < ib {
                true => (ia, ib, v(&p.a, &p.b, p.a_won, p.b_won)),
                false => (ib, ia, v(&p.b, &p.a, p.b_won, p.a_won)),
            })
        })
        .collect();
    versus.sort_by_key(|(a, b, _)| (*a, *b));
    Standings {
        members: rows,
        versus: versus.into_iter().map(|(_, _, v)| v).collect(),
    }
}

/// One room as a game of the circle; `None` if its rows do not read.
fn game_view(
    r: CircleRoomRow,
    id_of: &HashMap<&str, String>,
    setups: &mut Setups,
) -> Option<GameView> {
    let stored: Vec<serde_json::Value> = serde_json::from_str(&r.seats).ok()?;
    let text = |s: &serde_json::Value, k: &str| s.get(k).and_then(|v| v.as_str()).map(String::from);
    let seats = (stored.iter())
        .map(|s| SeatView {
            name: text(s, "name").filter(|n| !n.is_empty()),
            member: text(s, "player").and_then(|p| id_of.get(p.as_str()).cloned()),
            bot: text(s, "bot"),
        })
        .collect();
    let (preset, board) = setups.resolve(r.setup, r.preset, r.board)?;
    let finished = r.finished_at.is_some();
    let result =
        (r.result.as_deref()).and_then(|j| serde_json::from_str::<serde_json::Value>(j).ok());
    let days_playing = r.pace == "days" && r.status == "playing";
    Some(GameView {
        code: r.code,
        pace: r.pace,
        preset,
        board,
        seats,
        to_move: r.to_move.filter(|_| days_playing),
        due_at: r.due_at.filter(|_| days_playing),
        created_at: r.created_at,
        winner: finished.then(|| result.and_then(|v| v.get("winner")?.as_i64())),
        counted: finished.then_some(r.counted),
        finished_at: r.finished_at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{PairTally, PresetTally};
    use chowka_protocol::Setup;

    fn member(player: &str, admin: bool, seen_at: i64) -> MemberRow {
        MemberRow {
            player: player.into(),
            name: Some(player.to_uppercase()),
            admin,
            joined_at: 0,
            seen_at,
        }
    }

    fn circle() -> CircleRow {
        CircleRow {
            id: "K7M2PQ9XRT".into(),
            name: "Rao family".into(),
            creator: "aa".into(),
            invite: Some("t".into()),
            created_at: 0,
        }
    }

    #[test]
    fn standings_count_current_members_most_wins_first_with_each_pair() {
        let members = [
            member("aa", true, 0),
            member("bb", false, 1_000_000),
            member("cc", false, 0),
        ];
        let id = |p: &str| member_id("K7M2PQ9XRT", p);
        let tally = |player: &str, preset: &str, played, won| PresetTally {
            member: id(player),
            preset: preset.into(),
            played,
            won,
        };
        let tallies = Tallies {
            presets: vec![
                tally("aa", "classic", 3, 1),
                tally("bb", "classic", 3, 2),
                tally("bb", "kids", 1, 1),
                tally("gone", "classic", 9, 9),
            ],
            pairs: vec![
                PairTally {
                    a: id("aa"),
                    b: id("bb"),
                    played: 3,
                    a_won: 1,
                    b_won: 2,
                },
                // Stored lower id first, whoever joined first.
                PairTally {
                    a: id("cc"),
                    b: id("bb"),
                    played: 1,
                    a_won: 1,
                    b_won: 0,
                },
                PairTally {
                    a: id("aa"),
                    b: id("gone"),
                    played: 9,
                    a_won: 0,
                    b_won: 9,
                },
            ],
        };
        let v = build(&circle(), "bb", 1_000_000, &members, Vec::new(), &tallies);
        let order: Vec<_> = v
            .standings
            .members
            .iter()
            .map(|s| (s.member.clone(), s.played, s.won))
            .collect();
        assert_eq!(
            order,
            [(id("bb"), 4, 3), (id("aa"), 3, 1), (id("cc"), 0, 0)]
        );
        assert_eq!(
            v.standings.members[0].presets["kids"],
            Tally { played: 1, won: 1 }
        );
        let pairs: Vec<_> = (v.standings.versus.iter())
            .map(|p| (p.a.clone(), p.b.clone(), p.a_won, p.b_won))
            .collect();
        assert_eq!(
            pairs,
            [(id("aa"), id("bb"), 1, 2), (id("bb"), id("cc"), 0, 1)]
        );
        assert!(!v.admin && v.me == id("bb"));
        let here: Vec<bool> = v.members.iter().map(|m| m.here).collect();
        assert_eq!(here, [false, true, false]);
        assert!(v.members[0].creator && !v.members[1].creator);
    }

    #[test]
    fn games_are_sorted_into_playing_lobbies_and_finished() {
        let setup = serde_json::to_string(&Setup::default()).unwrap();
        let seats = r#"[{"name":"AA","player":"aa","host":true},{"name":"Computer","bot":"easy"}]"#;
        let room = |code: &str, status: &str| CircleRoomRow {
            code: code.into(),
            status: status.into(),
            setup: setup.clone(),
            seats: seats.into(),
            pace: "days".into(),
            to_move: Some(1),
            due_at: Some(9),
            ..CircleRoomRow::default()
        };
        let mut done = room("DONE123", "finished");
        done.finished_at = Some(5);
        done.result = Some(r#"{"winner":1}"#.into());
        done.counted = true;
        let rooms = vec![room("PLAY123", "playing"), room("LOBB123", "lobby"), done];
        let v = build(
            &circle(),
            "aa",
            0,
            &[member("aa", true, 0)],
            rooms,
            &Tallies::default(),
        );
        assert_eq!(v.games.playing[0].to_move, Some(1));
        assert_eq!(v.games.lobbies[0].to_move, None);
        let f = &v.games.finished[0];
        assert_eq!(
            (f.winner, f.counted, f.to_move),
            (Some(Some(1)), Some(true), None)
        );
        assert_eq!(
            f.seats[0].member.as_deref(),
            Some(member_id("K7M2PQ9XRT", "aa").as_str())
        );
        assert_eq!(f.seats[1].bot.as_deref(), Some("easy"));
    }
}
