//! The server's one error vocabulary, for HTTP and WebSocket alike: every
//! code with its HTTP status and its sentence for the player, in one table
//! ([`codes!`] below), and [`Refusal`], the error every handler returns.
//!
//! Rule refusals come from the engine (`chowka_protocol::RejectCode`) and
//! keep its codes and sentences; docs/protocol.md lists both kinds, and a
//! test checks that list against this table.

use crate::metrics::Metrics;
use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use chowka_protocol::Code as RejectCode;
use serde::Serialize;
use std::borrow::Cow;
use std::sync::Arc;

/// Declares [`ErrorCode`] and its table: variant, wire code, HTTP status,
/// default sentence. One line a code, so that adding one is one edit.
macro_rules! codes {
    ($($(#[$doc:meta])* $name:ident = $code:literal, $status:ident, $sentence:literal;)*) => {
        /// A refusal's machine-readable code (docs/protocol.md, "Error codes").
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum ErrorCode {
            $($(#[$doc])* $name,)*
            /// A rule of the game refused the action (docs/rules.md, "Rejections").
            Rule(RejectCode),
        }

        impl ErrorCode {
            /// Every code that is not a rule's, in table order.
            pub const PROTOCOL: &'static [ErrorCode] = &[$(ErrorCode::$name,)*];

            /// The code on the wire.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$name => $code,)*
                    ErrorCode::Rule(r) => r.as_str(),
                }
            }

            /// The HTTP status this code is answered with.
            pub fn status(self) -> StatusCode {
                match self {
                    $(ErrorCode::$name => StatusCode::$status,)*
                    ErrorCode::Rule(_) => StatusCode::CONFLICT,
                }
            }

            /// The sentence for the player, when nothing more precise is said.
            pub fn sentence(self) -> &'static str {
                match self {
                    $(ErrorCode::$name => $sentence,)*
                    ErrorCode::Rule(r) => r.message(),
                }
            }
        }
    };
}

codes! {
    /// Not JSON, a missing or wrong-typed field, a binary frame.
    BadMessage = "bad_message", BAD_REQUEST, "That message is not one the server understands.";
    /// A message `type` the server does not know.
    UnknownType = "unknown_type", BAD_REQUEST, "That kind of message is unknown.";
    /// A frame or body over the size limit.
    TooBig = "too_big", PAYLOAD_TOO_LARGE, "That message is over 16 KiB.";
    /// Too many messages or rooms from one connection or address.
    RateLimited = "rate_limited", TOO_MANY_REQUESTS, "Too many requests: slow down.";
    /// A WebSocket message before `hello`.
    HelloFirst = "hello_first", BAD_REQUEST, "Say hello first: {\"type\":\"hello\",\"room\":CODE}.";
    /// A second `hello` on one connection.
    AlreadyJoined = "already_joined", CONFLICT, "This connection has already joined a room.";
    /// The room code is unknown.
    NoSuchRoom = "no_such_room", NOT_FOUND, "There is no room with that code.";
    /// The game id is unknown to the archive.
    NoSuchGame = "no_such_game", NOT_FOUND, "There is no such game.";
    /// The seat token is not one of this room's.
    BadToken = "bad_token", FORBIDDEN, "That seat token is not one of this room's seats.";
    /// A spectator tried to act, chat or ask for a rematch.
    NotSeated = "not_seated", FORBIDDEN, "Spectators can only watch: take a seat to play.";
    /// The action was made on an old state.
    StaleVersion = "stale_version", CONFLICT, "The game has moved on: look again.";
    /// Acting while the room is in the lobby.
    NotPlaying = "not_playing", CONFLICT, "The game has not started yet.";
    /// A host's command from someone else.
    NotHost = "not_host", FORBIDDEN, "Only the host can do that.";
    /// A lobby command after the start.
    NotLobby = "not_lobby", CONFLICT, "The game has already started.";
    /// `start` with fewer than two seats taken.
    NotEnoughPlayers = "not_enough_players", CONFLICT, "At least two seats must be taken to start.";
    /// A seat that does not exist, or the host's own for a computer.
    BadSeat = "bad_seat", BAD_REQUEST, "There is no such seat.";
    /// The seat is held already.
    SeatTaken = "seat_taken", CONFLICT, "That seat is taken.";
    /// Every seat is held.
    RoomFull = "room_full", CONFLICT, "Every seat of this room is taken.";
    /// A computer level other than easy, medium, hard.
    BadLevel = "bad_level", BAD_REQUEST, "A computer plays easy, medium or hard.";
    /// Empty chat, or too long.
    BadChat = "bad_chat", BAD_REQUEST, "A chat message has 1 to 300 characters.";
    /// `rematch` before the game is over.
    NotFinished = "not_finished", CONFLICT, "The game is not over yet.";
    /// A display name that is empty, too long or has control characters.
    BadName = "bad_name", BAD_REQUEST, "A name has 1 to 24 characters, with no control characters.";
    /// An HTTP body or query that does not parse.
    BadRequest = "bad_request", BAD_REQUEST, "The request is not valid.";
    /// An HTTP request body that is not declared `Content-Type: application/json`.
    BadContentType = "bad_content_type", UNSUPPORTED_MEDIA_TYPE, "Send the request body as JSON, with Content-Type: application/json.";
    /// Options that make no playable game.
    BadRules = "bad_rules", BAD_REQUEST, "These rules cannot be played.";
    /// The store could not read or write; nothing changed.
    StoreUnavailable = "store_unavailable", SERVICE_UNAVAILABLE, "The server could not save this; nothing changed. Try again in a moment.";
    /// The server holds as many rooms as it may (`--max-rooms`).
    TooManyRooms = "too_many_rooms", SERVICE_UNAVAILABLE, "The server holds as many rooms as it can: try again later.";
    /// The server holds as many connections as it may (`--max-connections`).
    ServerBusy = "server_busy", SERVICE_UNAVAILABLE, "The server has as many connections as it can take: try again later.";
    /// One address holds as many WebSocket connections as it may.
    TooManyConnections = "too_many_connections", TOO_MANY_REQUESTS, "Too many connections from your address: close some tabs and try again.";
    /// A WebSocket opened from a page of another site.
    BadOrigin = "bad_origin", FORBIDDEN, "This game can only be played from its own site.";
    /// A client seed after the game's first throw, a second one from a
    /// seat, or one for a game whose throws take none (docs/record.md).
    SeedClosed = "seed_closed", CONFLICT, "Seeds are taken once per seat, before the game's first throw.";
    /// The room's saved game could not be replayed.
    RoomUnreadable = "room_unreadable", INTERNAL_SERVER_ERROR, "This room's saved game cannot be read.";
    /// A player's secret (`Authorization: Bearer`) that is malformed or
    /// unknown (never made, or forgotten).
    BadPlayer = "bad_player", UNAUTHORIZED, "This player is not known here (it may have been deleted).";
    // pace
    /// A vacation (or `back`) in a game played live.
    NotDays = "not_days", CONFLICT, "This game is not played over days.";
    /// A vacation asked with none left in this game.
    NoVacationLeft = "no_vacation_left", CONFLICT, "You have no vacation left in this game.";
    /// A person's action in a game over days while the computer plays
    /// their turn whose clock ran out.
    ClockRanOut = "clock_ran_out", CONFLICT, "Your time for this turn ran out: the computer is playing it for you. Your next turn is yours again.";
    // e-mail
    /// An e-mail route on a server that sends no e-mail (no `--smtp-url`).
    EmailOff = "email_off", NOT_FOUND, "This server sends no e-mail.";
    /// The SMTP server did not take the verification e-mail.
    MailFailed = "mail_failed", BAD_GATEWAY, "The e-mail could not be sent: try again later.";
    // push
    /// A push route while the server runs without `--push`.
    PushOff = "push_off", NOT_FOUND, "This server does not send notifications.";
    // circles
    /// A circle that does not exist, or of which the player is not a
    /// member: the same answer, so nobody learns that a circle exists.
    NoCircle = "no_circle", NOT_FOUND, "There is no such circle, or you are not in it.";
    /// An invite link unknown, or turned off.
    NoInvite = "no_invite", NOT_FOUND, "This invitation link no longer works: ask for a new one.";
    /// A change only a circle's admins may make.
    NotCircleAdmin = "not_circle_admin", FORBIDDEN, "Only the circle's admins can do that.";
    /// Joining a circle that holds its most members.
    CircleFull = "circle_full", CONFLICT, "This circle is full.";
    /// Making or joining one circle more than a player may be in.
    TooManyCircles = "too_many_circles", CONFLICT, "You are in as many circles as you can be: leave one first.";
    /// Removing a circle's creator, or the creator leaving with no other admin.
    CircleCreator = "circle_creator", CONFLICT, "The circle's creator stays until another member is an admin.";
}

impl From<RejectCode> for ErrorCode {
    fn from(r: RejectCode) -> Self {
        ErrorCode::Rule(r)
    }
}

impl ErrorCode {
    /// The code with this wire name: the table's, or a rule's.
    pub fn parse(s: &str) -> Option<ErrorCode> {
        (ErrorCode::PROTOCOL
            .iter()
            .copied()
            .find(|c| c.as_str() == s))
        .or_else(|| {
            (RejectCode::ALL.into_iter())
                .find(|c| c.as_str() == s)
                .map(ErrorCode::Rule)
        })
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A refusal: a code and a sentence for the player; over HTTP also its
/// status and, for 429, when to try again. Nothing changed.
///
/// A refusal is logged and counted once, where it leaves the server
/// ([`Refusal::report`]): over HTTP by [`count_refusals`], over the
/// WebSocket by whoever sends it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Machine-readable code.
    pub code: ErrorCode,
    /// A sentence for the player.
    pub message: Cow<'static, str>,
    /// Seconds to wait before trying again (HTTP `Retry-After`).
    pub retry_after: Option<u64>,
    /// What went wrong inside, for the log only: a server fault's reason,
    /// which the player is not shown.
    pub cause: Option<String>,
}

/// Where a refusal leaves the server, which sets how loud its log is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// An HTTP response: client mistakes are logged at WARN.
    Http,
    /// A WebSocket `error` message: client mistakes (a stale version, a
    /// click too fast) are routine there, and logged at DEBUG.
    WebSocket,
}

impl Refusal {
    /// A refusal with the code's own sentence.
    pub fn new(code: ErrorCode) -> Refusal {
        Refusal {
            code,
            message: Cow::Borrowed(code.sentence()),
            retry_after: None,
            cause: None,
        }
    }

    /// A refusal with a more precise sentence than the code's own.
    pub fn with(code: ErrorCode, message: impl Into<Cow<'static, str>>) -> Refusal {
        Refusal {
            message: message.into(),
            ..Refusal::new(code)
        }
    }

    /// The refusal for an unknown room.
    pub fn no_room() -> Refusal {
        Refusal::new(ErrorCode::NoSuchRoom)
    }

    /// Refuses seconds `v` of `field` outside `range` (`bad_request`);
    /// `None` (never, no clock) is always allowed.
    pub fn check_secs(
        field: &str,
        v: Option<u32>,
        range: &std::ops::RangeInclusive<u32>,
    ) -> Result<(), Refusal> {
        if v.is_some_and(|v| !range.contains(&v)) {
            let (lo, hi) = (range.start(), range.end());
            return Err(Refusal::with(
                ErrorCode::BadRequest,
                format!("{field} is {lo} to {hi} seconds, or null."),
            ));
        }
        Ok(())
    }

    /// The refusal for a store fault: its cause goes to the log when the
    /// refusal is reported; the player only learns that nothing changed.
    pub fn store(cause: impl std::fmt::Display) -> Refusal {
        Refusal {
            cause: Some(cause.to_string()),
            ..Refusal::new(ErrorCode::StoreUnavailable)
        }
    }

    /// Logs this refusal and counts it by code in `chowka_errors_total`:
    /// the one place both happen, for every refusal sent to a client.
    /// Server faults are logged at ERROR with their cause; client
    /// mistakes at WARN over HTTP, at DEBUG over the WebSocket.
    pub fn report(&self, metrics: &Metrics, edge: Edge) {
        metrics.error(self.code.as_str());
        let cause = self.cause.as_deref().unwrap_or("");
        if self.code.status().is_server_error() {
            tracing::error!(code = %self.code, cause, "{}", self.message);
        } else if edge == Edge::Http {
            tracing::warn!(code = %self.code, "{}", self.message);
        } else {
            tracing::debug!(code = %self.code, "{}", self.message);
        }
    }

    /// The `error` message of the WebSocket protocol.
    pub fn to_server_msg(&self) -> chowka_protocol::messages::ServerMsg {
        chowka_protocol::messages::ServerMsg::Error {
            code: self.code.as_str().to_string(),
            message: self.message.to_string(),
        }
    }

    /// The `error` message of the WebSocket protocol, as JSON text.
    pub fn to_ws_text(&self) -> String {
        serde_json::to_string(&self.to_server_msg()).unwrap_or_default()
    }
}

impl From<ErrorCode> for Refusal {
    fn from(code: ErrorCode) -> Self {
        Refusal::new(code)
    }
}

impl From<chowka_protocol::Rejection> for Refusal {
    fn from(r: chowka_protocol::Rejection) -> Self {
        Refusal::with(ErrorCode::Rule(r.code), r.message())
    }
}

impl From<chowka_protocol::ParseError> for Refusal {
    fn from(e: chowka_protocol::ParseError) -> Self {
        Refusal::with(ErrorCode::Rule(e.code()), e.message())
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for Refusal {}

#[derive(Serialize)]
struct ErrorBody<'a> {
    code: &'a str,
    message: &'a str,
}

/// Reports every refusal the router answers with (the one
/// [`Refusal::into_response`] leaves in the response's extensions), so
/// that HTTP refusals (429, 503 from the limits too) are logged and
/// counted like the WebSocket's.
pub async fn count_refusals(State(metrics): State<Arc<Metrics>>, res: Response) -> Response {
    if let Some(refusal) = res.extensions().get::<Refusal>() {
        refusal.report(&metrics, Edge::Http);
    }
    res
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let status = self.code.status();
        let mut res = (
            status,
            Json(ErrorBody {
                code: self.code.as_str(),
                message: &self.message,
            }),
        )
            .into_response();
        if let Some(s) = self.retry_after {
            res.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(s));
        }
        res.extensions_mut().insert(self);
        res
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn codes_are_unique_and_every_sentence_reads_as_one() {
        let mut seen = HashSet::new();
        let rules = RejectCode::ALL.iter().map(|&r| ErrorCode::Rule(r));
        for code in ErrorCode::PROTOCOL.iter().copied().chain(rules) {
            assert!(seen.insert(code.as_str()), "{code} twice");
            let s = code.sentence();
            assert!(s.ends_with('.'), "{code}: {s}");
        }
    }

    /// An HTTP refusal is counted once, by code, on its way out.
    #[tokio::test]
    async fn http_refusals_are_counted_by_code() {
        use tower::ServiceExt;
        let metrics = Arc::new(Metrics::default());
        let app = axum::Router::new()
            .route(
                "/",
                axum::routing::get(|| async { Refusal::new(ErrorCode::RateLimited) }),
            )
            .layer(axum::middleware::map_response_with_state(
                metrics.clone(),
                count_refusals,
            ));
        let req = axum::http::Request::new(axum::body::Body::empty());
        let res = app.oneshot(req).await.unwrap();
        assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
        let text = metrics.render((0, 0));
        assert!(
            text.contains("chowka_errors_total{code=\"rate_limited\"} 1\n"),
            "{text}"
        );
    }

    /// docs/protocol.md's error list names exactly the codes of this table
    /// and of the engine's rejections.
    #[test]
    fn the_protocol_doc_lists_every_error_code() {
        let doc = include_str!("../../docs/protocol.md");
        let section = doc
            .split("### Error codes")
            .nth(1)
            .and_then(|s| s.split("\n### ").next())
            .expect("docs/protocol.md has an \"Error codes\" section");
        let (rules_part, table) = section
            .split_once("Protocol codes:")
            .expect("the section has a \"Protocol codes:\" table");
        let quoted = |s: &str| -> HashSet<String> {
            s.split('`')
                .skip(1)
                .step_by(2)
                .filter(|w| w.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
                .map(str::to_owned)
                .collect()
        };
        let documented_rules = quoted(rules_part);
        let rules: HashSet<String> = RejectCode::ALL
            .iter()
            .map(|r| r.as_str().to_owned())
            .collect();
        assert_eq!(documented_rules, rules, "rule codes in docs/protocol.md");
        let documented: HashSet<String> = table
            .lines()
            .filter_map(|l| l.strip_prefix("| `"))
            .filter_map(|l| l.split('`').next())
            .map(str::to_owned)
            .collect();
        let codes: HashSet<String> = ErrorCode::PROTOCOL
            .iter()
            .map(|c| c.as_str().to_owned())
            .collect();
        assert_eq!(documented, codes, "protocol codes in docs/protocol.md");
    }
}
