//! Computer players: every level plays only legal actions, answers truce
//! offers while the offering player's turn goes on, and tournaments are
//! reproducible from their seed.

use chowka_protocol::random::random_action;
use chowka_protocol::{Action, Game, MoveList, Overrides, Position, Preset, Rules, SeededThrows};
use chowka_server::bots::tournament::{play_all, stats};
use chowka_server::bots::{decide_with, diplomacy, Budget, Level};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

/// A small budget, so that the tests stay fast in debug builds.
const SMALL: Budget = Budget::SMALL;

/// [`SMALL`] for the expectimax instead of sampled games.
const SMALL_EXPECTIMAX: Budget = Budget {
    rollouts: 0,
    ..SMALL
};

/// Every level, and hard with both of its searches.
const PLAYERS: [(Level, Budget); 4] = [
    (Level::Easy, SMALL),
    (Level::Medium, SMALL),
    (Level::Hard, SMALL),
    (Level::Hard, SMALL_EXPECTIMAX),
];

fn rule_sets() -> Vec<Rules> {
    let mut out = Vec::new();
    for players in 2..=4 {
        for preset in [Preset::ChowkaBhara, Preset::ChaukaBara, Preset::AshtaChamma] {
            out.push(Rules::preset(preset, players));
        }
    }
    let lap = Overrides {
        players: Some(3),
        board: Some(7),
        gate: Some(chowka_protocol::Gate::Lap),
        mouth_up: Some(0.3),
        ..Overrides::default()
    };
    out.push(Rules::with(Preset::ChowkaBhara, lap).unwrap());
    // The largest board (R1): 121 squares, ten pawns a player.
    let largest = Overrides {
        players: Some(4),
        board: Some(11),
        ..Overrides::default()
    };
    out.push(Rules::with(Preset::ChowkaBhara, largest).unwrap());
    out
}

/// A random position: a random number of random legal actions from the start.
fn random_position(rules: Rules, rng: &mut ChaCha8Rng, throws: &mut SeededThrows) -> Game {
    let mut game = Game::new(rules);
    let mut moves = MoveList::new();
    for _ in 0..rng.gen_range(0..400) {
        let Some((by, action)) = random_action(&game, rng, &mut moves) else {
            break;
        };
        game.play(by, action, throws).unwrap();
    }
    game
}

