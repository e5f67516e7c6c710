// The PDF libraries are bundled and the font is read from dist/assets/ (src/assets.ts) when the
// sandbox makes its first PDF: this runs the built tool's sandbox (bin/tripctl, or
// TRIPCTL_TEST_BIN) and reads an Arabic PDF it serves, so a build that cannot load them fails here.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, it } from 'vitest';

import { cleanEnv, toolCommand } from '../support/cli.js';

it('serves an Arabic PDF from the built bundle', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tripctl-bundle-pdf-'));
  const tool = toolCommand(['sandbox', 'start', '--port', '0', '--no-profile', '--quiet']);
  const child = spawn(tool.command, tool.args, {
    env: cleanEnv(dir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    while (!/read-only key/.test(out)) {
      if (child.exitCode !== null) throw new Error(`the sandbox exited ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const field = (label: string) => new RegExp(`^${label}\\s+(\\S+)$`, 'm').exec(out)![1]!;
    const res = await fetch(`${field('base URL')}/reports/export?type=reviews&format=pdf`, {
      headers: { authorization: `Bearer ${field('full key')}` },
    });
    expect(res.status).toBe(200);
    const file = join(dir, 'reviews.pdf');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/[\u202a-\u202e]/g, '');
    expect(text).toContain('رحلة مريحة والسائق محترم');
  } finally {
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
