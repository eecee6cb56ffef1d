//! The live room: what a room task owns and saves (seats, settings, the
//! game and its event log, the version), with its mapping to and from the
//! store's rows. Timers, connections and computers live beside it in the
//! actor, since none of them is saved.

use crate::bots::Level;
use crate::error::{ErrorCode, Refusal};
use crate::store::{now_ms, to_json, RoomRow, StoreError, StoreResult};
use chowka_protocol::messages::RoomStatus;
use chowka_protocol::{ActionRequest, Bytes32, Fair, Game, Player, RecordedAction, Rules, Setup};
use serde::{Deserialize, Serialize};

/// Settings of a room chosen at creation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Listed in the open rooms.
    pub public: bool,
    /// Seconds per turn before the server plays for the player to move.
    pub turn_clock: Option<u32>,
    /// Seconds a player may be away before a computer plays for them.
    pub takeover: Option<u32>,
}

/// One seat as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// Display name, once taken.
    pub name: Option<String>,
    /// SHA-256 of the seat token, for a person's seat.
    pub token_hash: Option<String>,
    /// Computer level, for a computer's seat.
    pub bot: Option<Level>,
    /// The host's seat.
    pub host: bool,
}

impl Seat {
    /// Whether a person or a computer holds the seat.
    pub fn taken(&self) -> bool {
        self.token_hash.is_some() || self.bot.is_some()
    }

    /// Whether a person holds the seat.
    pub fn person(&self) -> bool {
        self.token_hash.is_some()
    }

    /// The name shown for the seat.
    pub fn shown_name(&self) -> String {
        match (&self.name, self.bot) {
            (Some(n), _) => n.clone(),
            (None, Some(l)) => format!("Computer ({})", l.name()),
            (None, None) => String::new(),
        }
    }
}

/// A room as its task holds it: a new room, or one restored from the store.
#[derive(Clone, Debug)]
pub struct Room {
    /// Room code.
    pub code: String,
    /// The game's set-up; `options.players` is the seat count.
    pub setup: Setup,
    /// Settings chosen at creation.
    pub settings: Settings,
    /// The seats.
    pub seats: Vec<Seat>,
    /// Where the room is in its life.
    pub status: RoomStatus,
    /// The game, once started.
    pub game: Option<Game>,
    /// Every accepted action, in order.
    pub actions: Vec<RecordedAction>,
    /// The state version: it goes up with every change anyone can see.
    pub version: u64,
    /// The rematch room, once created.
    pub rematch: Option<String>,
    /// Creation time, ms since the epoch.
    pub created_at: i64,
    /// Whether the finished game still has to be archived.
    pub archive_pending: bool,
    /// The seeds the game's throws come from (docs/record.md, "Fair
    /// throws"), from the start on; secret until the game is archived.
    /// `None` in the lobby, and for a game started before throws were
    /// fair, which keeps throwing from the operating system's generator.
    pub fair: Option<Fair>,
    /// Throws made in the game so far: the number of the next fair throw.
    pub throws: u64,
    /// The epoch of the lease this node holds the room under: every write
    /// names it, and is refused once another node took the room over
    /// (`store/leases.rs`). Not part of the row.
    pub epoch: i64,
}

/// A room as it was before a change, to roll back to if the change cannot
/// be saved. The event log only ever grows, so it is kept as a length
/// rather than copied.
pub struct Snapshot {
    before: Before,
    actions: usize,
}

/// What a [`Snapshot`] keeps of the room.
enum Before {
    /// All of it but the event log (lobby changes touch anything).
    Room(Box<Room>),
    /// What a move changes: the game (which never allocates to copy),
    /// its count of throws and the version. Moves are most changes, and
    /// copying the whole room (names, tokens, seeds) for each was 2% of
    /// the server's CPU under load (docs/performance.md, "Capacity").
    Play {
        game: Box<Option<Game>>,
        throws: u64,
        version: u64,
    },
}

impl Room {
    /// A new room in the lobby.
    pub fn new(code: String, setup: Setup, settings: Settings, seats: Vec<Seat>) -> Room {
        Room {
            code,
            setup,
            settings,
            seats,
            status: RoomStatus::Lobby,
            game: None,
            actions: Vec::new(),
            version: 1,
            rematch: None,
            created_at: now_ms(),
            archive_pending: false,
            fair: None,
            throws: 0,
            epoch: 0,
        }
    }

