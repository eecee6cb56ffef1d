//! Replays of scripted games: frames, pages and the numbers.

use super::*;
use chowka_protocol::{odds, ActionRequest, Overrides, PawnSet, Player, Preset};

fn throw(by: Player, value: u8, at: i64) -> RecordedAction {
    RecordedAction {
        by: Some(by),
        action: ActionRequest::Throw { value: Some(value) },
        at: Some(at),
        stand_in: false,
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
        stand_in: false,
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
