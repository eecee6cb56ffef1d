//! Options of `chowka serve`, and starting the server.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

/// Options of the game server: one group per subsystem, each a heading of
/// `chowka serve --help`. Each option can also be set by the environment
/// variable named there.
#[derive(clap::Args, Debug, Clone)]
pub struct ServeOpts {
    /// The HTTP edge's.
    #[command(flatten)]
    pub http: HttpOpts,
    /// The WebSockets'.
    #[command(flatten)]
    pub sockets: SocketOpts,
    /// The rate limits'.
    #[command(flatten)]
    pub limits: LimitOpts,
    /// The rooms'.
    #[command(flatten)]
    pub rooms: RoomOpts,
    /// The database's.
    #[command(flatten)]
    pub store: StoreOpts,
    /// Several nodes'.
    #[command(flatten)]
    pub cluster: ClusterOpts,
    /// The e-mail digest's.
    #[command(flatten)]
    pub mail: MailOpts,
    /// Web Push's.
    #[command(flatten)]
    pub push: PushOpts,
    /// Log filter, e.g. info or chowka_server=debug,info.
    #[arg(
        long,
        env = "CHOWKA_LOG",
        default_value = "info",
        help_heading = "Logging"
    )]
    pub log: String,
}

/// The HTTP edge: where the server listens, its connection caps and
/// timeouts, where clients come from, how long shutdown may take (`http`).
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "HTTP")]
pub struct HttpOpts {
    /// Address and port to listen on (port 0 picks a free port).
    #[arg(long, env = "CHOWKA_BIND", default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,
    /// Most TCP connections at once, WebSockets included; past it a new
    /// connection is closed at once, unread. Keep `ulimit -n` above it.
    #[arg(long, env = "CHOWKA_MAX_HTTP_CONNECTIONS", default_value_t = 12_000)]
    pub max_http_connections: usize,
    /// Most TCP connections at once from one address (an IPv6 /64 counts as
    /// one), WebSockets included; 0 for no limit. Not applied with
    /// --trust-forwarded-for, where every connection comes from the proxy.
    #[arg(
        long,
        env = "CHOWKA_MAX_CONNECTIONS_PER_ADDRESS",
        default_value_t = 256
    )]
    pub max_connections_per_address: usize,
    /// Seconds a client has to send a request's headers (also how long an
    /// idle keep-alive connection stays open); at least 1.
    #[arg(long, env = "CHOWKA_HEADER_TIMEOUT_SECS", default_value_t = 10)]
    pub header_timeout_secs: u64,
    /// Take the client address from X-Forwarded-For (only behind a trusted reverse proxy).
    #[arg(long, env = "CHOWKA_TRUST_FORWARDED_FOR")]
    pub trust_forwarded_for: bool,
    /// Seconds shutdown may take: for requests in hand, rooms' writes and
    /// WebSocket closes; connections still open then are dropped.
    #[arg(long, env = "CHOWKA_SHUTDOWN_SECS", default_value_t = 10)]
    pub shutdown_secs: u64,
    /// The site's public address (e.g. https://play.example.org), for the
    /// absolute links in a room link's preview (its picture). Without it
    /// they are made of the request's Host header, over https when a
    /// trusted proxy's X-Forwarded-Proto says so.
    #[arg(long, env = "CHOWKA_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Serve HTTPS (HTTP/2 and HTTP/1.1) with this PEM certificate chain,
    /// e.g. certbot's fullchain.pem; needs --tls-key. Read again when the
    /// file changes (a renewal), looked at once a minute.
    #[arg(long, env = "CHOWKA_TLS_CERT")]
    pub tls_cert: Option<PathBuf>,
    /// The PEM private key of --tls-cert (PKCS#8, RSA or EC), e.g.
    /// certbot's privkey.pem.
    #[arg(long, env = "CHOWKA_TLS_KEY")]
    pub tls_key: Option<PathBuf>,
}

