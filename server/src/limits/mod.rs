//! Rate limits per address, per address block and for the whole server
//! (governor's keyed GCRA limiters): room creation, taking seats, and
//! looking rooms and games up by code, wrong player secrets
//! ([`Strikes`]); and [`RateLimit`], one
//! connection's messages or one room's chat. `checks.rs` has [`Limits`],
//! what the request handlers check, counted across the nodes.
//!
//! An "address" is an IPv4 address, or for lookups and seats an IPv6 /64:
//! one host is handed a whole /64 and can pick any address in it, so the
//! /64 is the smallest thing an IPv6 client cannot multiply. A "block" is
//! an IPv4 /24 or an IPv6 /64 (creation is limited per address and per
//! block both).

mod checks;
mod strikes;

pub use checks::Limits;
pub use strikes::Strikes;

use crate::config::LimitOpts;
use crate::error::{ErrorCode, Refusal};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota, RateLimiter};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How often the limiters forget addresses whose budget is full again,
/// so that their maps hold only the last minute's addresses.
const SWEEP_EVERY: Duration = Duration::from_secs(60);

/// `n` a minute, in bursts of up to `n` (0 counts as 1).
fn per_minute(n: u32) -> Quota {
    Quota::per_minute(NonZeroU32::new(n.max(1)).unwrap_or(NonZeroU32::MIN))
}

/// The address with an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, as a
/// dual-stack listener sees IPv4 clients) read as the IPv4 it is.
fn canonical(ip: IpAddr) -> IpAddr {
    ip.to_canonical()
}

/// An IPv4 address as it is, an IPv6 address cut to its /64.
pub fn address_key(ip: IpAddr) -> IpAddr {
    match canonical(ip) {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => IpAddr::V6(prefix64(v6)),
    }
}

/// The block of an address: its IPv4 /24 or IPv6 /64.
pub fn block_key(ip: IpAddr) -> IpAddr {
    match canonical(ip) {
        IpAddr::V4(v4) => {
            let [a, b, c, _] = v4.octets();
            IpAddr::V4(Ipv4Addr::new(a, b, c, 0))
        }
        IpAddr::V6(v6) => IpAddr::V6(prefix64(v6)),
    }
}

fn prefix64(v6: Ipv6Addr) -> Ipv6Addr {
    Ipv6Addr::from(u128::from(v6) & !((1u128 << 64) - 1))
}

/// The limits per address a request draws on, by name: nodes tell each
/// other of every turn taken, so that a limit holds across nodes
/// ([`Limits::check`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Limited {
    /// Creating rooms ([`Creations`]).
    Creations,
    /// Taking seats.
    Seats,
    /// Looking rooms and games up by code.
    Lookups,
    /// Making players (`POST /api/players`).
    NewPlayers,
    /// Wrong player secrets, so that secrets cannot be guessed.
    Players,
    /// Joining circles by their invite links.
    CircleJoins,
}

/// Connections open per address (see [`address_key`]), for a cap on how
/// many one address may hold at once: the HTTP edge counts its sockets
/// here, the WebSocket edge its upgraded ones.
#[derive(Default)]
pub struct OpenPerAddress {
    // std Mutex: held for one map update, never across an await.
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One open connection counted against its address; given back when
/// dropped.
pub struct OpenSlot {
    counts: Arc<OpenPerAddress>,
    key: IpAddr,
}

impl OpenPerAddress {
    /// A slot for a connection from `ip`, unless its address holds `max`.
    pub fn take(self: &Arc<Self>, ip: IpAddr, max: usize) -> Option<OpenSlot> {
        let key = address_key(ip);
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        let n = open.entry(key).or_insert(0);
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(OpenSlot {
            counts: self.clone(),
            key,
        })
    }

    /// Every address with a connection open, and how many.
    pub fn counts(&self) -> Vec<(IpAddr, usize)> {
        let open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        open.iter().map(|(&k, &n)| (k, n)).collect()
    }
}

impl Drop for OpenSlot {
    fn drop(&mut self) {
        let mut open = (self.counts.open.lock()).unwrap_or_else(|p| p.into_inner());
        if let Some(n) = open.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                // Forget addresses with nothing open, so the map stays
                // the size of the open connections.
                open.remove(&self.key);
            }
        }
    }
}

