//! What nodes say to each other, behind one trait ([`Bus`]) with two
//! implementations (DESIGN.md, "Several machines"): [`Alone`] for a node
//! alone, where nothing is ever elsewhere (what it says goes nowhere and
//! nobody answers it), and [`Nats`] for one of several. The relay, the
//! peers and the keeper run the same code over either.

use bytes::Bytes;
use futures_util::future::BoxFuture;
use futures_util::stream::BoxStream;
use futures_util::StreamExt;

/// One message heard on a subject.
pub struct Message {
    /// What was said.
    pub payload: Bytes,
    /// Where to answer, for a request.
    pub reply: Option<String>,
}

/// The messages of one subject, until dropped (which stops listening).
pub type Subscription = BoxStream<'static, Message>;

/// Why a request got no answer.
#[derive(Debug)]
pub enum AskError {
    /// Nobody listens on the subject (yet, or any more).
    NoResponders,
    /// The bus failed.
    Failed(String),
}

/// How nodes talk: publish, listen, ask. Methods return boxed futures so
/// that a node holds one `Arc<dyn Bus>` whichever it is.
pub trait Bus: Send + Sync {
    /// Whether other nodes may share this node's database and bus: a node
    /// alone renews no lease and brings back all its rooms at start-up.
    fn shared(&self) -> bool;
    /// Says `body` on `subject`; false if the bus refused it.
    fn publish(&self, subject: String, body: Bytes) -> BoxFuture<'_, bool>;
    /// Listens on `subject` from now on.
    fn subscribe(&self, subject: String) -> BoxFuture<'_, Result<Subscription, String>>;
    /// Asks on `subject` and waits for the first answer (no time limit:
    /// the caller sets one).
    fn request(&self, subject: String, body: Bytes) -> BoxFuture<'_, Result<Bytes, AskError>>;
    /// Waits until what was published has left this node.
    fn flush(&self) -> BoxFuture<'_, ()>;
}

/// The bus of a node alone: nobody else hears, nobody else answers.
pub struct Alone;

impl Bus for Alone {
    fn shared(&self) -> bool {
        false
    }

    fn publish(&self, _subject: String, _body: Bytes) -> BoxFuture<'_, bool> {
        Box::pin(std::future::ready(true))
    }

    fn subscribe(&self, _subject: String) -> BoxFuture<'_, Result<Subscription, String>> {
        Box::pin(std::future::ready(Ok(
            futures_util::stream::pending().boxed()
        )))
    }

    fn request(&self, _subject: String, _body: Bytes) -> BoxFuture<'_, Result<Bytes, AskError>> {
        Box::pin(std::future::ready(Err(AskError::NoResponders)))
    }

    fn flush(&self) -> BoxFuture<'_, ()> {
        Box::pin(std::future::ready(()))
    }
}

/// The bus of one node of several: a NATS connection.
pub struct Nats(pub async_nats::Client);

impl Bus for Nats {
    fn shared(&self) -> bool {
        true
    }

    fn publish(&self, subject: String, body: Bytes) -> BoxFuture<'_, bool> {
        Box::pin(async move { self.0.publish(subject, body).await.is_ok() })
    }

    fn subscribe(&self, subject: String) -> BoxFuture<'_, Result<Subscription, String>> {
        Box::pin(async move {
            let subscriber = self.0.subscribe(subject).await.map_err(|e| e.to_string())?;
            let messages = subscriber.map(|m| Message {
                payload: m.payload,
                reply: m.reply.map(|r| r.to_string()),
            });
            Ok(messages.boxed())
        })
    }

    fn request(&self, subject: String, body: Bytes) -> BoxFuture<'_, Result<Bytes, AskError>> {
        use async_nats::client::RequestErrorKind;
        Box::pin(async move {
            match self.0.request(subject, body).await {
                Ok(msg) => Ok(msg.payload),
                Err(e) if e.kind() == RequestErrorKind::NoResponders => Err(AskError::NoResponders),
                Err(e) => Err(AskError::Failed(e.to_string())),
            }
        })
    }

    fn flush(&self) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            let _ = self.0.flush().await;
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_node_alone_is_never_answered() {
        let bus = Alone;
        assert!(!bus.shared());
        assert!(bus.publish("chowka.nodes".into(), Bytes::new()).await);
        let asked = bus.request("chowka.room.AB.ask".into(), Bytes::new()).await;
        assert!(matches!(asked, Err(AskError::NoResponders)));
        let mut heard = bus.subscribe("chowka.hits".into()).await.unwrap();
        let next = futures_util::FutureExt::now_or_never(heard.next());
        assert!(next.is_none(), "nothing is ever heard");
    }
}