/// WebSocket connections: how many, from where, how often they may
/// speak and are pinged (`ws`).
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "WebSockets")]
pub struct SocketOpts {
    /// Most WebSocket connections at once; more are refused (503).
    #[arg(long, env = "CHOWKA_MAX_CONNECTIONS", default_value_t = 10_000)]
    pub max_connections: usize,
    /// WebSocket connections one address may hold at once (a household
    /// or a school behind one address needs a few dozen).
    #[arg(long, env = "CHOWKA_WS_PER_ADDRESS", default_value_t = 64)]
    pub ws_per_address: usize,
    /// Messages one WebSocket connection may send per second (bursts of twice that).
    #[arg(long, env = "CHOWKA_MESSAGES_PER_SECOND", default_value_t = 20)]
    pub messages_per_second: u32,
    /// Seconds between the server's pings on a quiet WebSocket; one that
    /// sends nothing (not even a pong) for twice this is closed, and its
    /// seat shows as away (docs/protocol.md, "Keep-alive").
    #[arg(long, env = "CHOWKA_PING_SECS", default_value_t = 3)]
    pub ping_secs: u64,
    /// Web origins (e.g. https://play.example.org) allowed to open
    /// WebSockets besides the server's own; comma-separated.
    #[arg(long, env = "CHOWKA_ALLOWED_ORIGINS", value_delimiter = ',')]
    pub allowed_origins: Vec<String>,
}

/// Rate limits per address, per block and for the whole server (`limits`).
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Rate limits")]
pub struct LimitOpts {
    /// Rooms one address may create per minute.
    #[arg(long, env = "CHOWKA_ROOMS_PER_MINUTE", default_value_t = 10)]
    pub rooms_per_minute: u32,
    /// Rooms one address block (IPv4 /24, IPv6 /64) may create per minute.
    #[arg(long, env = "CHOWKA_ROOMS_PER_MINUTE_PER_BLOCK", default_value_t = 30)]
    pub rooms_per_minute_per_block: u32,
    /// Rooms the whole server may create per minute, from everyone.
    #[arg(long, env = "CHOWKA_ROOMS_PER_MINUTE_TOTAL", default_value_t = 300)]
    pub rooms_per_minute_total: u32,
    /// Seats one address (IPv6: its /64) may take per minute.
    #[arg(long, env = "CHOWKA_SEATS_PER_MINUTE", default_value_t = 10)]
    pub seats_per_minute: u32,
    /// Room and game lookups by code (HTTP and WebSocket hello) one address
    /// (IPv6: its /64) may make per minute.
    #[arg(long, env = "CHOWKA_LOOKUPS_PER_MINUTE", default_value_t = 300)]
    pub lookups_per_minute: u32,
    /// Circles one address (IPv6: its /64) may join by their invite links
    /// per minute.
    #[arg(long, env = "CHOWKA_CIRCLE_JOINS_PER_MINUTE", default_value_t = 10)]
    pub circle_joins_per_minute: u32,
    /// Players (identities) one address (IPv6: its /64) may make per minute.
    #[arg(long, env = "CHOWKA_PLAYERS_PER_MINUTE", default_value_t = 20)]
    pub players_per_minute: u32,
    /// Wrong or forgotten player secrets one address (IPv6: its /64) may
    /// send per minute; past it even a right one is refused for a while,
    /// so that secrets cannot be guessed.
    #[arg(long, env = "CHOWKA_WRONG_PLAYERS_PER_MINUTE", default_value_t = 30)]
    pub wrong_players_per_minute: u32,
}

