//! The one bundle of services a running server shares ([`Services`]),
//! built in one place ([`Services::new`], by `run` and by the tests). A
//! handler takes only the parts it touches, each a sub-state of its own
//! (axum's `FromRef`): `State<Registry>`, `State<Store>`,
//! `State<Arc<Metrics>>`, `State<Arc<Cluster>>`, `State<Limits>`,
//! `State<Sockets>`, `State<Site>`, `State<Mail>`, `State<Push>` and `State<Analyst>`, so that its signature says what it touches.

use crate::cluster::{Cluster, Holdings};
use crate::config::ServeOpts;
use crate::limits::Limits;
use crate::metrics::Metrics;
use crate::nudges::mail::Mail;
use crate::nudges::push::Push;
use crate::rooms::Registry;
use crate::store::Store;
use crate::web::Site;
use crate::ws::Sockets;
use axum::extract::FromRef;
use std::sync::Arc;
use tokio::sync::watch;

/// Every service of a running server, each a sub-state of the handlers.
#[derive(Clone, FromRef)]
pub struct Services {
    /// The rooms running here.
    pub registry: Registry,
    /// The store.
    pub store: Store,
    /// The metrics.
    pub metrics: Arc<Metrics>,
    /// This node among the others.
    pub cluster: Arc<Cluster>,
    /// The rate limits of requests.
    pub limits: Limits,
    /// The WebSockets' options and slots, and the shutdown signal.
    pub sockets: Sockets,
    /// The web pages' public address and the room links' pictures.
    pub site: Site,
    /// The e-mail digest's mailer (off unless `run` gives one).
    pub mail: Mail,
    /// Web Push, when on (`run` starts it: its key is in the store).
    pub push: Push,
    /// Wakes the circles' open pages when a circle changes.
    pub circles: Arc<crate::circles::Hub>,
    /// Analyses finished games for their replays, one at a time.
    pub analyst: crate::replay::Analyst,
}

impl Services {
    /// The services `opts` ask for, over `store`, as this node of
    /// `cluster`; they stop once `shutdown` becomes true.
    pub fn new(
        opts: &ServeOpts,
        store: Store,
        cluster: Arc<Cluster>,
        shutdown: watch::Receiver<bool>,
    ) -> Services {
        let metrics = Arc::new(Metrics::default());
        let registry = Registry::new(
            opts.rooms.clone(),
            store.clone(),
            metrics.clone(),
            shutdown.clone(),
            cluster.clone(),
        );
        let trust_forwarded_for = opts.http.trust_forwarded_for;
        Services {
            limits: Limits::new(&opts.limits, trust_forwarded_for, cluster.clone()),
            sockets: Sockets::new(&opts.sockets, shutdown),
            site: Site::new(opts.http.public_url.as_deref(), trust_forwarded_for),
            registry,
            analyst: crate::replay::Analyst::start(store.clone()),
            store,
            metrics,
            circles: crate::circles::Hub::new(cluster.clone()),
            cluster,
            mail: Mail::default(),
            push: Push::off(),
        }
    }

    /// These services, sending e-mail with `mail`.
    pub fn with_mail(self, mail: Mail) -> Services {
        Services { mail, ..self }
    }

    /// What this node holds, which its reports tell the other nodes.
    pub fn holdings(&self) -> Holdings {
        Holdings {
            registry: self.registry.clone(),
            metrics: self.metrics.clone(),
            addresses: self.sockets.addresses.clone(),
        }
    }
}
