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
use crate::edge::{bad_query, client_ip};
use crate::error::{ErrorCode, Refusal};
use crate::ids;
use crate::limits::Limited;
use crate::rooms::Seat;
use crate::App;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::HeaderMap;
use axum::Json;
use chowka_protocol::messages::{BoardView, GameView, RoomStatus};
use chowka_protocol::{
    odds, value_index, Event, Game, Outcome, Player, Record, RecordedAction, Rules, Setup, VALUES,
};
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;

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

/// What one seat did over the game.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SeatNumbers {
    /// How many throws showed each value, in the order of
    /// [`Numbers::values`] (throws of a turn later undone count: they were
    /// thrown).
    pub throws: [u32; 5],
    /// Hits made that stand: a hit of a turn undone by R12 is not counted;
    /// a pair hitting a pair is one hit (R10, R13).
    pub hits: u32,
    /// Times this seat was hit, counted the same way.
    pub hit_by: u32,
    /// Turns begun.
    pub turns: u32,
    /// Time taken, ms: for each of its actions, the time since the action
    /// before (anyone's), from the actions' `at`; null when the record
    /// has no times.
    pub time_ms: Option<u64>,
}

/// The game in numbers: throws against their odds, hits, time taken.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Numbers {
    /// The throw values, in the order of every count and chance here.
    pub values: [u8; 5],
    /// The chance of each value with this game's cowries (R5, O8
    /// `mouth_up`): the expected count is this times the number of throws.
    pub odds: [f64; 5],
    /// By seat.
    pub seats: Vec<SeatNumbers>,
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

/// Counts [`Numbers`] while the game is replayed.
struct Tally {
    seats: Vec<SeatNumbers>,
    /// Hits (hitter, victim) of the turn being played: they stand once
    /// the turn ends other than by R12's undo.
    this_turn: Vec<(Player, Player)>,
    time: Vec<u64>,
    timed: bool,
    last_at: Option<i64>,
}

impl Tally {
    fn new(game: &Game) -> Tally {
        let players = game.rules().players as usize;
        let mut seats = vec![SeatNumbers::default(); players];
        if !game.is_over() {
            seats[game.to_move() as usize].turns = 1;
        }
        Tally {
            seats,
            this_turn: Vec::new(),
            time: vec![0; players],
            timed: false,
            last_at: None,
        }
    }

    fn settle_hits(&mut self) {
        for (hitter, victim) in self.this_turn.drain(..) {
            self.seats[hitter as usize].hits += 1;
            self.seats[victim as usize].hit_by += 1;
        }
    }

    /// Counts an action by `actor`, played with these events.
    fn add(&mut self, actor: Player, at: Option<i64>, events: &[Event]) {
        if let (Some(before), Some(now)) = (self.last_at, at) {
            self.time[actor as usize] += now.saturating_sub(before).max(0) as u64;
            self.timed = true;
        }
        self.last_at = at.or(self.last_at);
        for e in events {
            match *e {
                Event::Thrown { player, value } => {
                    self.seats[player as usize].throws[value_index(value)] += 1;
                }
                Event::Hit { player, victim, .. } => self.this_turn.push((player, victim)),
                Event::TurnUndone { .. } => self.this_turn.clear(),
                Event::TurnBegan { player, .. } => {
                    self.settle_hits();
                    self.seats[player as usize].turns += 1;
                }
                Event::Won { .. } | Event::Draw => self.settle_hits(),
                _ => {}
            }
        }
    }

    fn numbers(mut self, rules: &Rules) -> Numbers {
        // Hits of a turn still being played stand for now.
        self.settle_hits();
        for (seat, ms) in self.seats.iter_mut().zip(&self.time) {
            seat.time_ms = self.timed.then_some(*ms);
        }
        Numbers {
            values: VALUES,
            odds: odds(rules.mouth_up),
            seats: self.seats,
        }
    }
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
    app: &App,
    peer: SocketAddr,
    headers: &HeaderMap,
    code: Result<Path<String>, PathRejection>,
    q: Result<Query<ReplayQuery>, QueryRejection>,
    unknown: fn() -> Refusal,
) -> Result<(String, ReplayQuery), Refusal> {
    app.check(
        Limited::Lookups,
        client_ip(app.config.trust_forwarded_for, peer, headers),
    )
    .await?;
    let Path(code) = code.map_err(bad_query)?;
    let Query(q) = q.map_err(bad_query)?;
    let code = ids::normalize_code(&code).ok_or_else(unknown)?;
    Ok((code, q))
}

