//! The digest's worker ([`Digest`]): once a minute on every node, each
//! confirmed address whose chosen local minute has passed today, and
//! whose day is not done, gets the day's one e-mail, listing the games
//! over days in play where it is the player's turn. With none, the day
//! is marked done and nothing is sent. Quiet hours hold the e-mail until
//! they end, the same local day. The day is claimed by a conditional
//! update before sending, so that of several nodes only one sends; a
//! failed send releases the claim for a later minute, at most
//! [`MAX_FAILURES`] times a day.

use super::letters::{digest_letter, DigestGame};
use super::Mail;
use crate::ids;
use crate::invite::Language;
use crate::nudges::Alerts;
use crate::store::{EmailRow, Lobby, Store, StoreResult};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, watch};
use tokio::task::JoinHandle;

/// Sends that may fail in a row before the day's e-mail is given up.
pub const MAX_FAILURES: i64 = 3;
/// How often the worker looks.
pub const EVERY: Duration = Duration::from_secs(60);
/// How long an e-mail's unsubscribe link works.
pub const UNSUBSCRIBE_FOR_MS: i64 = 90 * 24 * 3600 * 1000;

/// What one tick did, address by address.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Digests sent.
    pub sent: usize,
    /// Days marked done with no game waiting for the player.
    pub nothing: usize,
    /// Digests held back by quiet hours.
    pub held: usize,
    /// Sends that failed (retried later, up to [`MAX_FAILURES`]).
    pub failed: usize,
}

/// The digest of every confirmed address: the store and the mailer.
#[derive(Clone)]
pub struct Digest {
    store: Store,
    mail: Mail,
}

/// Where the worker reads the time and when it ticks.
#[derive(Clone, Debug, Default)]
pub enum DigestClock {
    /// Every [`EVERY`], at the system's time (production).
    #[default]
    System,
    /// Only when a test says, at the time it gives ([`Ticks`]).
    Driven(Ticks),
}

/// A tick asked for: the time, and where to answer what it did.
type Ask = (i64, oneshot::Sender<Tally>);

/// A test's hold on a worker's ticks: [`Ticks::tick`] makes the worker
/// tick at the time given, and answers what it did.
#[derive(Clone, Debug)]
pub struct Ticks {
    asks: mpsc::Sender<Ask>,
    heard: Arc<Mutex<Option<mpsc::Receiver<Ask>>>>,
}

impl Default for Ticks {
    fn default() -> Self {
        let (asks, heard) = mpsc::channel(1);
        Ticks {
            asks,
            heard: Arc::new(Mutex::new(Some(heard))),
        }
    }
}

impl Ticks {
    /// The clock of a worker these ticks drive.
    pub fn clock(&self) -> DigestClock {
        DigestClock::Driven(self.clone())
    }

    /// Makes the worker tick at `now` (ms since the epoch), and waits for
    /// what it did; `None` if no worker runs.
    pub async fn tick(&self, now: i64) -> Option<Tally> {
        let (tx, rx) = oneshot::channel();
        self.asks.send((now, tx)).await.ok()?;
        rx.await.ok()
    }
}

impl Digest {
    /// The digest over `store`, sent by `mail`.
    pub fn new(store: Store, mail: Mail) -> Digest {
        Digest { store, mail }
    }

    /// Runs the worker until `stopped` turns true: nothing at all if the
    /// server sends no e-mail.
    pub fn spawn(self, clock: DigestClock, mut stopped: watch::Receiver<bool>) -> JoinHandle<()> {
        tokio::spawn(async move {
            if self.mail.mailer().is_none() {
                return;
            }
            let mut driven = match &clock {
                DigestClock::System => None,
                DigestClock::Driven(t) => t.heard.lock().ok().and_then(|mut h| h.take()),
            };
            loop {
                let asked = tokio::select! {
                    asked = async {
                        match driven.as_mut() {
                            Some(rx) => rx.recv().await,
                            None => {
                                tokio::time::sleep(EVERY).await;
                                Some((crate::store::now_ms(), oneshot::channel().0))
                            }
                        }
                    } => asked,
                    _ = stopped.changed() => None,
                };
                let Some((now, answer)) = asked else { return };
                if *stopped.borrow() {
                    return;
                }
                let _ = answer.send(self.tick(now).await);
            }
        })
    }

