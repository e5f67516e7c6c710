// The terminal prompter's keys as a terminal cuts them: a letter's UTF-8 bytes or an arrow's escape
// sequence split between two reads, a pasted CR LF, answers for two questions in one read. Each
// question gets whole keys, in order, and only its own. The real TerminalPrompter over a fake TTY.
import { PassThrough } from 'node:stream';
import { expect, test } from 'vitest';
import { IO } from '../../src/io.js';
import { TerminalPrompter } from '../../src/input/prompter.js';
import { BufferStream } from '../support/context.js';

const CITIES = [
  { name: 'Damascus  دمشق', value: 'damascus' },
  { name: 'Aleppo  حلب', value: 'aleppo' },
  { name: 'Homs  حمص', value: 'homs' },
];

function terminal() {
  const stdin = Object.assign(new PassThrough(), { isTTY: true });
  const stderr = new BufferStream(true, 100);
  const io = new IO({ stdin, stdout: new BufferStream(), stderr, stdoutIsTTY: false, stderrIsTTY: true });
  return { stdin, stderr, prompter: new TerminalPrompter(io, new AbortController().signal) };
}

test('an Arabic filter whose letter is split between two reads still finds its city', async () => {
  const { stdin, prompter } = terminal();
  const bytes = Buffer.from('حم\r');
  const answer = prompter.select('From:', CITIES);
  stdin.write(bytes.subarray(0, 3)); // ح and the first byte of م
  stdin.write(bytes.subarray(3));
  expect(await answer).toBe('homs');
});

test('an arrow whose escape sequence is split between two reads moves once', async () => {
  const { stdin, prompter } = terminal();
  const answer = prompter.select('From:', CITIES);
  stdin.write('\x1b[');
  stdin.write('B\r');
  expect(await answer).toBe('aleppo');
});

test('a pasted CR LF is one Enter: the next question is not answered by its LF', async () => {
  const { stdin, prompter } = terminal();
  stdin.write('Hom\r\nAle\r\n'); // before either question is drawn
  expect(await prompter.select('From:', CITIES)).toBe('homs');
  expect(await prompter.select('To:', CITIES)).toBe('aleppo');
});

test('keys after an answer stay for whatever reads next, in order', async () => {
  const { stdin, prompter } = terminal();
  stdin.write('y\rleft over');
  expect(await prompter.confirm('Send this?', false)).toBe(true);
  // The keys the question did not use are back at the head of stdin.
  expect(String(stdin.read())).toBe('left over');
});
