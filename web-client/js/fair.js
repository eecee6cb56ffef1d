// Provably fair throws (docs/record.md, "Fair throws"), the browser's two
// parts: the seed this client adds to each game it plays, so that the
// server alone cannot choose the throws, and the check of a finished
// game's every throw against the seeds its record reveals, with WebCrypto
// (the same check as `chowka verify`).

/** The scheme this file implements; also the domain tag of the key. */
const SCHEME = 'chowka-fair/1';

/** Games this page has sent its seed for (commitment and seat): one seed per game, whatever the reconnects. */
const sent = new Set();

/** Bytes as lowercase hexadecimal. */
export function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** 64 hexadecimal digits as 32 bytes, or null for anything else. */
function fromHex(hex) {
  if (typeof hex !== 'string' || !/^[0-9a-fA-F]{64}$/.test(hex)) return null;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/**
 * Sends this client's seed for the game of `state` if we hold a seat, the
 * game still takes seeds (no throw yet) and our seat has given none. Call
 * it on every state, before anything else is sent for it: messages of one
 * socket arrive in order, so the seed is in before our first action.
 * Returns true if it sent one.
 */
export function offerSeed(state, seat, send) {
  const fair = state?.fair;
  if (!fair?.open || seat === null || seat === undefined || fair.seeded?.[seat]) return false;
  const game = `${fair.commitment}/${seat}`;
  if (sent.has(game)) return false;
  const seed = new Uint8Array(32);
  crypto.getRandomValues(seed);
  if (!send({ type: 'seed', seed: toHex(seed) })) return false;
  sent.add(game);
  return true;
}

/**
 * The refusals of a seed that came too late or twice: they change
 * nothing, so the player is not told (docs/protocol.md, `seed_closed`).
 */
export function isQuietRefusal(code) {
  return code === 'seed_closed';
}

async function sha256(bytes) {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}

/** The bytes of the parts, one after another. */
function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** key = SHA-256(tag || server seed || per seat: 1 || its seed, or 0). */
export function fairKey(serverSeed, clientSeeds) {
  const parts = [new TextEncoder().encode(SCHEME), serverSeed];
  for (const s of clientSeeds) parts.push(s ? concat([Uint8Array.of(1), s]) : Uint8Array.of(0));
  return sha256(concat(parts));
}

/** floor(p × 2^64), exact: multiplying a double by 2^64 loses nothing. */
export function mouthUpBound(p) {
  return BigInt(Math.floor(Math.min(1, Math.max(0, p)) * 2 ** 64));
}

/** Throw `n` of the game with `key`: cowrie c is mouth up when word c of SHA-256(key || n) is below `bound` (R5). */
export async function fairThrow(key, n, bound) {
  const index = new Uint8Array(8);
  new DataView(index.buffer).setBigUint64(0, BigInt(n), false);
  const d = new DataView((await sha256(concat([key, index]))).buffer);
  let mouths = 0;
  for (let c = 0; c < 4; c++) if (d.getBigUint64(8 * c, false) < bound) mouths++;
  return mouths === 0 ? 8 : mouths;
}

/**
 * Recomputes every throw of a game record (docs/record.md) from its fair
 * section. Returns `{ok, total, firstBad, firstBadAction, reason?}`: `total`
 * throws in the record; `firstBad` the number (from 0, over every throw)
 * of the first that is not what the seeds give, and `firstBadAction` its
 * action's; `reason` when not ok: `no_fair` (nothing to check), `scheme`,
 * `bad_seeds` (not 64 hex digits), `seats` (not one client seed or null
 * per seat), `commitment` (the server seed is not the one committed to)
 * or `throw` (firstBad differs).
 */
export async function verifyThrows(record) {
  const throws = [];
  (record?.actions ?? []).forEach((a, i) => {
    if (a?.do === 'throw') throws.push({ value: a.value, action: i });
  });
  const total = throws.length;
  const fail = (reason, bad = null) => ({
    ok: false, total, firstBad: bad, firstBadAction: bad === null ? null : throws[bad].action, reason,
  });
  const fair = record?.fair;
  if (!fair) return fail('no_fair');
  if (fair.scheme !== SCHEME) return fail('scheme');
  const serverSeed = fromHex(fair.server_seed);
  const seeds = Array.isArray(fair.client_seeds) ? fair.client_seeds : [];
  const clientSeeds = seeds.map((s) => (s === null ? null : fromHex(s)));
  const malformed = seeds.some((s, i) => s !== null && clientSeeds[i] === null);
  if (!serverSeed || !fromHex(fair.commitment) || !Array.isArray(fair.client_seeds) || malformed) return fail('bad_seeds');
  const players = record.setup?.options?.players;
  if (players !== undefined && clientSeeds.length !== players) return fail('seats');
  if (toHex(await sha256(serverSeed)) !== fair.commitment.toLowerCase()) return fail('commitment');
  const key = await fairKey(serverSeed, clientSeeds);
  const bound = mouthUpBound(record.setup?.options?.mouth_up ?? 0.5);
  const values = await Promise.all(throws.map((_, n) => fairThrow(key, n, bound)));
  const bad = values.findIndex((v, n) => v !== throws[n].value);
  if (bad >= 0) return fail('throw', bad);
  return { ok: true, total, firstBad: null, firstBadAction: null };
}
