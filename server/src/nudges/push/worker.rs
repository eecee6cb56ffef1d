//! Each node's push worker: every `--push-check-secs` it reads from the
//! store the games over days in play whose turn is a subscribed player's
//! ([`Store::push_turns`]) and tells each player once per turn, when no
//! page of theirs is open and they are not in quiet hours; and, the same
//! way, the new games of their circles that wait for them in the lobby
//! ([`Store::push_invitations`], once per game).
//!
//! Reading the store rather than hearing from the rooms keeps the rooms
//! free of it (a room never waits on a push), finds the turns of rooms
//! that run on other nodes, were restored at start-up or are asleep, and
//! catches a turn once the player's page closes or their quiet hours end.
//! A turn is claimed in the store before it is sent ([`Store::claim_push`]),
//! so that two nodes, or a restart, never send it twice.

use super::{Outcome, Push, Sender, Subscription};
use crate::rooms::{DaysClock, Seat};
use crate::store::{Lobby, PushInviteRow, PushTurnRow, Store};
use crate::wall::Wall;
use serde::Serialize;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{watch, Semaphore};
use tokio::task::{JoinHandle, JoinSet};

/// The waits before each new try of a push that failed for a passing
/// reason (5xx, 429, timeout): 30 s, 2 min, 10 min; after the last it is
/// given up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetryWaits(pub Vec<Duration>);

impl Default for RetryWaits {
    fn default() -> Self {
        RetryWaits([30, 120, 600].map(Duration::from_secs).to_vec())
    }
}

/// Pushes in flight at once (their retries included): past it the worker
/// waits, the rooms never do.
const IN_FLIGHT: usize = 64;

/// A player's turn to tell, as read from the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The player hash.
    pub player: String,
    /// The room's code.
    pub room: String,
    /// When the turn began (ms): the turn's key.
    pub since: i64,
    /// When its clock runs out (ms).
    pub due_at: i64,
    /// The other players' names.
    pub names: Vec<String>,
}

/// A game of one of a player's circles waiting for them in the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invite {
    /// The player hash.
    pub player: String,
    /// The room's code.
    pub room: String,
    /// When the room was made (ms): the invitation's key.
    pub since: i64,
    /// The circle's name.
    pub circle: String,
    /// Who made the game (the host's name).
    pub by: Option<String>,
}

/// An invitation is pushed for a day after its game was made, at most.
pub const INVITE_FOR_MS: i64 = 24 * 3_600_000;

impl Invite {
    /// The invitation in `row`, unless the player holds a seat there, no
    /// seat is left, or they were told of it already.
    pub fn of(row: &PushInviteRow) -> Option<Invite> {
        let lobby = Lobby::of(&row.seats).filter(|l| l.waits_for(&row.player))?;
        if row.told.is_some_and(|told| told >= row.created_at) {
            return None;
        }
        Some(Invite {
            player: row.player.clone(),
            room: row.room.clone(),
            since: row.created_at,
            circle: row.circle.clone(),
            by: lobby.host,
        })
    }
}

/// What a push tells, encrypted for the browser: no token, no secret, no
/// player hash.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Told {
    Turn(Turn),
    Invite(Invite),
}

/// A push's payload, as JSON.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Payload<'a> {
    Turn {
        room: &'a str,
        names: &'a [String],
        due_at: i64,
        lang: &'a str,
    },
    Invite {
        room: &'a str,
        circle: &'a str,
        by: Option<&'a str>,
        lang: &'a str,
    },
}

impl Told {
    fn player(&self) -> &str {
        match self {
            Told::Turn(t) => &t.player,
            Told::Invite(i) => &i.player,
        }
    }

    fn room(&self) -> &str {
        match self {
            Told::Turn(t) => &t.room,
            Told::Invite(i) => &i.room,
        }
    }

    /// The key it is claimed by in the room (`Store::claim_push`).
    fn since(&self) -> i64 {
        match self {
            Told::Turn(t) => t.since,
            Told::Invite(i) => i.since,
        }
    }

    /// Until when it is worth telling (ms): the push service's TTL.
    fn until(&self) -> i64 {
        match self {
            Told::Turn(t) => t.due_at,
            Told::Invite(i) => i.since + INVITE_FOR_MS,
        }
    }

