-- The daily e-mail digest (docs/operations.md, "E-mail digest"): a
-- player's address, once they asked for it. No row: no e-mail. Deleted
-- when they stop the e-mails, unsubscribe, or delete their data.
CREATE TABLE player_email (
    player          TEXT PRIMARY KEY,
    address         TEXT NOT NULL,
    -- The language of the e-mails and pages ("kn"), as the page was in.
    language        TEXT NOT NULL,
    -- When the digest may go, minutes after local midnight in the
    -- player's time zone (player_alerts.tz).
    minute          BIGINT NOT NULL,
    -- NULL until the player opened the link of the verification e-mail:
    -- nothing else is sent before.
    verified_at     BIGINT,
    -- SHA-256 of the verification link's token (never the token).
    verify_hash     TEXT,
    verify_sent_at  BIGINT,
    -- The local day ('YYYY-MM-DD') the digest was last sent or found
    -- nothing to say: at most one a day. Claimed by a conditional update,
    -- so that of several nodes one sends.
    last_sent_day   TEXT,
    -- Sends that failed in a row (retried at most a few times a day).
    failures        BIGINT NOT NULL DEFAULT 0,
    created_at      BIGINT NOT NULL
);
CREATE INDEX player_email_verify ON player_email (verify_hash);

-- The unsubscribe links sent, one per e-mail: SHA-256 of each link's
-- token, so that every e-mail's link works while only hashes are kept.
CREATE TABLE email_unsubscribe (
    token_hash  TEXT PRIMARY KEY,
    player      TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX email_unsubscribe_player ON email_unsubscribe (player);
