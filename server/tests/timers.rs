//! Every timer of a room (turn clock, takeover, idle close, computer delay,
//! archive retry) on tokio's paused clock: the room task runs for real,
//! against the in-process store, and the tests move time by hand, so none
//! waits real seconds and each deadline is checked to the millisecond.

mod common;

use chowka_protocol::{Gate, Overrides};
use chowka_server::bots::Level;
use chowka_server::rooms::{Found, Settings};
use chowka_server::wall::Wall;
use common::*;
use serde_json::{json, Value};
use std::time::Duration;
use tokio::time::advance;

#[tokio::test(start_paused = true)]
async fn the_turn_clock_plays_for_the_player_when_it_runs_out() {
    let settings = Settings {
        turn_clock: Some(10),
        ..Settings::default()
    };
    let table = Table::new(
        vec![person("Asha", true), person("Ravi", false)],
        settings,
        |_| {},
    )
    .await;
    let mut asha = table.join(0).await;
    table.send(&asha, json!({"type": "start"})).await;
    asha.drain();
    assert_eq!(asha.state["room"]["status"], "playing");
    assert_eq!(asha.state["room"]["clock_ms"], 10_000);
    advance(ms(9_999)).await;
    settle().await;
    assert!(
        asha.states().is_empty(),
        "nothing before the clock runs out"
    );
    advance(ms(1)).await;
    settle().await;
    let states = asha.states();
    assert!(
        states.iter().any(|s| acted(s, 0)),
        "the server threw for Asha when her clock ran out: {states:?}"
    );
}

#[tokio::test(start_paused = true)]
async fn right_back_holds_the_seat_five_minutes_before_a_computer_stands_in() {
    let settings = Settings {
        takeover: Some(60),
        ..Settings::default()
    };
    let table = Table::new(
        vec![person("Asha", true), person("Ravi", false)],
        settings,
        |o| o.wall = Wall::paused(),
    )
    .await;
    let mut asha = table.join(0).await;
    let ravi = table.join(1).await;
    table.send(&asha, json!({"type": "start"})).await;
    table.send(&ravi, json!({"type": "right_back"})).await;
    asha.drain();
    let back_by = asha.state["room"]["seats"][1]["back_by"].as_i64();
    assert!(back_by.is_some(), "the table sees it: {}", asha.state);
    table.stub.leave(ravi.joined.conn);
    settle().await;
    asha.drain();
    // Past the takeover time, the seat is still held...
    advance(Duration::from_secs(299)).await;
    settle().await;
    asha.drain();
    assert_eq!(asha.state["room"]["seats"][1]["standin"], false);
    // ...until five minutes are up.
    advance(Duration::from_secs(1)).await;
    settle().await;
    asha.drain();
    assert_eq!(asha.state["room"]["seats"][1]["standin"], true);
    assert!(asha.state["room"]["seats"][1]["back_by"].is_null());
    // Back, Ravi's hold is over; a new one counts from now again.
    let ravi = table.join(1).await;
    asha.drain();
    assert_eq!(asha.state["room"]["seats"][1]["standin"], false);
    table.send(&ravi, json!({"type": "right_back"})).await;
    table.stub.leave(ravi.joined.conn);
    settle().await;
    advance(Duration::from_secs(61)).await;
    settle().await;
    asha.drain();
    assert_eq!(asha.state["room"]["seats"][1]["standin"], false, "held");
}

#[tokio::test(start_paused = true)]
async fn a_computer_stands_in_after_the_takeover_time_until_the_player_returns() {
    let settings = Settings {
        takeover: Some(5),
        ..Settings::default()
    };
    let table = Table::new(
        vec![person("Asha", true), person("Ravi", false)],
        settings,
        |o| o.bot_delay_ms = 300,
    )
    .await;
    let mut asha = table.join(0).await;
    let ravi = table.join(1).await;
    table.send(&asha, json!({"type": "start"})).await;
    table.stub.leave(ravi.joined.conn);
    settle().await;
    asha.drain();
    advance(ms(4_999)).await;
    settle().await;
    assert!(asha.states().is_empty(), "no stand-in before five seconds");
    advance(ms(1)).await;
    settle().await;
    asha.drain();
    assert_eq!(asha.state["room"]["seats"][1]["standin"], true);
    // When Ravi's turn comes, the stand-in plays it after the computer delay.
    play_until_turn_of(&table, &mut asha, 1).await;
    advance(ms(299)).await;
    settle().await;
    assert!(!asha.states().iter().any(|s| acted(s, 1)));
    advance(ms(1)).await;
    settle().await;
    assert!(
        asha.states().iter().any(|s| acted(s, 1)),
        "the stand-in played"
    );
    // Ravi is back: his seat is his again, and nobody plays for him.
    let mut ravi = table.join(1).await;
    assert_eq!(ravi.state["room"]["seats"][1]["standin"], false);
    play_until_turn_of(&table, &mut asha, 1).await;
    ravi.drain();
    advance(Duration::from_secs(60)).await;
    settle().await;
    assert!(
        !ravi.states().iter().any(|s| acted(s, 1)),
        "nobody played for Ravi"
    );
}

