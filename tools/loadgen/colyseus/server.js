// The Colyseus reference server of chowka's capacity load tool (issue 15).
//
// One room type with chowka's message pattern and nothing else: rooms of 4
// clients; a client sends "act" carrying a sequence number; the room
// broadcasts to all 4 a "state" message of exactly 1,320 bytes on the wire
// (the size of chowka's state messages) that carries the same number. No
// schema state, no game work: the load tool compares the cost of
// matchmaking, sockets and fan-out, not of game logic.
//
// Usage: node server.js [PORT]   (or COLYSEUS_PORT=PORT; 0 picks a free port)
// COLYSEUS_PING_MS sets the heartbeat period (Colyseus's default, 3000 ms;
// 0 turns it off): every socket is pinged that often and closed after two
// unanswered pings.
// Says "colyseus reference listening on http://127.0.0.1:PORT" on standard
// error once it accepts (the line chowka's test harness waits for).
// It raises no limit of its own: it can hold as many sockets as the file
// limit it inherits allows.
"use strict";

// Colyseus reads NODE_ENV when its modules load: measure the production
// code paths (no development-only buffer resets or room-cache reloads)
// unless the caller asks for something else.
process.env.NODE_ENV = process.env.NODE_ENV || "production";

const { Server, Room, ErrorCode, Protocol, getMessageBytes } = require("colyseus");
const { WebSocketTransport } = require("@colyseus/ws-transport");

/** Bytes of every broadcast frame: the size of chowka's `state` messages. */
const STATE_BYTES = 1320;

/** The room type's name in the matchmaking route (/matchmake/joinOrCreate/chowka). */
const ROOM_TYPE = "chowka";

/** The join option that names a room: clients with the same name share one. */
const ROOM_OPTION = "room";

/**
 * How many bytes msgpack (as Colyseus encodes it) spends on a sequence
 * number: the frame stays 1,320 bytes whatever the number, so the padding
 * is chosen per width. Numbers past 32 bits arrive as BigInt (uint64) or,
 * from a client that sent a float, as a double: 9 bytes either way.
 */
function seqWidth(seq) {
  if (typeof seq === "bigint" || seq > 0xffffffff) return 9;
  if (seq < 0x80) return 1;
  if (seq < 0x100) return 2;
  if (seq < 0x10000) return 3;
  return 5;
}

/** The broadcast frame's length for this message, as Colyseus encodes it. */
function frameBytes(message) {
  return getMessageBytes.raw(Protocol.ROOM_DATA, "state", message).length;
}

/** The padding that makes a frame carrying `sample` exactly STATE_BYTES long. */
function padFor(sample) {
  let n = STATE_BYTES - frameBytes({ seq: sample, pad: "" });
  // The string's own length prefix grows with it: measure once more.
  n -= frameBytes({ seq: sample, pad: "x".repeat(n) }) - STATE_BYTES;
  return "x".repeat(n);
}

/** Padding by seqWidth, measured once at start with Colyseus's own encoder. */
const PADS = new Map([0, 0x80, 0x100, 0x10000, 2n ** 32n].map((s) => [seqWidth(s), padFor(s)]));

/** Every width boundary must give STATE_BYTES, or the comparison is unfair: refuse to start. */
function checkFrameSizes() {
  const samples = [0, 0x7f, 0x80, 0xff, 0x100, 0xffff, 0x10000, 0xffffffff, 2 ** 40, 2n ** 32n, 2n ** 64n - 1n];
  for (const seq of samples) {
    const bytes = frameBytes(stateMessage(seq));
    if (bytes !== STATE_BYTES) {
      throw new Error(`a state frame for seq ${seq} is ${bytes} bytes, not ${STATE_BYTES}`);
    }
  }
}

/** The broadcast for one action: its sequence number, padded to STATE_BYTES. */
function stateMessage(seq) {
  return { seq, pad: PADS.get(seqWidth(seq)) };
}

/** Whether an "act" payload is a sequence number: a non-negative integer of at most 64 bits. */
function isSeq(seq) {
  if (typeof seq === "bigint") return seq >= 0n && seq < 2n ** 64n;
  return Number.isSafeInteger(seq) && seq >= 0;
}

/** A room of 4 with chowka's message pattern: one broadcast per action. */
class ChowkaRoom extends Room {
  maxClients = 4;
  // No state to patch: without this every room would run a 50 ms
  // interval that finds nothing to send.
  patchRate = null;

  onCreate() {
    this.onMessage("act", (client, seq) => {
      if (!isSeq(seq)) {
        // Changes nothing; the client is told why.
        client.error(ErrorCode.INVALID_PAYLOAD, "act carries a sequence number: a non-negative integer");
        return;
      }
      this.broadcast("state", stateMessage(seq));
    });
  }
}

/** A whole number from the environment, or the default; exits on anything else. */
function envNumber(name, fallback) {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  if (!/^\d+$/.test(text)) {
    console.error(`${name} must be a whole number; got "${text}"`);
    process.exit(2);
  }
  return Number(text);
}

/** The port from the first argument or COLYSEUS_PORT (default 2567, Colyseus's own). */
function portFromArgs() {
  const text = process.argv[2] ?? process.env.COLYSEUS_PORT ?? "2567";
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    console.error(`usage: node server.js [PORT]  (PORT 0-65535, or COLYSEUS_PORT); got "${text}"`);
    process.exit(2);
  }
  return port;
}

async function main() {
  const port = portFromArgs();
  checkFrameSizes();
  const transport = new WebSocketTransport({ pingInterval: envNumber("COLYSEUS_PING_MS", 3000) });
  const gameServer = new Server({ transport, greet: false });
  gameServer.define(ROOM_TYPE, ChowkaRoom).filterBy([ROOM_OPTION]);
  // Loopback only: this is a benchmark reference, not a service.
  await gameServer.listen(port, "127.0.0.1");
  const bound = transport.server.address();
  console.error(`colyseus reference listening on http://${bound.address}:${bound.port}`);
}

main().catch((err) => {
  console.error(`colyseus reference failed to start: ${err && err.stack ? err.stack : err}`);
  process.exit(1);
});
