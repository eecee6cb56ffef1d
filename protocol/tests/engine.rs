//! The engine's API: events, rejections with rule citations, stranding
//! warnings (R12) and legal actions.

use chowka_protocol::{
    Action, Code, Event, Game, Move, Overrides, PawnSet, Position, Preset, Rules, ScriptedThrows,
    SeededThrows, Setup,
};

fn game(preset: Preset, players: u8, pawns: Vec<Vec<Option<u8>>>, has_hit: Vec<bool>) -> Game {
    let setup = Setup {
        preset,
        options: Overrides {
            players: Some(players),
            ..Default::default()
        },
        position: Some(Position {
            pawns,
            has_hit,
            round: 1,
            ..Default::default()
        }),
    };
    setup.game().unwrap()
}

fn single(pawn: u8, value: u8) -> Action {
    Action::Move(Move {
        pawns: PawnSet::single(pawn),
        value,
        target: None,
    })
}

#[test]
fn a_hit_reports_its_events_in_order_r10() {
    let mut g = game(
        Preset::ChowkaBhara,
        2,
        vec![
            vec![Some(7), Some(0), Some(0), Some(0)],
            vec![Some(1), Some(0), Some(0), Some(0)],
        ],
        vec![false, false],
    );
    let mut throws = ScriptedThrows::new([2]);
    let events = g.play(0, Action::Throw, &mut throws).unwrap();
    assert_eq!(
        events,
        vec![Event::Thrown {
            player: 0,
            value: 2
        }]
    );
    let events = g.play(0, single(0, 2), &mut throws).unwrap();
    assert_eq!(
        events,
        vec![
            Event::Walked {
                player: 0,
                pawns: PawnSet::single(0),
                value: 2,
                from: 7,
                to: 9
            },
            Event::Hit {
                player: 0,
                victim: 1,
                pawns: PawnSet::single(0)
            },
        ]
    );
    assert_eq!(g.pending(), 1, "a hit earns a throw");
    assert!(g.has_hit(0));
}

#[test]
fn rejections_carry_the_code_and_cite_the_rule() {
    let mut g = game(
        Preset::ChowkaBhara,
        2,
        vec![vec![Some(14), Some(0), Some(0), Some(0)], vec![Some(0); 4]],
        vec![false, false],
    );
    let before = g.clone();
    let mut throws = ScriptedThrows::new([3]);
    let r = g.play(1, Action::Throw, &mut throws).unwrap_err();
    assert_eq!(r.code, Code::NotYourTurn);
    g.play(0, Action::Throw, &mut throws).unwrap();
    let r = g.play(0, single(0, 3), &mut throws).unwrap_err();
    assert_eq!(r.code, Code::GateClosed);
    assert_eq!(
        r.to_string(),
        "gate_closed: You must hit a pawn before entering the inner rings (R8)."
    );
    for code in Code::ALL {
        assert!(
            code.message().contains("(R") || code.message().contains("(C"),
            "{code} cites no rule"
        );
    }
    assert_ne!(g, before);
}

#[test]
fn a_move_that_would_strand_the_turn_is_flagged_r12() {
    // One pawn each; South's stands three squares before its gate and has
    // not hit, so a 4 can never move it (R8) and a 2 takes it to 14.
    let setup = Setup {
        preset: Preset::ChowkaBhara,
        options: Overrides {
            pawns: Some(1),
            ..Default::default()
        },
        position: Some(Position {
            pawns: vec![vec![Some(12)], vec![Some(0)]],
            round: 1,
            ..Default::default()
        }),
    };
    let mut g = setup.game().unwrap();
    let mut throws = ScriptedThrows::new([4, 2]);
    g.play(0, Action::Throw, &mut throws).unwrap();
    g.play(0, Action::Throw, &mut throws).unwrap();
    assert_eq!((g.held(), g.pending()), (vec![2, 4], 0));
    let two = Move {
        pawns: PawnSet::single(0),
        value: 2,
        target: None,
    };
    assert_eq!(g.legal_moves().as_slice(), &[two]);
    assert!(
        g.would_strand(two),
        "after the 2, the 4 cannot move anything"
    );
    let events = g.play(0, Action::Move(two), &mut throws).unwrap();
    assert!(events.contains(&Event::TurnUndone { player: 0 }));
    assert_eq!(g.pawn(0, 0), Some(12), "the undone turn leaves no trace");
    assert_eq!(g.to_move(), 1);

    // With something still pending nothing strands yet.
    let mut g = setup.game().unwrap();
    let mut throws = ScriptedThrows::new([4]);
    g.play(0, Action::Throw, &mut throws).unwrap();
    assert!(g.legal_moves().is_empty(), "the 4 cannot pass the gate");
    assert!(g.can_throw());
}