/// `GET /api/games/{id}/replay`: a finished game, frame by frame, from its
/// archived record. Limited per address, as game lookups are.
pub async fn game_replay(
    State(app): State<App>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    id: Result<Path<String>, PathRejection>,
    q: Result<Query<ReplayQuery>, QueryRejection>,
) -> Result<Json<Replay>, Refusal> {
    let no_game = || Refusal::new(ErrorCode::NoSuchGame);
    let (id, q) = asked(&app, peer, &headers, id, q, no_game).await?;
    let row = (app.store.game(&id).await)
        .map_err(Refusal::store)?
        .ok_or_else(no_game)?;
    let record: Record = serde_json::from_str(&row.record).map_err(|e| unreadable(&id, e))?;
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
    State(app): State<App>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    code: Result<Path<String>, PathRejection>,
    q: Result<Query<ReplayQuery>, QueryRejection>,
) -> Result<Json<Replay>, Refusal> {
    let (code, q) = asked(&app, peer, &headers, code, q, Refusal::no_room).await?;
    let loaded = (app.store.load_room(&code).await)
        .map_err(Refusal::store)?
        .ok_or_else(Refusal::no_room)?;
    let row = loaded.row;
    let status = RoomStatus::parse(&row.status);
    if status == Some(RoomStatus::Lobby) {
        return Err(ErrorCode::NotPlaying.into());
    }
    let setup: Setup = serde_json::from_str(&row.setup).map_err(|e| unreadable(&code, e))?;
    let seats: Vec<Seat> = serde_json::from_str(&row.seats).map_err(|e| unreadable(&code, e))?;
    let actions = (loaded.actions.iter())
        .map(|a| serde_json::from_str::<RecordedAction>(a))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| unreadable(&code, e))?;
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
mod tests {
    use super::*;
    use chowka_protocol::{ActionRequest, Overrides, PawnSet, Preset};

    fn throw(by: Player, value: u8, at: i64) -> RecordedAction {
        RecordedAction {
            by: Some(by),
            action: ActionRequest::Throw { value: Some(value) },
            at: Some(at),
        }
    }

    fn step(by: Player, pawn: u8, value: u8, at: i64) -> RecordedAction {
        RecordedAction {
            by: Some(by),
            action: serde_json::from_value(
                serde_json::json!({"do": "move", "pawns": [pawn], "value": value}),
            )
            .unwrap(),
            at: Some(at),
        }
    }

    fn source(actions: Vec<RecordedAction>) -> Source {
        Source {
            id: "K7MPX3Q".into(),
            live: true,
            setup: Setup {
                preset: Preset::ChowkaBhara,
                options: Overrides {
                    players: Some(2),
                    ..Default::default()
                },
                position: None,
            },
            seats: vec![
                ReplaySeat::archived("Asha"),
                ReplaySeat::archived("Computer (hard)"),
            ],
            actions,
        }
    }

    fn all() -> ReplayQuery {
        ReplayQuery {
            from: None,
            limit: None,
        }
    }

    #[test]
    fn frame_n_is_the_game_after_n_actions_with_their_events() {
        // Asha throws 3 and walks pawn 0 three squares; the turn passes.
        let r = source(vec![
            throw(0, 3, 1_000),
            step(0, 0, 3, 4_000),
            throw(1, 2, 6_500),
        ])
        .replay(&all())
        .unwrap();
        assert_eq!((r.total, r.from, r.next, r.frames.len()), (3, 0, None, 4));
        assert_eq!(r.frames[0].game.pawns[0][0], Some(0));
        assert!(r.frames[0].action.is_none() && r.frames[0].events.is_empty());
        assert_eq!(r.frames[1].game.held, [3]);
        assert!(matches!(
            r.frames[1].events[0],
            Event::Thrown {
                player: 0,
                value: 3
            }
        ));
        assert_eq!(r.frames[2].game.pawns[0][0], Some(3));
        assert_eq!(r.frames[2].game.to_move, 1);
        assert_eq!(
            r.frames[2].walks,
            [vec![0, 1, 2, 3]],
            "the squares walked, R8"
        );
        assert!(r.frames.iter().all(|f| f.game.legal.is_empty()));
        assert!(r.live);
        assert_eq!(r.seats[1].bot.as_deref(), Some("hard"));
        assert_eq!(r.seats[0].name.as_deref(), Some("Asha"));
        // Time taken: Asha's move 3 s after her throw; the computer's
        // throw 2.5 s after that. Asha's first throw has nothing before it.
        let time: Vec<_> = r.numbers.seats.iter().map(|s| s.time_ms).collect();
        assert_eq!(time, [Some(3_000), Some(2_500)]);
        assert_eq!(r.numbers.seats[0].throws, [0, 0, 1, 0, 0]);
        assert_eq!(r.numbers.seats[1].throws, [0, 1, 0, 0, 0]);
        assert_eq!((r.numbers.seats[0].turns, r.numbers.seats[1].turns), (1, 1));
        assert_eq!(r.numbers.odds, odds(0.5), "R5");
    }

