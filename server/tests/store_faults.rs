//! What a room does when its store fails: a write refused changes
//! nothing; a write whose reply was lost after it went in stands; the
//! event log never takes one action twice or a different one in its place.
//! Against the in-process store, whose faults can be switched on.

mod common;

use chowka_protocol::messages::RoomStatus;
use chowka_server::rooms::Settings;
use common::*;
use serde_json::{json, Value};

/// Asha and Ravi in a started game, Asha to move.
async fn started() -> (Table, Conn) {
    let table = Table::new(
        vec![person("Asha", true), person("Ravi", false)],
        Settings::default(),
        |_| {},
    )
    .await;
    let mut asha = table.join(0).await;
    table.send(&asha, json!({"type": "start"})).await;
    asha.drain();
    assert_eq!(asha.state["room"]["status"], RoomStatus::Playing.as_str());
    (table, asha)
}

fn errors(got: &[Value]) -> Vec<&str> {
    got.iter()
        .filter(|m| m["type"] == "error")
        .filter_map(|m| m["code"].as_str())
        .collect()
}

#[tokio::test]
async fn a_refused_write_changes_nothing_and_the_next_try_plays() {
    let (table, mut asha) = started().await;
    let before = asha.state.clone();
    table.memory.fail_writes(true);
    let got = act(&table, &mut asha).await;
    assert_eq!(errors(&got), ["store_unavailable"]);
    assert_eq!(asha.state, before, "no new state");
    assert!(table.memory.actions(table.code).is_empty());
    // The store is back: the same action plays, at the same place in the log.
    table.memory.fail_writes(false);
    let got = act(&table, &mut asha).await;
    assert!(errors(&got).is_empty(), "{got:?}");
    assert!(asha.state["version"].as_u64() > before["version"].as_u64());
    assert_eq!(table.memory.actions(table.code).len(), 1);
}

#[tokio::test]
async fn an_action_whose_reply_was_lost_stands_and_play_goes_on() {
    let (table, mut asha) = started().await;
    table.memory.lose_next_reply();
    let got = act(&table, &mut asha).await;
    assert!(errors(&got).is_empty(), "the action stands: {got:?}");
    assert!(acted(&asha.state, 0), "and everyone saw it");
    assert_eq!(table.memory.actions(table.code).len(), 1);
    // No collision on the next place in the log.
    let got = act(&table, &mut asha).await;
    assert!(errors(&got).is_empty(), "{got:?}");
    assert_eq!(table.memory.actions(table.code).len(), 2);
}

#[tokio::test]
async fn a_seat_whose_reply_was_lost_is_taken() {
    let table = Table::new(
        vec![person("Asha", true), Default::default()],
        Settings::default(),
        |_| {},
    )
    .await;
    table.memory.lose_next_reply();
    let taken = table.stub.take_seat("Ravi".into(), None).await.unwrap();
    let taken = taken.expect("the seat is taken although the reply was lost");
    assert_eq!(taken.seat, 1);
    let row = table.memory.room(table.code).unwrap();
    assert!(row.seats.contains("Ravi"));
}

/// A client seed message (fair throws) of 32 bytes `b`.
fn seed(b: u8) -> Value {
    json!({"type": "seed", "seed": format!("{b:02x}").repeat(32)})
}

/// The room's stored fair section (JSON).
fn stored_fair(table: &Table) -> String {
    let row = table.memory.room(table.code).expect("the room is stored");
    row.fair.expect("a started game has its seeds stored")
}

#[tokio::test]
async fn a_seed_the_store_refuses_is_not_taken_and_one_whose_reply_was_lost_is() {
    let (table, mut asha) = started().await;
    assert!(stored_fair(&table).contains("\"client_seeds\":[null,null]"));
    table.memory.fail_writes(true);
    table.send(&asha, seed(1)).await;
    assert_eq!(errors(&asha.drain()), ["store_unavailable"]);
    table.memory.fail_writes(false);
    assert!(
        stored_fair(&table).contains("[null,null]"),
        "nothing stored"
    );
    // Not taken, so the seat may send one again, and it counts.
    table.send(&asha, seed(2)).await;
    assert!(errors(&asha.drain()).is_empty());
    assert!(stored_fair(&table).contains(&"02".repeat(32)));

    // Ravi's seed goes in but its reply is lost: the stored row says it is in.
    let mut ravi = table.join(1).await;
    table.memory.lose_next_reply();
    table.send(&ravi, seed(3)).await;
    assert!(errors(&ravi.drain()).is_empty());
    table.send(&ravi, seed(4)).await;
    assert_eq!(
        errors(&ravi.drain()),
        ["seed_closed"],
        "his first seed is in"
    );
    assert!(stored_fair(&table).contains(&"03".repeat(32)));
    assert!(!stored_fair(&table).contains(&"04".repeat(32)));
}