#[test]
fn legal_actions_are_exactly_what_play_accepts() {
    let rules = Rules::preset(Preset::ChowkaBhara, 4);
    let mut g = Game::new(rules);
    let mut throws = SeededThrows::new(9);
    for _ in 0..2000 {
        if g.is_over() {
            break;
        }
        let actions = g.legal_actions();
        for &a in &actions {
            let mut copy = g.clone();
            copy.play(g.actor(&a), a, &mut throws)
                .unwrap_or_else(|r| panic!("{a:?}: {r}"));
        }
        // Prefer moves so the game advances; answer offers first.
        let a = actions
            .iter()
            .copied()
            .find(|a| matches!(a, Action::AnswerTruce { .. }))
            .or_else(|| {
                actions
                    .iter()
                    .copied()
                    .find(|a| matches!(a, Action::Move(_)))
            })
            .unwrap_or(actions[0]);
        g.play(g.actor(&a), a, &mut throws).unwrap();
    }
}

#[test]
fn a_third_grace_loses_the_turn_r11() {
    let mut g = Game::new(Rules::preset(Preset::ChowkaBhara, 2));
    let mut throws = ScriptedThrows::new([4, 8]);
    g.play(0, Action::Throw, &mut throws).unwrap();
    g.play(0, Action::Throw, &mut throws).unwrap();
    assert!(g.can_skip());
    g.play(0, Action::Skip, &mut throws).unwrap();
    assert_eq!((g.pending(), g.held()), (0, vec![4, 8]));
    let mut g = Game::new(Rules::preset(Preset::ChowkaBhara, 2));
    let mut throws = ScriptedThrows::new([4, 8, 4]);
    for _ in 0..2 {
        g.play(0, Action::Throw, &mut throws).unwrap();
    }
    let events = g.play(0, Action::Throw, &mut throws).unwrap();
    assert!(events.contains(&Event::GracePenalty { player: 0 }));
    assert_eq!(g.to_move(), 1);
}

#[test]
fn ten_waiting_pawns_holding_a_four_and_an_eight_fit_the_move_list_r7() {
    // The longest move list there is: on 11x11 with Ashta Chamma's entry,
    // ten waiting pawns, a 4 (one or two of them enter) and an 8 (one to
    // four): C(10,1) + C(10,2) = 55 and 55 + C(10,3) + C(10,4) = 385.
    let rules = Rules::with(
        Preset::AshtaChamma,
        Overrides {
            board: Some(11),
            players: Some(4),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(rules.pawns, 10, "C10: N-1 pawns on 11x11");
    let mut g = Game::new(rules);
    let mut throws = ScriptedThrows::new([4, 8]);
    g.play(0, Action::Throw, &mut throws).unwrap();
    g.play(0, Action::Throw, &mut throws).unwrap();
    let legal = g.legal_moves();
    assert_eq!(legal.len(), 440);
    assert!(legal.len() < legal.capacity());
    let count = |v: u8, k: u32| {
        legal
            .iter()
            .filter(|m| m.value == v && m.pawns.len() == k)
            .count()
    };
    assert_eq!([count(4, 1), count(4, 2)], [10, 45]);
    assert_eq!([count(8, 3), count(8, 4)], [120, 210]);
    // The tenth pawn is pawn 9; there is no pawn 10 (O7).
    let four = Move {
        pawns: PawnSet::from_indices(&[6, 7, 8, 9]).unwrap(),
        value: 8,
        target: None,
    };
    g.play(0, Action::Move(four), &mut throws).unwrap();
    assert_eq!(g.pawn(0, 9), Some(0));
    assert_eq!(
        g.play(0, single(10, 4), &mut throws).unwrap_err().code,
        Code::NoSuchPawn
    );
}