    /// Whether the game takes client seeds now: it is on, its throws are
    /// fair, and the first throw is not made (after it the key is fixed).
    pub fn seeds_open(&self) -> bool {
        self.status == RoomStatus::Playing && self.fair.is_some() && self.throws == 0
    }

    /// The game while it is being played (not before, not once over).
    pub fn game_on(&self) -> Option<&Game> {
        self.game.as_ref().filter(|g| !g.is_over())
    }

    /// The rules in force: the game's, or the set-up's before the start.
    pub fn rules(&self) -> Rules {
        match &self.game {
            Some(g) => *g.rules(),
            None => self
                .setup
                .rules()
                .unwrap_or_else(|_| Rules::preset(chowka_protocol::Preset::ChowkaBhara, 2)),
        }
    }

    /// The host's seat.
    pub fn host_seat(&self) -> Option<Player> {
        self.seats.iter().position(|s| s.host).map(|i| i as Player)
    }

    /// The seat whose token hashes to `hash`.
    pub fn seat_of_token(&self, hash: &str) -> Option<Player> {
        self.seats
            .iter()
            .position(|s| {
                s.token_hash
                    .as_deref()
                    .is_some_and(|x| crate::ids::same_hash(x, hash))
            })
            .map(|i| i as Player)
    }

    /// Starts the game with the seats taken, in seat order: empty seats
    /// are dropped, and at least two must be taken. Gives the old seat of
    /// each new one.
    pub fn begin(&mut self) -> Result<Vec<usize>, Refusal> {
        let taken: Vec<usize> = (0..self.seats.len())
            .filter(|&i| self.seats[i].taken())
            .collect();
        if taken.len() < 2 {
            return Err(ErrorCode::NotEnoughPlayers.into());
        }
        let mut setup = self.setup.clone();
        setup.options.players = Some(taken.len() as u8);
        let game = setup.game().map_err(|e| {
            Refusal::with(
                ErrorCode::BadRules,
                format!("These rules cannot be played: {e}"),
            )
        })?;
        self.seats = taken.iter().map(|&i| self.seats[i].clone()).collect();
        self.setup = setup;
        self.game = Some(game);
        self.status = RoomStatus::Playing;
        // The server's seed, committed to now and revealed at the end.
        self.fair = Some(Fair::new(Bytes32(super::seeds::fresh()), taken.len()));
        self.throws = 0;
        Ok(taken)
    }

    /// The room as it is now, to roll back to.
    pub fn snapshot(&mut self) -> Snapshot {
        let actions = std::mem::take(&mut self.actions);
        let room = Box::new(self.clone());
        self.actions = actions;
        Snapshot {
            before: Before::Room(room),
            actions: self.actions.len(),
        }
    }

    /// The room before a move, to roll back to: only what a move changes
    /// (the game, the throws, the version) is kept.
    pub fn snapshot_play(&self) -> Snapshot {
        Snapshot {
            before: Before::Play {
                game: Box::new(self.game.clone()),
                throws: self.throws,
                version: self.version,
            },
            actions: self.actions.len(),
        }
    }

    /// Goes back to `snapshot`, dropping actions appended since.
    pub fn roll_back(&mut self, snapshot: Snapshot) {
        self.actions.truncate(snapshot.actions);
        match snapshot.before {
            Before::Room(room) => {
                let actions = std::mem::take(&mut self.actions);
                *self = *room;
                self.actions = actions;
            }
            Before::Play {
                game,
                throws,
                version,
            } => {
                self.game = *game;
                self.throws = throws;
                self.version = version;
            }
        }
    }

    /// The room as a store row.
    /// A part that cannot be written as JSON refuses the row.
    pub fn row(&self) -> StoreResult<RoomRow> {
        Ok(RoomRow {
            code: self.code.clone(),
            status: self.status.as_str().into(),
            setup: to_json("the setup", &self.setup)?,
            seats: to_json("the seats", &self.seats)?,
            settings: to_json("the settings", &self.settings)?,
            version: self.version as i64,
            rematch: self.rematch.clone(),
            created_at: self.created_at,
            fair: (self.fair.as_ref())
                .map(|f| to_json("the fair seeds", f))
                .transpose()?,
        })
    }

