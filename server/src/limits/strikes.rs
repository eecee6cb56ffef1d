//! [`Strikes`]: a limit on wrong tries (player secrets), which, once an
//! address has used it up, bars that address's every try until its
//! budget is back, the right ones too: else a guesser would be told
//! "slow down" for wrong guesses and let in at the right one.

use super::{refusal, Limit};
use crate::error::Refusal;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Wrong tries per address, and the addresses barred for now.
pub struct Strikes {
    limit: Limit,
    /// Barred addresses (by their limit key) and until when.
    barred: Mutex<HashMap<IpAddr, Instant>>,
}

impl Strikes {
    /// `n` wrong tries a minute per address (IPv6: per /64).
    pub fn new(n: u32, what: &'static str) -> Strikes {
        Strikes {
            limit: Limit::per_address(n, what),
            barred: Mutex::new(HashMap::new()),
        }
    }

    /// Refuses (`rate_limited`) while `ip` is barred.
    pub fn barred(&self, ip: IpAddr) -> Result<(), Refusal> {
        let key = (self.limit.key)(ip);
        // std Mutex: one map lookup, never held across an await.
        let mut barred = self.barred.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        barred.retain(|_, until| *until > now);
        match barred.get(&key) {
            Some(until) => Err(refusal(self.limit.what, *until - now)),
            None => Ok(()),
        }
    }

    /// Counts one wrong try of `ip`; past the budget the address is
    /// barred until its budget is back, and the refusal says how long.
    pub fn strike(&self, ip: IpAddr) -> Result<(), Refusal> {
        let refused = self.limit.check(ip).err();
        let Some(r) = refused else { return Ok(()) };
        let wait = Duration::from_secs(r.retry_after.unwrap_or(1));
        let key = (self.limit.key)(ip);
        let mut barred = self.barred.lock().unwrap_or_else(|p| p.into_inner());
        barred.insert(key, Instant::now() + wait);
        Err(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_out_of_strikes_is_barred_and_others_are_not() {
        let s = Strikes::new(2, "wrong tries");
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        s.barred(a).unwrap();
        s.strike(a).unwrap();
        s.strike(a).unwrap();
        assert!(s.barred(a).is_ok(), "two wrong tries are within the budget");
        assert!(s.strike(a).is_err());
        let r = s.barred(a).unwrap_err();
        assert!(r.retry_after.is_some(), "{r:?}");
        s.barred("192.0.2.2".parse().unwrap()).unwrap();
    }
}
