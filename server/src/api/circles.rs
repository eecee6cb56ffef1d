//! Circles' routes (docs/protocol.md "Circles", docs/circles.md): making
//! and joining a circle, its page, its members and invite link, and a new
//! game for it. Every route needs a player; a circle answers only its
//! members (anyone else gets `no_circle`, as for a circle that does not
//! exist). Every change wakes the circle's open pages (`circles::Hub`).

use super::{open_room, Asked, CreateRoom, SeatAnswer};
use crate::api::identity::Identity;
use crate::circles::{check_circle_name, member_id, view, CircleView, MAX_CIRCLES, MAX_MEMBERS};
use crate::edge::{bad_query, check_name, read_json};
use crate::error::{ErrorCode, Refusal};
use crate::ids::{self, CircleId};
use crate::limits::Limited;
use crate::services::Services;
use crate::store::{now_ms, CircleRow, Joined};
use axum::body::Body;
use axum::extract::rejection::PathRejection;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;

/// The body of `POST /api/circles`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewCircle {
    /// The circle's name.
    pub name: String,
    /// The creator's name, if they have none yet.
    #[serde(default)]
    pub player_name: Option<String>,
}

/// `POST /api/circles`: makes a circle; its creator is its first member
/// and an admin. Counted with room creations per address.
pub async fn create_circle(
    State(s): State<Services>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    me: Identity,
    headers: HeaderMap,
    body: Body,
) -> Result<(StatusCode, Json<CircleView>), Refusal> {
    let req: NewCircle = read_json(&headers, body).await?;
    let name = check_circle_name(&req.name)?;
    named(&s, &me, req.player_name.as_deref()).await?;
    s.limits.check(Limited::Creations, peer, &headers).await?;
    let now = now_ms();
    let circle = CircleRow {
        id: CircleId::random().to_string(),
        name,
        creator: me.hash.clone(),
        invite: Some(ids::new_token()),
        created_at: now,
    };
    let made = s.store.create_circle(&circle, MAX_CIRCLES).await;
    if !made.map_err(Refusal::store)? {
        return Err(Refusal::new(ErrorCode::TooManyCircles));
    }
    tracing::info!(circle = %circle.id, "circle made");
    let v = view(&s.store, &circle, &me.hash, now).await;
    Ok((StatusCode::CREATED, Json(v.map_err(Refusal::store)?)))
}

/// One of the player's circles (`GET /api/me/circles`).
#[derive(Debug, Serialize)]
pub struct MyCircle {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// How many members it has.
    pub members: i64,
    /// Whether the player is an admin.
    pub admin: bool,
}

/// The answer of `GET /api/me/circles`.
#[derive(Debug, Serialize)]
pub struct MyCircles {
    /// The player's circles, by name.
    pub circles: Vec<MyCircle>,
}

/// `GET /api/me/circles`: the player's circles.
pub async fn my_circles(
    State(s): State<Services>,
    me: Identity,
) -> Result<Json<MyCircles>, Refusal> {
    let rows = s.store.player_circles(&me.hash).await;
    let circles = (rows.map_err(Refusal::store)?.into_iter())
        .map(|c| MyCircle {
            id: c.id,
            name: c.name,
            members: c.members,
            admin: c.admin,
        })
        .collect();
    Ok(Json(MyCircles { circles }))
}

/// `GET /api/circles/{id}`: the circle, for a member.
pub async fn circle(
    State(s): State<Services>,
    me: Identity,
    id: Result<Path<String>, PathRejection>,
) -> Result<Json<CircleView>, Refusal> {
    let (c, _) = member_of(&s, &me, id).await?;
    shown(&s, &c, &me).await
}

/// The body of `PATCH /api/circles/{id}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RenameCircle {
    /// The new name.
    pub name: String,
}

/// `PATCH /api/circles/{id}`: an admin renames the circle.
pub async fn rename_circle(
    State(s): State<Services>,
    me: Identity,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<CircleView>, Refusal> {
    let c = admin_of(&s, &me, id).await?;
    let req: RenameCircle = read_json(&headers, body).await?;
    let name = check_circle_name(&req.name)?;
    s.store
        .rename_circle(&c.id, &name)
        .await
        .map_err(Refusal::store)?;
    changed(&s, &c, &me).await
}

/// `POST /api/circles/{id}/invite`: an admin makes a new invite link; the
/// old one stops working at once.
pub async fn renew_invite(
    State(s): State<Services>,
    me: Identity,
    id: Result<Path<String>, PathRejection>,
) -> Result<Json<CircleView>, Refusal> {
    let c = admin_of(&s, &me, id).await?;
    let token = ids::new_token();
    let set = s.store.set_invite(&c.id, Some(&token)).await;
    set.map_err(Refusal::store)?;
    changed(&s, &c, &me).await
}

/// `DELETE /api/circles/{id}/invite`: an admin turns the invite link off.
pub async fn revoke_invite(
    State(s): State<Services>,
    me: Identity,
    id: Result<Path<String>, PathRejection>,
) -> Result<Json<CircleView>, Refusal> {
    let c = admin_of(&s, &me, id).await?;
    s.store
        .set_invite(&c.id, None)
        .await
        .map_err(Refusal::store)?;
    changed(&s, &c, &me).await
}

/// The body of `PATCH /api/circles/{id}/members/{member}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetAdmin {
    /// Whether the member is to be an admin.
    pub admin: bool,
}

