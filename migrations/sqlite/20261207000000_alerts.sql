-- When a player may be told of their turn while no page of theirs is
-- open (docs/operations.md, "Telling players it is their turn"): their
-- time zone and quiet hours. No row: UTC, no quiet hours.
CREATE TABLE player_alerts (
    player      TEXT PRIMARY KEY,
    -- An IANA time zone name ("Asia/Kolkata"), as the browser reports it.
    tz          TEXT NOT NULL,
    -- Quiet hours, as minutes of the local day: from `quiet_from` up to
    -- `quiet_to` (wrapping past midnight when `quiet_to` is smaller);
    -- both NULL for none.
    quiet_from  BIGINT,
    quiet_to    BIGINT,
    updated_at  BIGINT NOT NULL
);
