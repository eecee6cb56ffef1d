//! Replays: a game played again through the rules engine, move by move,
//! for the web client's replay viewer, which has no engine of its own
//! (docs/protocol.md, `GET /api/games/{id}/replay`).
//!
//! A finished game is replayed from its archived record; a game still being
//! played, from its room's event log in the store, read only: the room's
//! task is not asked, and the log holds only what every watcher has already
//! seen (the throws so far, never the secret that makes the next ones).
//!
//! Frame n is the game after its first n actions, in the view the live
//! client draws (`GameView`, less the legal moves, which a replay never
//! offers), with the events of action n-1 and the squares each walking
//! pawn passes. A long game (a 9x9 game of four passes 10,000 actions)
//! comes a page of at most [`MAX_FRAMES`] frames at a time: each answer is
//! bounded, and the router's compression layer shrinks it (the frames
//! repeat themselves) to about a fifteenth.
//!
//! Every answer also carries the game in numbers ([`Numbers`]), counted
//! over the whole game whichever page is asked for: replaying from the
//! start is how any page is reached anyway, and it takes milliseconds.

use crate::bots::Level;
use crate::edge::bad_query;
use crate::error::{ErrorCode, Refusal};
use crate::ids::RoomCode;
use crate::limits::{Limited, Limits};
use crate::rooms::Seat;
use crate::store::Store;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::HeaderMap;
use axum::Json;
use chowka_protocol::messages::{BoardView, GameView, RoomStatus};
use chowka_protocol::{Event, Game, Outcome, Record, RecordedAction, Rules, Setup};
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;

mod analysis;
mod numbers;

pub use analysis::{game_analysis, Analyst, GameAnalysis};

use numbers::Tally;
pub use numbers::{Numbers, SeatNumbers};

/// Most frames one answer carries. A frame of a 5x5 game of two is about
/// 490 bytes of JSON, of a 9x9 game of four about 550: a page stays under
/// 300 KB before compression, about 16 KB gzipped.
pub const MAX_FRAMES: usize = 500;

/// Query of the replay routes: which frames to send.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplayQuery {
    /// The first frame (0, the start, when absent).
    pub from: Option<usize>,
    /// How many frames at most, 1 to [`MAX_FRAMES`] (others are brought
    /// into that range; [`MAX_FRAMES`] when absent).
    pub limit: Option<usize>,
}

/// One seat of a replayed game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplaySeat {
    /// A person's display name (null for a computer's seat, or when the
    /// record names nobody there).
    pub name: Option<String>,
    /// The computer's level, for a computer's seat.
    pub bot: Option<String>,
}

impl ReplaySeat {
    /// A seat from an archived record's player name. The archive names a
    /// computer's seat "Computer (level)", a name no person can take
    /// (`edge::check_name`), so the name tells the computer apart.
    fn archived(name: &str) -> ReplaySeat {
        let level = (name.strip_prefix("Computer ("))
            .and_then(|rest| rest.strip_suffix(')'))
            .and_then(|l| l.parse::<Level>().ok());
        match level {
            Some(l) => ReplaySeat {
                name: None,
                bot: Some(l.name().to_string()),
            },
            None => ReplaySeat {
                name: (!name.is_empty()).then(|| name.to_string()),
                bot: None,
            },
        }
    }

    /// A seat of a room in the store: only its name and level, never its
    /// token's hash.
    fn stored(seat: &Seat) -> ReplaySeat {
        ReplaySeat {
            name: seat.name.clone(),
            bot: seat.bot.map(|l| l.name().to_string()),
        }
    }
}

/// The game after some of its actions.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Frame {
    /// How many actions have been played: 0 is the start.
    pub n: usize,
    /// The action that led here (null for the start), as recorded.
    pub action: Option<RecordedAction>,
    /// The game as the live client draws it, with no legal moves.
    pub game: GameView,
    /// What the action did, in order, as a live `state` carries it.
    pub events: Vec<Event>,
    /// For each `walked` event, in order: the path positions its pawns
    /// pass, where they stood first and where they ended last (round the
    /// outer ring when the `lap` gate wraps them, R8), for animating.
    pub walks: Vec<Vec<u8>>,
}

/// The answer of the replay routes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Replay {
    /// The room code (a finished game's id).
    pub id: String,
    /// Whether the game is still being played (its moves so far).
    pub live: bool,
    /// How the game started, as in its record.
    pub setup: Setup,
    /// The resolved rules.
    pub rules: Rules,
    /// The board, as `welcome` sends it.
    pub board: BoardView,
    /// The seats, seat 0 first.
    pub seats: Vec<ReplaySeat>,
    /// The result after the last action.
    pub result: Outcome,
    /// How many actions there are: frames are numbered 0 to `total`.
    pub total: usize,
    /// The number of the first frame sent.
    pub from: usize,
    /// Frames `from`, `from + 1`, ... in order.
    pub frames: Vec<Frame>,
    /// The `from` of the next page, or null when this one ends at `total`.
    pub next: Option<usize>,
    /// The whole game (so far) in numbers.
    pub numbers: Numbers,
}

/// A game to replay: how it started, who sat where, and its actions.
struct Source {
    id: String,
    live: bool,
    setup: Setup,
    seats: Vec<ReplaySeat>,
    actions: Vec<RecordedAction>,
}

/// The refusal for a saved game the engine cannot replay: the server's
/// fault (a record it wrote), logged with its reason.
fn unreadable(id: &str, why: impl std::fmt::Display) -> Refusal {
    tracing::error!(room = %id, "cannot replay the saved game: {why}");
    Refusal::new(ErrorCode::RoomUnreadable)
}

/// The view of a frame: the live client's, without legal moves.
fn view(game: &Game) -> GameView {
    let mut v = GameView::new(game);
    v.legal.clear();
    v
}