/// Rooms: how many run, how long they wait, how fast computers play
/// (`rooms`).
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Rooms")]
pub struct RoomOpts {
    /// Most rooms running at once; creating more is refused (503).
    #[arg(long, env = "CHOWKA_MAX_ROOMS", default_value_t = 10_000)]
    pub max_rooms: usize,
    /// Seconds a room with nobody connected stays open (it reopens from the store on demand).
    #[arg(long, env = "CHOWKA_IDLE_ROOM_SECS", default_value_t = 1800)]
    pub idle_room_secs: u64,
    /// Milliseconds a computer player waits before each action, so people can follow.
    #[arg(long, env = "CHOWKA_BOT_DELAY_MS", default_value_t = 600)]
    pub bot_delay_ms: u64,
    /// Seconds a lobby nobody touched is kept: older ones are given up at start-up.
    #[arg(long, env = "CHOWKA_LOBBY_EXPIRY_SECS", default_value_t = 86_400)]
    pub lobby_expiry_secs: u64,
    /// Seconds between two looks of this node's sweeper for games over
    /// days whose turn clock has run out (it wakes each such room).
    #[arg(long, env = "CHOWKA_DUE_SWEEP_SECS", default_value_t = 5)]
    pub due_sweep_secs: u64,
    /// Where the rooms read the time of day: the system's clock, or in
    /// tests tokio's paused clock (`wall.rs`).
    #[arg(skip)]
    pub wall: crate::wall::Wall,
}

/// Where games are kept (`store`).
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Database")]
pub struct StoreOpts {
    /// Folder for the SQLite database (created if missing); unused with PostgreSQL.
    #[arg(long, env = "CHOWKA_DATA_DIR", default_value = "data")]
    pub data_dir: PathBuf,
    /// Database URL: postgres://user:pass@host/db for PostgreSQL, or
    /// sqlite://FILE; default: SQLite in the data folder.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,
    /// Most database connections in the pool.
    #[arg(long, env = "CHOWKA_DB_CONNECTIONS", default_value_t = 8)]
    pub db_connections: u32,
}

/// Several nodes sharing one database (`cluster`).
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Several nodes")]
pub struct ClusterOpts {
    /// NATS server URL (nats://host:4222): run as one of several nodes
    /// sharing one PostgreSQL database (docs/operations.md, "Several nodes").
    #[arg(long, env = "NATS_URL")]
    pub nats_url: Option<String>,
    /// This node's name among the nodes; default: "local" alone, the host
    /// name and a random suffix with --nats-url.
    #[arg(long, env = "CHOWKA_NODE")]
    pub node: Option<String>,
    /// The cluster's name, which starts every NATS subject its nodes use:
    /// deployments sharing one NATS server need names of their own.
    #[arg(
        long = "cluster",
        value_name = "CLUSTER",
        env = "CHOWKA_CLUSTER",
        default_value = "chowka"
    )]
    pub name: String,
    /// Seconds a node's hold on a room lasts unless renewed: how soon
    /// another node takes a dead node's rooms over.
    #[arg(long, env = "CHOWKA_LEASE_SECS", default_value_t = 5)]
    pub lease_secs: u64,
}

/// The daily e-mail digest (`nudges::mail`, docs/operations.md "E-mail
/// digest"): off unless `--smtp-url` is given.
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "E-mail")]
pub struct MailOpts {
    /// The SMTP server the digest goes through, e.g.
    /// smtps://user:pass@smtp.example.org or smtp://localhost:25 (add
    /// ?tls=required to demand STARTTLS). Needs --mail-from and --public-url.
    #[arg(long, env = "CHOWKA_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// The sender of the e-mails, e.g. "Chowka <games@example.org>".
    #[arg(long, env = "CHOWKA_MAIL_FROM")]
    pub mail_from: Option<String>,
    /// When the digest's worker ticks: every minute by the system's
    /// clock, or in tests when told (`nudges::mail::Ticks`).
    #[arg(skip)]
    pub clock: crate::nudges::mail::DigestClock,
}

