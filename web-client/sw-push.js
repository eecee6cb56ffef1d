// Web Push in the service worker (a classic script, imported by sw.js):
// the server's push says whose turn it is in which game over days
// ({type: "turn", room, names, due_at, lang}, docs/protocol.md "Players"),
// or that a member of a circle started a game in it ({type: "invite",
// room, circle, by, lang}, "Circles"); this shows it in the player's
// language, one notification per game (a newer one replaces the older),
// and a tap opens that game, or brings its open tab forward. The texts are here, not in the catalogs: a worker
// woken by a push has no page to load them from.
/* global self, clients */
'use strict';

const PUSH_TEXTS = {
  en: {
    invite: '{by} started a game in {circle}',
    inviteBody: 'Tap to join.',
    withNames: 'Your turn in the game with {names}',
    inRoom: 'Your turn in game {room}',
    any: 'Your turn in a game',
    hours: { one: '{n} hour left', other: '{n} hours left' },
    minutes: { one: '{n} minute left', other: '{n} minutes left' },
  },
  kn: {
    invite: '{by} {circle} ನಲ್ಲಿ ಒಂದು ಆಟ ಶುರು ಮಾಡಿದ್ದಾರೆ',
    inviteBody: 'ಸೇರಲು ಒತ್ತಿ.',
    withNames: '{names} ಜೊತೆಗಿನ ಆಟದಲ್ಲಿ ನಿಮ್ಮ ಸರದಿ',
    inRoom: 'ಆಟ {room} ರಲ್ಲಿ ನಿಮ್ಮ ಸರದಿ',
    any: 'ಒಂದು ಆಟದಲ್ಲಿ ನಿಮ್ಮ ಸರದಿ',
    hours: { one: '{n} ಗಂಟೆ ಉಳಿದಿದೆ', other: '{n} ಗಂಟೆ ಉಳಿದಿದೆ' },
    minutes: { one: '{n} ನಿಮಿಷ ಉಳಿದಿದೆ', other: '{n} ನಿಮಿಷ ಉಳಿದಿದೆ' },
  },
  te: {
    invite: '{by} {circle}లో ఒక ఆట మొదలుపెట్టారు',
    inviteBody: 'చేరడానికి నొక్కండి.',
    withNames: '{names}తో ఆటలో మీ వంతు',
    inRoom: 'ఆట {room}లో మీ వంతు',
    any: 'ఒక ఆటలో మీ వంతు',
    hours: { one: '{n} గంట మిగిలింది', other: '{n} గంటలు మిగిలాయి' },
    minutes: { one: '{n} నిమిషం మిగిలింది', other: '{n} నిమిషాలు మిగిలాయి' },
  },
  hi: {
    invite: '{by} ने {circle} में एक खेल शुरू किया है',
    inviteBody: 'जुड़ने के लिए छुएँ।',
    withNames: '{names} के साथ खेल में आपकी बारी',
    inRoom: 'खेल {room} में आपकी बारी',
    any: 'एक खेल में आपकी बारी',
    hours: { one: '{n} घंटा बाकी', other: '{n} घंटे बाकी' },
    minutes: { one: '{n} मिनट बाकी', other: '{n} मिनट बाकी' },
  },
  mr: {
    invite: '{by} यांनी {circle} मध्ये एक डाव सुरू केला आहे',
    inviteBody: 'सामील होण्यासाठी टॅप करा.',
    withNames: '{names} यांच्यासोबतच्या डावात तुमची पाळी',
    inRoom: 'डाव {room} मध्ये तुमची पाळी',
    any: 'एका डावात तुमची पाळी',
    hours: { one: '{n} तास उरला', other: '{n} तास उरले' },
    minutes: { one: '{n} मिनिट उरले', other: '{n} मिनिटे उरली' },
  },
  ta: {
    invite: '{by} {circle} இல் ஒரு ஆட்டத்தைத் தொடங்கியுள்ளார்',
    inviteBody: 'சேர தொடுங்கள்.',
    withNames: '{names} உடனான ஆட்டத்தில் உங்கள் முறை',
    inRoom: 'ஆட்டம் {room} இல் உங்கள் முறை',
    any: 'ஒரு ஆட்டத்தில் உங்கள் முறை',
    hours: { one: '{n} மணி நேரம் உள்ளது', other: '{n} மணி நேரம் உள்ளது' },
    minutes: { one: '{n} நிமிடம் உள்ளது', other: '{n} நிமிடங்கள் உள்ளன' },
  },
};

/** `text` with each {key} replaced by `values[key]`. */
function fillIn(text, values) {
  return text.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
}

/** The time left until `dueAt` (ms), in whole hours, or minutes under an hour. */
function timeLeft(texts, lang, dueAt, now) {
  const ms = dueAt - now;
  if (!(ms > 0)) return '';
  const hours = Math.floor(ms / 3600000);
  const [forms, n] = hours >= 1 ? [texts.hours, hours] : [texts.minutes, Math.max(1, Math.floor(ms / 60000))];
  const kind = new Intl.PluralRules(lang).select(n);
  return fillIn(forms[kind] ?? forms.other, { n: n.toLocaleString(lang) });
}

/** The notification for a push's payload: [title, options]. */
function turnNotification(turn, now) {
  const lang = PUSH_TEXTS[turn?.lang] ? turn.lang : 'en';
  const texts = PUSH_TEXTS[lang];
  const room = typeof turn?.room === 'string' && /^[A-Z0-9]{1,16}$/.test(turn.room) ? turn.room : null;
  const names = Array.isArray(turn?.names) ? turn.names.filter((n) => typeof n === 'string' && n) : [];
  let title = texts.any;
  if (room && names.length) title = fillIn(texts.withNames, { names: new Intl.ListFormat(lang, { type: 'conjunction' }).format(names) });
  else if (room) title = fillIn(texts.inRoom, { room });
  const body = Number.isFinite(turn?.due_at) ? timeLeft(texts, lang, turn.due_at, now) : '';
  return [title, { body, lang, tag: room ?? 'turn', renotify: true, data: { url: room ? `/r/${room}` : '/' }, icon: '/favicon.svg' }];
}

/** The notification for a circle's new game: "Asha started a game in Rao family". */
function inviteNotification(invite) {
  const lang = PUSH_TEXTS[invite?.lang] ? invite.lang : 'en';
  const texts = PUSH_TEXTS[lang];
  const room = typeof invite?.room === 'string' && /^[A-Z0-9]{1,16}$/.test(invite.room) ? invite.room : null;
  const text = (v) => (typeof v === 'string' ? v : '');
  const title = fillIn(texts.invite, { by: text(invite?.by), circle: text(invite?.circle) });
  return [title, { body: texts.inviteBody, lang, tag: room ?? 'invite', renotify: true, data: { url: room ? `/r/${room}` : '/' }, icon: '/favicon.svg' }];
}

self.addEventListener('push', (event) => {
  let push = null;
  try {
    push = event.data ? event.data.json() : null;
  } catch {
    push = null;
  }
  const [title, options] = push?.type === 'invite' ? inviteNotification(push) : turnNotification(push, Date.now());
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin);
  event.waitUntil((async () => {
    const open = await clients.matchAll({ type: 'window', includeUncontrolled: true });
    const tab = open.find((c) => new URL(c.url).pathname === url.pathname);
    if (tab) return tab.focus();
    return clients.openWindow(url.href);
  })());
});