impl Source {
    /// Replays the whole game, keeping the frames of the page asked for.
    fn replay(self, q: &ReplayQuery) -> Result<Replay, Refusal> {
        let mut game = (self.setup.game()).map_err(|e| unreadable(&self.id, e))?;
        let rules = *game.rules();
        let board = rules.board();
        let total = self.actions.len();
        let from = q.from.unwrap_or(0);
        if from > total {
            return Err(Refusal::with(
                ErrorCode::BadRequest,
                format!("from is past the last frame: this game has frames 0 to {total}."),
            ));
        }
        let limit = q.limit.unwrap_or(MAX_FRAMES).clamp(1, MAX_FRAMES);
        let end = (from + limit).min(total + 1);
        let mut frames = Vec::with_capacity(end - from);
        if from == 0 {
            frames.push(Frame {
                n: 0,
                action: None,
                game: view(&game),
                events: Vec::new(),
                walks: Vec::new(),
            });
        }
        let mut tally = Tally::new(&game);
        for (i, a) in self.actions.iter().enumerate() {
            let actor = a.by.unwrap_or_else(|| game.to_move());
            let events = a
                .apply(&mut game)
                .map_err(|e| unreadable(&self.id, format!("action {i}: {e}")))?;
            tally.add(actor, a.at, &events);
            let n = i + 1;
            if !(from..end).contains(&n) {
                continue;
            }
            let walks = (events.iter())
                .filter_map(|e| match *e {
                    Event::Walked { from, to, .. } => Some(board.walk(from, to).collect()),
                    _ => None,
                })
                .collect();
            frames.push(Frame {
                n,
                action: Some(a.clone()),
                game: view(&game),
                events,
                walks,
            });
        }
        let mut seats = self.seats;
        seats.resize(
            rules.players as usize,
            ReplaySeat {
                name: None,
                bot: None,
            },
        );
        Ok(Replay {
            id: self.id,
            live: self.live && !game.is_over(),
            board: BoardView::new(&rules),
            result: game.outcome(),
            setup: self.setup,
            rules,
            seats,
            total,
            from,
            frames,
            next: (end <= total).then_some(end),
            numbers: tally.numbers(&rules),
        })
    }
}

/// The code and the query of a replay route, after the address's lookup
/// allowance: a code that cannot be one is `unknown` (a 404, as an unknown
/// one is), a query that does not parse `bad_request`.
async fn asked(
    limits: &Limits,
    peer: SocketAddr,
    headers: &HeaderMap,
    code: Result<Path<String>, PathRejection>,
    q: Result<Query<ReplayQuery>, QueryRejection>,
    unknown: fn() -> Refusal,
) -> Result<(RoomCode, ReplayQuery), Refusal> {
    limits.check(Limited::Lookups, peer, headers).await?;
    let Path(code) = code.map_err(bad_query)?;
    let Query(q) = q.map_err(bad_query)?;
    let code = RoomCode::parse(&code).ok_or_else(unknown)?;
    Ok((code, q))
}

/// `GET /api/games/{id}/replay`: a finished game, frame by frame, from its
/// archived record. Limited per address, as game lookups are.
pub async fn game_replay(
    State(limits): State<Limits>,
    State(store): State<Store>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    id: Result<Path<String>, PathRejection>,
    q: Result<Query<ReplayQuery>, QueryRejection>,
) -> Result<Json<Replay>, Refusal> {
    let no_game = || Refusal::new(ErrorCode::NoSuchGame);
    let (id, q) = asked(&limits, peer, &headers, id, q, no_game).await?;
    let row = (store.game(id).await)
        .map_err(Refusal::store)?
        .ok_or_else(no_game)?;
    let record: Record =
        serde_json::from_str(&row.record).map_err(|e| unreadable(id.as_str(), e))?;
    let source = Source {
        id: row.id,
        live: false,
        seats: record
            .players
            .iter()
            .map(|p| ReplaySeat::archived(p))
            .collect(),
        setup: record.setup,
        actions: record.actions,
    };
    source.replay(&q).map(Json)
}

/// `GET /api/rooms/{code}/replay`: a room's game so far (or all of it, once
/// over), frame by frame, from the room's event log in the store. A room
/// still in its lobby has no game yet (`not_playing`). Limited per address,
/// as room lookups are.
pub async fn room_replay(
    State(limits): State<Limits>,
    State(store): State<Store>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    code: Result<Path<String>, PathRejection>,
    q: Result<Query<ReplayQuery>, QueryRejection>,
) -> Result<Json<Replay>, Refusal> {
    let (code, q) = asked(&limits, peer, &headers, code, q, Refusal::no_room).await?;
    let loaded = (store.load_room(code).await)
        .map_err(Refusal::store)?
        .ok_or_else(Refusal::no_room)?;
    let row = loaded.row;
    let status = RoomStatus::parse(&row.status);
    if status == Some(RoomStatus::Lobby) {
        return Err(ErrorCode::NotPlaying.into());
    }
    let setup: Setup =
        serde_json::from_str(&row.setup).map_err(|e| unreadable(code.as_str(), e))?;
    let seats: Vec<Seat> =
        serde_json::from_str(&row.seats).map_err(|e| unreadable(code.as_str(), e))?;
    let actions = (loaded.actions.iter())
        .map(|a| serde_json::from_str::<RecordedAction>(a))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| unreadable(code.as_str(), e))?;
    let source = Source {
        id: row.code,
        live: status == Some(RoomStatus::Playing),
        setup,
        seats: seats.iter().map(ReplaySeat::stored).collect(),
        actions,
    };
    source.replay(&q).map(Json)
}

#[cfg(test)]
mod tests;