/// Web Push: telling players on their devices that it is their turn in
/// a game over days (`push`, docs/operations.md "Telling players it is
/// their turn"). Off unless `--push`.
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Push")]
pub struct PushOpts {
    /// Let players turn on notifications of their turn in games over
    /// days, sent through their browser maker's push service (needs
    /// --push-contact and the site on https).
    #[arg(long, env = "CHOWKA_PUSH")]
    pub push: bool,
    /// The operator's address push services may write to about this
    /// server's pushes (the VAPID "sub"): mailto:admin@example.org or an
    /// https: page.
    #[arg(long, env = "CHOWKA_PUSH_CONTACT")]
    pub push_contact: Option<String>,
    /// Seconds between two looks of this node for turns to tell.
    #[arg(long, env = "CHOWKA_PUSH_CHECK_SECS", default_value_t = 30)]
    pub push_check_secs: u64,
    /// Seconds since a player's last request during which a page of
    /// theirs counts as open (the page asks every 20 s, 60 s hidden),
    /// and no push is sent.
    #[arg(long, env = "CHOWKA_PUSH_PAGE_OPEN_SECS", default_value_t = 150)]
    pub push_page_open_secs: u64,
    /// The push services a subscription may name (host names; their
    /// subdomains too): the browsers' own. A subscription elsewhere is
    /// refused, so that no player can make the server post to an
    /// address of their choosing. This machine (loopback) is always
    /// allowed, for a local push service.
    #[arg(
        long,
        env = "CHOWKA_PUSH_SERVICES",
        value_delimiter = ',',
        default_value = "fcm.googleapis.com,updates.push.services.mozilla.com,push.apple.com,notify.windows.com"
    )]
    pub push_services: Vec<String>,
    /// The waits before each new try of a push that failed for a passing
    /// reason; shorter in tests.
    #[arg(skip)]
    pub push_retry_waits: crate::nudges::push::RetryWaits,
}

impl PushOpts {
    /// Refuses `--push` without a contact push services would take.
    pub fn check(&self) -> Result<(), crate::StartError> {
        let contact = self.push_contact.as_deref().unwrap_or("");
        let usable = (contact.starts_with("mailto:") && contact.len() > 7 && contact.contains('@'))
            || (contact.starts_with("https://") && contact.len() > 8);
        if self.push && !usable {
            return Err(crate::StartError::PushContact);
        }
        Ok(())
    }
}

/// The defaults of a group of options' `#[arg]` attributes, their one
/// source: the options parsed from an empty command line, with the
/// environment left unread (a test's server must not pick up the
/// `DATABASE_URL` of the shell that runs it).
fn defaults<T: clap::Args + clap::FromArgMatches>() -> T {
    let command =
        T::augment_args(clap::Command::new("serve")).mut_args(|arg| arg.env(None::<&str>));
    let matches = command
        .try_get_matches_from(["serve"])
        .expect("every option has a default or is optional");
    T::from_arg_matches(&matches).expect("the defaults are valid options")
}

/// `Default` for each group of options, and for them all: [`defaults`].
macro_rules! default_from_args {
    ($($opts:ty),*) => {$(
        impl Default for $opts {
            /// The `#[arg]` attributes' defaults.
            fn default() -> Self {
                defaults()
            }
        }
    )*};
}

default_from_args!(
    ServeOpts,
    HttpOpts,
    SocketOpts,
    LimitOpts,
    RoomOpts,
    StoreOpts,
    ClusterOpts,
    MailOpts,
    PushOpts
);

impl StoreOpts {
    /// The database URL: the option, or SQLite in the data folder (which
    /// is created).
    pub fn database(&self) -> Result<String, crate::StartError> {
        if let Some(url) = &self.database_url {
            return Ok(url.clone());
        }
        std::fs::create_dir_all(&self.data_dir).map_err(|source| crate::StartError::DataDir {
            path: self.data_dir.clone(),
            source,
        })?;
        let file = self.data_dir.join("chowka.db");
        Ok(format!("sqlite://{}?mode=rwc", file.display()))
    }
}

