//! The services some tests need beside the server (PostgreSQL, NATS),
//! found through TEST_DATABASE_URL and TEST_NATS_URL.
//!
//! Those tests are `#[ignore = "needs ..."]`, so a plain `cargo test` on a
//! machine with nothing lists them as ignored rather than passing them
//! unrun; `.ci/run` asks for them with `--ignored`. Once asked for, a
//! missing variable or a service that does not answer fails the test with
//! a message saying what to set or start.

use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

/// How long a service may take to accept a connection before the test
/// calls it unreachable.
const DIAL: Duration = Duration::from_secs(5);

/// TEST_DATABASE_URL, checked to answer on its host and port. Panics,
/// saying what is missing, when it is unset or nothing listens there.
pub fn database_url() -> String {
    service(
        "TEST_DATABASE_URL",
        "PostgreSQL",
        "postgres://postgres@127.0.0.1:5432/test",
        5432,
    )
}

/// TEST_NATS_URL, checked to answer on its host and port. Panics, saying
/// what is missing, when it is unset or nothing listens there.
pub fn nats_url() -> String {
    service("TEST_NATS_URL", "NATS", "nats://127.0.0.1:4222", 4222)
}

/// The URL in `var`, once a TCP connection to it succeeds.
fn service(var: &str, what: &str, example: &str, default_port: u16) -> String {
    let Ok(url) = std::env::var(var) else {
        panic!("{var} is not set: this test needs {what} (e.g. {var}={example})");
    };
    let (host, port) = host_port(&url, default_port);
    let answers = (host.as_str(), port)
        .to_socket_addrs()
        .map(|mut addrs| addrs.any(|a| TcpStream::connect_timeout(&a, DIAL).is_ok()))
        .unwrap_or(false);
    assert!(
        answers,
        "{what} is unreachable at {host}:{port} ({var}={url}): start it, or leave the ignored tests out"
    );
    url
}

/// The host and port of `scheme://user:password@host:port/path?query`,
/// with `default_port` where the URL names none.
fn host_port(url: &str, default_port: u16) -> (String, u16) {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let authority = rest.split(['/', '?']).next().unwrap_or(rest);
    let at_host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    // A bracketed IPv6 address keeps its colons inside the brackets.
    match at_host.rsplit_once(':') {
        Some((host, port)) if !port.contains(']') => (
            host.trim_matches(['[', ']']).to_string(),
            port.parse().unwrap_or(default_port),
        ),
        _ => (at_host.trim_matches(['[', ']']).to_string(), default_port),
    }
}

#[cfg(test)]
mod tests {
    use super::host_port;

    #[test]
    fn host_and_port_come_from_any_url_shape() {
        for (url, want) in [
            (
                "postgres://postgres@127.0.0.1:5432/test",
                ("127.0.0.1", 5432),
            ),
            ("postgres://u:p@db/test?sslmode=off", ("db", 5432)),
            ("nats://127.0.0.1:4222", ("127.0.0.1", 4222)),
            ("postgres://[::1]:6543/t", ("::1", 6543)),
            ("postgres://[::1]/t", ("::1", 5432)),
        ] {
            let (host, port) = host_port(url, 5432);
            assert_eq!((host.as_str(), port), want, "{url}");
        }
    }
}
