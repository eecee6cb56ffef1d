-- The analysis of a finished game (docs/bots.md, "Turning points"): every
-- player's chance turn by turn and the turning points, as JSON, written
-- once by the analysis worker after the game, beside its archive row.
CREATE TABLE analyses (
    game        TEXT PRIMARY KEY,
    analysis    TEXT NOT NULL,
    made_at     BIGINT NOT NULL
);
