-- Whether a finished game was played in a public room: only those are
-- listed by GET /api/games; a private game is reachable by its link only.
ALTER TABLE games ADD COLUMN public BIGINT NOT NULL DEFAULT 0;
UPDATE games SET public = 1
 WHERE id IN (SELECT code FROM rooms WHERE settings LIKE '%"public":true%');
CREATE INDEX games_public_by_finished_at ON games (public, finished_at);

-- One row that GET /healthz writes, so that health means "can write",
-- not only "answers a SELECT".
CREATE TABLE health (
    id          BIGINT PRIMARY KEY,
    checked_at  BIGINT NOT NULL
);
