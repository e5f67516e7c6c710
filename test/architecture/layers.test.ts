// The shape of src/ is stated once, as dependency-cruiser rules (./dependency-cruiser.cjs): layers
// in one direction, no circle of files, no command folder importing another's. This runs them
// inside `npm test`, and proves on a made-up tree that each rule does catch what it is for.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration, type IViolation } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, test } from 'vitest';

const config = createRequire(import.meta.url)('./dependency-cruiser.cjs') as IConfiguration & { LAYERS: string[][] };

/** What breaks the rules in the tree at `root` (its src/ and tsconfig.json), one line each. */
async function violations(root: string): Promise<string[]> {
  const result = await cruise(
    ['src'],
    { ...config.options, ruleSet: { forbidden: config.forbidden }, validate: true, baseDir: root },
    undefined,
    { tsConfig: extractTSConfig(join(root, 'tsconfig.json')) },
  );
  if (typeof result.output === 'string') throw new Error('dependency-cruiser returned a report, not a result');
  return result.output.summary.violations.map(describeViolation);
}

function describeViolation(v: IViolation): string {
  const path = v.cycle?.length ? [v.from, ...v.cycle.map((step) => step.name)].join(' → ') : `${v.from} → ${v.to}`;
  return `${v.rule.name}: ${path}`;
}

describe('the shape of src/', () => {
  test('src/ keeps every rule of dependency-cruiser.cjs', async () => {
    expect(await violations(process.cwd())).toEqual([]);
  }, 60_000);

  test('every folder and top-level file of src/ has a layer', () => {
    const placed = new Set(config.LAYERS.flat());
    const unplaced = readdirSync('src').filter((name) => (name.endsWith('.ts') || !name.includes('.')) && !placed.has(name));
    expect(unplaced, 'add each to LAYERS in test/architecture/dependency-cruiser.cjs, where it belongs').toEqual([]);
  });

  // gh's pkg/cmd/<group>/<verb>/: a group's folder reads as its declarations and one folder per
  // verb with several files of its own, so a newcomer finds any verb in one hop.
  test('no command group holds more than 8 files directly: a verb with files of its own has a folder', () => {
    const crowded = readdirSync('src/commands', { withFileTypes: true })
      .filter((group) => group.isDirectory())
      .map((group) => ({
        group: group.name,
        files: readdirSync(join('src/commands', group.name), { withFileTypes: true }).filter((e) => e.isFile()).length,
      }))
      .filter(({ files }) => files > 8);
    expect(crowded).toEqual([]);
  });

  test('the rules catch an upward import, a circle of files and one command importing another', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tripctl-layers-'));
    try {
      const files: Record<string, string> = {
        'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' } }),
        'src/client/http.ts': "import { run } from '../commands/trips/index.js';\nexport const http = run;\n",
        'src/commands/trips/index.ts': "import { b } from './b.js';\nexport const run = b;\n",
        'src/commands/trips/b.ts':
          "import { run } from './index.js';\nimport { x } from '../bookings/x.js';\nexport const b = () => run ?? x;\n",
        'src/commands/bookings/x.ts': 'export const x = 1;\n',
        'src/output/render.ts': "import { h } from '../webhooks/h.js';\nexport const r = h;\n",
        'src/webhooks/h.ts': 'export const h = 1;\n',
      };
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
      const found = await violations(root);
      expect(found).toContain('layer:client: src/client/http.ts → src/commands/trips/index.ts');
      expect(found).toContain('layer:output: src/output/render.ts → src/webhooks/h.ts');
      expect(found).toContain('no-command-imports-another: src/commands/trips/b.ts → src/commands/bookings/x.ts');
      expect(found.some((line) => line.startsWith('no-circular: src/commands/trips/'))).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
