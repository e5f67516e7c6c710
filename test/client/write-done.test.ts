// What a run says it did when its output is lost (the reader of stdout went away): each write's
// call, and the object it made when the path names none (client/repeat.ts writeDone), on one
// `done:` line of stderr, the service's text made safe (cli.ts reportReaderGone).
import { describe, expect, it } from 'vitest';
import { reportReaderGone } from '../../src/report.js';
import { writeDone } from '../../src/client/repeat.js';
import { ExitCode } from '../../src/errors.js';
import { testContext } from '../support/context.js';

const TRIP = 'f4765ea5-7a70-4435-b0a9-da6b61686e24';

describe('writeDone', () => {
  it('names what a POST made, by its envelope', () => {
    expect(writeDone({ method: 'POST', path: '/trips' }, { trip: { id: TRIP, status: 'published' } })).toBe(`POST /trips → trip ${TRIP}`);
    expect(writeDone({ method: 'POST', path: '/vehicles' }, { id: TRIP })).toBe(`POST /vehicles → id ${TRIP}`);
  });

  it('a path that names the object already says it all', () => {
    expect(writeDone({ method: 'PATCH', path: `/trips/${TRIP}` }, { trip: { id: TRIP } })).toBe(`PATCH /trips/${TRIP}`);
    expect(writeDone({ method: 'DELETE', path: `/trips/${TRIP}` }, null)).toBe(`DELETE /trips/${TRIP}`);
  });

  it('a write found already done changed nothing', () => {
    expect(writeDone({ method: 'DELETE', path: `/trips/${TRIP}` }, { trip: { id: TRIP } }, 'refused')).toBe(
      `DELETE /trips/${TRIP} (already so: nothing changed)`,
    );
  });
});

describe('reportReaderGone', () => {
  it('after a write: 130 for a success, the writes on one line, escape sequences taken out', () => {
    const t = testContext();
    try {
      t.ctx.sentWrites = true;
      t.ctx.writesDone.push('POST /trips → trip \u001b[31mX', `DELETE /trips/${TRIP}`);
      expect(reportReaderGone(t.ctx, ExitCode.ok)).toBe(ExitCode.interrupted);
      // Said once, whoever asks again (reportError, then main.ts after the flush).
      expect(reportReaderGone(t.ctx, ExitCode.ok)).toBe(ExitCode.interrupted);
      expect(t.err()).not.toContain('\u001b');
      expect(t.err().split('\n')).toEqual([
        'tripctl: interrupted: the reader of the output went away',
        expect.stringMatching(new RegExp(`^done: POST /trips → trip .*X; DELETE /trips/${TRIP}$`)),
        '',
      ]);
    } finally {
      t.cleanup();
    }
  });

  it('a failure keeps its code; a run that sent no write ends quietly with 0', () => {
    const failed = testContext();
    const read = testContext();
    try {
      failed.ctx.sentWrites = true;
      expect(reportReaderGone(failed.ctx, ExitCode.rejected)).toBe(ExitCode.rejected);
      expect(reportReaderGone(read.ctx, ExitCode.rejected)).toBe(ExitCode.ok);
      expect(read.err()).toBe('');
    } finally {
      failed.cleanup();
      read.cleanup();
    }
  });
});
