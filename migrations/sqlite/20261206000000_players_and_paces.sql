-- Players without accounts, and games played over days
-- (docs/operations.md, "What is stored about a player").

-- A player: the browser holds a random secret; only its SHA-256 (hex) is
-- kept here. `name` is the display name they chose (NULL until then).
CREATE TABLE players (
    hash        TEXT PRIMARY KEY,
    name        TEXT,
    created_at  BIGINT NOT NULL,
    seen_at     BIGINT NOT NULL
);

-- The devices (browsers) that hold a player's secret: a random id the
-- browser made, and what its User-Agent says it is ("Chrome on Android").
CREATE TABLE player_devices (
    player      TEXT NOT NULL,
    device      TEXT NOT NULL,
    label       TEXT NOT NULL,
    first_seen  BIGINT NOT NULL,
    last_seen   BIGINT NOT NULL,
    PRIMARY KEY (player, device)
);

-- Every room a player took a seat in: "all my games" reads a player's
-- rooms by `player_rooms_closed`, never by scanning the rooms: the open
-- ones (closed_at NULL), and the newest finished ones in order.
CREATE TABLE player_rooms (
    player      TEXT NOT NULL,
    room        TEXT NOT NULL,
    joined_at   BIGINT NOT NULL,
    -- When the room's game finished or its lobby was given up (ms since
    -- the epoch); NULL while the room is open.
    closed_at   BIGINT,
    PRIMARY KEY (player, room)
);
CREATE INDEX player_rooms_closed ON player_rooms (player, closed_at);
-- A room's players, to mark their links closed when it closes.
CREATE INDEX player_rooms_by_room ON player_rooms (room);

-- A room's pace: 'live' (everyone at once) or 'days' (a clock per turn).
ALTER TABLE rooms ADD COLUMN pace TEXT NOT NULL DEFAULT 'live';
-- JSON of a days game's clocks: the turn's start and each seat's
-- vacation (NULL for live rooms).
ALTER TABLE rooms ADD COLUMN clock TEXT;
-- The seat to move in a days game, and when its clock runs out (ms since
-- the epoch); NULL when no clock runs. The due-time index: a node's
-- sweeper wakes the rooms whose `due_at` has come. It may be early (the
-- room then finds nothing due and sleeps again), never late.
ALTER TABLE rooms ADD COLUMN to_move BIGINT;
ALTER TABLE rooms ADD COLUMN due_at BIGINT;
CREATE INDEX rooms_due ON rooms (due_at) WHERE due_at IS NOT NULL;
