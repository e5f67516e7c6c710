// The built tripctl on a real terminal: tmux gives it a pseudo-terminal 100 columns wide, and
// the answers arrive as a terminal delivers them — a paste (`paste-buffer`: the filter and its
// Enter in one read) and keys sent one after the other as fast as tmux can (`send-keys`). The
// screen is read back with capture-pane, the request from the sandbox's record. tmux runs on a
// socket of its own, so no other tmux server is touched; .ci/run installs tmux.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, expect, test, vi } from 'vitest';
import { BIN } from '../support/cli.js';
import { fileSession } from '../support/sandbox.js';
import { posted } from '../support/terminal.js';

vi.setConfig({ testTimeout: 60_000 });

const run = promisify(execFile);
const SOCKET = `tripctl-pickers-${process.pid}`;
/**
 * A person at a terminal: the tmux server (and so every pane) starts without CI, which .ci/run
 * sets and which rightly stops tripctl from asking anything.
 */
const { CI: _ci, ...personEnv } = process.env;
const tmux = (...args: string[]) => run('tmux', ['-L', SOCKET, ...args], { env: personEnv });

const file = fileSession();
afterAll(async () => {
  await tmux('kill-server').catch(() => undefined);
});

/** A terminal running one tripctl command, kept open after it ends so its last screen can be read. */
async function terminal(name: string, args: string[]) {
  const { session } = file;
  const env = {
    TRIPCTL_CONFIG_DIR: session.configDir,
    TRIPCTL_BASE_URL: session.sandbox.baseUrl,
    TRIPCTL_API_KEY: session.sandbox.keys.full,
    TRIPCTL_TZ: 'Asia/Damascus',
    LANG: 'C.UTF-8',
    TZ: 'UTC',
    NO_COLOR: '1',
  };
  const command = [process.execPath, BIN, ...args].map((word) => `'${word}'`).join(' ');
  await tmux(
    'new-session',
    '-d',
    '-s',
    name,
    '-x',
    '100',
    '-y',
    '35',
    ...Object.entries(env).flatMap(([key, value]) => ['-e', `${key}=${value}`]),
    `${command}; echo "exit $?"; sleep 60`,
  );
  // The whole pane, scrolled-off lines included (the JSON answer pushes the questions up).
  const screen = async () => (await tmux('capture-pane', '-p', '-J', '-S', '-', '-t', name)).stdout;
  return {
    screen,
    /**
     * Waits until `text` is on the screen. A question being asked is drawn `? Question`, and
     * `✔ Question answer` once answered, so `? From:` is the open question and nothing earlier.
     */
    async waitFor(text: string | RegExp): Promise<void> {
      for (let tries = 0; tries < 300; tries++) {
        const now = await screen();
        if (typeof text === 'string' ? now.includes(text) : text.test(now)) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`never on the screen: ${text}\n${await screen()}`);
    },
    /** Once `question` is asked, the text and Enter in one read, as a paste delivers them. */
    async paste(question: string, text: string): Promise<void> {
      await this.waitFor(question);
      await tmux('set-buffer', '-b', name, `${text}\r`);
      await tmux('paste-buffer', '-d', '-b', name, '-t', name);
    },
    /** Once `question` is asked, the text as keys, then Enter as the very next key. */
    async type(question: string, text: string): Promise<void> {
      await this.waitFor(question);
      if (text) await tmux('send-keys', '-t', name, '-l', text);
      await tmux('send-keys', '-t', name, 'Enter');
    },
    /** Answers questions in turn: each step is how the answer arrives, the question, the text. */
    async play(steps: Array<['paste' | 'type', string, string]>): Promise<void> {
      for (const [how, question, text] of steps) await this[how](question, text);
    },
  };
}

test("trips publish on a terminal: 'Hom⏎' pasted picks Homs, offers Homs's places; stray text at Send this? is asked again", async () => {
  const { session } = file;
  const vehicles = await session.json<Array<{ id: string; make: string; model: string }>>(['vehicles', 'list']);
  const vehicle = vehicles.at(-2)!;
  const [homs, damascus] = [
    await session.json<Array<{ pcode: string; name: string }>>(['places', 'search', '--city', 'homs']),
    await session.json<Array<{ pcode: string }>>(['places', 'search', '--city', 'damascus']),
  ];
  const mark = session.mark();
  const term = await terminal('publish', ['trips', 'publish', '-o', 'json']);
  await term.play([
    ['paste', '? Vehicle:', vehicle.model],
    ['paste', '? From:', 'Hom'],
    ['type', '? To:', 'Lat'],
    ['paste', '? Departure', '2027-01-15 07:30'],
    ['type', '? Fare per seat', '15000'],
    ['paste', '? Seats on sale', ''],
    ['paste', '? Driver:', ''],
  ]);
  await term.waitFor(/\? Pickup place:\n❯/);
  const offered = await term.screen();
  for (const place of homs) expect(offered).toContain(place.pcode);
  for (const place of damascus) expect(offered).not.toContain(place.pcode);
  await term.play([
    ['paste', '? Pickup place:', homs.at(-1)!.pcode],
    ['paste', '? Drop-off place:', ''],
    ['paste', '? Send this? (Y/n)', '07:30'],
  ]);
  await term.waitFor('Answer y or n');
  expect(posted(file.session, mark, '/trips')).toEqual([]);
  await term.type('Answer y or n', 'y');
  await term.waitFor('exit 0');
  const screen = await term.screen();
  expect(screen).toContain('✔ From: Homs');
  expect(screen).toMatch(/from\s+Homs حمص \(homs\)/);
  expect(posted(file.session, mark, '/trips')).toEqual([
    expect.objectContaining({ vehicleId: vehicle.id, fromCityId: 'homs', toCityId: 'latakia', fromPlacePcode: homs.at(-1)!.pcode }),
  ]);
});

test("schedules create on a terminal: 'Hom⏎' typed in one go and the driver found by name", async () => {
  const { session } = file;
  const members = await session.json<Array<{ id: string; fullName: string; role: string }>>(['members', 'list']);
  const driver = members.filter((m) => m.role === 'driver').at(-1)!;
  const mark = session.mark();
  const term = await terminal('schedule', ['schedules', 'create', '-o', 'json']);
  await term.play([
    ['type', '? Vehicle:', ''],
    ['paste', '? Driver:', driver.fullName],
    ['type', '? From:', 'Hom'],
    ['paste', '? To:', 'Tart'],
    ['paste', '? Fare per seat', '18000'],
    ['paste', '? Recurrence:', 'dai'],
    ['paste', '? Departure time', '07:30'],
    ['type', '? Send this? (Y/n)', ''],
  ]);
  await term.waitFor('exit 0');
  expect(await term.screen()).toMatch(/from\s+Homs حمص \(homs\)/);
  expect(posted(file.session, mark, '/schedules')).toEqual([
    expect.objectContaining({ driverId: driver.id, fromCityId: 'homs', toCityId: 'tartus', recurrence: 'daily' }),
  ]);
});