    fn payload(&self, lang: &str) -> serde_json::Result<Vec<u8>> {
        serde_json::to_vec(&match self {
            Told::Turn(t) => Payload::Turn {
                room: &t.room,
                names: &t.names,
                due_at: t.due_at,
                lang,
            },
            Told::Invite(i) => Payload::Invite {
                room: &i.room,
                circle: &i.circle,
                by: i.by.as_deref(),
                lang,
            },
        })
    }
}

impl Turn {
    /// The turn in `row`, if it is the row's player's turn, its clock
    /// runs at `now` and it was not told yet.
    pub fn of(row: &PushTurnRow, now: i64) -> Option<Turn> {
        let seats: Vec<Seat> = serde_json::from_str(&row.seats).ok()?;
        let seat = usize::try_from(row.to_move).ok()?;
        if seats.get(seat)?.player.as_deref() != Some(row.player.as_str()) || row.due_at <= now {
            return None;
        }
        let clock: DaysClock = serde_json::from_str(row.clock.as_deref()?).ok()?;
        if row.told.is_some_and(|told| told >= clock.since) {
            return None;
        }
        let names = (seats.iter().enumerate())
            .filter(|(i, _)| *i != seat)
            .filter_map(|(_, s)| s.name.clone())
            .collect();
        Some(Turn {
            player: row.player.clone(),
            room: row.room.clone(),
            since: clock.since,
            due_at: row.due_at,
            names,
        })
    }
}

/// Starts this node's push worker, if push is on; it stops when
/// `stopped` turns true (pushes under way or waiting to be tried again
/// are dropped then).
pub fn spawn_worker(
    push: Push,
    store: Store,
    wall: Wall,
    mut stopped: watch::Receiver<bool>,
) -> Option<JoinHandle<()>> {
    let sender = push.on()?.clone();
    let every = Duration::from_secs(sender.opts().push_check_secs.max(1));
    Some(tokio::spawn(async move {
        let slots = Arc::new(Semaphore::new(IN_FLIGHT));
        let mut sends = JoinSet::new();
        loop {
            tokio::select! {
                _ = tokio::time::sleep(every) => {}
                _ = stopped.changed() => {}
            }
            if *stopped.borrow() {
                sends.abort_all();
                return;
            }
            while sends.try_join_next().is_some() {}
            if let Err(e) = look(&sender, &store, wall, &slots, &mut sends).await {
                tracing::warn!("push: cannot read the turns to tell: {e}");
            }
            sender.metrics().push_checks.fetch_add(1, Relaxed);
        }
    }))
}

/// One look: claims and sends every turn to tell now.
async fn look(
    sender: &Arc<Sender>,
    store: &Store,
    wall: Wall,
    slots: &Arc<Semaphore>,
    sends: &mut JoinSet<()>,
) -> Result<(), crate::store::StoreError> {
    let now = wall.now_ms();
    let page_open = i64::try_from(sender.opts().push_page_open_secs).unwrap_or(0) * 1000;
    let turns = store.push_turns(now - page_open).await?;
    let invites = (store.push_invitations(now - page_open, now - INVITE_FOR_MS)).await?;
    let told = (turns
        .iter()
        .filter_map(|r| Turn::of(r, now))
        .map(Told::Turn))
    .chain(invites.iter().filter_map(Invite::of).map(Told::Invite));
    for told in told {
        if store.alerts(told.player()).await?.is_quiet(now) {
            continue;
        }
        if !store
            .claim_push(told.player(), told.room(), told.since(), now)
            .await?
        {
            continue;
        }
        for sub in store.push_subscriptions(told.player()).await? {
            let Ok(slot) = slots.clone().acquire_owned().await else {
                return Ok(());
            };
            let (sender, store, told) = (sender.clone(), store.clone(), told.clone());
            sends.spawn(async move {
                deliver(&sender, &store, &sub, &told, now).await;
                drop(slot);
            });
        }
    }
    store
        .forget_pushes_before(now - 30 * 24 * 3_600_000)
        .await?;
    Ok(())
}

