//! The views' tests: the board's geometry and the legal moves as a client
//! is shown them (rule ids from docs/rules.md).

use super::*;
use crate::rules::{Gate, Overrides, Preset};

#[test]
fn room_status_is_spelled_as_serde_spells_it() {
    for status in RoomStatus::ALL {
        let json = serde_json::to_value(status).unwrap();
        assert_eq!(json, status.as_str());
        assert_eq!(RoomStatus::parse(status.as_str()), Some(status));
    }
    assert_eq!(RoomStatus::parse("abandoned"), None);
}

#[test]
fn views_serialize() {
    let rules = Rules::preset(Preset::ChowkaBhara, 4);
    let game = Game::new(rules);
    let v = serde_json::to_value(GameView::new(&game)).unwrap();
    assert_eq!(v["result"], "ongoing");
    assert_eq!(v["can_throw"], true);
    let b = BoardView::new(&rules);
    assert_eq!(b.paths.len(), 4);
    assert_eq!(b.paths[0].len(), 25);
    assert_eq!(b.safe.len(), 5);
}

fn rules(preset: Preset, o: Overrides) -> Rules {
    Rules::with(preset, o).unwrap()
}

/// A game set up at `pawns` (player 0 to move) that has just thrown `value`.
fn thrown(rules: Rules, pawns: Vec<Vec<Option<u8>>>, value: u8) -> Game {
    let pos = crate::game::Position {
        pawns,
        round: 1,
        ..Default::default()
    };
    let mut game = Game::from_position(rules, &pos).unwrap();
    let mut throws = crate::throw::ScriptedThrows::new([value]);
    game.play(0, crate::action::Action::Throw, &mut throws)
        .unwrap();
    game
}

#[test]
fn the_board_view_says_where_the_centre_is_r3() {
    for (n, centre) in [(5, 24), (7, 48), (9, 80)] {
        let r = rules(
            Preset::ChowkaBhara,
            Overrides {
                board: Some(n),
                players: Some(4),
                ..Default::default()
            },
        );
        let b = BoardView::new(&r);
        assert_eq!(b.centre, centre, "{n}x{n}");
        let middle = Square {
            row: n / 2,
            col: n / 2,
        };
        for path in &b.paths {
            assert_eq!(path.len(), centre as usize + 1);
            assert_eq!(path[centre as usize], middle);
        }
        assert_eq!(
            b.max_progress,
            (n as u32 - 1) * centre as u32,
            "R15, N-1 pawns"
        );
    }
}

#[test]
fn the_board_view_says_where_pawns_start_and_whether_truces_can_happen() {
    let home = BoardView::new(&Rules::preset(Preset::ChowkaBhara, 2));
    assert_eq!(
        home.start,
        Some(0),
        "R7 home: every pawn on its home square"
    );
    assert!(!home.truces_possible, "R15: two players never truce");
    assert!(BoardView::new(&Rules::preset(Preset::ChowkaBhara, 3)).truces_possible);
    let waiting = BoardView::new(&Rules::preset(Preset::AshtaChamma, 4));
    assert_eq!(waiting.start, None, "R7: pawns wait beside the board");
    assert!(!waiting.truces_possible, "O6 off in Ashta Chamma");
}

#[test]
fn a_lap_walk_wraps_round_the_outer_ring_on_9x9_r8() {
    let r = rules(
        Preset::ChowkaBhara,
        Overrides {
            board: Some(9),
            pawns: Some(1),
            gate: Some(Gate::Lap),
            ..Default::default()
        },
    );
    // G = 31 on 9x9: from 30 a 3 laps round to 1, through home.
    let game = thrown(r, vec![vec![Some(30)], vec![Some(0)]], 3);
    let v = GameView::new(&game);
    let mv = &v.legal[0];
    assert_eq!((mv.to, mv.walk.as_slice()), (1, [30, 31, 0, 1].as_slice()));
    // With the gate open the same throw goes straight inside.
    let open = Rules {
        gate: Gate::Open,
        ..r
    };
    let game = thrown(open, vec![vec![Some(30)], vec![Some(0)]], 3);
    assert_eq!(GameView::new(&game).legal[0].walk, [30, 31, 32, 33]);
}

#[test]
fn entering_pawns_walk_only_onto_home_r7() {
    let r = Rules {
        pawns: 1,
        ..Rules::preset(Preset::AshtaChamma, 2)
    };
    let game = thrown(r, vec![vec![None], vec![None]], 4);
    let v = GameView::new(&game);
    assert_eq!(v.legal.len(), 1);
    assert_eq!((v.legal[0].to, v.legal[0].walk.clone()), (0, vec![0]));
}

#[test]
fn two_singles_on_the_first_inner_square_are_a_loose_pair_r13() {
    let r = Rules::preset(Preset::ChowkaBhara, 2);
    let inner = r.board().first_inner();
    assert!(
        crate::rules::BOARD_SIZES.iter().all(|&n| {
            let b = crate::board::Board::new(n).unwrap();
            crate::board::Side::ALL
                .iter()
                .all(|&s| !b.is_safe(b.square(s, b.first_inner())))
        }),
        "I is never safe, so no third single can join (R9)"
    );
    let pawns = vec![
        vec![Some(inner), Some(inner), Some(3), Some(0)],
        vec![Some(inner), Some(0), Some(0), Some(0)],
    ];
    let game = thrown(r, pawns.clone(), 4);
    let v = GameView::new(&game);
    assert_eq!(v.loose_pairs, [(0, [0, 1])]);
    assert!(v.pairs.is_empty());
    // Moving them together commits them: half the value, 2 squares (R13).
    let pair = v.legal.iter().find(|m| m.pawns.len() == 2).unwrap();
    assert!(pair.commits);
    assert_eq!(pair.walk, [inner, inner + 1, inner + 2]);

    // A committed pair is not loose; without O5 there are no pairs.
    let pos = crate::game::Position {
        pawns: pawns.clone(),
        pairs: vec![(0, [0, 1])],
        round: 1,
        ..Default::default()
    };
    let committed = Game::from_position(r, &pos).unwrap();
    assert!(GameView::new(&committed).loose_pairs.is_empty());
    let no_pairs = Rules { pairs: false, ..r };
    let game = thrown(no_pairs, pawns, 4);
    assert!(GameView::new(&game).loose_pairs.is_empty());
}
