//! HTTPS served by chowka itself (`--tls-cert`, `--tls-key`): the
//! certificate chain and private key read from PEM files, offered with
//! ALPN "h2" then "http/1.1", so that browsers fetch a page's many files
//! at once over one HTTP/2 connection (docs/performance.md, "A usable page
//! on a first visit").
//!
//! Certificates renewed on disk (certbot) are picked up without a restart:
//! when a connection is accepted, at most once a minute, the files'
//! modification times are looked at, and the files read again if they
//! changed. A renewal that cannot be read keeps the certificate in use
//! and logs a warning.

use crate::config::HttpOpts;
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime};
use tokio::time::Instant;
use tokio_rustls::rustls::{self, ServerConfig};
use tokio_rustls::TlsAcceptor;

/// How often, at most, the files are looked at for a renewal.
const RELOAD_CHECK: Duration = Duration::from_secs(60);

/// The protocols offered in the handshake, best first.
const ALPN: [&[u8]; 2] = [b"h2", b"http/1.1"];

/// Why the certificate or the key cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    /// One of `--tls-cert` and `--tls-key` without the other.
    #[error("{given} needs {missing} too: give both the certificate chain and its private key, or neither")]
    Half {
        /// The option given.
        given: &'static str,
        /// The option missing.
        missing: &'static str,
    },
    /// A file cannot be read.
    #[error("cannot read the {what} {}: {source}", path.display())]
    Read {
        /// "certificate" or "private key".
        what: &'static str,
        /// The file.
        path: PathBuf,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// A file holds no PEM section of its kind, or a broken one.
    #[error("{} holds no usable PEM {what}: {source}", path.display())]
    Pem {
        /// "certificate" or "private key".
        what: &'static str,
        /// The file.
        path: PathBuf,
        /// The parser's reason.
        #[source]
        source: rustls_pki_types::pem::Error,
    },
    /// The key does not fit the certificate, or either is refused.
    #[error("the certificate {} and the private key {} cannot be used together: {source}", cert.display(), key.display())]
    Refused {
        /// The certificate file.
        cert: PathBuf,
        /// The key file.
        key: PathBuf,
        /// rustls' reason.
        #[source]
        source: rustls::Error,
    },
}

/// The server's certificate, read from its files and read again when
/// they change.
pub struct Certificates {
    cert: PathBuf,
    key: PathBuf,
    state: Mutex<Loaded>,
}

/// What was last read, and when the files were last looked at.
struct Loaded {
    acceptor: TlsAcceptor,
    stamps: Stamps,
    checked: Instant,
}

/// The files' modification times: a change means a renewal.
type Stamps = (Option<SystemTime>, Option<SystemTime>);

impl Certificates {
    /// The certificate the options name, or `None` without
    /// `--tls-cert` and `--tls-key` (plain HTTP).
    pub fn from_opts(opts: &HttpOpts) -> Result<Option<Certificates>, TlsError> {
        match (&opts.tls_cert, &opts.tls_key) {
            (None, None) => Ok(None),
            (Some(cert), Some(key)) => Certificates::load(cert, key).map(Some),
            (Some(_), None) => Err(TlsError::Half {
                given: "--tls-cert",
                missing: "--tls-key",
            }),
            (None, Some(_)) => Err(TlsError::Half {
                given: "--tls-key",
                missing: "--tls-cert",
            }),
        }
    }

    /// Reads the certificate chain and the private key from PEM files.
    pub fn load(cert: &Path, key: &Path) -> Result<Certificates, TlsError> {
        let stamps = stamps(cert, key);
        let acceptor = acceptor(cert, key)?;
        Ok(Certificates {
            cert: cert.to_path_buf(),
            key: key.to_path_buf(),
            state: Mutex::new(Loaded {
                acceptor,
                stamps,
                checked: Instant::now(),
            }),
        })
    }

    /// The acceptor for a new connection, with the certificate on disk
    /// if it was renewed since the last look (at most once a minute).
    pub fn acceptor(&self) -> TlsAcceptor {
        self.acceptor_at(Instant::now())
    }