/// Sends one turn (or invitation) to one subscription, trying again after
/// each wait of [`RetryWaits`] while the failure may pass; records what
/// came of it.
async fn deliver(sender: &Sender, store: &Store, sub: &Subscription, told: &Told, now: i64) {
    let Ok(payload) = told.payload(&sub.lang) else {
        return;
    };
    let ttl = Duration::from_millis(u64::try_from(told.until() - now).unwrap_or(0));
    let metrics = sender.metrics();
    let mut waits = sender.opts().push_retry_waits.0.iter();
    let outcome = loop {
        let outcome = sender.send(sub, &payload, ttl, told.room()).await;
        let Some(wait) = waits.next().filter(|_| outcome == Outcome::Retry) else {
            break outcome;
        };
        tokio::time::sleep(*wait).await;
        // Turned off (or the player forgotten) meanwhile: that holds at once.
        if !still_subscribed(store, told.player(), &sub.endpoint).await {
            return;
        }
    };
    let kept = match outcome {
        Outcome::Sent => {
            metrics.pushes_sent.fetch_add(1, Relaxed);
            store.push_delivered(&sub.endpoint).await
        }
        Outcome::Gone => {
            metrics.push_subscriptions_dropped.fetch_add(1, Relaxed);
            store.drop_push(&sub.endpoint).await
        }
        Outcome::Retry | Outcome::Refused => {
            metrics.pushes_failed.fetch_add(1, Relaxed);
            tracing::info!(room = %told.room(), "push: given up ({outcome:?})");
            store.push_failed(&sub.endpoint).await
        }
    };
    if let Err(e) = kept {
        tracing::warn!("push: cannot record a push's outcome: {e}");
    }
}

/// Whether the player still holds the subscription at `endpoint` (a
/// store that cannot say is taken for yes: the next try says more).
async fn still_subscribed(store: &Store, player: &str, endpoint: &str) -> bool {
    match store.push_subscriptions(player).await {
        Ok(subs) => subs.iter().any(|s| s.endpoint == endpoint),
        Err(_) => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(to_move: i64, due_at: i64, told: Option<i64>) -> PushTurnRow {
        let seats = serde_json::json!([
            {"name": "Asha", "token_hash": "a", "player": "hash-asha", "host": true},
            {"name": "Ravi", "token_hash": "r", "player": "hash-ravi", "host": false},
            {"bot": "easy", "host": false},
        ]);
        PushTurnRow {
            player: "hash-ravi".into(),
            room: "ABC1234".into(),
            seats: seats.to_string(),
            to_move,
            due_at,
            clock: Some(serde_json::to_string(&DaysClock::new(3, 1, 1_000)).unwrap()),
            told,
        }
    }

    #[test]
    fn a_turn_is_told_only_when_it_is_the_players_own_running_and_new() {
        let turn = Turn::of(&row(1, 50_000, None), 2_000).expect("Ravi's turn");
        assert_eq!(turn.since, 1_000, "the turn is known by its start");
        assert_eq!(
            turn.names,
            ["Asha"],
            "the others' names; the computer has none"
        );
        assert_eq!(Turn::of(&row(1, 50_000, Some(500)), 2_000), Some(turn));
        assert_eq!(Turn::of(&row(0, 50_000, None), 2_000), None, "Asha's turn");
        assert_eq!(Turn::of(&row(1, 1_500, None), 2_000), None, "clock run out");
        assert_eq!(Turn::of(&row(1, 50_000, Some(1_000)), 2_000), None, "told");
        let mut no_clock = row(1, 50_000, None);
        no_clock.clock = None;
        assert_eq!(Turn::of(&no_clock, 2_000), None);
    }

    #[test]
    fn an_invitation_is_told_once_and_not_to_a_player_seated_already() {
        let seats = serde_json::json!([
            {"name": "Asha", "token_hash": "a", "player": "hash-asha", "host": true},
            {"name": "Ravi", "token_hash": "r", "player": "hash-ravi", "host": false},
            {"host": false},
        ]);
        let invite = |player: &str, told| PushInviteRow {
            player: player.into(),
            room: "ABC1234".into(),
            seats: seats.to_string(),
            created_at: 1_000,
            circle: "Rao family".into(),
            told,
        };
        let told = Invite::of(&invite("hash-meena", None)).expect("Meena is invited");
        assert_eq!((told.by.as_deref(), told.since), (Some("Asha"), 1_000));
        assert_eq!(Invite::of(&invite("hash-meena", Some(1_000))), None, "told");
        assert_eq!(Invite::of(&invite("hash-ravi", None)), None, "seated");
        let mut full = invite("hash-meena", None);
        full.seats = row(0, 0, None).seats;
        assert_eq!(Invite::of(&full), None, "no seat left for her");
        let payload = Told::Invite(told).payload("kn").unwrap();
        let payload: serde_json::Value = serde_json::from_slice(&payload).unwrap();
        assert_eq!(
            payload,
            serde_json::json!({"type": "invite", "room": "ABC1234", "circle": "Rao family",
                "by": "Asha", "lang": "kn"})
        );
    }
}
