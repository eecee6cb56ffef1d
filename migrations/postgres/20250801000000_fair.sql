-- Provably fair throws (docs/record.md, "Fair throws"): the seeds a
-- room's game derives its throws from, as JSON of the protocol's `Fair`
-- (scheme, commitment, the server's secret seed, the client seeds by
-- seat). Secret while the game is played: only the commitment is shown;
-- the whole of it goes into the archived record when the game ends. Null
-- for rooms in the lobby and for games started before this column.
ALTER TABLE rooms ADD COLUMN fair TEXT;
