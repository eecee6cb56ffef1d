//! The pace a new room is created with (docs/protocol.md, "Pace").

use super::{CreateRoom, DEFAULT_TAKEOVER_SECS};
use crate::error::{ErrorCode, Refusal};
use chowka_protocol::messages::Pace;

/// The documented range of `turn_hours` (a game over days), in hours.
pub const TURN_HOURS: std::ops::RangeInclusive<u32> = 1..=168;
/// `turn_hours` when a game over days does not say: a day gives everyone,
/// whatever their time zone, one waking day to move.
pub const DEFAULT_TURN_HOURS: u32 = 24;
/// The `takeover` and `turn_hours` of a new room, by its pace: a game
/// over days has a clock per turn (1 to 168 hours, 24 if not said) and no
/// turn clock or takeover; a live one no `turn_hours`.
pub(super) fn pace_settings(req: &CreateRoom) -> Result<(Option<u32>, Option<u32>), Refusal> {
    let bad = |m: &str| Err(Refusal::with(ErrorCode::BadRequest, m.to_string()));
    match req.pace {
        Pace::Live if req.turn_hours.is_some() => bad("turn_hours is for games over days only."),
        Pace::Live => Ok((req.takeover.unwrap_or(Some(DEFAULT_TAKEOVER_SECS)), None)),
        Pace::Days if req.turn_clock.is_some() || req.takeover.flatten().is_some() => {
            bad("A game over days has no turn_clock or takeover: its clock is turn_hours.")
        }
        Pace::Days => match req.turn_hours.unwrap_or(DEFAULT_TURN_HOURS) {
            h if TURN_HOURS.contains(&h) => Ok((None, Some(h))),
            _ => bad("turn_hours is 1 to 168."),
        },
    }
}
