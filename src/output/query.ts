// `--query`: a JMESPath expression over the whole result, checked before any request.
import { usageError } from '../errors.js';

/** Compiles the expression, so that a bad one is a usage error before any request. */
export async function compileQuery(expression: string): Promise<void> {
  const jmespath = await loadJmespath();
  try {
    jmespath.compile(expression);
  } catch (error) {
    throw usageError(`--query is not a valid JMESPath expression: ${(error as Error).message}`);
  }
}

export async function applyQuery(expression: string, value: unknown): Promise<unknown> {
  return (await loadJmespath()).search(value, expression);
}

interface Jmespath {
  search: (value: unknown, expression: string) => unknown;
  /** Parses without evaluating; @types/jmespath leaves it out, the library has it. */
  compile: (expression: string) => unknown;
}

/**
 * jmespath is CommonJS: in the esbuild bundle its exports arrive as `default` only, while
 * vitest (running the sources) also offers them as named exports. Either way works here.
 */
async function loadJmespath(): Promise<Jmespath> {
  const mod = (await import('jmespath')) as unknown as Partial<Jmespath> & { default?: Jmespath };
  return typeof mod.search === 'function' ? (mod as Jmespath) : mod.default!;
}