    #[test]
    fn pages_are_bounded_and_chain_to_the_end() {
        let actions = vec![throw(0, 3, 0), step(0, 0, 3, 0), throw(1, 2, 0)];
        let page = |from, limit| {
            source(actions.clone())
                .replay(&ReplayQuery {
                    from: Some(from),
                    limit: Some(limit),
                })
                .unwrap()
        };
        let first = page(0, 2);
        assert_eq!(first.frames.iter().map(|f| f.n).collect::<Vec<_>>(), [0, 1]);
        assert_eq!(first.next, Some(2));
        let last = page(2, 2);
        assert_eq!(last.frames.iter().map(|f| f.n).collect::<Vec<_>>(), [2, 3]);
        assert_eq!(last.next, None);
        assert_eq!(
            page(3, 0).frames.len(),
            1,
            "a limit of 0 is brought up to 1"
        );
        let past = source(actions)
            .replay(&ReplayQuery {
                from: Some(4),
                limit: None,
            })
            .unwrap_err();
        assert_eq!(past.code, ErrorCode::BadRequest);
    }

    #[test]
    fn a_page_of_the_longest_games_stays_bounded() {
        use chowka_protocol::random::random_action;
        use chowka_protocol::{MoveList, SeededThrows};
        use rand::SeedableRng;
        // A random 9x9 game of four, the longest kind (about 10,000
        // actions, docs/performance.md): its first 2,000 actions.
        let mut src = source(vec![]);
        src.setup.options.board = Some(9);
        src.setup.options.players = Some(4);
        let mut game = src.setup.game().unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(16);
        let mut throws = SeededThrows::new(16);
        let mut moves = MoveList::new();
        while let Some((by, action)) = random_action(&game, &mut rng, &mut moves) {
            let events = game.play(by, action, &mut throws).unwrap();
            src.actions
                .push(RecordedAction::played(by, action, &events));
            if src.actions.len() == 2_000 {
                break;
            }
        }
        let page = src.replay(&all()).unwrap();
        assert_eq!(
            (page.frames.len(), page.next),
            (MAX_FRAMES, Some(MAX_FRAMES))
        );
        let bytes = serde_json::to_vec(&page).unwrap().len();
        assert!(bytes < 400_000, "a page is {bytes} bytes");
        if let Ok(path) = std::env::var("CHOWKA_REPLAY_PAGE") {
            // For measuring what compression makes of it.
            std::fs::write(path, serde_json::to_vec(&page).unwrap()).unwrap();
        }
    }

    #[test]
    fn a_record_that_does_not_replay_is_the_servers_fault() {
        // Pawn 0 cannot move a value nobody threw (R6).
        let err = source(vec![step(0, 0, 3, 0)]).replay(&all()).unwrap_err();
        assert_eq!(err.code, ErrorCode::RoomUnreadable);
    }

    #[test]
    fn hits_of_an_undone_turn_do_not_count_r12() {
        let mut tally = Tally::new(&source(vec![]).setup.game().unwrap());
        let hit = Event::Hit {
            player: 0,
            victim: 1,
            pawns: PawnSet::single(0),
        };
        tally.add(0, None, &[hit]);
        tally.add(
            0,
            None,
            &[
                Event::TurnUndone { player: 0 },
                Event::TurnBegan {
                    player: 1,
                    round: 1,
                },
            ],
        );
        let back = Event::Hit {
            player: 1,
            victim: 0,
            pawns: PawnSet::single(0),
        };
        tally.add(
            1,
            None,
            &[
                back,
                Event::TurnBegan {
                    player: 0,
                    round: 2,
                },
            ],
        );
        let n = tally.numbers(&Rules::preset(Preset::ChowkaBhara, 2));
        let hits: Vec<_> = n.seats.iter().map(|s| (s.hits, s.hit_by)).collect();
        assert_eq!(
            hits,
            [(0, 1), (1, 0)],
            "only the hit of the turn that stood"
        );
        assert_eq!(n.seats[0].time_ms, None, "no times recorded");
        assert_eq!((n.seats[0].turns, n.seats[1].turns), (2, 1));
    }

    #[test]
    fn archived_names_tell_computers_from_people() {
        assert_eq!(
            ReplaySeat::archived("Computer (easy)"),
            ReplaySeat {
                name: None,
                bot: Some("easy".into())
            }
        );
        assert_eq!(
            ReplaySeat::archived("Computer (great)").name.as_deref(),
            Some("Computer (great)")
        );
        assert_eq!(ReplaySeat::archived("").name, None);
    }
}
