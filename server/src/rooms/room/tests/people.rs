//! A player's rename and forget, in every room of theirs.

use super::*;
use crate::rooms::room::{Change, Effect};

#[test]
fn a_rename_shows_on_the_players_seat_until_the_game_is_over() {
    let room = lobby(Settings::default());
    let rename = |player: &str| Change::Rename {
        player: player.into(),
        name: "Asha K".into(),
    };
    let (next, effects) = room.apply(rename("player-Asha"), None).unwrap();
    assert_eq!(next.seats[0].name.as_deref(), Some("Asha K"));
    assert_eq!(next.version, room.version + 1);
    assert!(effects.contains(&Effect::SaveRoom));
    let (same, effects) = room.apply(rename("player-nobody"), None).unwrap();
    assert!(effects.is_empty(), "nobody's seat: nothing changes");
    assert_eq!(same.version, room.version);
    let (again, effects) = next.apply(rename("player-Asha"), None).unwrap();
    assert!(effects.is_empty(), "the same name again changes nothing");
    assert_eq!(again.version, next.version);
    let (started, _) = playing(Settings::default())
        .apply(rename("player-Bala"), None)
        .unwrap();
    assert_eq!(started.seats[1].name.as_deref(), Some("Asha K"));
}

#[test]
fn a_forgotten_player_leaves_a_seat_without_name_or_identity() {
    let room = playing(Settings::default());
    let forget = Change::Forget {
        player: "player-Bala".into(),
    };
    let (next, effects) = room.apply(forget.clone(), None).unwrap();
    assert_eq!(next.seats[1].name, None);
    assert_eq!(next.seats[1].player, None);
    assert_eq!(next.seat_of_player("player-Bala"), None);
    assert!(next.seats[1].person(), "the seat token still opens it");
    assert!(effects.contains(&Effect::SaveRoom));
    assert!(
        effects.contains(&Effect::Forgotten(1)),
        "their chat lines go too"
    );
    assert_eq!(next.seats[0].name.as_deref(), Some("Asha"));
    let (_, effects) = next.apply(forget, None).unwrap();
    assert!(effects.is_empty(), "forgetting twice changes nothing");
}