/// One keyed limiter, with the sentence a refusal says.
pub struct Limit {
    limiter: DefaultKeyedRateLimiter<IpAddr>,
    /// What is limited, for the refusal: "rooms created from your address".
    what: &'static str,
    key: fn(IpAddr) -> IpAddr,
    last_sweep: Mutex<Instant>,
}

impl Limit {
    /// `n` a minute for each key `key` makes of an address.
    pub fn new(n: u32, what: &'static str, key: fn(IpAddr) -> IpAddr) -> Limit {
        Limit {
            limiter: RateLimiter::keyed(per_minute(n)),
            what,
            key,
            last_sweep: Mutex::new(Instant::now()),
        }
    }

    /// `n` a minute per address (IPv6: per /64).
    pub fn per_address(n: u32, what: &'static str) -> Limit {
        Limit::new(n, what, address_key)
    }

    /// Takes one from `ip`'s budget, or refuses with `rate_limited` and
    /// the seconds until it may try again.
    pub fn check(&self, ip: IpAddr) -> Result<(), Refusal> {
        self.sweep();
        let key = (self.key)(ip);
        self.limiter
            .check_key(&key)
            .map_err(|not_until| refusal(self.what, not_until.wait_time_from(self.now())))
    }

    fn now(&self) -> <DefaultClock as Clock>::Instant {
        self.limiter.clock().now()
    }

    /// Forgets the addresses that are back to a full budget, at most once
    /// a minute (a sweep walks the whole map).
    fn sweep(&self) {
        // std Mutex: a check of the time, no await while held.
        let Ok(mut last) = self.last_sweep.try_lock() else {
            return; // another request is sweeping
        };
        if last.elapsed() >= SWEEP_EVERY {
            *last = Instant::now();
            self.limiter.retain_recent();
            self.limiter.shrink_to_fit();
        }
    }
}

fn refusal(what: &str, wait: Duration) -> Refusal {
    // Whole seconds, rounded up: Retry-After has no fractions, and a
    // client that waits exactly that long must be let through.
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    let secs = secs.max(1);
    let mut r = Refusal::with(
        ErrorCode::RateLimited,
        format!("Too many {what}: wait {secs} seconds."),
    );
    r.retry_after = Some(secs);
    r
}

/// The limits on creating rooms: per address, per block, and overall.
pub struct Creations {
    address: Limit,
    block: Limit,
    total: DefaultDirectRateLimiter,
}

impl Creations {
    /// The limits set by `--rooms-per-minute`, `--rooms-per-minute-per-block`
    /// and `--rooms-per-minute-total`.
    pub fn new(config: &LimitOpts) -> Creations {
        Creations {
            address: Limit::new(
                config.rooms_per_minute,
                "rooms created from your address",
                canonical,
            ),
            block: Limit::new(
                config.rooms_per_minute_per_block,
                "rooms created from your network",
                block_key,
            ),
            total: RateLimiter::direct(per_minute(config.rooms_per_minute_total)),
        }
    }

    /// Takes one room from every budget `ip` draws on, or refuses.
    /// Checked narrowest first, so that one flooding address is stopped
    /// by its own budget and does not use up its block's or everyone's.
    pub fn check(&self, ip: IpAddr) -> Result<(), Refusal> {
        self.address.check(ip)?;
        self.block.check(ip)?;
        self.total.check().map_err(|not_until| {
            let now = self.total.clock().now();
            refusal(
                "rooms created on this server",
                not_until.wait_time_from(now),
            )
        })
    }
}

/// One WebSocket connection's messages, or one room's chat: `rate` a
/// second in bursts of twice that (governor's GCRA), and what is said to
/// a client that goes on past it.
pub struct RateLimit {
    limiter: DefaultDirectRateLimiter,
    /// Messages a second, at least 1.
    rate: u32,
    /// Messages refused in the current ten-second window.
    refused: u32,
    window: tokio::time::Instant,
    last_warning: Option<tokio::time::Instant>,
}

