//! The memory store's players, devices and room links: what the
//! databases answer (`store/players.rs`).

use super::super::my_games::LinkedRoom;
use super::super::players::{seat_of_player, unnamed, DeviceRow, PlayerRow, TOUCH_EVERY_MS};
use super::super::{StoreError, StoreResult};
use super::Memory;
use crate::nudges::Alerts;
use std::collections::BTreeMap;

/// Players by hash, devices by (player, device), links by (player, room)
/// with when each was made.
#[derive(Debug, Default)]
pub(super) struct People {
    players: BTreeMap<String, PlayerRow>,
    devices: BTreeMap<(String, String), DeviceRow>,
    links: BTreeMap<(String, String), i64>,
    /// Time zones and quiet hours by player.
    alerts: BTreeMap<String, Alerts>,
}

impl Memory {
    pub(in crate::store) fn create_player(&self, p: &PlayerRow) -> StoreResult<()> {
        let mut inner = self.writing()?;
        if inner.people.players.contains_key(&p.hash) {
            return Err(StoreError::Conflict("the player exists".into()));
        }
        inner.people.players.insert(p.hash.clone(), p.clone());
        Ok(())
    }

    pub(in crate::store) fn player(&self, hash: &str) -> Option<PlayerRow> {
        self.lock().people.players.get(hash).cloned()
    }

    pub(in crate::store) fn touch_device(
        &self,
        hash: &str,
        device: &str,
        label: &str,
        now: i64,
    ) -> StoreResult<()> {
        let mut inner = self.writing()?;
        let people = &mut inner.people;
        let key = (hash.to_string(), device.to_string());
        let row = people.devices.entry(key).or_insert_with(|| DeviceRow {
            device: device.to_string(),
            label: label.to_string(),
            first_seen: now,
            last_seen: now,
        });
        if row.last_seen <= now - TOUCH_EVERY_MS {
            row.label = label.to_string();
            row.last_seen = now;
        }
        if let Some(p) = people.players.get_mut(hash) {
            if p.seen_at <= now - TOUCH_EVERY_MS {
                p.seen_at = now;
            }
        }
        Ok(())
    }

    pub(in crate::store) fn devices(&self, hash: &str) -> Vec<DeviceRow> {
        let inner = self.lock();
        let mut devices: Vec<DeviceRow> = (inner.people.devices.iter())
            .filter(|((p, _), _)| p == hash)
            .map(|(_, d)| d.clone())
            .collect();
        devices.sort_by(|a, b| (b.last_seen.cmp(&a.last_seen)).then(a.device.cmp(&b.device)));
        devices
    }

    pub(in crate::store) fn rename_player(
        &self,
        hash: &str,
        name: Option<&str>,
    ) -> StoreResult<bool> {
        let mut inner = self.writing()?;
        let Some(p) = inner.people.players.get_mut(hash) else {
            return Ok(false);
        };
        p.name = name.map(str::to_owned);
        Ok(true)
    }

    pub(in crate::store) fn alerts(&self, hash: &str) -> Alerts {
        let inner = self.lock();
        inner.people.alerts.get(hash).cloned().unwrap_or_default()
    }

    pub(in crate::store) fn set_alerts(&self, hash: &str, alerts: &Alerts) -> StoreResult<()> {
        let mut inner = self.writing()?;
        inner.people.alerts.insert(hash.to_string(), alerts.clone());
        Ok(())
    }

    pub(in crate::store) fn link_room(&self, hash: &str, room: &str, now: i64) -> StoreResult<()> {
        let mut inner = self.writing()?;
        let key = (hash.to_string(), room.to_string());
        inner.people.links.entry(key).or_insert(now);
        Ok(())
    }

    pub(in crate::store) fn forget_player(&self, hash: &str) -> StoreResult<Vec<String>> {
        let mut inner = self.writing()?;
        let rooms: Vec<String> = (inner.people.links.keys())
            .filter(|(p, _)| p == hash)
            .map(|(_, r)| r.clone())
            .collect();
        for room in &rooms {
            let seats = inner.rooms.get(room).map(|(r, _)| r.seats.clone());
            let Some(seat) = seats.and_then(|s| seat_of_player(&s, hash)) else {
                continue;
            };
            let game = inner
                .games
                .iter_mut()
                .find(|(g, public)| !public && g.id == *room);
            if let Some((g, _)) = game {
                (g.players, g.record) = unnamed(&g.players, &g.record, seat);
            }
        }
        let people = &mut inner.people;
        people.links.retain(|(p, _), _| p != hash);
        people.devices.retain(|(p, _), _| p != hash);
        people.players.remove(hash);
        people.alerts.remove(hash);
        Ok(rooms)
    }

    /// The player's rooms with what "all my games" reads of them. The
    /// memory store keeps no pace columns (`RoomRow` has none here): its
    /// rooms read as live.
    pub(in crate::store) fn linked_rooms(&self, hash: &str) -> Vec<LinkedRoom> {
        let inner = self.lock();
        let linked = (inner.people.links.keys()).filter(|(p, _)| p == hash);
        linked
            .filter_map(|(_, room)| {
                let (r, _) = inner
                    .rooms
                    .get(room)
                    .filter(|(r, _)| r.status != "abandoned")?;
                let game = inner.games.iter().map(|(g, _)| g).find(|g| g.id == *room);
                Some(LinkedRoom {
                    code: r.code.clone(),
                    status: r.status.clone(),
                    setup: r.setup.clone(),
                    seats: r.seats.clone(),
                    settings: r.settings.clone(),
                    created_at: r.created_at,
                    pace: r.pace.clone(),
                    to_move: r.to_move,
                    due_at: r.due_at,
                    clock: r.clock.clone(),
                    finished_at: game.map(|g| g.finished_at),
                    result: game.map(|g| g.result.clone()),
                    preset: game.map(|g| g.preset.clone()),
                    board: game.map(|g| g.board),
                    // The memory store keeps no circles.
                    circle: None,
                    circle_name: None,
                })
            })
            .collect()
    }
}