/// `PATCH /api/circles/{id}/members/{member}`: an admin makes a member an
/// admin; only the creator takes it away (and never from themselves).
pub async fn set_admin(
    State(s): State<Services>,
    me: Identity,
    path: Result<Path<(String, String)>, PathRejection>,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<CircleView>, Refusal> {
    let Path((id, member)) = path.map_err(bad_query)?;
    let c = admin_of(&s, &me, Ok(Path(id))).await?;
    let req: SetAdmin = read_json(&headers, body).await?;
    let player = player_of_member(&s, &c, &member).await?;
    if !req.admin && (me.hash != c.creator || player == c.creator) {
        return Err(Refusal::new(ErrorCode::CircleCreator));
    }
    let set = s.store.set_admin(&c.id, &player, req.admin).await;
    set.map_err(Refusal::store)?;
    changed(&s, &c, &me).await
}

/// `DELETE /api/circles/{id}/members/{member}`: an admin removes a member,
/// or a member leaves. The creator stays while no other member is an
/// admin. A removed member's open pages of the circle are closed at once.
pub async fn leave_or_remove(
    State(s): State<Services>,
    me: Identity,
    path: Result<Path<(String, String)>, PathRejection>,
) -> Result<StatusCode, Refusal> {
    let Path((id, member)) = path.map_err(bad_query)?;
    let (c, admin) = member_of(&s, &me, Ok(Path(id))).await?;
    let leaving = member == member_id(&c.id, &me.hash);
    if !leaving && !admin {
        return Err(Refusal::new(ErrorCode::NotCircleAdmin));
    }
    let player = player_of_member(&s, &c, &member).await?;
    if player == c.creator {
        let members = s
            .store
            .circle_members(&c.id)
            .await
            .map_err(Refusal::store)?;
        let other_admin = members.iter().any(|m| m.admin && m.player != c.creator);
        if !leaving || !other_admin {
            return Err(Refusal::new(ErrorCode::CircleCreator));
        }
    }
    let removed = s.store.remove_member(&c.id, &player).await;
    removed.map_err(Refusal::store)?;
    tracing::info!(circle = %c.id, leaving, "member out of a circle");
    s.circles.changed(&c.id).await;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/circles/{id}/games`: a member makes a game for the circle,
/// with the body of `POST /api/rooms`; every member is invited.
pub async fn new_game(
    State(s): State<Services>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    me: Identity,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Body,
) -> Result<(StatusCode, Json<SeatAnswer>), Refusal> {
    let (c, _) = member_of(&s, &me, id).await?;
    let req: CreateRoom = read_json(&headers, body).await?;
    let circle = CircleId::parse(&c.id).ok_or_else(|| Refusal::new(ErrorCode::NoCircle))?;
    let asked = Asked {
        limits: &s.limits,
        peer,
        headers: &headers,
    };
    let player = Some(me.hash.clone());
    let answer = open_room(&s.registry, &s.store, asked, player, req, Some(circle)).await?;
    tracing::info!(circle = %c.id, room = %answer.code, "circle game made");
    s.circles.changed(&c.id).await;
    Ok((StatusCode::CREATED, Json(answer)))
}

/// The answer of `GET /api/invites/{token}`.
#[derive(Debug, Serialize)]
pub struct InviteView {
    /// The circle's id.
    pub circle: String,
    /// Its name.
    pub name: String,
    /// How many members it has.
    pub members: i64,
    /// Whether the asking player is one.
    pub member: bool,
}

/// `GET /api/invites/{token}`: the circle an invite link leads to.
/// Counted with lookups per address: tokens are not to be guessed.
pub async fn invite(
    State(s): State<Services>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    me: Identity,
    headers: HeaderMap,
    token: Result<Path<String>, PathRejection>,
) -> Result<Json<InviteView>, Refusal> {
    s.limits.check(Limited::Lookups, peer, &headers).await?;
    let Path(token) = token.map_err(bad_query)?;
    let (c, members) = invited(&s, &token).await?;
    let member = s.store.membership(&c.id, &me.hash).await;
    Ok(Json(InviteView {
        member: member.map_err(Refusal::store)?.is_some(),
        circle: c.id,
        name: c.name,
        members,
    }))
}

/// The body of `POST /api/invites/{token}`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Join {
    /// The player's name, if they have none yet.
    #[serde(default)]
    pub name: Option<String>,
}

/// The answer of `POST /api/invites/{token}`.
#[derive(Debug, Serialize)]
pub struct JoinedCircle {
    /// The circle joined.
    pub circle: String,
}

/// `POST /api/invites/{token}`: the player joins the circle. Limited per
/// address (`--circle-joins-per-minute`).
pub async fn join(
    State(s): State<Services>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    me: Identity,
    headers: HeaderMap,
    token: Result<Path<String>, PathRejection>,
    body: Body,
) -> Result<Json<JoinedCircle>, Refusal> {
    let Path(token) = token.map_err(bad_query)?;
    let req: Join = read_json(&headers, body).await?;
    s.limits.check(Limited::CircleJoins, peer, &headers).await?;
    let (c, _) = invited(&s, &token).await?;
    named(&s, &me, req.name.as_deref()).await?;
    let joined = (s.store)
        .join_circle(&c.id, &me.hash, now_ms(), MAX_MEMBERS, MAX_CIRCLES)
        .await;
    match joined.map_err(Refusal::store)? {
        Joined::Joined => {
            tracing::info!(circle = %c.id, "circle joined");
            s.circles.changed(&c.id).await;
        }
        Joined::Already => {}
        Joined::Full => return Err(Refusal::new(ErrorCode::CircleFull)),
        Joined::TooMany => return Err(Refusal::new(ErrorCode::TooManyCircles)),
    }
    Ok(Json(JoinedCircle { circle: c.id }))
}

/// The circle of an invite token, with its member count.
async fn invited(s: &Services, token: &str) -> Result<(CircleRow, i64), Refusal> {
    if !ids::is_player_secret(token) {
        return Err(Refusal::new(ErrorCode::NoInvite));
    }
    let found = s.store.circle_by_invite(token).await;
    found
        .map_err(Refusal::store)?
        .ok_or_else(|| Refusal::new(ErrorCode::NoInvite))
}

/// Gives a player without a name the one they typed (checked as any
/// name); a player with one keeps it, and needs to type none.
async fn named(s: &Services, me: &Identity, typed: Option<&str>) -> Result<(), Refusal> {
    if me.name.is_some() {
        return Ok(());
    }
    let name = check_name(typed.unwrap_or_default())?;
    let renamed = s.store.rename_player(&me.hash, Some(&name)).await;
    renamed.map_err(Refusal::store).map(|_| ())
}

/// The circle `id` names and whether the player is its admin, if they
/// are a member; `no_circle` otherwise (whether or not it exists).
async fn member_of(
    s: &Services,
    me: &Identity,
    id: Result<Path<String>, PathRejection>,
) -> Result<(CircleRow, bool), Refusal> {
    let Path(id) = id.map_err(bad_query)?;
    let no_circle = || Refusal::new(ErrorCode::NoCircle);
    let id = CircleId::parse(&id).ok_or_else(no_circle)?;
    let admin = s.store.membership(id.as_str(), &me.hash).await;
    let admin = admin.map_err(Refusal::store)?.ok_or_else(no_circle)?;
    let c = s.store.circle(id.as_str()).await.map_err(Refusal::store)?;
    Ok((c.ok_or_else(no_circle)?, admin))
}

/// The circle, if the player is one of its admins.
async fn admin_of(
    s: &Services,
    me: &Identity,
    id: Result<Path<String>, PathRejection>,
) -> Result<CircleRow, Refusal> {
    match member_of(s, me, id).await? {
        (c, true) => Ok(c),
        _ => Err(Refusal::new(ErrorCode::NotCircleAdmin)),
    }
}

/// The player hash of the circle's member with this member id.
async fn player_of_member(s: &Services, c: &CircleRow, member: &str) -> Result<String, Refusal> {
    let members = s
        .store
        .circle_members(&c.id)
        .await
        .map_err(Refusal::store)?;
    (members.into_iter())
        .map(|m| m.player)
        .find(|p| member_id(&c.id, p) == member)
        .ok_or_else(|| Refusal::with(ErrorCode::BadRequest, "No such member in this circle."))
}

/// The circle as the player sees it now.
async fn shown(s: &Services, c: &CircleRow, me: &Identity) -> Result<Json<CircleView>, Refusal> {
    let v = view(&s.store, c, &me.hash, now_ms()).await;
    Ok(Json(v.map_err(Refusal::store)?))
}

/// Wakes the circle's open pages, and answers with it as it is now.
async fn changed(s: &Services, c: &CircleRow, me: &Identity) -> Result<Json<CircleView>, Refusal> {
    s.circles.changed(&c.id).await;
    let now = s.store.circle(&c.id).await.map_err(Refusal::store)?;
    shown(s, now.as_ref().unwrap_or(c), me).await
}
