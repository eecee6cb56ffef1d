//! Property tests over random games with random options: the invariants of
//! RULES.md hold after every action, `play` accepts exactly the legal
//! actions, a refusal changes nothing, and records replay exactly.

use chowka_protocol::random::random_action;
use chowka_protocol::{
    Action, Entry, Game, Gate, Move, MoveList, Overrides, PawnSet, Preset, Record, RecordedAction,
    Rules, SeededThrows, Setup, Stranded, BOARD_SIZES, MAX_PAWNS,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

fn any_setup() -> impl Strategy<Value = Setup> {
    (
        prop::sample::select(Preset::ALL.to_vec()),
        prop::sample::select(BOARD_SIZES.to_vec()),
        2u8..=4,
        prop::option::of(prop::sample::select(vec![
            Entry::Home,
            Entry::GraceOne,
            Entry::GraceAll,
            Entry::AshtaChamma,
            Entry::FirstGrace,
        ])),
        prop::option::of(prop::sample::select(vec![
            Gate::HitFirst,
            Gate::Lap,
            Gate::Open,
        ])),
        prop::option::of(any::<bool>()),
        prop::option::of(prop::sample::select(vec![
            Stranded::Undo,
            Stranded::Forfeit,
        ])),
        prop::option::of(any::<bool>()),
        prop::option::of(any::<bool>()),
        prop::option::of(1u8..=MAX_PAWNS as u8),
    )
        .prop_map(
            |(preset, board, players, entry, gate, three_grace, stranded, pairs, truce, pawns)| {
                Setup {
                    preset,
                    options: Overrides {
                        board: Some(board),
                        players: Some(players),
                        pawns: pawns.map(|p| p.min(board - 1)),
                        entry,
                        gate,
                        three_grace,
                        stranded,
                        pairs,
                        truce,
                        mouth_up: None,
                    },
                    position: None,
                }
            },
        )
}

/// R9 and R13 invariants, and pawn conservation.
fn check_invariants(game: &Game) -> Result<(), String> {
    let rules = game.rules();
    let board = game.board();
    for p in 0..rules.players {
        let side = game.side(p);
        let mut singles: HashMap<u8, u32> = HashMap::new();
        let mut pairs: HashMap<u8, u32> = HashMap::new();
        for i in 0..rules.pawns {
            let Some(at) = game.pawn(p, i) else {
                if rules.entry == Entry::Home {
                    return Err(format!("pawn {p}/{i} waits with entry home"));
                }
                continue;
            };
            if at > board.centre() {
                return Err(format!("pawn {p}/{i} at {at}, past the centre"));
            }
            let sq = board.square_index(side, at);
            match game.partner(p, i) {
                Some(j) => {
                    if game.partner(p, j) != Some(i) || game.pawn(p, j) != Some(at) {
                        return Err(format!("pair {p} [{i}, {j}] is not together"));
                    }
                    if i < j {
                        *pairs.entry(sq).or_default() += 1;
                    }
                }
                None => *singles.entry(sq).or_default() += 1,
            }
        }
        for (&sq, &n) in &singles {
            if board.is_safe_index(sq) {
                continue;
            }
            let limit = if board.is_outer_index(sq) { 1 } else { 2 };
            if n > limit {
                return Err(format!("R9: player {p} has {n} singles on square {sq}"));
            }
        }
        for (&sq, &n) in &pairs {
            if !board.is_safe_index(sq) && (n > 1 || board.is_outer_index(sq)) {
                return Err(format!("R9: player {p} has {n} pairs on square {sq}"));
            }
        }
    }
    Ok(())
}

/// A random, often illegal, move for the player to move.
fn junk_move(game: &Game, rng: &mut ChaCha8Rng) -> Move {
    let n = game.rules().pawns;
    let mut pawns = PawnSet::single(rng.gen_range(0..n));
    if rng.gen_bool(0.3) {
        pawns = pawns.with(rng.gen_range(0..n));
    }
    let value = [1, 2, 3, 4, 8, 5][rng.gen_range(0..6)];
    let target = rng
        .gen_bool(0.2)
        .then(|| rng.gen_range(0..game.rules().players + 1));
    Move {
        pawns,
        value,
        target,
    }
}

/// `mv` is in the legal list, or is a listed move naming its only victim (C3).
fn listed(game: &Game, legal: &MoveList, mv: Move) -> bool {
    legal.contains(&mv)
        || mv.target.is_some_and(|t| {
            let bare = Move { target: None, ..mv };
            legal.contains(&bare) && game.preview(bare).and_then(|p| p.victim) == Some(t)
        })
}

fn play_random_game(setup: Setup, seed: u64, max_actions: usize) -> Result<(), TestCaseError> {
    let Ok(mut game) = setup.game() else {
        return Ok(()); // e.g. pawns over the board's limit: not a game
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut throws = SeededThrows::new(seed);
    let mut record = Record::new(setup.clone(), Vec::new());
    let mut moves = MoveList::new();
    for _ in 0..max_actions {
        prop_assert_eq!(check_invariants(&game), Ok(()));
        if game.is_over() {
            break;
        }
        let legal = game.legal_moves();
        // Every listed move is accepted.
        for &mv in legal.iter().take(6) {
            let mut g = game.clone();
            prop_assert!(
                g.play(game.to_move(), Action::Move(mv), &mut throws)
                    .is_ok(),
                "{:?} refused",
                mv
            );
        }
        // A junk move is accepted exactly when it is listed; a refusal changes nothing.
        for _ in 0..4 {
            let mv = junk_move(&game, &mut rng);
            let before = format!("{game:?}");
            let mut g = game.clone();
            let result = g.play(game.to_move(), Action::Move(mv), &mut throws);
            prop_assert_eq!(
                result.is_ok(),
                listed(&game, &legal, mv),
                "{:?}: {:?}",
                mv,
                result
            );
            if result.is_err() {
                prop_assert_eq!(&format!("{g:?}"), &before);
            }
            // `is_legal` is exactly "`play` accepts it".
            prop_assert_eq!(game.is_legal(mv), result.is_ok());
        }
        // Out-of-turn actions are refused and change nothing.
        let other = (game.to_move() + 1) % game.rules().players;
        if game.offer().is_none_or(|o| o.to != other) {
            let before = format!("{game:?}");
            let answer = Action::AnswerTruce { accept: true };
            prop_assert!(game.play(other, Action::Throw, &mut throws).is_err());
            prop_assert!(game.play(other, answer, &mut throws).is_err());
            prop_assert_eq!(format!("{game:?}"), before);
        }
        if !game.can_throw() {
            let before = format!("{game:?}");
            prop_assert!(game
                .play(game.to_move(), Action::Throw, &mut throws)
                .is_err());
            prop_assert_eq!(format!("{game:?}"), before);
        }
        let (by, action) =
            random_action(&game, &mut rng, &mut moves).expect("an ongoing game has an action");
        let events = game.play(by, action, &mut throws);
        prop_assert!(
            events.is_ok(),
            "legal action {:?} by {} refused: {:?}",
            action,
            by,
            events
        );
        record
            .actions
            .push(RecordedAction::played(by, action, &events.unwrap()));
    }
    // The record replays to the same state, through JSON.
    let json = serde_json::to_string(&record).unwrap();
    let back: Record = serde_json::from_str(&json).unwrap();
    let replayed = back
        .replay()
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(replayed.position(), game.position());
    prop_assert_eq!(replayed.outcome(), game.outcome());
    prop_assert_eq!(replayed.held(), game.held());
    prop_assert_eq!(replayed.pending(), game.pending());
    prop_assert_eq!(replayed, game);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_rules(setup in any_setup(), seed in any::<u64>()) {
        play_random_game(setup, seed, 3000)?;
    }
}

#[test]
fn four_player_truce_games_keep_the_rules() {
    // Truces need 3-4 players and the Chowka Bhara preset's defaults.
    for seed in 0..6 {
        let setup = Setup {
            preset: Preset::ChowkaBhara,
            options: Overrides {
                players: Some(3 + (seed % 2) as u8),
                ..Overrides::default()
            },
            position: None,
        };
        play_random_game(setup, seed, 100_000).unwrap();
    }
}

#[test]
fn rules_resolve_for_every_preset() {
    for p in Preset::ALL {
        for players in 2..=4 {
            assert!(Rules::with(
                p,
                Overrides {
                    players: Some(players),
                    ..Default::default()
                }
            )
            .is_ok());
        }
    }
}
