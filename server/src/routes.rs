//! The HTTP routes of the server, each to its handler, and the layers
//! every response passes: compression, tracing, the security headers and
//! the count of refusals. The handlers take their sub-states from the
//! [`Services`] (`FromRef`).

use crate::nudges::mail;
use crate::services::Services;
use crate::{api, circles, error, replay, web, ws};
use axum::http::{header, HeaderValue};
use axum::routing::{get, patch, post};
use axum::Router;
use std::time::Duration;
use tower_http::set_header::SetResponseHeaderLayer;

/// The Content-Security-Policy of every response. The web client is ES
/// modules, one stylesheet and an SVG favicon, all from this origin, with
/// no inline script or style and no `style` attribute set from script (the
/// page adds the hashes of its shell's inline style and of the script that
/// says its loading line in the player's language to this, web/page.rs); it
/// talks to this origin only (`connect-src 'self'` covers its WebSocket).
/// Images may also be `data:` URLs: the favicon with the count of games
/// waiting for the player is drawn on a canvas (web-client/js/nudge.js); a
/// `data:` image cannot run script. The service worker (`/sw.js`) and the
/// app's manifest come from this origin too; `default-src` would cover
/// them, but they are named so that a change of it cannot loosen them.
/// So a script injected anywhere would not run, and no other site may
/// frame the board (clickjacking).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self'; img-src 'self' data:; connect-src 'self'; worker-src 'self'; \
    manifest-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; \
    form-action 'self'";

/// The HTTP routes of the server.
pub fn router(services: Services) -> Router {
    let api = Router::new()
        .route("/api/rooms", post(api::create_room).get(api::list_rooms))
        .route("/api/rooms/{code}", get(api::room))
        .route("/api/rooms/{code}/seats", post(api::take_seat))
        .route("/api/players", post(api::create_player))
        .route(
            "/api/me",
            get(api::my::me)
                .patch(api::my::rename)
                .delete(api::my::forget),
        )
        .route("/api/me/games", get(api::my::games))
        .route("/api/me/circles", get(api::my::circles))
        .route("/api/circles", post(api::create_circle))
        .route(
            "/api/circles/{id}",
            get(api::circle).patch(api::rename_circle),
        )
        .route(
            "/api/circles/{id}/invite",
            post(api::renew_invite).delete(api::revoke_invite),
        )
        .route(
            "/api/circles/{id}/members/{member}",
            patch(api::set_admin).delete(api::leave_or_remove),
        )
        .route("/api/circles/{id}/games", post(api::new_game))
        .route("/api/invites/{token}", get(api::invite).post(api::join))
        .route(
            "/api/me/alerts",
            get(api::my::alerts).put(api::my::set_alerts),
        )
        .route(
            "/api/me/email",
            get(api::my::email)
                .put(api::my::set_email)
                .delete(api::my::delete_email),
        )
        .route(
            "/email/verify",
            get(mail::pages::verify_page).post(mail::pages::verify),
        )
        .route(
            "/email/unsubscribe",
            get(mail::pages::unsubscribe_page).post(mail::pages::unsubscribe),
        )
        .route(
            "/api/me/push",
            get(api::my::subscribed)
                .post(api::my::subscribe)
                .delete(api::my::unsubscribe),
        )
        .route("/api/push/key", get(api::my::push_key))
        .route("/api/games", get(api::list_games))
        .route("/api/games/{id}", get(api::game))
        .route("/api/games/{id}/replay", get(replay::game_replay))
        .route("/api/games/{id}/analysis", get(replay::game_analysis))
        .route("/api/rooms/{code}/replay", get(replay::room_replay))
        .route("/api/rules", get(web::rules))
        .route("/api/presets", get(api::presets))
        .route("/healthz", get(api::healthz))
        .route("/metrics", get(api::metrics))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            axum::http::StatusCode::REQUEST_TIMEOUT,
            Duration::from_secs(30),
        ));
    Router::new()
        .merge(api)
        .route("/ws", get(ws::upgrade))
        .route("/ws/circle", get(circles::socket))
        .merge(web::routes())
        // Text is sent compressed (brotli or gzip, as the browser accepts):
        // scripts and styles shrink to about a quarter (web.rs).
        .layer(web::compression())
        .layer(tower_http::trace::TraceLayer::new_for_http())
        // On every response, refusals and 404s included. No referrer: a
        // room's address carries its code, which must not leak to other
        // sites. nosniff: a response is only ever taken as its own type.
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        // Outermost but for the headers: every refusal is counted, the
        // limits' and the upgrade's included.
        .layer(axum::middleware::map_response_with_state(
            services.metrics.clone(),
            error::count_refusals,
        ))
        .with_state(services)
}
