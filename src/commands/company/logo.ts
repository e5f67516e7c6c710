import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { usageError } from '../../errors.js';
import { unreadableFile } from '../../input/files.js';
import { specs } from '../../output/specs.js';
import type { ActionFn } from '../../cmdkit/define.js';
import { unwrap } from '../../cmdkit/run-operation.js';

/** Image kinds a logo may be, told by their first bytes rather than by the file name. */
const SIGNATURES: Array<{ kind: string; test: (b: Buffer) => boolean }> = [
  { kind: 'PNG', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { kind: 'JPEG', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { kind: 'GIF', test: (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a' },
  { kind: 'WebP', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/** Above this the upload is refused locally: a logo is small, and the body goes as base64 JSON. */
const MAX_LOGO_BYTES = 5 * 1024 * 1024;

export const setLogo: ActionFn = async (ctx, { args }) => {
  const path = resolve(ctx.cwd, args[0] ?? '');
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw usageError(`${args[0]} is not a file`);
    size = info.size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code) throw unreadableFile(args[0] ?? '', error);
    throw error;
  }
  if (size > MAX_LOGO_BYTES)
    throw usageError(`${args[0]} is ${Math.ceil(size / 1024)} KiB; a logo must be at most ${MAX_LOGO_BYTES / 1024 / 1024} MiB`);
  const bytes = await readFile(path);
  const kind = SIGNATURES.find((s) => s.test(bytes))?.kind;
  if (!kind) throw usageError(`${args[0]} is not a PNG, JPEG, WebP or GIF image`);
  const client = await ctx.client();
  const { data } = await client.request({ method: 'POST', path: '/company/logo', body: { image: bytes.toString('base64') } });
  if (data !== null && typeof data === 'object' && ctx.dataOutput) {
    await ctx.renderer().object(unwrap(data, 'company'), specs.company);
  }
  ctx.info(`Uploaded ${kind} logo (${Math.ceil(bytes.length / 1024)} KiB).`);
};
