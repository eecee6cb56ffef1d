//! Playing and generating legal moves never allocate: whole random games
//! run under a counting allocator.

use chowka_protocol::random::random_playout;
use chowka_protocol::{Game, Overrides, Preset, Rules, SeededThrows};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    // Per thread, because tests run side by side; a const initializer so
    // that counting never allocates itself.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn allocations() -> usize {
    ALLOCATIONS.with(|a| a.get())
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|a| a.set(a.get() + 1));
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn random_games_do_not_allocate() {
    // Truces off: a betrayal record is the one thing that may allocate.
    for (preset, players, board) in [
        (Preset::ChowkaBhara, 4, 5),
        (Preset::AshtaChamma, 3, 7),
        (Preset::ChaukaBara, 2, 9),
        (Preset::AshtaChamma, 4, 11),
    ] {
        let o = Overrides {
            players: Some(players),
            board: Some(board),
            truce: Some(false),
            ..Default::default()
        };
        let rules = Rules::with(preset, o).unwrap();
        for seed in 0..5 {
            let mut game = Game::new(rules);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut throws = SeededThrows::new(seed);
            let before = allocations();
            let playout = random_playout(&mut game, &mut rng, &mut throws, 1_000_000);
            let allocations = allocations() - before;
            assert!(game.is_over());
            assert_eq!(
                allocations, 0,
                "{preset:?} {players}p: {} actions allocated {allocations} times",
                playout.actions
            );
        }
    }
}

#[test]
fn cloning_a_game_does_not_allocate() {
    // Searches clone games at every node; betrayal records are shared.
    let setup = chowka_protocol::Setup {
        preset: Preset::ChowkaBhara,
        options: Overrides {
            players: Some(3),
            ..Default::default()
        },
        position: Some(chowka_protocol::Position {
            pawns: vec![vec![Some(3), Some(0), Some(0), Some(0)]; 3],
            betrayals: vec![chowka_protocol::Betrayal {
                player: 1,
                round: 2,
            }],
            round: 4,
            ..Default::default()
        }),
    };
    let game = setup.game().unwrap();
    let before = allocations();
    let copies: [Game; 8] = std::array::from_fn(|_| game.clone());
    assert_eq!(allocations() - before, 0);
    assert!(copies.iter().all(|c| c.betrayals().len() == 1));
}
