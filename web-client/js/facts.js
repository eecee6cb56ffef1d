// The rules' facts the client draws and names things with: each board
// size's geometry, which throw values are graces, the presets and every
// option's allowed values. The server builds them from its rules engine and
// puts them in the page (a JSON block, id "chowka-facts"), so the client
// keeps no copy of any rule. Read once, when first asked for (modules that
// import this one also run under node, where there is no page).

let facts = null;

/** The facts as the server sent them (docs/protocol.md, "The page's facts"). */
export function rulesFacts() {
  if (!facts) {
    const el = typeof document !== 'undefined' && document.getElementById?.('chowka-facts');
    facts = el ? JSON.parse(el.textContent) : { values: [], mouths: [], grace: [], presets: [], options: [], boards: [] };
  }
  return facts;
}

/** Whether a throw value is a grace (it gives one more throw, R6). */
export function isGrace(value) {
  return rulesFacts().grace.includes(value);
}

/**
 * The geometry of an n x n board: `path` (South's, home first, the centre
 * last), `homes` by side (S, E, N, W), `safe` squares, `ring` (the outer
 * ring's path positions), `gate` and `centre`; squares as {row, col}.
 */
export function boardFacts(n) {
  return rulesFacts().boards.find((b) => b.size === n);
}

/**
 * The name of a grace in the catalog's words: 'chowka' for the smaller,
 * 'bhara' for the larger (game.throwValue.*, event.thrown.*), null for a
 * value that is no grace.
 */
export function graceName(value) {
  return ['chowka', 'bhara'][rulesFacts().grace.indexOf(value)] ?? null;
}

/**
 * What an event's sentence needs to know of a board the server sent (a
 * welcome's or a replay's `board`): its centre, and its outer ring's path
 * positions (`ring`), to count a walk that went round it (events.js).
 */
export function walkGeometry(board) {
  return { centre: board.centre, ring: boardFacts(board.size)?.ring };
}
