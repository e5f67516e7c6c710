// Each generated script is valid in its shell, and completes what an operator types: a group, a
// verb, a flag, an enumerated value, and a value the service knows (a city by name), in bash
// (COMP_WORDS/COMP_CWORD, as bash calls it on Tab), fish (`complete -C`) and zsh (the script's
// function run with stand-ins for zsh's completion builtins, which exist only inside a widget).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';
import { bashComplete, findShell, requireShell, SCRIPTS, tinyService, wrapperDir, type TinyService } from '../completion/support.js';

const script = (shell: keyof typeof SCRIPTS) => join(ROOT, SCRIPTS[shell]);

describe('syntax', () => {
  for (const shell of ['bash', 'zsh', 'fish'] as const) {
    it(`${SCRIPTS[shell]} passes ${shell} -n`, (t) => {
      const result = spawnSync(requireShell(shell, t), ['-n', script(shell)], { encoding: 'utf8' });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    });
  }
});

describe('bash', () => {
  const complete = (...words: string[]) => bashComplete(script('bash'), words, { PATH: process.env.PATH, HOME: process.env.HOME });

  it('completes a group, a verb, a flag and an enumerated value', async () => {
    expect(await complete('tripctl', 'tr')).toEqual(['trips']);
    expect(await complete('tripctl', 'trips', 'p')).toEqual(['publish']);
    expect(await complete('tripctl', 'trips', 'list', '--st')).toEqual(['--status']);
    expect(await complete('tripctl', 'bookings', 'list', '--status', 'a')).toEqual(['approved']);
  });

  it('finds the command past global flags and their values, and through aliases', async () => {
    expect(await complete('tripctl', '-o', 'json', '--profile', 'live', 'bookings', 'list', '--status', 'r')).toEqual([
      'requested',
      'rejected',
    ]);
    expect(await complete('tripctl', 'fleet', 'l')).toEqual(['list']);
    expect(await complete('tripctl', 'trips', 'list', '-o', 'nd')).toEqual(['ndjson']);
    expect(await complete('tripctl', 'members', 'add', '--role', '')).toEqual(['admin', 'staff', 'driver']);
    expect(await complete('tripctl', 'schedules', 'create', '--recurrence', '=', 'w')).toEqual(['weekly']);
    expect(await complete('tripctl', 'reports', 'export', '--type', 'bookings', '--format', '')).toEqual(['csv', 'xlsx', 'pdf']);
    expect(await complete('tripctl', 'completion', '')).toEqual(['bash', 'zsh', 'fish']);
    expect(await complete('tripctl', 'help', 'schedules', 'exceptions', 'a')).toEqual(['add']);
  });

  it('offers the global flags on every verb, and the last item of a comma-separated list', async () => {
    expect(await complete('tripctl', 'trips', 'list', '--pro')).toEqual(['--profile']);
    expect(await complete('tripctl', 'webhooks', 'create', '--events', 'booking.approved,trip.c')).toEqual([
      'booking.approved,trip.created',
      'booking.approved,trip.cancelled',
      'booking.approved,trip.completed',
    ]);
  });
});

describe('fish', () => {
  const completeIn = (fish: string, line: string) =>
    execFileSync(fish, ['--no-config', '-c', `source ${script('fish')}; complete -C ${JSON.stringify(line)}`], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8' },
    })
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('\t')[0]);

  it('completes a group, a verb, a flag and an enumerated value', (t) => {
    const fish = requireShell('fish', t);
    const complete = (line: string) => completeIn(fish, line);
    expect(complete('tripctl tr')).toEqual(['trips']);
    expect(complete('tripctl trips p')).toEqual(['publish']);
    expect(complete('tripctl trips list --st')).toEqual(['--status']);
    expect(complete('tripctl --json bookings list --status a')).toEqual(['approved']);
    expect(complete('tripctl fleet l')).toEqual(['list']);
    expect(complete('tripctl webhooks create --events booking.approved,trip.c').sort()).toEqual([
      'booking.approved,trip.cancelled',
      'booking.approved,trip.completed',
      'booking.approved,trip.created',
    ]);
  });
});