/// Runs the server until SIGINT or SIGTERM.
pub fn serve(opts: ServeOpts) -> ExitCode {
    let filter = tracing_subscriber::EnvFilter::try_new(&opts.log)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    raise_file_limit(opts.http.max_http_connections);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async move {
        let listener = match tokio::net::TcpListener::bind(opts.http.bind).await {
            Ok(l) => l,
            Err(e) => {
                tracing::error!("cannot listen on {}: {e}", opts.http.bind);
                return ExitCode::FAILURE;
            }
        };
        match crate::run(listener, opts, shutdown_signal()).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                tracing::error!("{e}");
                ExitCode::FAILURE
            }
        }
    })
}

/// Files the process needs beside its sockets: the database, its log,
/// the listener, the runtime's own.
const FILES_BESIDE_SOCKETS: u64 = 64;

/// Raises the process's open-file limit to what the system allows (the
/// soft limit is often 1,024 while the hard one is far higher), and
/// warns when even that is below what `--max-http-connections` needs:
/// past it, accepting fails instead of refusing politely
/// (docs/operations.md, "Capacity").
fn raise_file_limit(max_http_connections: usize) {
    let wanted = max_http_connections as u64 + FILES_BESIDE_SOCKETS;
    match rlimit::increase_nofile_limit(wanted) {
        Ok(got) if got < wanted => tracing::warn!(
            "open files are limited to {got}, fewer than the {wanted} that \
             --max-http-connections {max_http_connections} needs: raise the limit \
             (ulimit -n, LimitNOFILE in systemd, ulimits in docker) or lower the option"
        ),
        Ok(_) => {}
        Err(e) => tracing::warn!("cannot read or raise the open-file limit: {e}"),
    }
}

/// Resolves on SIGINT (Ctrl-C) or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
    tracing::info!("shutting down");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The defaults are the `#[arg]` attributes' (there is no second copy),
    /// for the options and for each group alone.
    #[test]
    fn the_defaults_are_the_options_defaults() {
        let d = ServeOpts::default();
        assert_eq!(d.http.bind, SocketAddr::from(([127, 0, 0, 1], 8080)));
        assert_eq!(d.store.data_dir, PathBuf::from("data"));
        assert_eq!(d.store.database_url, None);
        let caps = (d.rooms.max_rooms, d.http.max_http_connections);
        assert_eq!(caps, (10_000, 12_000));
        assert_eq!(
            (d.rooms.lobby_expiry_secs, d.cluster.lease_secs),
            (86_400, 5)
        );
        assert_eq!(
            (d.log.as_str(), d.cluster.name.as_str()),
            ("info", "chowka")
        );
        assert!(d.sockets.allowed_origins.is_empty() && !d.http.trust_forwarded_for);
        assert_eq!(RoomOpts::default().max_rooms, d.rooms.max_rooms);
        assert_eq!(LimitOpts::default().seats_per_minute, 10);
    }

    /// The command line is a public interface: every flag keeps its name,
    /// whichever group it is in now.
    #[test]
    fn the_flags_keep_their_names() {
        use clap::{Args, FromArgMatches};
        let command = ServeOpts::augment_args(clap::Command::new("serve"))
            .mut_args(|arg| arg.env(None::<&str>));
        let line = [
            "serve",
            "--bind",
            "0.0.0.0:9000",
            "--max-rooms",
            "7",
            "--cluster",
            "blue",
            "--ws-per-address",
            "3",
            "--rooms-per-minute-total",
            "9",
            "--data-dir",
            "d",
        ];
        let o = ServeOpts::from_arg_matches(&command.get_matches_from(line)).unwrap();
        assert_eq!(o.http.bind, SocketAddr::from(([0, 0, 0, 0], 9000)));
        assert_eq!((o.rooms.max_rooms, o.sockets.ws_per_address), (7, 3));
        assert_eq!(
            (o.cluster.name.as_str(), o.limits.rooms_per_minute_total),
            ("blue", 9)
        );
        assert_eq!(o.store.data_dir, PathBuf::from("d"));
    }
}
