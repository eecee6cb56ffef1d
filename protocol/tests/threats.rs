//! `Game::threats`: which of a player's pawns an opponent could hit with
//! one throw if their turn began now, from hand-built positions. Each test
//! cites the rule that decides it.

use chowka_protocol::{
    Action, Game, Move, Overrides, PawnSet, Position, Preset, Rules, ScriptedThrows, Threat, Truce,
};

/// The rules of `preset` for `players` players on an `n` x `n` board.
fn rules(preset: Preset, players: u8, n: u8) -> Rules {
    Rules::with(
        preset,
        Overrides {
            players: Some(players),
            board: Some(n),
            ..Default::default()
        },
    )
    .unwrap()
}

/// A game from `pawns` (path positions per player), player 0 to move.
fn game(rules: Rules, pawns: Vec<Vec<Option<u8>>>, has_hit: Vec<bool>) -> Game {
    let pos = Position {
        pawns,
        has_hit,
        round: 1,
        ..Default::default()
    };
    Game::from_position(rules, &pos).unwrap()
}

fn threat(by: u8, value: u8, pawns: &[u8], from: &[u8], square: u8) -> Threat {
    Threat {
        by,
        value,
        pawns: PawnSet::from_indices(pawns).unwrap(),
        from: PawnSet::from_indices(from).unwrap(),
        square,
    }
}

#[test]
fn a_single_landing_on_a_single_is_a_threat_r10() {
    // 5x5, S and N: N's path position 1 is S's 9 ([0,1], not safe).
    // S's pawn 0 on 7 hits it with a 2; a 1 lands on N's home (safe, R4).
    let g = game(
        rules(Preset::ChowkaBhara, 2, 5),
        vec![
            vec![Some(7), Some(0), Some(0), Some(0)],
            vec![Some(0), Some(0), Some(1), Some(0)],
        ],
        vec![false, false],
    );
    assert_eq!(g.threats(1), vec![threat(0, 2, &[2], &[0], 1)]);
    // Asking changes nothing: the player to move and the hand are as before.
    assert_eq!(g.to_move(), 0);
    assert_eq!((g.pending(), g.held()), (1, vec![]));
}

#[test]
fn the_threats_are_as_if_the_opponents_turn_began_now_r6() {
    // As above; S moves its pawn 1 to 1 with a 1 and the turn passes to
    // N, the target. From 1, an 8 also lands on 9 (passing S's own pawn
    // on 7 is allowed), so S now has two ways to hit.
    let mut g = game(
        rules(Preset::ChowkaBhara, 2, 5),
        vec![
            vec![Some(7), Some(0), Some(0), Some(0)],
            vec![Some(0), Some(0), Some(1), Some(0)],
        ],
        vec![false, false],
    );
    let mut throws = ScriptedThrows::new([1, 3]);
    g.play(0, Action::Throw, &mut throws).unwrap();
    let mv = Move {
        pawns: PawnSet::single(1),
        value: 1,
        target: None,
    };
    g.play(0, Action::Move(mv), &mut throws).unwrap();
    assert_eq!(g.to_move(), 1);
    let both = vec![threat(0, 2, &[2], &[0], 1), threat(0, 8, &[2], &[1], 1)];
    assert_eq!(g.threats(1), both);
    // N holding a 3 mid-turn does not change what S could do next.
    g.play(1, Action::Throw, &mut throws).unwrap();
    assert_eq!(g.held(), vec![3]);
    assert_eq!(g.threats(1), both);
    // The other way: N's pawn 2 on N's 1 reaches N's 9, S's 1, where
    // S's pawn 1 now stands, with an 8 (N's pawns at home reach only
    // S's home with an 8, safe, R4).
    assert_eq!(g.threats(0), vec![threat(1, 8, &[1], &[2], 1)]);
}

