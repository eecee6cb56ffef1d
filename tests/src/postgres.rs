//! A fresh PostgreSQL database for each test or capacity run against
//! chowka-postgres, made and dropped through an administrator's URL, so
//! that runs never see each other's rooms.

use sqlx::{Connection, PgConnection};
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

/// The administrator's URL when neither `--database-url` nor
/// TEST_DATABASE_URL says otherwise.
pub const DEFAULT_ADMIN_URL: &str = "postgres://postgres@127.0.0.1:5432/test";

/// A database that exists until [`FreshDatabase::drop_now`].
pub struct FreshDatabase {
    admin: String,
    name: String,
    /// The URL of the new database, for the server.
    pub url: String,
}

impl FreshDatabase {
    /// Creates a database named for this process and run, on the server of
    /// `admin` (a URL whose user may create databases).
    pub async fn create(admin: &str) -> Result<FreshDatabase, String> {
        static RUNS: AtomicU32 = AtomicU32::new(0);
        let name = format!(
            "chowka_capacity_{}_{}",
            std::process::id(),
            RUNS.fetch_add(1, Relaxed)
        );
        let mut url = reqwest::Url::parse(admin).map_err(|e| format!("{admin}: {e}"))?;
        url.set_path(&name);
        let mut conn = connect(admin).await?;
        // The name is ours (letters, digits, underscores): no quoting needed.
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut conn)
            .await
            .map_err(|e| format!("creating database {name}: {e}"))?;
        Ok(FreshDatabase {
            admin: admin.to_string(),
            name,
            url: url.to_string(),
        })
    }

    /// Drops the database (closing whatever connections remain).
    pub async fn drop_now(self) -> Result<(), String> {
        let mut conn = connect(&self.admin).await?;
        sqlx::query(&format!(
            "DROP DATABASE IF EXISTS {} WITH (FORCE)",
            self.name
        ))
        .execute(&mut conn)
        .await
        .map(|_| ())
        .map_err(|e| format!("dropping database {}: {e}", self.name))
    }
}

/// A connection as the administrator, bounded in time.
async fn connect(admin: &str) -> Result<PgConnection, String> {
    tokio::time::timeout(crate::WAIT, PgConnection::connect(admin))
        .await
        .map_err(|_| format!("PostgreSQL at {admin} did not answer"))?
        .map_err(|e| format!("PostgreSQL at {admin}: {e}"))
}