describe('zsh', () => {
  // zsh's completion builtins exist only inside a completion widget; these stand-ins print what
  // the script hands them, filtered by the word being completed, as zsh would show it.
  const STUBS = [
    'compset() { return 0 }',
    '_files() { print -- "<files>" }',
    '_describe() { local name; for name in "${(@P)${@[-1]}}"; do name=${name%%:*}; [[ $name == ${PREFIX}* ]] && print -r -- $name; done }',
    'compadd() { local -a out; while (( $# )); do case $1 in (-a) shift; out+=("${(@P)1}");; (-S) shift;; (--) shift; out+=("$@"); break;; esac; shift; done; local v; for v in $out; do [[ $v == ${PREFIX}* ]] && print -r -- $v; done }',
  ].join('\n');
  const completeIn = (zsh: string, ...words: string[]) =>
    execFileSync(
      zsh,
      [
        '-f',
        '-c',
        `compdef() { : }\nsource ${script('zsh')}\n${STUBS}\nwords=("$@"); CURRENT=$#; PREFIX=\${words[CURRENT]}\n_tripctl\nexit 0`,
        'zsh',
        ...words,
      ],
      { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: process.env.HOME } },
    )
      .split('\n')
      .filter(Boolean);

  it('completes a group, a verb, a flag and an enumerated value', (t) => {
    const zsh = requireShell('zsh', t);
    const complete = (...words: string[]) => completeIn(zsh, ...words);
    expect(complete('tripctl', 'tr')).toEqual(['trips']);
    expect(complete('tripctl', 'trips', 'p')).toEqual(['publish']);
    expect(complete('tripctl', 'trips', 'list', '--st')).toEqual(['--status']);
    expect(complete('tripctl', '--json', 'bookings', 'list', '--status', 'a')).toEqual(['approved']);
    expect(complete('tripctl', 'fleet', 'l')).toEqual(['list']);
    expect(complete('tripctl', 'company', 'logo', 'set', '')).toEqual(['<files>']);
  });
});

describe('shells that are missing', () => {
  // A PATH with nothing on it: as on a machine without the shell.
  const bare = { PATH: '/nonexistent-tripctl-test' };

  it('zsh and fish are skipped with a reason on a machine without them', () => {
    for (const shell of ['zsh', 'fish'] as const) {
      const found = findShell(shell, bare);
      expect(found).toEqual({ skip: expect.stringContaining(`${shell} is not installed`) });
      expect('skip' in found && found.skip).toContain('CI requires it');
    }
  });

  it('with CI set, a missing zsh or fish fails instead', () => {
    for (const shell of ['zsh', 'fish'] as const) {
      expect(() => findShell(shell, { ...bare, CI: 'true' })).toThrow(new RegExp(`${shell} is not installed.*in CI but it failed here`));
      expect(findShell(shell, { ...bare, CI: '' })).toHaveProperty('skip');
    }
  });

  it('a missing bash is a failure everywhere', () => {
    expect(() => findShell('bash', bare)).toThrow(/bash is not installed/);
  });

  it('a shell that is installed is found, CI or not', () => {
    expect(findShell('bash', process.env)).toEqual({ path: expect.stringMatching(/bash$/) });
  });
});

describe('values from the service', () => {
  let service: TinyService;
  let configDir: string;
  let bin: string;
  beforeAll(async () => {
    service = await tinyService();
    configDir = mkdtempSync(join(tmpdir(), 'tripctl-complete-'));
    bin = wrapperDir();
  });
  afterAll(async () => {
    await service?.close();
    rmSync(configDir, { recursive: true, force: true });
    rmSync(bin, { recursive: true, force: true });
  });

  it('completes a city name through `tripctl __complete` in bash', async () => {
    const env = {
      PATH: `${bin}${delimiter}${process.env.PATH}`,
      HOME: process.env.HOME,
      LANG: 'C.UTF-8',
      TRIPCTL_CONFIG_DIR: configDir,
      TRIPCTL_BASE_URL: service.baseUrl,
      TRIPCTL_API_KEY: 'sk_test_completion',
    };
    expect(await bashComplete(script('bash'), ['tripctl', 'trips', 'list', '--from', 'Da'], env)).toEqual(['Damascus']);
    // A name with a space comes back quoted for the command line; --to=… works like --to ….
    expect(await bashComplete(script('bash'), ['tripctl', 'trips', 'publish', '--to', '=', 'De'], env)).toEqual(['Deir\\ ez-Zor']);
    expect(await bashComplete(script('bash'), ['tripctl', 'trips', 'publish', '--vehicle', '12'], env)).toEqual(['123456-DAM']);
    // Cities were asked for once: the second completion came from the cache.
    expect(service.requests.filter((r) => r.startsWith('GET /api/partner/v1/cities'))).toHaveLength(1);
  });
});