#[test]
fn a_pawn_on_a_safe_square_is_never_threatened_r4() {
    // 7x7, S and N, S has hit (its gate is open, R8). N's pawn 0 is on
    // N's 33, S's 25, [5,1]: a corner of ring 1, safe. N's pawn 1 is on
    // N's 32, S's 24, [5,2]: not safe. S's pawn on 23 reaches 24 with a
    // 1 and 25 with a 2: only the 1 is a threat.
    let r = rules(Preset::ChowkaBhara, 2, 7);
    let mut s = vec![Some(0); 6];
    s[0] = Some(23);
    let mut n = vec![Some(0); 6];
    n[0] = Some(33);
    n[1] = Some(32);
    let g = game(r, vec![s, n], vec![true, false]);
    let board = g.board();
    assert!(board.is_safe(board.square(g.side(1), 33)));
    assert!(!board.is_safe(board.square(g.side(1), 32)));
    assert_eq!(g.threats(1), vec![threat(0, 1, &[1], &[0], 32)]);
}

#[test]
fn only_a_pair_threatens_a_pair_r13() {
    // 5x5, S and N. N's committed pair [0, 1] stands on N's 17, S's 21
    // ([2,3], not safe). S's committed pair [0, 1] on 19 reaches it with
    // a 4 (a pair moves half, R13); S's single 2 on 18 reaches it with a
    // 3 but only shares the square.
    let r = rules(Preset::ChowkaBhara, 2, 5);
    let pos = Position {
        pawns: vec![
            vec![Some(19), Some(19), Some(18), Some(0)],
            vec![Some(17), Some(17), Some(0), Some(0)],
        ],
        pairs: vec![(0, [0, 1]), (1, [0, 1])],
        has_hit: vec![true, true],
        round: 1,
        ..Default::default()
    };
    let g = Game::from_position(r, &pos).unwrap();
    assert_eq!(g.threats(1), vec![threat(0, 4, &[0, 1], &[0, 1], 17)]);
}

#[test]
fn an_ally_can_be_hit_so_an_ally_threatens_r15() {
    // 5x5, S, E and N; S (0) and E (1) are allies against N (2). E's
    // pawn 0 is on E's 1, which is S's 5 and N's 13. S's pawn on 3 hits
    // it with a 2, N's pawn on N's 10 with a 3: a truce is a promise,
    // not a rule, so both are threats.
    let r = rules(Preset::ChowkaBhara, 3, 5);
    let pos = Position {
        pawns: vec![
            vec![Some(3), Some(0), Some(0), Some(0)],
            vec![Some(1), Some(0), Some(0), Some(0)],
            vec![Some(10), Some(0), Some(0), Some(0)],
        ],
        truces: vec![Truce::new(0, 1, 2, 4)],
        round: 1,
        ..Default::default()
    };
    let g = Game::from_position(r, &pos).unwrap();
    assert_eq!(
        g.threats(1),
        vec![threat(0, 2, &[0], &[0], 1), threat(2, 3, &[0], &[0], 1)]
    );
}

#[test]
fn nobody_is_threatened_with_nothing_on_the_board_or_after_the_game_r7_r14() {
    // Ashta Chamma: every pawn waits beside the board at the start (R7).
    let g = Game::new(rules(Preset::AshtaChamma, 2, 5));
    assert!(g.threats(0).is_empty() && g.threats(1).is_empty());
    // A seat that is not a player has no pawns.
    assert!(g.threats(2).is_empty());
    // S wins with a 1 (R14): a threat before, none once the game is over.
    // N's pawn 3 on N's 16 reaches N's 19, S's 23 ([3,2]), with a 3.
    let mut g = game(
        rules(Preset::ChowkaBhara, 2, 5),
        vec![
            vec![Some(24), Some(24), Some(24), Some(23)],
            vec![Some(0), Some(0), Some(0), Some(16)],
        ],
        vec![true, true],
    );
    assert_eq!(g.threats(0), vec![threat(1, 3, &[3], &[3], 23)]);
    let mut throws = ScriptedThrows::new([1]);
    g.play(0, Action::Throw, &mut throws).unwrap();
    let mv = Move {
        pawns: PawnSet::single(3),
        value: 1,
        target: None,
    };
    g.play(0, Action::Move(mv), &mut throws).unwrap();
    assert!(g.is_over());
    assert!(g.threats(0).is_empty() && g.threats(1).is_empty());
}
