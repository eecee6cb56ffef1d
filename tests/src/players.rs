//! Players that survive a node's loss: each plays its seat to the end of
//! the game and reconnects to the next node whenever its connection
//! closes, as the web client does, noting when its room accepted an action
//! again ([`Recovery`]). The tests of several nodes (tests/cluster.rs) and
//! `loadgen nodes --failover` both use them.

use crate::Client;
use rand::rngs::StdRng;
use rand::SeedableRng;
use serde_json::json;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// When the first action after a failure was accepted, per room: the
/// first state with an action on a connection opened after it.
#[derive(Clone, Default)]
pub struct Recovery {
    /// When the failure happened (set once).
    pub at: Arc<OnceLock<Instant>>,
    /// Per room, the time from the failure to its next accepted action.
    pub rooms: Arc<Mutex<HashMap<String, Duration>>>,
}

impl Recovery {
    /// A state with an action arrived on a connection opened at `opened`:
    /// it counts if the connection was opened after the failure (states
    /// of actions accepted before it may still be on their way over
    /// connections opened earlier).
    fn saw_action(&self, code: &str, opened: Instant) {
        if let Some(at) = self.at.get().filter(|&&at| at <= opened) {
            let mut rooms = self.rooms.lock().unwrap();
            rooms
                .entry(code.to_string())
                .or_insert_with(|| at.elapsed());
        }
    }
}

/// One player: plays its seat to the end of the game, reconnecting to the
/// next node whenever its connection closes (as the web client does to
/// its one address). Starts on node `k`.
pub async fn player(
    ws: Vec<String>,
    code: String,
    token: String,
    mut k: usize,
    recovery: Recovery,
) -> Result<u32, String> {
    let mut rng = StdRng::from_entropy();
    let give_up = Instant::now() + Duration::from_secs(300);
    let mut reconnects = 0;
    loop {
        if Instant::now() > give_up {
            return Err(format!("room {code}: no end in time"));
        }
        let opened = Instant::now();
        let mut c = match Client::try_join(&ws[k], &code, Some(&token)).await {
            Ok(c) => c,
            Err(_) => {
                k = (k + 1) % ws.len();
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let mut acted_on = 0;
        loop {
            if c.over() {
                return Ok(reconnects);
            }
            if c.version() != acted_on {
                if let Some(action) = c.choose(&mut rng) {
                    let v = c.version();
                    let act = json!({"type": "act", "version": v, "action": action});
                    if !c.send_text(act.to_string()).await {
                        break;
                    }
                    acted_on = v;
                }
            }
            match c.next().await {
                None => break,
                Some(m) if m["type"] == "error" && m["code"] != "stale_version" => acted_on = 0,
                Some(m) if m["type"] == "state" => {
                    if m["events"].as_array().is_some_and(|e| !e.is_empty()) {
                        recovery.saw_action(&code, opened);
                    }
                }
                Some(_) => {}
            }
        }
        reconnects += 1;
        k = (k + 1) % ws.len();
    }
}
