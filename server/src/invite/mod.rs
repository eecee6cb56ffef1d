//! The invitation a room link carries into a chat app (issue 29): the
//! words of its preview in the inviter's language ([`words`]), the tags a
//! room page's head gets ([`tags`]), and the picture of the room's board
//! ([`card`]). The greeting on the page itself is the web client's
//! (web-client/js/greeting.js).

pub mod card;
pub mod tags;
pub mod words;

pub use card::{CardKey, Cards};
pub use tags::Preview;
pub use words::Language;
