// The IO object builds stderr only when something is written there (a run from a script mostly
// writes nothing: for a piped stderr Node would build a socket, part of every start's cost), and
// asks whether it is a terminal only when that is asked.
import { PassThrough } from 'node:stream';
import { expect, test } from 'vitest';
import { IO } from '../../src/io.js';
import { BufferStream } from '../support/context.js';

function io() {
  const built = { stderr: 0, tty: 0 };
  const stderr = new BufferStream();
  const value = new IO({
    stdin: () => new PassThrough(),
    stdout: new BufferStream(),
    stderr: () => {
      built.stderr += 1;
      return stderr;
    },
    stdoutIsTTY: false,
    stderrIsTTY: () => {
      built.tty += 1;
      return true;
    },
  });
  return { io: value, built, stderr };
}

test('stderr is not built by a run that writes only to stdout', async () => {
  const { io: value, built } = io();
  value.out('data\n');
  await value.flush();
  expect(built).toEqual({ stderr: 0, tty: 0 });
});

test('stderr is built once, at its first message, and flushed with stdout', async () => {
  const { io: value, built, stderr } = io();
  value.err('one\n');
  value.err('two sk_live_abcdefghijklmnop\n');
  await value.flush();
  expect(built.stderr).toBe(1);
  expect(stderr.text()).toContain('one\ntwo ');
  expect(stderr.text()).not.toContain('abcdefghijklmnop'); // still masked on the way out
  expect(value.stderrIsTTY).toBe(true);
  expect(value.stderrIsTTY).toBe(true);
  expect(built.tty).toBe(1);
});