#[tokio::test(start_paused = true)]
async fn a_computer_acts_after_its_delay() {
    let table = Table::new(
        vec![person("Asha", true), computer(Level::Easy)],
        Settings::default(),
        |o| o.bot_delay_ms = 700,
    )
    .await;
    let mut asha = table.join(0).await;
    table.send(&asha, json!({"type": "start"})).await;
    asha.drain();
    play_until_turn_of(&table, &mut asha, 1).await;
    advance(ms(699)).await;
    settle().await;
    assert!(!asha.states().iter().any(|s| acted(s, 1)), "too early");
    advance(ms(1)).await;
    settle().await;
    assert!(
        asha.states().iter().any(|s| acted(s, 1)),
        "the computer acted"
    );
}

#[tokio::test(start_paused = true)]
async fn an_idle_room_closes_and_reopens_from_the_store_with_nothing_lost() {
    let table = Table::new(
        vec![person("Asha", true), person("Ravi", false)],
        Settings::default(),
        |o| o.idle_room_secs = 60,
    )
    .await;
    let mut asha = table.join(0).await;
    let ravi = table.join(1).await;
    table.send(&asha, json!({"type": "start"})).await;
    asha.drain();
    play_until_turn_of(&table, &mut asha, 1).await;
    let left = asha.state.clone();
    // Both leave at 30 s: the idle time counts from then.
    advance(Duration::from_secs(30)).await;
    table.stub.leave(asha.joined.conn);
    table.stub.leave(ravi.joined.conn);
    settle().await;
    advance(Duration::from_secs(59)).await;
    settle().await;
    assert!(!table.stub.is_closed(), "still open at 59 s idle");
    advance(Duration::from_secs(1)).await;
    settle().await;
    assert!(table.stub.is_closed(), "closed at 60 s idle");
    assert_eq!(table.registry.len(), 0);
    // Coming back reopens it from the store, just as it was left, with a
    // new version so that an action sent on the old state is refused.
    let Ok(Found::Here(stub)) = table.registry.get(table.code).await else {
        panic!("reopens here");
    };
    let token = table.tokens[0].clone();
    let mut back = Conn {
        joined: stub.join(token).await.unwrap().unwrap(),
        state: Value::Null,
    };
    back.drain();
    assert_eq!(back.state["game"], left["game"]);
    assert!(back.state["version"].as_u64() > left["version"].as_u64());
}

#[tokio::test(start_paused = true)]
async fn a_failed_archive_write_is_tried_again_five_seconds_later() {
    // A short game (5x5, one pawn each, the gate open) against a computer.
    let short = Overrides {
        board: Some(5),
        pawns: Some(1),
        gate: Some(Gate::Open),
        ..Overrides::default()
    };
    let table = Table::with_rules(
        vec![person("Asha", true), computer(Level::Easy)],
        Settings::default(),
        short,
        |_| {},
    )
    .await;
    table.memory.fail_archives(true);
    let mut asha = table.join(0).await;
    table.send(&asha, json!({"type": "start"})).await;
    asha.drain();
    for _ in 0..5000 {
        if asha.state["room"]["status"] != "playing" {
            break;
        }
        play_until_turn_of(&table, &mut asha, 1).await;
        settle().await;
        asha.drain();
    }
    assert_eq!(asha.state["room"]["status"], "finished");
    assert!(
        table.memory.game(table.code).is_none(),
        "the archive failed"
    );
    // The store is back; the retry comes five seconds after the failure.
    table.memory.fail_archives(false);
    advance(ms(4_999)).await;
    settle().await;
    assert!(table.memory.game(table.code).is_none(), "not retried yet");
    advance(ms(1)).await;
    settle().await;
    let game = table
        .memory
        .game(table.code)
        .expect("archived on the retry");
    assert_eq!(
        game.actions as usize,
        table.memory.actions(table.code).len()
    );
}
