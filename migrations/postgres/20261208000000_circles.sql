-- Circles: a family's standing table (docs/circles.md).

-- A circle: its name, its creator (a player hash) and its invite token
-- (NULL while the link is turned off). Never listed: reached by id.
CREATE TABLE circles (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    creator     TEXT NOT NULL,
    invite      TEXT UNIQUE,
    created_at  BIGINT NOT NULL
);

-- Its members (player hashes); `admin` is 1 for those who may change it.
CREATE TABLE circle_members (
    circle      TEXT NOT NULL,
    player      TEXT NOT NULL,
    admin       BIGINT NOT NULL DEFAULT 0,
    joined_at   BIGINT NOT NULL,
    PRIMARY KEY (circle, player)
);
-- A player's circles (and how many they are in).
CREATE INDEX circle_members_by_player ON circle_members (player);

-- The circle a room belongs to (NULL for most rooms): copied from the
-- room's settings when it is saved, so a rematch belongs to it too.
ALTER TABLE rooms ADD COLUMN circle TEXT;
CREATE INDEX rooms_by_circle ON rooms (circle, status) WHERE circle IS NOT NULL;

-- Every seat of every finished game of a circle, written from the archived
-- record in the transaction that archives it (store/circles.rs), so the
-- standings are read from what was archived and never from counters.
-- `player` is the seat's player hash (NULL for a computer or a seat taken
-- without one), `member` their member id in the circle (circles/mod.rs);
-- `won` 1 for the winner's seat; `counted` 0 for a game left to the
-- computers (docs/circles.md), which no standing counts.
CREATE TABLE circle_seats (
    circle      TEXT NOT NULL,
    room        TEXT NOT NULL,
    seat        BIGINT NOT NULL,
    player      TEXT,
    member      TEXT,
    preset      TEXT NOT NULL,
    won         BIGINT NOT NULL,
    counted     BIGINT NOT NULL,
    finished_at BIGINT NOT NULL,
    PRIMARY KEY (circle, room, seat)
);
-- The standings: each member's games by preset, read from the index alone.
CREATE INDEX circle_seats_standings ON circle_seats (circle, counted, member, preset, won);
-- The newest finished games of a circle (by their first seat), for its page.
CREATE INDEX circle_seats_newest ON circle_seats (circle, seat, finished_at, room);
-- A player's seats, to clear them when they delete their data.
CREATE INDEX circle_seats_by_player ON circle_seats (player) WHERE player IS NOT NULL;

-- Every two players at the table of a counted game of a circle (member
-- ids, `a` < `b`), and whether each won: the head-to-head, read from the
-- index alone, without joining the seats to themselves (docs/performance.md).
CREATE TABLE circle_pairs (
    circle      TEXT NOT NULL,
    room        TEXT NOT NULL,
    a           TEXT NOT NULL,
    b           TEXT NOT NULL,
    a_won       BIGINT NOT NULL,
    b_won       BIGINT NOT NULL,
    PRIMARY KEY (circle, room, a, b)
);
CREATE INDEX circle_pairs_versus ON circle_pairs (circle, a, b, a_won, b_won);