#[test]
fn every_level_plays_only_legal_actions_in_random_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut throws = SeededThrows::new(12);
    let mut checked = 0;
    for rules in rule_sets() {
        for _ in 0..12 {
            let game = random_position(rules, &mut rng, &mut throws);
            if game.is_over() {
                continue;
            }
            for (level, budget) in PLAYERS {
                for seat in 0..rules.players {
                    let action = decide_with(level, &game, seat, &mut rng, budget);
                    let acts = seat == game.to_move() || game.offer().is_some_and(|o| o.to == seat);
                    assert_eq!(action.is_some(), acts, "{level:?} seat {seat}");
                    if let Some(action) = action {
                        let mut after = game.clone();
                        let r = after.play(seat, action, &mut SeededThrows::new(1));
                        assert!(
                            r.is_ok(),
                            "{level:?} seat {seat}: {action:?} refused: {r:?}"
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 200, "only {checked} decisions checked");
}

#[test]
fn every_level_plays_whole_games_legally() {
    for (i, rules) in rule_sets().into_iter().enumerate() {
        let levels: Vec<Level> = (0..rules.players as usize)
            .map(|s| Level::ALL[(s + i) % 3])
            .collect();
        for budget in [SMALL, SMALL_EXPECTIMAX] {
            let results = play_all(rules, &levels, 1, i as u64, budget, 3_000, 1);
            // play_game panics on an illegal action; here it only has to end.
            assert_eq!(results.len(), 1);
        }
    }
}

#[test]
fn tournament_is_deterministic_for_a_seed() {
    let rules = Rules::preset(Preset::ChowkaBhara, 2);
    let levels = [Level::Hard, Level::Medium];
    let key = |seed| {
        play_all(rules, &levels, 4, seed, SMALL, 5_000, 2)
            .into_iter()
            .map(|r| (r.outcome, r.actions, r.seats))
            .collect::<Vec<_>>()
    };
    assert_eq!(key(7), key(7));
    let wins: u32 = stats(&play_all(rules, &levels, 4, 7, SMALL, 5_000, 1))
        .iter()
        .map(|(_, s)| s.wins)
        .sum();
    assert!(wins <= 4);
}

/// Three players; player 2 leads clearly (R15), player 0 is to move.
fn leader_position(betrayals_by_0: u32) -> Game {
    let rules = Rules::preset(Preset::ChowkaBhara, 3);
    let pos = Position {
        pawns: vec![
            vec![Some(1), Some(0), Some(0), Some(0)],
            vec![Some(2), Some(0), Some(0), Some(0)],
            vec![Some(10), Some(4), Some(0), Some(0)],
        ],
        round: 20,
        betrayals: (0..betrayals_by_0)
            .map(|i| chowka_protocol::Betrayal {
                player: 0,
                round: 15 + i,
            })
            .collect(),
        ..Position::default()
    };
    Game::from_position(rules, &pos).unwrap()
}

#[test]
fn truce_is_offered_against_a_clear_leader_and_answered_while_the_turn_goes_on() {
    let game = leader_position(0);
    assert_eq!(game.clear_leader(), Some(2));
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    // The offer is made with probability one half at the start of a turn.
    let offer = (0..20)
        .find_map(
            |_| match decide_with(Level::Medium, &game, 0, &mut rng, SMALL) {
                Some(Action::OfferTruce { to }) => Some(to),
                _ => None,
            },
        )
        .expect("an offer against the clear leader");
    assert_eq!(offer, 1);
    let mut game = game;
    game.play(0, Action::OfferTruce { to: 1 }, &mut SeededThrows::new(1))
        .unwrap();
    // The offered player answers; the offering player still acts meanwhile.
    for level in [Level::Medium, Level::Hard] {
        assert_eq!(
            decide_with(level, &game, 1, &mut rng, SMALL),
            Some(Action::AnswerTruce { accept: true })
        );
        let mover = decide_with(level, &game, 0, &mut rng, SMALL).unwrap();
        assert!(!matches!(mover, Action::AnswerTruce { .. }));
        assert_eq!(decide_with(level, &game, 2, &mut rng, SMALL), None);
    }
}

#[test]
fn a_recent_betrayer_is_refused_r15() {
    let game = leader_position(1);
    assert!(!diplomacy::would_accept(&game, 1, 0, 2));
    assert!(diplomacy::would_accept(&leader_position(0), 1, 0, 2));
    // Betrayals older than ten rounds are forgiven.
    let mut old = leader_position(0).position();
    old.round = 40;
    old.betrayals = vec![chowka_protocol::Betrayal {
        player: 0,
        round: 20,
    }];
    let game = Game::from_position(Rules::preset(Preset::ChowkaBhara, 3), &old).unwrap();
    assert_eq!(diplomacy::recent_betrayals(&game, 0), 0);
}

/// Three players: 0 (South) is allied with 1 (East) against the clear
/// leader 2 (North), and holds a 1. East's pawn at its position 13 stands
/// on South's position 1, a square that is not a cross: moving a pawn off
/// South's home hits it. The other choice, pawn 0 from 5 to 6, does nothing.
fn ally_in_reach() -> Game {
    let rules = Rules::preset(Preset::ChowkaBhara, 3);
    let pos = Position {
        pawns: vec![
            vec![Some(5), Some(0), Some(0), Some(0)],
            vec![Some(13), Some(0), Some(0), Some(0)],
            vec![Some(16), Some(7), Some(0), Some(0)],
        ],
        has_hit: vec![false, false, true],
        round: 20,
        truces: vec![chowka_protocol::Truce::new(0, 1, 2, 22)],
        ..Position::default()
    };
    let mut game = Game::from_position(rules, &pos).unwrap();
    assert_eq!(game.clear_leader(), Some(2));
    game.play(0, Action::Throw, &mut chowka_protocol::ForcedThrow(1))
        .unwrap();
    game
}

#[test]
fn medium_keeps_its_word_and_hard_breaks_it_for_a_hit_worth_more_r15() {
    let game = ally_in_reach();
    let hits_ally = |action: Option<Action>| match action {
        Some(Action::Move(mv)) => game.preview(mv).and_then(|p| p.victim) == Some(1),
        other => panic!("expected a move, got {other:?}"),
    };
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    // Medium spares its ally: the bonus throw cannot hit the leader.
    assert!(!hits_ally(decide_with(
        Level::Medium,
        &game,
        0,
        &mut rng,
        SMALL
    )));
    // Hard weighs the hit: 13 squares of the ally's progress, its own gate
    // opened (R8) and a bonus throw, against the truce that ends.
    let budget = Budget {
        rollouts: 64,
        horizon: 2,
        time: Duration::from_secs(10),
        ..Budget::HARD
    };
    assert!(hits_ally(decide_with(
        Level::Hard,
        &game,
        0,
        &mut rng,
        budget
    )));
}
