//! Playing and generating legal moves never allocate: whole random games
//! run under a counting allocator.

use chowka_protocol::random::random_playout;
use chowka_protocol::{Game, Overrides, Preset, Rules, SeededThrows};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
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
            let before = ALLOCATIONS.load(Ordering::Relaxed);
            let playout = random_playout(&mut game, &mut rng, &mut throws, 1_000_000);
            let allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;
            assert!(game.is_over());
            assert_eq!(
                allocations, 0,
                "{preset:?} {players}p: {} actions allocated {allocations} times",
                playout.actions
            );
        }
    }
}
