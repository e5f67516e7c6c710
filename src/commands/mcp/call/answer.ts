// What a tool call answers: the verb's JSON as text and as structuredContent (its outputSchema is
// ../serve.ts's), a list's opaque cursor for the next part, the files a verb's answer carries, and a
// failure's words. Apart from ../serve.ts, which lists the tools and runs the calls.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Context } from '../../../context.js';
import { toJson } from '../../../output/sanitize.js';
import type { ToolSpec } from '../catalogue.js';
import type { VerbRun } from './run-verb.js';

/** A list's cursor: where the next page starts, opaque to the client. */
export function cursorFor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}

export function offsetOf(cursor: unknown): number | undefined {
  if (typeof cursor !== 'string') return undefined;
  try {
    const { o } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown };
    return typeof o === 'number' && Number.isSafeInteger(o) && o >= 0 ? o : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The page that starts at `offset`: pages of the largest size up to 100 that divides it, so the
 * service's own page boundaries fall there (a list cut to the answer's budget resumes mid-page).
 */
export function pageFlags(offset: number): string[] {
  if (offset === 0) return [];
  let size = Math.min(100, offset);
  while (offset % size !== 0) size--;
  return [`--page=${offset / size + 1}`, `--per-page=${size}`];
}

/** A list filtered by local days walks every page itself: no cursor goes past what it answered. */
export function walksPages(values: Record<string, unknown>): boolean {
  return values.date !== undefined || values.fromDate !== undefined || values.toDate !== undefined;
}

/**
 * The verb's JSON as the answer, and as structuredContent; its messages (stderr) beside it, or as
 * the error. Keys masked.
 */
export function answer(
  ctx: Context,
  run: VerbRun,
  tool: ToolSpec,
  opts: { service: boolean; offset: number; pages: boolean; tools: ToolSpec[] },
): CallToolResult {
  const stdout = ctx.io.redact(run.stdout.trim());
  const stderr = forTool(ctx.io.redact(run.stderr.trim()), tool, opts.tools);
  if (run.code !== 0) return failure(stderr || `failed with exit code ${run.code}`, stdout);
  const structured = structuredOf(stdout, stderr, opts.service);
  const list = tool.output?.shape === 'list' && !opts.service ? structured[tool.output.key] : undefined;
  if (Array.isArray(list) && typeof structured.total === 'number') {
    const next = opts.offset + list.length;
    if (opts.pages && next < structured.total) structured.nextCursor = cursorFor(next);
    // The last part of a list paged by cursor: nothing more to ask for.
    else if (opts.pages) delete structured.more;
  }
  const text = list ? toJson(structured) : stdout;
  const content: CallToolResult['content'] = [text, stderr]
    .filter((part) => part !== '')
    .map((part) => ({ type: 'text' as const, text: part }));
  // A file the verb's answer carries: an image as image content, any other file embedded.
  for (const file of run.attachments) {
    const data = file.data.toString('base64');
    content.push(
      file.mimeType.startsWith('image/')
        ? { type: 'image', data, mimeType: file.mimeType }
        : { type: 'resource', resource: { uri: `tripctl:///files/${encodeURIComponent(file.name)}`, mimeType: file.mimeType, blob: data } },
    );
  }
  if (run.attachments.length)
    structured.files = run.attachments.map((file) => ({ name: file.name, mimeType: file.mimeType, bytes: file.data.length }));
  return { content: content.length ? content : [{ type: 'text', text: 'done' }], structuredContent: structured };
}

/** One JSON object as it is; JSON lines (a write per id) as `results`; the service's body as `service`; words as `message`. */
export function structuredOf(stdout: string, stderr: string, service: boolean): Record<string, unknown> {
  const lines = stdout === '' ? [] : stdout.split('\n');
  try {
    const values = lines.map((line) => JSON.parse(line) as unknown);
    if (service) return { service: lines.length === 1 ? values[0] : JSON.parse(stdout) };
    if (values.length === 1 && typeof values[0] === 'object' && values[0] !== null && !Array.isArray(values[0]))
      return values[0] as Record<string, unknown>;
    if (values.length > 0) return { results: values.flat(), ...(stderr ? { message: stderr } : {}) };
  } catch {
    // Pretty-printed JSON (several lines of one value), or words.
    try {
      const value = JSON.parse(stdout) as unknown;
      if (service) return { service: value };
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // Words.
    }
  }
  const words = [stdout, stderr].filter(Boolean).join('\n');
  return { message: words || 'done' };
}

/**
 * A verb's words for a terminal, for a model: its flags become the tool's arguments (`--fare-ok`
 * is `fareOk`) and a command line that is a tool becomes the tool (`tripctl cities list` is
 * `cities_list`), so a hint names what the assistant can call.
 */
export function forTool(text: string, tool: ToolSpec, tools: ToolSpec[]): string {
  const byFlag = new Map(tool.params.flatMap((param) => (param.flag ? [[param.flag, param.key] as const] : [])));
  return text
    .replace(/`?tripctl ((?:[a-z][a-z-]* ?){1,3})`?/g, (whole, words: string) => {
      const named = tools.find((t) => words.trim().startsWith(t.path.join(' ')));
      return named ? `the tool ${named.name}` : whole;
    })
    .replace(/--([a-z][a-z0-9-]*)/g, (whole, name: string) => {
      const key = byFlag.get(`--${name}`);
      return key ? `the argument ${key}` : whole;
    });
}

export function failure(message: string, output = ''): CallToolResult {
  const content = [{ type: 'text' as const, text: message }];
  if (output !== '') content.push({ type: 'text', text: output });
  return { content, isError: true };
}

export function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}
