// The inspector page of the built tool, in a real browser: Debian's Chromium driven through
// playwright-core (no browser is downloaded; .ci/run installs `chromium` with apt). The built
// `tripctl webhooks listen --register --inspect` takes a booking.created the sandbox delivers;
// the page lists it with its verdict, opens it, and its Replay button makes the handler receive a
// copy signed as the service signs. Also: the token and Host refusals from the built tool (plain
// HTTP, and a DNS name rebound to 127.0.0.1 in the browser), nothing fetched from elsewhere, the
// keyboard, Arabic right to left, and the layout at 1280 and 375 pixels (screenshots are written
// to TRIPCTL_SCREENSHOTS, when set, for a person to look at).
import { type ChildProcess, execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign, verify } from '../../src/webhooks/signature.js';
import { testContext } from '../support/context.js';
import { spawnTripctl, tempConfigDir, waitForLine } from '../support/cli.js';
import { startCheckedSandbox, type Sandbox } from '../support/sandbox.js';
import { until } from '../webhooks/in-process.js';
import { ask, EventStream, type InspectorAddress, inspectorAddress } from '../webhooks/inspector-client.js';
import { Receiver } from '../webhooks/receiver.js';

const CHROMIUM = '/usr/bin/chromium';
const REBOUND = 'rebound.example';

let sandbox: Sandbox;
let configDir: string;
let removeConfigDir: () => Promise<void>;
let receiver: Receiver;
let browser: Browser;
let listener: ChildProcess;
let stderr = '';
let address: InspectorAddress;
let listenUrl: string;
let secret: string;

