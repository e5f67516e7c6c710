// Imports run one way: commands → cmdkit → context / input / output / config / webhooks → client →
// errors. Each folder and top-level file of src/ has its place below; an import that runs upwards,
// or a circle between two parts of the same layer, fails here with the import that does it.
// Type-only imports count: a type import is a dependency on the module's meaning all the same.
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, test } from 'vitest';

/** Top to bottom; a part may import its own layer (without a circle) or any layer below. */
const LAYERS: string[][] = [
  ['main.ts', 'launch.ts', 'cli.ts'],
  ['commands'],
  ['completion', 'sandbox'],
  ['cmdkit'],
  ['context.ts', 'input', 'output', 'config', 'webhooks', 'io.ts', 'pdf'],
  ['client'],
  ['errors.ts', 'secrets.ts', 'version.ts', 'types'],
];

const layerOf = new Map(LAYERS.flatMap((names, level) => names.map((name) => [name, level] as const)));

/** `src/client/http.ts` → `client`; `src/cli.ts` → `cli.ts`. */
function partOf(path: string): string | undefined {
  const match = /^src\/([^/]+)/.exec(path);
  return match?.[1];
}

interface Edge {
  from: string;
  to: string;
  /** One import that makes the edge, for the message. */
  example: string;
}

let edges: Edge[] = [];
/** Imports from one command's folder into another's: what they share belongs in cmdkit. */
const acrossCommands: string[] = [];
let parts = new Set<string>();

beforeAll(async () => {
  const result = await cruise(
    ['src'],
    { tsPreCompilationDeps: true, doNotFollow: { path: 'node_modules' }, tsConfig: { fileName: 'tsconfig.json' } },
    undefined,
    { tsConfig: extractTSConfig('tsconfig.json') },
  );
  const output = result.output;
  if (typeof output === 'string') throw new Error('dependency-cruiser returned a report, not a result');
  const byPair = new Map<string, Edge>();
  for (const module of output.modules) {
    const from = partOf(module.source);
    if (!from) continue;
    parts.add(from);
    for (const dependency of module.dependencies) {
      const [ownGroup, otherGroup] = [module.source, dependency.resolved].map((path) => /^src\/commands\/([^/]+)\//.exec(path)?.[1]);
      if (ownGroup && otherGroup && ownGroup !== otherGroup) acrossCommands.push(`${module.source} imports ${dependency.resolved}`);
      const to = partOf(dependency.resolved);
      if (!to || to === from) continue;
      const key = `${from} ${to}`;
      if (!byPair.has(key)) byPair.set(key, { from, to, example: `${module.source} imports ${dependency.resolved}` });
    }
  }
  edges = [...byPair.values()];
  parts = new Set([...parts]);
}, 60_000);

describe('the layers of src/', () => {
  test('the imports were read, type-only ones included', () => {
    const has = (from: string, to: string) => edges.some((edge) => edge.from === from && edge.to === to);
    expect(has('commands', 'cmdkit')).toBe(true);
    // cmdkit/define.ts imports the context for its type only.
    expect(has('cmdkit', 'context.ts')).toBe(true);
  });

  test('every folder and top-level file has a layer', () => {
    const unplaced = [...parts].filter((part) => !layerOf.has(part));
    expect(unplaced, 'add each to LAYERS in test/architecture/layers.test.ts, where it belongs').toEqual([]);
  });

  test('no import runs upwards', () => {
    const upwards = edges.filter((edge) => (layerOf.get(edge.to) ?? 0) < (layerOf.get(edge.from) ?? 0)).map((edge) => edge.example);
    expect(upwards).toEqual([]);
  });

  test('no two parts import each other in a circle', () => {
    expect(circles(edges)).toEqual([]);
  });

  test("no command's folder imports another's", () => {
    expect(acrossCommands).toEqual([]);
  });

  test('the check sees a circle when there is one', () => {
    const made = [
      { from: 'a', to: 'b', example: 'a imports b' },
      { from: 'b', to: 'c', example: 'b imports c' },
      { from: 'c', to: 'a', example: 'c imports a' },
      { from: 'c', to: 'd', example: 'c imports d' },
    ];
    expect(circles(made)).toEqual([['a imports b', 'b imports c', 'c imports a']]);
  });
});

/** Each circle of the graph (its strongly connected parts of more than one node), as the imports that make it. */
function circles(all: Edge[]): string[][] {
  const next = new Map<string, Edge[]>();
  for (const edge of all) next.set(edge.from, [...(next.get(edge.from) ?? []), edge]);
  // Tarjan's algorithm over a graph of a few dozen nodes.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const edge of next.get(node) ?? []) {
      if (!index.has(edge.to)) {
        visit(edge.to);
        low.set(node, Math.min(low.get(node)!, low.get(edge.to)!));
      } else if (stack.includes(edge.to)) low.set(node, Math.min(low.get(node)!, index.get(edge.to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) {
        const inside = new Set(component);
        found.push(
          all
            .filter((edge) => inside.has(edge.from) && inside.has(edge.to))
            .map((edge) => edge.example)
            .sort(),
        );
      }
    }
  };
  for (const node of new Set(all.flatMap((edge) => [edge.from, edge.to]))) if (!index.has(node)) visit(node);
  return found;
}
