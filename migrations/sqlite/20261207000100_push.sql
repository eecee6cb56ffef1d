-- Web Push (docs/operations.md, "Telling players it is their turn"), on
-- only with --push.

-- The server's own keys, made once and shared by every node: the VAPID
-- key pair that signs each push ('vapid', the private key as base64url).
CREATE TABLE server_keys (
    name        TEXT PRIMARY KEY,
    value       TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);

-- A browser's push subscription, as `pushManager.subscribe` made it: the
-- push service's address for it and its keys. At most 10 per player.
CREATE TABLE push_subscriptions (
    endpoint    TEXT PRIMARY KEY,
    player      TEXT NOT NULL,
    -- The browser's P-256 public key and auth secret, base64url.
    p256dh      TEXT NOT NULL,
    auth        TEXT NOT NULL,
    -- The language its notifications are shown in (en kn te hi mr ta).
    lang        TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    -- Pushes given up on in a row (retries spent, or refused); reset by
    -- one that goes through. Dropped after 5.
    failures    BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX push_subscriptions_player ON push_subscriptions (player);

-- The last turn of each (player, room) that a push was claimed for, by
-- the turn's start: a node inserts or raises it before sending, so that
-- two nodes, or a restart, never send the same turn twice.
CREATE TABLE push_sent (
    player      TEXT NOT NULL,
    room        TEXT NOT NULL,
    turn        BIGINT NOT NULL,
    sent_at     BIGINT NOT NULL,
    PRIMARY KEY (player, room)
);
CREATE INDEX push_sent_at ON push_sent (sent_at);
