-- The sweepers' question, "which held leases have expired?", reads only
-- the leases some node holds, not those of every room there ever was
-- (a closed room's lease is released: its owner is '').
CREATE INDEX leases_held ON leases (expires_at) WHERE owner <> '';
