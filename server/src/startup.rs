//! Why the server could not start: [`StartError`], the error of
//! [`crate::run`], told once by `chowka serve` before it exits.

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The data folder (for the default SQLite file) cannot be created.
    #[error("cannot create the data folder {}: {source}", path.display())]
    DataDir {
        /// The folder.
        path: std::path::PathBuf,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The database cannot be opened or migrated.
    #[error("cannot open the database {url}: {source}")]
    Database {
        /// The URL, its password hidden.
        url: String,
        /// The store's reason.
        #[source]
        source: crate::store::StoreError,
    },
    /// NATS cannot be reached (`--nats-url`).
    #[error("cannot connect to NATS at {url}: {source}")]
    Nats {
        /// The URL given.
        url: String,
        /// The client's reason.
        #[source]
        source: async_nats::ConnectError,
    },
    /// The unfinished rooms cannot be read back.
    #[error("cannot restore rooms: {0}")]
    Restore(#[source] crate::store::StoreError),
    /// The e-mail options cannot be used (`--smtp-url` without
    /// `--mail-from` or `--public-url`, or one that cannot be read).
    #[error("e-mail: {0}")]
    Mail(String),
    /// `--push` without `--push-contact`, or a contact push services
    /// would not take.
    #[error("--push needs --push-contact (CHOWKA_PUSH_CONTACT): the operator's mailto: or https: address, which push services use to reach you (e.g. mailto:admin@example.org)")]
    PushContact,
    /// The VAPID key cannot be read or kept (`--push`).
    #[error("cannot read or keep the push key: {0}")]
    PushKey(#[source] crate::store::StoreError),
    /// The certificate or key of `--tls-cert`/`--tls-key` cannot be used.
    #[error("HTTPS: {0}")]
    Tls(#[from] crate::tls::TlsError),
    /// The listener has no local address.
    #[error("no local address: {0}")]
    Listener(#[source] std::io::Error),
}
