//! A small SMTP server for tests ([`SmtpSink`]): it takes every e-mail
//! (EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) on a local port and hands
//! each to the test, decoded enough to read: its recipients, subject and
//! text part.

use base64::Engine;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::mpsc;

/// One e-mail as the sink got it.
#[derive(Clone, Debug)]
pub struct Mail {
    /// `RCPT TO` addresses.
    pub to: Vec<String>,
    /// The whole message, as sent (headers and encoded parts).
    pub raw: String,
}

/// A local SMTP server that keeps what it is sent.
pub struct SmtpSink {
    /// `smtp://127.0.0.1:PORT`.
    pub url: String,
    got: mpsc::UnboundedReceiver<Mail>,
    refuse: Arc<AtomicBool>,
}

impl SmtpSink {
    /// Listens on a free local port.
    pub async fn start() -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let url = format!("smtp://{}", listener.local_addr().expect("addr"));
        let (tx, got) = mpsc::unbounded_channel();
        let refuse = Arc::new(AtomicBool::new(false));
        let refusing = refuse.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                tokio::spawn(session(socket, tx.clone(), refusing.clone()));
            }
        });
        SmtpSink { url, got, refuse }
    }

    /// From now on every message is refused at DATA (554), or taken again.
    pub fn refuse(&self, refuse: bool) {
        self.refuse.store(refuse, Ordering::SeqCst);
    }

    /// The next e-mail, waiting for it (at most [`crate::WAIT`]).
    pub async fn next(&mut self) -> Mail {
        tokio::time::timeout(crate::WAIT, self.got.recv())
            .await
            .expect("an e-mail arrives in time")
            .expect("the sink runs")
    }

    /// The e-mails taken so far and not yet read.
    pub fn taken(&mut self) -> Vec<Mail> {
        let mut all = Vec::new();
        while let Ok(m) = self.got.try_recv() {
            all.push(m);
        }
        all
    }
}

async fn session(
    socket: tokio::net::TcpStream,
    tx: mpsc::UnboundedSender<Mail>,
    refuse: Arc<AtomicBool>,
) {
    let (read, mut write) = socket.into_split();
    let mut lines = BufReader::new(read);
    let _ = write.write_all(b"220 sink ESMTP\r\n").await;
    let mut to = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        if lines.read_line(&mut line).await.unwrap_or(0) == 0 {
            return;
        }
        let verb = line.get(..4).unwrap_or("").to_ascii_uppercase();
        let reply: &[u8] = match verb.as_str() {
            "EHLO" => b"250-sink\r\n250 8BITMIME\r\n",
            "HELO" | "MAIL" | "RSET" | "NOOP" => {
                if verb == "RSET" {
                    to.clear();
                }
                b"250 OK\r\n"
            }
            "RCPT" => {
                let addr = line.split(['<', '>']).nth(1).unwrap_or("").to_string();
                to.push(addr);
                b"250 OK\r\n"
            }
            "DATA" => {
                let _ = write.write_all(b"354 go on\r\n").await;
                let mut raw = String::new();
                loop {
                    line.clear();
                    if lines.read_line(&mut line).await.unwrap_or(0) == 0 {
                        return;
                    }
                    if line == ".\r\n" || line == ".\n" {
                        break;
                    }
                    // Dot-stuffing undone.
                    raw.push_str(line.strip_prefix('.').unwrap_or(&line));
                }
                if refuse.load(Ordering::SeqCst) {
                    b"554 refused\r\n"
                } else {
                    let _ = tx.send(Mail {
                        to: std::mem::take(&mut to),
                        raw,
                    });
                    b"250 queued\r\n"
                }
            }
            "QUIT" => {
                let _ = write.write_all(b"221 bye\r\n").await;
                return;
            }
            _ => b"502 unknown\r\n",
        };
        if write.write_all(reply).await.is_err() {
            return;
        }
    }
}

impl Mail {
    /// A header's value, unfolded, with RFC 2047 words decoded.
    pub fn header(&self, name: &str) -> Option<String> {
        let head = self.raw.split("\r\n\r\n").next()?;
        let unfolded = head.replace("\r\n ", " ").replace("\r\n\t", " ");
        let prefix = format!("{}:", name.to_ascii_lowercase());
        let line = unfolded
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with(&prefix))?;
        Some(decode_words(line[prefix.len()..].trim()))
    }

    /// The decoded text of the first part of this content type.
    pub fn part(&self, content_type: &str) -> Option<String> {
        let at = self.raw.find(&format!("Content-Type: {content_type}"))?;
        let rest = &self.raw[at..];
        let (head, body) = rest.split_once("\r\n\r\n")?;
        let body = body.split("\r\n--").next().unwrap_or(body);
        let head = head.to_ascii_lowercase();
        if head.contains("transfer-encoding: base64") {
            let clean: String = body.split_whitespace().collect();
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(clean)
                .ok()?;
            String::from_utf8(bytes).ok()
        } else if head.contains("transfer-encoding: quoted-printable") {
            Some(quoted_printable(body))
        } else {
            Some(body.to_string())
        }
    }

    /// The text part.
    pub fn text(&self) -> String {
        self.part("text/plain").expect("a text part")
    }
}

fn quoted_printable(body: &str) -> String {
    let joined = body.replace("=\r\n", "");
    let mut out = Vec::new();
    let bytes = joined.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'=' && i + 2 < bytes.len() + 1 {
            if let Ok(b) = u8::from_str_radix(joined.get(i + 1..i + 3).unwrap_or(""), 16) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `=?utf-8?b?…?=` and `=?utf-8?q?…?=` words decoded; the space between
/// two encoded words is dropped, as RFC 2047 says.
fn decode_words(value: &str) -> String {
    let mut out = String::new();
    let mut last_encoded = false;
    for (i, word) in value.split(' ').enumerate() {
        let lower = word.to_ascii_lowercase();
        let decoded = if lower.starts_with("=?utf-8?b?") && word.ends_with("?=") {
            base64::engine::general_purpose::STANDARD
                .decode(&word[10..word.len() - 2])
                .ok()
                .and_then(|b| String::from_utf8(b).ok())
        } else if lower.starts_with("=?utf-8?q?") && word.ends_with("?=") {
            Some(quoted_printable(
                &word[10..word.len() - 2].replace('_', " "),
            ))
        } else {
            None
        };
        if i > 0 && !(last_encoded && decoded.is_some()) {
            out.push(' ');
        }
        last_encoded = decoded.is_some();
        out.push_str(decoded.as_deref().unwrap_or(word));
    }
    out
}
