//! Colyseus as a target, through the reference server and client of
//! `crate::colyseus` (tools/loadgen/colyseus/): the same rooms of four sockets,
//! taking turns to send the next sequence number, each broadcast 1,320
//! bytes like the bare server's. Starting the server panics on failure:
//! it runs in a task of its own, bounded in time, so that a failure is an
//! error here, not a crash of the tool.

use super::sockets::{source_address, ANSWER_TIMEOUT};
use super::workload::Table;
use super::Progress;
use crate::colyseus::{ColyseusClient, ColyseusReceiver, ColyseusSender, ColyseusServer};
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

/// Longest the server (or its installation) may take to start.
const START_TIMEOUT: Duration = Duration::from_secs(300);

/// Runs `f` in a task of its own within `limit`: its panic or its delay is
/// an error saying `what`.
async fn bounded<T: Send + 'static>(
    what: &str,
    limit: Duration,
    f: impl Future<Output = T> + Send + 'static,
) -> Result<T, String> {
    match tokio::time::timeout(limit, tokio::spawn(f)).await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(e)) => Err(format!("{what} failed: {e}")),
        Err(_) => Err(format!("{what} took longer than {limit:?}")),
    }
}

/// Starts the Colyseus server, installing its npm packages first if they
/// are not there (tools/loadgen/colyseus/setup.sh).
pub async fn start(progress: &Progress) -> Result<ColyseusServer, String> {
    if !crate::colyseus::installed() {
        progress.say("installing Colyseus (tools/loadgen/colyseus/setup.sh)");
        bounded("installing Colyseus", START_TIMEOUT, async {
            tokio::task::spawn_blocking(crate::colyseus::install)
                .await
                .expect("setup.sh ran")
        })
        .await?;
    }
    bounded(
        "starting the Colyseus server",
        START_TIMEOUT,
        ColyseusServer::start(),
    )
    .await
}

/// One Colyseus room: the four clients' senders and receivers.
pub struct ColyseusTable {
    senders: Vec<ColyseusSender>,
    receivers: Vec<ColyseusReceiver>,
    seq: u64,
}

impl ColyseusTable {
    /// Joins four clients to room number `room` (named `r{room}`), from the
    /// source addresses of the run's sockets `4 * room` to `4 * room + 3`.
    pub async fn open(server: SocketAddr, room: usize) -> Result<ColyseusTable, String> {
        let mut senders = Vec::with_capacity(4);
        let mut receivers = Vec::with_capacity(4);
        for seat in 0..4 {
            let from = IpAddr::V4(source_address(room * 4 + seat));
            let client = ColyseusClient::try_join(server, &format!("r{room}"), from)
                .await
                .map_err(|e| e.to_string())?;
            let (sender, receiver) = client.split();
            senders.push(sender);
            receivers.push(receiver);
        }
        Ok(ColyseusTable {
            senders,
            receivers,
            seq: 0,
        })
    }
}

impl Table for ColyseusTable {
    async fn act(&mut self) -> Result<u64, String> {
        self.seq += 1;
        self.senders[(self.seq % 4) as usize]
            .send_act(self.seq)
            .await;
        Ok(self.seq)
    }

    async fn answered(&mut self, mark: u64) -> Result<(), String> {
        for receiver in &mut self.receivers {
            loop {
                match tokio::time::timeout(ANSWER_TIMEOUT, receiver.next_state()).await {
                    Ok(Some(seq)) if seq >= mark => break,
                    Ok(Some(_)) => continue,
                    Ok(None) => return Err("a Colyseus socket closed".into()),
                    Err(_) => return Err(format!("no Colyseus state within {ANSWER_TIMEOUT:?}")),
                }
            }
        }
        Ok(())
    }

    async fn prepare(&mut self) -> Result<(), String> {
        Ok(())
    }
}
