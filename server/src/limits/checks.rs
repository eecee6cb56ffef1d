//! [`Limits`]: the rate limits the request handlers check (creating rooms,
//! taking seats, looking up by code), keyed by the client's address, each
//! turn told to the other nodes so that a limit holds across them.

use super::{Creations, Limit, Limited, Strikes};
use crate::cluster::Cluster;
use crate::config::LimitOpts;
use crate::edge::client_ip;
use crate::error::Refusal;
use axum::http::HeaderMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The rate limits of requests: a handler's sub-state (`State<Limits>`).
#[derive(Clone)]
pub struct Limits {
    /// Creating rooms: per address, per block, overall.
    creations: Arc<Creations>,
    /// Taking seats, per address.
    seats: Arc<Limit>,
    /// Looking rooms and games up by code, per address (HTTP, and the
    /// WebSocket `hello`).
    lookups: Arc<Limit>,
    /// Making players, per address.
    new_players: Arc<Limit>,
    /// Joining circles by their invite links, per address.
    circle_joins: Arc<Limit>,
    /// Wrong player secrets, per address: counted only when one is wrong.
    players: Arc<Strikes>,
    /// Whether the client's address is taken from `X-Forwarded-For`.
    trust_forwarded_for: bool,
    /// The other nodes, told of every turn taken here.
    cluster: Arc<Cluster>,
}

impl Limits {
    /// The limits `opts` set, with the client's address read as
    /// `--trust-forwarded-for` says; turns are told to `cluster`.
    pub fn new(opts: &LimitOpts, trust_forwarded_for: bool, cluster: Arc<Cluster>) -> Limits {
        Limits {
            creations: Arc::new(Creations::new(opts)),
            seats: Arc::new(Limit::per_address(
                opts.seats_per_minute,
                "seats taken from your address",
            )),
            lookups: Arc::new(Limit::per_address(
                opts.lookups_per_minute,
                "rooms or games looked up from your address",
            )),
            new_players: Arc::new(Limit::per_address(
                opts.players_per_minute,
                "players made from your address",
            )),
            circle_joins: Arc::new(Limit::per_address(
                opts.circle_joins_per_minute,
                "circles joined from your address",
            )),
            players: Arc::new(Strikes::new(
                opts.wrong_players_per_minute,
                "unknown players tried from your address",
            )),
            trust_forwarded_for,
            cluster,
        }
    }

    /// Takes one turn of a limit for the client of this request, or
    /// refuses; the other nodes hear of it and count it too. Gives the
    /// client's address.
    pub async fn check(
        &self,
        limited: Limited,
        peer: SocketAddr,
        headers: &HeaderMap,
    ) -> Result<IpAddr, Refusal> {
        let ip = client_ip(self.trust_forwarded_for, peer, headers);
        self.check_here(limited, ip)?;
        self.cluster.share_hit(limited, ip).await;
        Ok(ip)
    }

    /// Refuses the client of this request while it is barred for sending
    /// too many wrong player secrets (see [`Strikes`]); gives its address.
    pub fn players_barred(&self, peer: SocketAddr, headers: &HeaderMap) -> Result<IpAddr, Refusal> {
        let ip = client_ip(self.trust_forwarded_for, peer, headers);
        self.players.barred(ip)?;
        Ok(ip)
    }

    /// Counts a turn `ip` took of a limit on another node.
    pub fn count_elsewhere(&self, limited: Limited, ip: IpAddr) {
        let _ = self.check_here(limited, ip);
    }

    fn check_here(&self, limited: Limited, ip: IpAddr) -> Result<(), Refusal> {
        match limited {
            Limited::Creations => self.creations.check(ip),
            Limited::Seats => self.seats.check(ip),
            Limited::Lookups => self.lookups.check(ip),
            Limited::NewPlayers => self.new_players.check(ip),
            Limited::CircleJoins => self.circle_joins.check(ip),
            Limited::Players => self.players.strike(ip),
        }
    }
}