    /// A room from its store row and event log, the game replayed action
    /// by action. The version goes one past the last saved one, so that
    /// clients see the restored state as new.
    pub fn restore(row: RoomRow, actions: &[String], last_version: i64) -> StoreResult<Room> {
        let corrupt = |what: &str, e: &dyn std::fmt::Display| {
            StoreError::Corrupt(format!("room {}: {what}: {e}", row.code))
        };
        let setup: Setup = serde_json::from_str(&row.setup).map_err(|e| corrupt("setup", &e))?;
        let seats: Vec<Seat> =
            serde_json::from_str(&row.seats).map_err(|e| corrupt("seats", &e))?;
        let settings: Settings =
            serde_json::from_str(&row.settings).map_err(|e| corrupt("settings", &e))?;
        let mut status = RoomStatus::parse(&row.status)
            .ok_or_else(|| corrupt("cannot restore a room that is", &row.status))?;
        let fair: Option<Fair> = (row.fair.as_deref())
            .map(serde_json::from_str)
            .transpose()
            .map_err(|e| corrupt("fair", &e))?;
        let mut recorded = Vec::with_capacity(actions.len());
        let game = if status == RoomStatus::Lobby {
            None
        } else {
            let mut game = setup.game().map_err(|e| corrupt("setup", &e))?;
            for (i, a) in actions.iter().enumerate() {
                let at = format!("action {i}");
                let a: RecordedAction = serde_json::from_str(a).map_err(|e| corrupt(&at, &e))?;
                a.apply(&mut game).map_err(|e| corrupt(&at, &e))?;
                recorded.push(a);
            }
            Some(game)
        };
        // The last action may have ended the game while its archive write
        // failed (or the process died between the two): archive it now.
        let archive_pending =
            status == RoomStatus::Playing && game.as_ref().is_some_and(|g| g.is_over());
        if archive_pending {
            status = RoomStatus::Finished;
        }
        // The fair stream goes on where it stopped: the next throw's number
        // is the number of throws in the log.
        let throws = (recorded.iter())
            .filter(|a| matches!(a.action, ActionRequest::Throw { .. }))
            .count() as u64;
        Ok(Room {
            code: row.code,
            setup,
            settings,
            seats,
            status,
            game,
            actions: recorded,
            version: last_version.max(0) as u64 + 1,
            rematch: row.rematch,
            created_at: row.created_at,
            archive_pending,
            fair,
            throws,
            epoch: 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rolled_back_room_is_the_room_before_the_change() {
        let setup = Setup::default();
        let mut room = Room::new("K7MPX3Q".into(), setup, Settings::default(), vec![]);
        let throw = RecordedAction {
            by: Some(0),
            action: chowka_protocol::ActionRequest::Throw { value: Some(4) },
            at: None,
        };
        room.actions.push(throw);
        let snapshot = room.snapshot();
        room.version += 1;
        room.status = RoomStatus::Playing;
        room.actions.push(room.actions[0].clone());
        room.roll_back(snapshot);
        assert_eq!((room.version, room.status), (1, RoomStatus::Lobby));
        assert_eq!(room.actions.len(), 1);
    }

    #[test]
    fn a_move_rolled_back_leaves_the_game_as_it_was() {
        let mut room = Room::new(
            "K7MPX3Q".into(),
            Setup::default(),
            Settings::default(),
            vec![],
        );
        room.game = Some(Game::new(room.rules()));
        let before = (room.game.clone(), room.throws, room.version);
        let snapshot = room.snapshot_play();
        let mut fours = chowka_protocol::ScriptedThrows::new([4]);
        let game = room.game.as_mut().expect("a game");
        game.play(0, chowka_protocol::Action::Throw, &mut fours)
            .expect("R5: the first player may throw");
        room.throws += 1;
        room.version += 1;
        assert_ne!(room.game, before.0, "the throw changed the game");
        room.roll_back(snapshot);
        assert_eq!((room.game.clone(), room.throws, room.version), before);
    }

    #[test]
    fn a_room_survives_its_row() {
        let room = Room::new(
            "K7MPX3Q".into(),
            Setup::default(),
            Settings {
                public: true,
                turn_clock: Some(30),
                takeover: None,
            },
            vec![Seat::default(); 2],
        );
        let back = Room::restore(room.row().unwrap(), &[], room.version as i64).unwrap();
        assert_eq!(back.row().unwrap().settings, room.row().unwrap().settings);
        assert_eq!(back.status, RoomStatus::Lobby);
        assert_eq!(back.version, room.version + 1);
    }
}
