// Files a person names on the command line (a CSV, a logo, a payload), read with one rule: a file
// that cannot be read is a usage error that says why in words, never an error code (ENOENT).
import { readFile } from 'node:fs/promises';
import { usageError, type CliError } from '../errors.js';

/** The reason a file could not be read, as a person says it; `shown` is the name they typed. */
export function unreadableFile(shown: string, error: unknown): CliError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return usageError(`no such file: ${shown}`);
    case 'ENOTDIR':
      return usageError(`no such file: ${shown} (a part of the path is a file, not a folder)`);
    case 'EISDIR':
      return usageError(`${shown} is a folder, not a file`);
    case 'EACCES':
    case 'EPERM':
      return usageError(`not allowed to read ${shown}`, 'check the file’s permissions');
    case 'ENAMETOOLONG':
      return usageError(`the file name is too long: ${shown}`);
    case 'ELOOP':
      return usageError(`${shown} is a loop of symbolic links`);
    case 'EMFILE':
    case 'ENFILE':
      return usageError(`cannot open ${shown}: too many files are open`);
    default: {
      // Node's message starts with the code (`EIO: i/o error, open 'x'`): keep only the words.
      const message = error instanceof Error ? error.message.replace(/^[A-Z]+:\s*/, '').replace(/,\s*\w+\s+'.*'$/, '') : String(error);
      return usageError(`cannot read ${shown}: ${message}`);
    }
  }
}

/** The whole file at `path` (already resolved), or the reason in words, naming it as `shown`. */
export async function readNamedFile(path: string, shown: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    throw unreadableFile(shown, error);
  }
}
