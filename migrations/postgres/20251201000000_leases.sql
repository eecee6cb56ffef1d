-- Which node runs each room (docs/operations.md, "Several nodes"): one
-- owner at a time, holding a lease that it renews while it lives.
-- `epoch` goes up every time the room changes hands, and every write to
-- the room (its event log, its row) names the epoch it was made under:
-- a write from a node whose lease was taken over names an old epoch and
-- is refused, so a node that lost its lease can never write again.
-- `owner` is '' for a room whose node closed it (released, not lost);
-- `expires_at` is ms since the epoch on the database's clock.
CREATE TABLE leases (
    room        TEXT PRIMARY KEY,
    owner       TEXT NOT NULL,
    epoch       BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL
);
CREATE INDEX leases_by_owner ON leases (owner, expires_at);