    /// [`Certificates::acceptor`] as if it were `now`.
    fn acceptor_at(&self, now: Instant) -> TlsAcceptor {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if now.duration_since(state.checked) >= RELOAD_CHECK {
            state.checked = now;
            let stamps = stamps(&self.cert, &self.key);
            if stamps != state.stamps {
                // Looked at once per change: a broken renewal is warned
                // about once, not on every connection.
                state.stamps = stamps;
                match acceptor(&self.cert, &self.key) {
                    Ok(acceptor) => {
                        state.acceptor = acceptor;
                        tracing::info!("TLS certificate {} read again", self.cert.display());
                    }
                    Err(e) => tracing::warn!("TLS certificate kept as it was: {e}"),
                }
            }
        }
        state.acceptor.clone()
    }
}

/// The files' modification times (following certbot's symbolic links).
fn stamps(cert: &Path, key: &Path) -> Stamps {
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    (modified(cert), modified(key))
}

/// A TLS acceptor for the chain in `cert` and the key in `key`.
fn acceptor(cert: &Path, key: &Path) -> Result<TlsAcceptor, TlsError> {
    let chain = read(cert, "certificate", |pem| {
        let chain = CertificateDer::pem_slice_iter(pem).collect::<Result<Vec<_>, _>>()?;
        match chain.is_empty() {
            true => Err(rustls_pki_types::pem::Error::NoItemsFound),
            false => Ok(chain),
        }
    })?;
    let private = read(key, "private key", PrivateKeyDer::from_pem_slice)?;
    // ring, as the server's other TLS clients use; not the process-wide
    // default, which would depend on which crates are built in.
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let refused = |source| TlsError::Refused {
        cert: cert.to_path_buf(),
        key: key.to_path_buf(),
        source,
    };
    let mut config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(refused)?
        .with_no_client_auth()
        .with_single_cert(chain, private)
        .map_err(refused)?;
    config.alpn_protocols = ALPN.iter().map(|p| p.to_vec()).collect();
    Ok(TlsAcceptor::from(Arc::new(config)))
}

/// Reads `path` and parses it with `parse`, the errors naming the file.
fn read<T>(
    path: &Path,
    what: &'static str,
    parse: impl FnOnce(&[u8]) -> Result<T, rustls_pki_types::pem::Error>,
) -> Result<T, TlsError> {
    let pem = std::fs::read(path).map_err(|source| TlsError::Read {
        what,
        path: path.to_path_buf(),
        source,
    })?;
    parse(&pem).map_err(|source| TlsError::Pem {
        what,
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes a new self-signed certificate and its key.
    fn write_pair(dir: &Path) {
        let made = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).unwrap();
        std::fs::write(dir.join("cert.pem"), made.cert.pem()).unwrap();
        std::fs::write(dir.join("key.pem"), made.key_pair.serialize_pem()).unwrap();
    }

    /// Which configuration the acceptor serves: a new one only when the
    /// files were read again.
    fn served(acceptor: &TlsAcceptor) -> *const ServerConfig {
        Arc::as_ptr(acceptor.config())
    }

    #[test]
    fn a_renewed_certificate_is_read_again_and_a_broken_one_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let (cert, key) = (dir.path().join("cert.pem"), dir.path().join("key.pem"));
        write_pair(dir.path());
        let certs = Certificates::load(&cert, &key).unwrap();
        let first = served(&certs.acceptor());
        let t0 = Instant::now();
        // A renewal: new files, a later modification time.
        std::thread::sleep(Duration::from_millis(20));
        write_pair(dir.path());
        assert_eq!(
            served(&certs.acceptor_at(t0)),
            first,
            "not looked at before a minute has passed"
        );
        let renewed = served(&certs.acceptor_at(t0 + RELOAD_CHECK));
        assert_ne!(renewed, first, "read again once a minute has passed");
        // A broken renewal keeps the certificate in use.
        std::thread::sleep(Duration::from_millis(20));
        std::fs::write(&key, "not a key").unwrap();
        let kept = served(&certs.acceptor_at(t0 + RELOAD_CHECK * 2));
        assert_eq!(kept, renewed);
    }
}