async function run(args: string[]): Promise<string> {
  const t = testContext({ configDir, env: { TRIPCTL_BASE_URL: sandbox.baseUrl, TRIPCTL_API_KEY: sandbox.keys.full } });
  const code = await t.run(args);
  if (code !== 0) throw new Error(`tripctl ${args.join(' ')} exited ${code}: ${t.err()}`);
  return t.out();
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium (.ci/run does)`);
  sandbox = await startCheckedSandbox({ port: 0 });
  ({ dir: configDir, cleanup: removeConfigDir } = await tempConfigDir());
  receiver = await new Receiver().start('/hooks');
  listener = spawnTripctl(
    ['webhooks', 'listen', '--port', '0', '--register', '--events', 'booking.*', '--forward-to', receiver.url, '--inspect'],
    { configDir, env: { TRIPCTL_BASE_URL: sandbox.baseUrl, TRIPCTL_API_KEY: sandbox.keys.full, TRIPCTL_TZ: 'Asia/Damascus' } },
  );
  listener.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const ready = await waitForLine(listener.stderr!, /^Ready: /, 15_000);
  listenUrl = /listening on (\S+?),/.exec(ready)![1]!;
  const endpointId = /secret of endpoint ([0-9a-f-]{36})/.exec(ready)![1]!;
  secret = (await run(['webhooks', 'secret', endpointId])).trim();
  address = inspectorAddress(stderr)!;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [`--host-resolver-rules=MAP ${REBOUND} 127.0.0.1`] });
}, 40_000);

afterAll(async () => {
  await browser?.close();
  listener?.kill('SIGTERM');
  await receiver?.close();
  await sandbox?.close();
  await removeConfigDir?.();
});

/** A page with every request it makes recorded (to show nothing is fetched from elsewhere). */
async function openPage(width: number): Promise<{ page: Page; requested: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(address.url);
  return { page, requested };
}

async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.TRIPCTL_SCREENSHOTS;
  const png = await page.screenshot({ fullPage: false, ...(dir ? { path: join(dir, name) } : {}) });
  expect(png.subarray(1, 4).toString()).toBe('PNG');
}

describe('the inspector page in Chromium', () => {
  it('lists the booking.created the sandbox delivered with its verdict, opens it, and Replay makes the handler receive a validly signed copy', async () => {
    expect(stderr.split('\n').filter((line) => line.startsWith('Inspector: '))).toEqual([`Inspector: ${address.url}`]);
    if (process.env.TRIPCTL_SCREENSHOTS) await mkdir(process.env.TRIPCTL_SCREENSHOTS, { recursive: true });
    const { page, requested } = await openPage(1280);
    await expect.poll(() => page.locator('#live').textContent()).toBe('live');

    const trips = JSON.parse(await run(['trips', 'list', '--status', 'published', '-o', 'json'])) as Array<{
      id: string;
      seatsAvailable?: number;
    }>;
    const trip = trips.find((t) => (t.seatsAvailable ?? 1) > 0)!;
    const booking = JSON.parse(
      await run([
        'bookings',
        'create',
        '--trip',
        trip.id,
        '--seats',
        '1',
        '--phone',
        '+963944123456',
        '--name',
        'Rami Haddad',
        '-o',
        'json',
      ]),
    ) as { id: string };
    const [delivered] = await receiver.waitFor(1);
    expect(delivered!.headers['x-service-event']).toBe('booking.created');

    const row = page.locator('#list').getByRole('option').filter({ hasText: 'booking.created' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('.badge').textContent()).toBe('valid');
    expect(await row.textContent()).toContain('\u2192 200');
    // The time is local with its zone (Asia/Damascus is UTC+3).
    expect(await row.locator('.t').textContent()).toMatch(/^#1 \d\d:\d\d:\d\d GMT\+3$/);

    await row.click();
    const detail = page.locator('#detail');
    await expect.poll(() => detail.isVisible()).toBe(true);
    expect(await detail.locator('pre.json').textContent()).toContain(`"${booking.id}"`);
    expect(await detail.locator('table.headers').textContent()).toMatch(/x-service-signaturesha256=[0-9a-f]{64}/i);
    expect(page.url()).toBe(`${address.url}#d-1`);
    await screenshot(page, 'inspector-1280.png');

    await page.getByRole('button', { name: 'Replay' }).click();
    const [, replayed] = await receiver.waitFor(2);
    expect(replayed!.body.equals(delivered!.body)).toBe(true);
    expect(verify(secret, replayed!.body, replayed!.headers['x-service-signature'] as string)).toEqual({ ok: true });
    await expect.poll(() => page.locator('#action-status').textContent()).toMatch(/^Replayed as #2: the handler answered 200/);
    // The replay is listed and marked, and its answer stands beside the original's.
    expect(await page.locator('#list').getByRole('option').filter({ hasText: 'replay of #1' }).count()).toBe(1);
    expect(await detail.locator('.answer h4').allTextContents()).toEqual(['Original #1', expect.stringMatching(/^Replay #2 · /)]);
    await screenshot(page, 'inspector-1280-replayed.png');

    // Keyboard: down to the original (the list is newest first), Enter, r.
    await page.locator('#list').focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(page.url()).toBe(`${address.url}#d-1`);
    await page.keyboard.press('r');
    await receiver.waitFor(3);

    // Search in bodies and filter by event.
    await page.locator('#search').fill(booking.id);
    expect(await page.locator('#list').getByRole('option').count()).toBe(3);
    await page.locator('#search').fill('no such text');
    expect(await page.locator('#list').getByRole('option').count()).toBe(0);
    await page.locator('#search').fill('');
    await page.locator('#event-filter').selectOption('booking.created');
    expect(await page.locator('#list').getByRole('option').count()).toBe(3);

    // Everything came from the inspector itself, and nothing it sent holds the secret.
    expect(requested.length).toBeGreaterThan(2);
    for (const url of requested) expect(url.startsWith(address.url)).toBe(true);
    expect(await page.content()).not.toContain(secret);
    await page.close();
  });

  it('a link to one delivery opens it; Arabic reads right to left; its copied curl re-sends the same signed bytes; at 375 pixels nothing is wider than the screen', async () => {
    const body = Buffer.from(
      JSON.stringify({ id: 'evt_arabic', event: 'booking.created', data: { id: 'b1', status: 'requested', passengerName: 'رامي حداد' } }),
    );
    const res = await fetch(listenUrl, {
      method: 'POST',
      body,
      headers: { 'x-service-event': 'booking.created', 'x-service-delivery': 'evt_arabic', 'x-service-signature': sign(secret, body) },
    });
    expect(res.status).toBe(200);
    const stream = await EventStream.open(address);
    const listed = await until('the delivery in Arabic', () => stream.deliveries().find((d) => d.deliveryId === 'evt_arabic'));
    stream.end();
    const browsing = await browser.newContext({
      viewport: { width: 375, height: 812 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await browsing.newPage();
    await page.goto(`${address.url}#d-${String(listed.seq)}`);
    const detail = page.locator('#detail');
    await expect.poll(() => detail.locator('h2').textContent()).toBe(`booking.created · #${String(listed.seq)}`);
    const name = detail.locator('pre.json span.s', { hasText: 'رامي حداد' });
    expect(await name.getAttribute('dir')).toBe('auto');
    // Expressions evaluated in the page, as strings: the tests are typed without the DOM's names.
    await name.scrollIntoViewIfNeeded();
    const direction =
      "getComputedStyle([...document.querySelectorAll('#detail pre.json span.s')].find((s) => s.textContent.includes('رامي'))).direction";
    expect(await page.evaluate(direction)).toBe('rtl');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await screenshot(page, 'inspector-375.png');
    await page.evaluate('window.scrollTo(0, 0)');
    await screenshot(page, 'inspector-375-top.png');

    // Copy as curl, then run what was copied in a shell: the handler gets the same bytes, validly signed.
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    await expect.poll(() => page.locator('#action-status').textContent()).toBe('Copied as curl.');
    const copied = String(await page.evaluate('navigator.clipboard.readText()'));
    expect(copied.startsWith(`curl -X POST '${receiver.url}'`)).toBe(true);
    const before = receiver.received.length;
    // Not execFileSync: the handler answering it runs in this process.
    await promisify(execFile)('sh', ['-c', `${copied} --silent --output /dev/null --max-time 10`]);
    const [, ...rest] = await receiver.waitFor(before + 1);
    const resent = rest.at(-1)!;
    expect(resent.body.equals(body)).toBe(true);
    expect(verify(secret, resent.body, resent.headers['x-service-signature'] as string)).toEqual({ ok: true });
    await browsing.close();
  });

  it('refuses without the token and to another Host name, the built tool and in the browser (a DNS name rebound to 127.0.0.1)', async () => {
    expect((await ask(address.port, `/${address.token}/`)).status).toBe(200);
    expect((await ask(address.port, '/')).status).toBe(403);
    expect((await ask(address.port, `/${address.token}/events`, { headers: { host: `${REBOUND}:${address.port}` } })).status).toBe(403);
    const page = await browser.newPage();
    const rebound = await page.goto(`http://${REBOUND}:${address.port}/${address.token}/`);
    expect(rebound!.status()).toBe(403);
    expect(await page.textContent('body')).toContain('answers only to');
    const tokenless = await page.goto(`http://localhost:${address.port}/`);
    expect(tokenless!.status()).toBe(403);
    const localhost = await page.goto(`http://localhost:${address.port}/${address.token}/`);
    expect(localhost!.status()).toBe(200);
    await page.close();
  });
});
