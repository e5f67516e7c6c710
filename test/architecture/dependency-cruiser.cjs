// The shape of src/, as dependency-cruiser rules: `npm run deps` prints what breaks them, and
// test/architecture/layers.test.ts fails on it inside `npm test`. Type-only imports count (a type
// import is a dependency on the module's meaning all the same), and so do lazy `import()`s.
//
// Layers, top to bottom. A part (a folder or a top-level file of src/) may import any part of a
// lower layer and nothing else: not a higher layer, and not another part of its own layer (so two
// parts can never import each other in a circle). Within a part, files may import each other,
// never in a circle.
const LAYERS = [
  ['main.ts', 'launch.ts', 'sea-main.ts'],
  ['cli.ts'],
  ['report.ts'],
  ['commands'],
  ['completion', 'sandbox'],
  ['cmdkit'],
  ['webhooks'],
  ['context.ts'],
  ['config'],
  ['output', 'pdf'],
  ['input'],
  ['io.ts'],
  ['client'],
  ['assets.ts'],
  ['errors.ts', 'secrets.ts', 'version.ts', 'types'],
];

/** `commands` → `^src/commands/`; `cli.ts` → `^src/cli\.ts$`. */
const pathOf = (part) => (part.endsWith('.ts') ? `^src/${part.replace('.', '\\.')}$` : `^src/${part}/`);
const anyOf = (parts) => parts.map(pathOf).join('|');

const layerRules = LAYERS.flatMap((parts, level) => {
  const higher = LAYERS.slice(0, level).flat();
  return parts.map((part) => {
    const forbidden = [...higher, ...parts.filter((other) => other !== part)];
    return forbidden.length === 0
      ? undefined
      : {
          name: `layer:${part}`,
          comment: `${part} imports only from the layers below it (test/architecture/dependency-cruiser.cjs)`,
          severity: 'error',
          from: { path: pathOf(part) },
          to: { path: anyOf(forbidden) },
        };
  });
}).filter(Boolean);

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no two files import each other, directly or around a longer circle: move what both need to a small file both import',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-command-imports-another',
      comment: "one command's folder never imports another's: what they share belongs in cmdkit",
      severity: 'error',
      from: { path: '^src/commands/([^/]+)/' },
      to: { path: '^src/commands/', pathNot: '^src/commands/$1/' },
    },
    {
      name: 'no-unplaced-part',
      comment: 'every folder and top-level file of src/ has a layer in test/architecture/dependency-cruiser.cjs',
      severity: 'error',
      from: { path: '^src/', pathNot: anyOf(LAYERS.flat()) },
      to: {},
    },
    ...layerRules,
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
  },
};

// For the test that every part has a layer; not enumerable, since dependency-cruiser checks its
// configuration for properties it does not know.
Object.defineProperty(module.exports, 'LAYERS', { value: LAYERS, enumerable: false });
