-- Rooms, their seats and their event log; finished games in the archive.
-- Times are milliseconds since the Unix epoch. JSON is stored as text.

CREATE TABLE rooms (
    code        TEXT PRIMARY KEY,
    -- lobby, playing, finished or abandoned
    status      TEXT NOT NULL,
    -- the game's set-up (protocol Setup: preset and options)
    setup       TEXT NOT NULL,
    -- seats: name, token hash, computer level, host
    seats       TEXT NOT NULL,
    -- public, turn_clock, takeover
    settings    TEXT NOT NULL,
    version     BIGINT NOT NULL,
    rematch     TEXT,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX rooms_by_status ON rooms (status, updated_at);

-- Every accepted action of a room's game, in order: the event log a
-- restarted server replays.
CREATE TABLE actions (
    room        TEXT NOT NULL,
    seq         BIGINT NOT NULL,
    -- protocol RecordedAction, with the thrown value
    action      TEXT NOT NULL,
    version     BIGINT NOT NULL,
    at          BIGINT NOT NULL,
    PRIMARY KEY (room, seq)
);

CREATE TABLE games (
    id          TEXT PRIMARY KEY,
    finished_at BIGINT NOT NULL,
    preset      TEXT NOT NULL,
    board       BIGINT NOT NULL,
    players     TEXT NOT NULL,
    result      TEXT NOT NULL,
    actions     BIGINT NOT NULL,
    record      TEXT NOT NULL
);
CREATE INDEX games_by_finished_at ON games (finished_at);
