//! Circles: a family's standing table (docs/circles.md). A circle is a
//! named, private group of players with one invite link, its games and
//! its standings, read from the archived seats of its finished games.
//!
//! # Layout
//! - here: the limits, the member ids, names.
//! - `view`: the circle as its page shows it ([`CircleView`]), built from
//!   the store's rows.
//! - `live`: the circle's page followed over `/ws/circle`, and the
//!   [`Hub`] that tells its sockets (on every node) of a change.
//!
//! The HTTP routes are in `api/circles.rs`; the rows in `store/circles.rs`.

mod live;
mod view;

pub use live::{socket, Hub};
pub use view::{view, CircleView, MemberView};

use crate::edge::check_named;
use crate::error::Refusal;
use crate::ids;

/// Most members of one circle: a large family, and few enough that every
/// pair's head-to-head fits the page.
pub const MAX_MEMBERS: i64 = 24;
/// Most circles one player is a member of.
pub const MAX_CIRCLES: i64 = 20;
/// Longest circle name, in characters ("The Ramaswamy family, Mysuru").
pub const MAX_NAME: usize = 40;
/// How many finished games the circle's page lists (the standings count
/// them all).
pub const FINISHED_SHOWN: i64 = 20;
/// A member whose page was seen this recently is "here now": pages poll
/// at least every minute while open (web-client/js/nudge.js), and the
/// circle's socket touches its player as often.
pub const HERE_MS: i64 = 150_000;

/// A member's id in a circle: never their player hash (which would tie
/// them across circles), but the same for one player in one circle.
pub fn member_id(circle: &str, player: &str) -> String {
    ids::hash_token(&format!("circle-member:{circle}:{player}"))[..12].to_string()
}

/// Checks a circle's name as a display name is checked, up to
/// [`MAX_NAME`] characters.
pub fn check_circle_name(name: &str) -> Result<String, Refusal> {
    check_named(
        name,
        MAX_NAME,
        "A circle's name has 1 to 40 characters, at least one that shows.",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_member_id_is_the_same_in_one_circle_and_differs_across_circles() {
        let a = member_id("K7M2PQ9XRT", "ab12");
        assert_eq!(a, member_id("K7M2PQ9XRT", "ab12"));
        assert_ne!(a, member_id("K7M2PQ9XRS", "ab12"));
        assert_ne!(a, member_id("K7M2PQ9XRT", "ab13"));
        assert_eq!(a.len(), 12);
    }

    #[test]
    fn circle_names_are_checked_like_display_names() {
        assert_eq!(check_circle_name("  Rao family ").unwrap(), "Rao family");
        assert!(check_circle_name("").is_err());
        assert!(check_circle_name(&"x".repeat(41)).is_err());
        assert!(check_circle_name("a\u{202e}b").is_err());
    }
}
