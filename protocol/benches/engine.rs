//! Engine benchmarks: legal-move generation on mid-game positions, the
//! threats a player asks about (the text mode's `threats`, measured on the
//! same positions so the two read as a ratio), and whole random games
//! (legal-move generation included).

use chowka_protocol::random::{random_action, random_playout};
use chowka_protocol::{Game, MoveList, Overrides, Preset, Rules, SeededThrows};
use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Positions from random games, sampled while the player to move holds values.
fn mid_game_positions(rules: Rules, count: usize) -> Vec<Game> {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut throws = SeededThrows::new(11);
    let mut moves = MoveList::new();
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = Game::new(rules);
        let mut step = 0;
        while let Some((by, action)) = random_action(&game, &mut rng, &mut moves) {
            game.play_with(by, action, &mut throws, &mut |_| {})
                .expect("legal");
            step += 1;
            if step % 17 == 0 && !game.holds_nothing() && out.len() < count {
                out.push(game.clone());
            }
        }
    }
    out
}

/// Chowka Bhara for four players on a board of size `board`.
fn four_players_on(board: u8) -> Rules {
    Rules::with(
        Preset::ChowkaBhara,
        Overrides {
            players: Some(4),
            board: Some(board),
            ..Default::default()
        },
    )
    .unwrap()
}

fn legal_moves(c: &mut Criterion) {
    for (name, rules) in [
        ("5x5-4p", four_players_on(5)),
        ("9x9-4p", four_players_on(9)),
        ("11x11-4p", four_players_on(11)),
    ] {
        let positions = mid_game_positions(rules, 256);
        let mut group = c.benchmark_group("legal_moves");
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(name, |b| {
            let mut out = MoveList::new();
            b.iter(|| {
                let mut total = 0;
                for g in &positions {
                    out.clear();
                    g.legal_moves_into(&mut out);
                    total += out.len();
                }
                black_box(total)
            })
        });
        group.finish();
    }
}

/// `Game::threats` for the player to move, on the positions `legal_moves` uses.
fn threats(c: &mut Criterion) {
    for (name, rules) in [
        ("5x5-4p", four_players_on(5)),
        ("11x11-4p", four_players_on(11)),
    ] {
        let positions = mid_game_positions(rules, 256);
        let mut group = c.benchmark_group("threats");
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                let total: usize = positions.iter().map(|g| g.threats(g.to_move()).len()).sum();
                black_box(total)
            })
        });
        group.finish();
    }
}

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_game");
    for players in [2u8, 4] {
        let rules = Rules::preset(Preset::ChowkaBhara, players);
        group.throughput(Throughput::Elements(1));
        group.bench_function(format!("5x5-{players}p"), |b| {
            let mut seed = 0u64;
            b.iter_batched(
                || {
                    seed += 1;
                    (
                        Game::new(rules),
                        ChaCha8Rng::seed_from_u64(seed),
                        SeededThrows::new(seed),
                    )
                },
                |(mut game, mut rng, mut throws)| {
                    black_box(random_playout(&mut game, &mut rng, &mut throws, 1_000_000))
                },
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, legal_moves, threats, random_games);
criterion_main!(benches);