impl RateLimit {
    /// `rate` messages a second (0 counts as 1), bursts of twice that.
    pub fn new(rate: u32) -> RateLimit {
        let rate = rate.max(1);
        let per_second = NonZeroU32::new(rate).unwrap_or(NonZeroU32::MIN);
        let burst = NonZeroU32::new(rate.saturating_mul(2)).unwrap_or(per_second);
        RateLimit {
            limiter: RateLimiter::direct(Quota::per_second(per_second).allow_burst(burst)),
            rate,
            refused: 0,
            window: tokio::time::Instant::now(),
            last_warning: None,
        }
    }

    /// Whether one more message may pass now.
    pub fn allow(&mut self) -> bool {
        let now = tokio::time::Instant::now();
        if now.duration_since(self.window) > Duration::from_secs(10) {
            self.window = now;
            self.refused = 0;
        }
        let allowed = self.limiter.check().is_ok();
        if !allowed {
            self.refused += 1;
        }
        allowed
    }

    /// Whether the client keeps flooding after being told: more than
    /// five seconds' worth refused within ten.
    pub fn flooding(&self) -> bool {
        self.refused > self.rate.saturating_mul(5)
    }

    /// Whether to tell the client (at most once a second).
    pub fn should_warn(&mut self) -> bool {
        let now = tokio::time::Instant::now();
        if (self.last_warning).is_some_and(|t| now.duration_since(t) < Duration::from_secs(1)) {
            return false;
        }
        self.last_warning = Some(now);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rate_limit_allows_bursts_then_refuses() {
        let mut l = RateLimit::new(10);
        let passed = (0..100).filter(|_| l.allow()).count();
        assert!((20..=22).contains(&passed), "{passed}");
        assert!(l.flooding());
    }

    #[test]
    fn an_ipv6_slash_64_counts_as_one_address_and_mapped_ipv4_as_itself() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff:1:2:3".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(address_key(a), address_key(b));
        assert_ne!(address_key(a), address_key(c));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(address_key(mapped), "192.0.2.7".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn an_address_holds_at_most_its_cap_and_gets_slots_back() {
        let open = Arc::new(OpenPerAddress::default());
        let a: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let same_64: IpAddr = "2001:db8:1:2::2".parse().unwrap();
        let first = open.take(a, 2).unwrap();
        let _second = open.take(same_64, 2).unwrap();
        assert!(open.take(a, 2).is_none(), "a /64 is one address");
        assert!(open.take("192.0.2.1".parse().unwrap(), 2).is_some());
        drop(first);
        assert!(open.take(a, 2).is_some());
    }

    #[test]
    fn addresses_and_blocks_are_cut_to_their_prefix() {
        let v4: IpAddr = "203.0.113.77".parse().unwrap();
        assert_eq!(address_key(v4), v4);
        assert_eq!(block_key(v4), "203.0.113.0".parse::<IpAddr>().unwrap());
        let mapped: IpAddr = "::ffff:203.0.113.77".parse().unwrap();
        assert_eq!(address_key(mapped), v4);
        let v6: IpAddr = "2001:db8:1:2:3:4:5:6".parse().unwrap();
        let net: IpAddr = "2001:db8:1:2::".parse().unwrap();
        assert_eq!(address_key(v6), net);
        assert_eq!(block_key(v6), net);
    }

    #[test]
    fn a_limit_refuses_past_its_burst_and_says_when_to_come_back() {
        let l = Limit::per_address(3, "tries");
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        for _ in 0..3 {
            l.check(a).unwrap();
        }
        let r = l.check(a).unwrap_err();
        assert_eq!(r.code, ErrorCode::RateLimited);
        assert!(
            r.retry_after.is_some_and(|s| (1..=20).contains(&s)),
            "{r:?}"
        );
        l.check(b).expect("another address has its own budget");
    }

    #[test]
    fn one_block_shares_a_budget_for_creating_rooms() {
        let config = LimitOpts {
            rooms_per_minute: 2,
            rooms_per_minute_per_block: 3,
            rooms_per_minute_total: 100,
            ..LimitOpts::default()
        };
        let c = Creations::new(&config);
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        c.check(ip("198.51.100.1")).unwrap();
        c.check(ip("198.51.100.1")).unwrap();
        assert!(c.check(ip("198.51.100.1")).is_err(), "per address");
        c.check(ip("198.51.100.2")).unwrap();
        assert!(c.check(ip("198.51.100.3")).is_err(), "per /24");
        c.check(ip("198.51.101.1")).expect("another block");
    }
}
