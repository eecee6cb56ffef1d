//! Seeded random games, for instruction counts that do not depend on the
//! machine's load: `valgrind --tool=callgrind target/release/examples/playouts 300 4 5`
//! (games, players, board). Prints the total actions, so two builds can be
//! checked to play exactly the same games.

use chowka_protocol::random::random_playout;
use chowka_protocol::{Game, Overrides, Preset, Rules, SeededThrows};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("usage: playouts GAMES PLAYERS BOARD"))
        .collect();
    let (games, players, board) = match args[..] {
        [g, p, b] => (g, p as u8, b as u8),
        _ => (300, 4, 5),
    };
    let rules = Rules::with(
        Preset::ChowkaBhara,
        Overrides {
            players: Some(players),
            board: Some(board),
            ..Overrides::default()
        },
    )
    .expect("valid options");
    let mut actions = 0u64;
    for seed in 0..games {
        let mut game = Game::new(rules);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut throws = SeededThrows::new(seed);
        actions += u64::from(random_playout(&mut game, &mut rng, &mut throws, 10_000_000).actions);
    }
    println!("{games} games, {actions} actions");
}
