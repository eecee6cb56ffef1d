//! The load client's sockets: WebSockets spread over loopback source
//! addresses, read and write buffers sized like the servers', bounded
//! waits, and the process's file limit.

use futures_util::StreamExt;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};
use tokio_tungstenite::WebSocketStream;

/// One WebSocket of the load client.
pub type Ws = WebSocketStream<TcpStream>;

/// Longest a connection and its WebSocket handshake may take.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(20);

/// Longest the load client waits for any one message it expects: past it
/// the room is counted as failed rather than waited for forever.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);

/// Source addresses the sockets are spread over: 250 addresses of 28,000
/// ephemeral ports each hold tens of thousands of sockets, and no server's
/// per-address limit sees more than 80 of 20,000 sockets.
const SOURCES: usize = 250;

/// The loopback source address of the `n`th socket, 127.0.x.y.
pub fn source_address(n: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 1 + (n / 20_000) as u8, 1 + (n % SOURCES) as u8)
}

/// The client side's WebSocket settings: the messages it reads are about
/// 1.3 KB, so a 4 KiB read buffer (as the servers have) rather than
/// tungstenite's 128 KiB keeps 20,000 sockets in 100 MiB; writes go out at
/// once.
pub fn config() -> WebSocketConfig {
    WebSocketConfig::default()
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
}

/// A WebSocket to `url` at `server` from the `n`th source address
/// ([`source_address`]), as [`websocket_at`].
pub async fn websocket_from(n: usize, server: SocketAddr, url: &str) -> Result<Ws, String> {
    websocket_at(IpAddr::V4(source_address(n)), server, url).await
}

/// A WebSocket to `url` at `server` from the address `from`, with
/// TCP_NODELAY as a browser has it: waiting on delayed ACKs would measure
/// the client's Nagle, not the server.
pub async fn websocket_at(from: IpAddr, server: SocketAddr, url: &str) -> Result<Ws, String> {
    let from = SocketAddr::new(from, 0);
    let open = async {
        let socket = match from {
            SocketAddr::V4(_) => TcpSocket::new_v4(),
            SocketAddr::V6(_) => TcpSocket::new_v6(),
        }
        .map_err(|e| format!("socket: {e}"))?;
        socket
            .bind(from)
            .map_err(|e| format!("bind {from} (file limit?): {e}"))?;
        let tcp = socket
            .connect(server)
            .await
            .map_err(|e| format!("connect {from} -> {server}: {e}"))?;
        tcp.set_nodelay(true)
            .map_err(|e| format!("TCP_NODELAY: {e}"))?;
        let (ws, _) = tokio_tungstenite::client_async_with_config(url, tcp, Some(config()))
            .await
            .map_err(|e| format!("WebSocket handshake with {url}: {e}"))?;
        Ok(ws)
    };
    tokio::time::timeout(CONNECT_TIMEOUT, open)
        .await
        .map_err(|_| format!("no WebSocket to {url} within {CONNECT_TIMEOUT:?}"))?
}

/// The next text message on `ws`, skipping pings and pongs (tungstenite
/// answers pings itself); an error if the socket closes or stays silent
/// for [`ANSWER_TIMEOUT`].
pub async fn next_text(ws: &mut Ws) -> Result<Utf8Bytes, String> {
    loop {
        let next = tokio::time::timeout(ANSWER_TIMEOUT, ws.next())
            .await
            .map_err(|_| format!("no message within {ANSWER_TIMEOUT:?}"))?;
        match next {
            Some(Ok(Message::Text(text))) => return Ok(text),
            Some(Ok(Message::Close(frame))) => {
                return Err(format!("the server closed the socket: {frame:?}"))
            }
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err(format!("socket error: {e}")),
            None => return Err("the socket closed".into()),
        }
    }
}

/// Raises this process's soft limit of open files to its hard limit
/// (children started afterwards inherit it); returns the limit now in
/// force. 20,000 sockets need 20,000 descriptors in the load client and in
/// the server alike.
pub fn raise_file_limit() -> Result<u64, String> {
    rlimit::increase_nofile_limit(u64::MAX).map_err(|e| format!("raising the file limit: {e}"))
}

/// The leading decimal number of a message (the bare and Colyseus
/// servers' broadcasts start with the action's sequence number).
pub fn leading_number(text: &str) -> Option<u64> {
    let end = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    text[..end].parse().ok()
}
