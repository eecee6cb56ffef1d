//! The bare fan-out server, the reference chowka is measured against: the
//! same sockets and the same message sizes, and no game work at all.
//! `GET /ROOM` upgrades to a WebSocket in room ROOM; every text message
//! (an action's sequence number) is answered by one broadcast to each
//! socket of the room of [`MESSAGE_BYTES`] bytes starting with that number.
//! Like chowka it sets TCP_NODELAY and reads with a 4 KiB buffer.

use super::sockets::{self, next_text, websocket_from, Ws};
use super::workload::Table;
use futures_util::{SinkExt, StreamExt};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::broadcast;
use tokio_tungstenite::tungstenite::handshake::server::{Request, Response};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};

/// Size of each broadcast: that of chowka's `state` in a 4-player game.
pub const MESSAGE_BYTES: usize = 1320;

/// Broadcasts a room's channel holds for a slow socket before it skips.
const ROOM_BACKLOG: usize = 64;

/// The rooms: each room's broadcast channel by its path.
type Rooms = Arc<Mutex<HashMap<String, broadcast::Sender<Utf8Bytes>>>>;

/// The server's WebSocket settings, chowka's (server/src/ws/mod.rs): a 4 KiB
/// read buffer, each write flushed at once, small frames only.
fn config() -> WebSocketConfig {
    WebSocketConfig::default()
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_message_size(Some(64 * 1024))
        .max_frame_size(Some(64 * 1024))
}

/// Serves until the process is killed; says `listening on http://ADDR` on
/// standard error first, as chowka does.
pub async fn serve(listener: TcpListener) -> std::io::Result<()> {
    eprintln!("listening on http://{}", listener.local_addr()?);
    let rooms = Rooms::default();
    loop {
        match listener.accept().await {
            Ok((tcp, _)) => {
                tokio::spawn(connection(tcp, rooms.clone()));
            }
            // Out of file descriptors, most likely: wait for some to close.
            Err(e) => {
                eprintln!("accept: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

/// One socket: joins the room of its path, broadcasts a message for each
/// sequence number it sends, and writes the room's broadcasts.
async fn connection(tcp: TcpStream, rooms: Rooms) {
    let _ = tcp.set_nodelay(true);
    let mut path = String::new();
    // The signature is tungstenite's handshake callback's; it never fails.
    #[allow(clippy::result_large_err)]
    let record_path = |req: &Request, res: Response| {
        path = req.uri().path().to_string();
        Ok(res)
    };
    let Ok(mut ws) =
        tokio_tungstenite::accept_hdr_async_with_config(tcp, record_path, Some(config())).await
    else {
        return;
    };
    let (room, mut broadcasts) = {
        let mut rooms = rooms.lock().expect("rooms lock");
        let room = rooms
            .entry(path.clone())
            .or_insert_with(|| broadcast::channel(ROOM_BACKLOG).0)
            .clone();
        let subscribed = room.subscribe();
        (room, subscribed)
    };
    loop {
        tokio::select! {
            incoming = ws.next() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    if let Some(seq) = sockets::leading_number(&text) {
                        let _ = room.send(fan_out_message(seq));
                    }
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
            outgoing = broadcasts.recv() => match outgoing {
                Ok(message) => {
                    if ws.send(Message::Text(message)).await.is_err() {
                        break;
                    }
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(broadcast::error::RecvError::Closed) => break,
            },
        }
    }
    drop(broadcasts);
    // The last socket out removes its room (std Mutex: no await inside).
    let mut rooms = rooms.lock().expect("rooms lock");
    let ours = rooms.get(&path).is_some_and(|r| r.same_channel(&room));
    if ours && room.receiver_count() == 0 {
        rooms.remove(&path);
    }
}

/// The broadcast for action `seq`: the number, padded with spaces to
/// [`MESSAGE_BYTES`] bytes. Built once and shared by every socket.
pub fn fan_out_message(seq: u64) -> Utf8Bytes {
    format!("{seq:<MESSAGE_BYTES$}").into()
}

/// One room of the bare server: its four sockets take turns sending the
/// next sequence number.
pub struct BareTable {
    sockets: Vec<Ws>,
    seq: u64,
}

impl BareTable {
    /// Opens the four sockets of room `room`, the `4 * room`th to
    /// `4 * room + 3`rd of the run (for their source addresses).
    pub async fn open(server: SocketAddr, room: usize) -> Result<BareTable, String> {
        let url = format!("ws://{server}/r{room}");
        let mut sockets = Vec::with_capacity(4);
        for seat in 0..4 {
            sockets.push(websocket_from(room * 4 + seat, server, &url).await?);
        }
        Ok(BareTable { sockets, seq: 0 })
    }
}

impl Table for BareTable {
    async fn act(&mut self) -> Result<u64, String> {
        self.seq += 1;
        let sender = &mut self.sockets[(self.seq % 4) as usize];
        sender
            .send(Message::Text(self.seq.to_string().into()))
            .await
            .map_err(|e| format!("send: {e}"))?;
        Ok(self.seq)
    }

    async fn answered(&mut self, mark: u64) -> Result<(), String> {
        for ws in &mut self.sockets {
            loop {
                let text = next_text(ws).await?;
                if sockets::leading_number(&text).is_some_and(|seq| seq >= mark) {
                    break;
                }
            }
        }
        Ok(())
    }

    async fn prepare(&mut self) -> Result<(), String> {
        Ok(())
    }
}
