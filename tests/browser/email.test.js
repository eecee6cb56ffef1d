// The Me page's e-mail section (web-client/js/me-email.js) against a real
// server and a small SMTP server started here: an address and a time of
// day saved, the verification e-mail's link opened and confirmed in the
// browser, the state shown, "Stop e-mails"; and no section at all on a
// server without e-mail. Screenshots on a phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startServer, launchBrowser, newPlayer, shot, PHONE, DESKTOP } from './helpers.js';

/** A local SMTP server: resolves `next()` with each message's raw text. */
function smtpSink() {
  const got = [];
  const waiting = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let data = '';
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let at;
      while ((at = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const w = waiting.shift();
            if (w) w(data);
            else got.push(data);
            data = '';
            socket.write('250 queued\r\n');
          } else data += `${line.startsWith('.') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-sink\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => {});
  });
  return {
    listen: () => new Promise((r) => server.listen(0, '127.0.0.1', () => r(server.address().port))),
    next: () => (got.length ? Promise.resolve(got.shift()) : new Promise((r) => waiting.push(r))),
    close: () => server.close(),
  };
}

/** The text of a message's plain part, quoted-printable or base64 undone. */
function plainText(raw) {
  const at = raw.indexOf('Content-Type: text/plain');
  const [head, ...rest] = raw.slice(at).split('\n\n');
  const body = rest.join('\n\n').split('\n--')[0];
  if (/transfer-encoding: base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/transfer-encoding: quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

const SITE = 'https://chowka.example';
const env = {};
before(async () => {
  env.sink = smtpSink();
  const port = await env.sink.listen();
  env.server = await startServer({ args: ['--smtp-url', `smtp://127.0.0.1:${port}`, '--mail-from', 'Chowka <games@chowka.example>', '--public-url', SITE] });
  env.plain = await startServer();
  env.browser = await launchBrowser();
});
after(async () => {
  await env.browser?.close();
  await env.server?.stop();
  await env.plain?.stop();
  env.sink?.close();
});

test('a player asks for the daily e-mail, confirms it from the link, and stops it', async () => {
  const { url } = env.server;
  const { context, page } = await newPlayer(env.browser, PHONE, { timezoneId: 'Asia/Kolkata' });
  await page.goto(`${url}/#me`);
  await page.waitForSelector('#me-email-address');
  assert.equal(await page.inputValue('#me-email-time'), String(19 * 60), 'seven in the evening unless chosen');
  const hours = await page.$$eval('#me-email-time option', (os) => os.map((o) => o.textContent));
  assert.deepEqual([hours[0], hours.at(-1), hours.length], ['6:00 AM', '10:00 PM', 17]);
  await page.fill('#me-email-address', 'not an address');
  await page.click('#me-email-save');
  await page.waitForFunction(() => document.querySelector('#me-email-state').textContent.includes('Type an e-mail address'));
  await page.fill('#me-email-address', 'asha@example.org');
  await page.selectOption('#me-email-time', String(20 * 60));
  await page.click('#me-email-save');
  await page.waitForFunction(() => document.querySelector('#me-email-state').textContent === 'We sent a link to asha@example.org: open it to confirm.');
  await page.locator('.me-email').scrollIntoViewIfNeeded();
  await shot(page, 'email-me-sent-phone');
  const mail = await env.sink.next();
  assert.match(mail, /^To: asha@example\.org/m);
  const link = plainText(mail).match(/https:\/\/chowka\.example(\/email\/verify\?t=[0-9a-f]{32})/);
  assert.ok(link, mail);
  // The browser's time zone went to the server with it.
  const secret = await page.evaluate(() => JSON.parse(localStorage.getItem('chowka.player')).secret);
  const alerts = await (await fetch(`${url}/api/me/alerts`, { headers: { authorization: `Bearer ${secret}` } })).json();
  // Chromium names it by its old name, which the server knows too.
  assert.match(alerts.tz, /^Asia\/(Kolkata|Calcutta)$/);

  await page.goto(`${url}${link[1]}`);
  await page.waitForSelector('button[type=submit]');
  assert.match(await page.textContent('#message'), /asha@example\.org/);
  await shot(page, 'email-verify-phone');
  await page.click('button[type=submit]');
  await page.waitForFunction(() => document.querySelector('#message')?.textContent.startsWith('Your address is confirmed'));
  assert.match(await page.textContent('#message'), /at 20:00/);
  await shot(page, 'email-verified-phone');

  await page.goto(`${url}/#me`);
  // The time as the page's language writes it ("8:00 PM" in English).
  await page.waitForFunction(() => /^E-mails go to asha@example\.org at (20:00|8:00\sPM), when it is your turn\.$/.test(document.querySelector('#me-email-state')?.textContent));
  assert.equal(await page.inputValue('#me-email-time'), String(20 * 60));
  await page.locator('.me-email').scrollIntoViewIfNeeded();
  await shot(page, 'email-me-on-phone');
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
  assert.equal(wide, false, 'no sideways scrolling on a phone');
  await page.click('#me-email-stop');
  await page.waitForFunction(() => document.querySelector('#me-email-state').textContent === 'E-mails stopped.');
  assert.equal(await page.isHidden('#me-email-stop'), true);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('in Tamil on a desktop: the section, the e-mail and its page speak Tamil', async () => {
  const { url } = env.server;
  const { context, page } = await newPlayer(env.browser, DESKTOP, { locale: 'ta-IN', timezoneId: 'Asia/Kolkata' });
  await page.goto(`${url}/#me`);
  await page.waitForSelector('#me-email-address');
  assert.equal(await page.textContent('#me-email-title'), 'என் முறை வரும்போது மின்னஞ்சல்');
  await page.fill('#me-email-address', 'meena@example.org');
  await page.click('#me-email-save');
  await page.waitForFunction(() => document.querySelector('#me-email-state').textContent.includes('meena@example.org'));
  await page.locator('.me-email').scrollIntoViewIfNeeded();
  await shot(page, 'email-me-ta-desktop');
  const mail = await env.sink.next();
  assert.match(mail, /^To: meena@example\.org/m);
  const text = plainText(mail);
  assert.match(text, /மின்னஞ்சல்/);
  const link = text.match(/https:\/\/chowka\.example(\/email\/verify\?t=[0-9a-f]{32})/);
  await page.goto(`${url}${link[1]}`);
  await page.waitForSelector('button[type=submit]');
  assert.equal(await page.getAttribute('html', 'lang'), 'ta');
  assert.equal(await page.textContent('button[type=submit]'), 'உறுதிசெய்');
  await shot(page, 'email-verify-ta-desktop');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a server without e-mail shows no e-mail section', async () => {
  const { context, page } = await newPlayer(env.browser, PHONE);
  await page.goto(`${env.plain.url}/#me`);
  await page.waitForSelector('#me-delete');
  // The answer (email_off) comes after the page is drawn: wait for it.
  await page.waitForFunction(() => !document.querySelector('.me-email'));
  assert.deepEqual(page.errors.filter((e) => !/404/.test(e)), []);
  await context.close();
});