    /// Looks at every confirmed address at `now` (ms since the epoch) and
    /// sends the digests due. A store failure is logged and the address
    /// tried again next time.
    pub async fn tick(&self, now: i64) -> Tally {
        let mut tally = Tally::default();
        let Some(mailer) = self.mail.mailer() else {
            return tally;
        };
        mailer.prune();
        if let Err(e) = self
            .store
            .prune_unsubscribes(now - UNSUBSCRIBE_FOR_MS)
            .await
        {
            tracing::warn!("digest: cannot prune old unsubscribe links: {e}");
        }
        let rows = match self.store.emails_due().await {
            Ok(rows) => rows,
            Err(e) => {
                tracing::warn!("digest: cannot read the addresses: {e}");
                return tally;
            }
        };
        for (row, alerts) in rows {
            if let Err(e) = self.one(&row, &alerts, now, &mut tally).await {
                tracing::warn!("digest: {e}");
            }
        }
        tally
    }

    /// One address's digest, if due.
    async fn one(
        &self,
        row: &EmailRow,
        alerts: &Alerts,
        now: i64,
        tally: &mut Tally,
    ) -> StoreResult<()> {
        let Some(mailer) = self.mail.mailer() else {
            return Ok(());
        };
        let local = alerts.local(now);
        let today = local.date().to_string();
        let minute = local.hour() as u16 * 60 + local.minute() as u16;
        if row.last_sent_day.as_deref() == Some(today.as_str()) || minute < row.minute {
            return Ok(());
        }
        if alerts.is_quiet(now) {
            tally.held += 1;
            return Ok(());
        }
        let games = self.store.player_games(&row.player).await?;
        let mut waiting: Vec<DigestGame> = (games.into_iter())
            .filter(|g| g.pace == "days" && g.status == "playing")
            .filter(|g| g.to_move == Some(g.seat as i64))
            .map(|g| DigestGame {
                others: (g.seats.iter().enumerate())
                    .filter(|(i, _)| *i != g.seat)
                    .filter_map(|(_, s)| s.name.clone())
                    .collect(),
                code: g.code,
                due_at: g.due_at,
                invited: None,
            })
            .collect();
        // The games of their circles made since yesterday's digest that
        // wait for them in the lobby (docs/circles.md).
        let invitations = self.store.invitations(&row.player).await?;
        let new = invitations
            .into_iter()
            .filter(|i| i.created_at > now - DAY_MS);
        waiting.extend(new.filter_map(|i| {
            Some(DigestGame {
                invited: Some((
                    i.circle_name,
                    Lobby::of(&i.seats)
                        .filter(|l| l.open)?
                        .host
                        .unwrap_or_default(),
                )),
                code: i.code,
                others: Vec::new(),
                due_at: None,
            })
        }));
        if !self.store.claim_digest(&row.player, &today).await? {
            return Ok(());
        }
        if waiting.is_empty() {
            tally.nothing += 1;
            return Ok(());
        }
        let token = ids::new_token();
        (self.store)
            .add_unsubscribe(&row.player, &ids::hash_token(&token), now)
            .await?;
        let lang = Language::from_code(&row.language);
        let letter = digest_letter(lang, mailer.site(), &waiting, row.minute, &token, now);
        match mailer.send(&row.address, letter).await {
            Ok(()) => {
                tally.sent += 1;
                self.store.digest_sent(&row.player).await
            }
            Err(e) => {
                tally.failed += 1;
                let before = row.last_sent_day.as_deref();
                let again = (self.store)
                    .digest_failed(&row.player, &today, before, MAX_FAILURES)
                    .await?;
                let then = if again {
                    "tried again later"
                } else {
                    "given up for today"
                };
                tracing::warn!("digest: an e-mail could not be sent ({then}): {e}");
                Ok(())
            }
        }
    }
}

/// A day, in ms: the invitations a digest lists are a day old at most.
const DAY_MS: i64 = 24 * 3_600_000;
