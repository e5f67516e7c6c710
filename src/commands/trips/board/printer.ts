// How the boarding station shows what happened: on a terminal a coloured line per verdict with the
// running count (a refusal rings the bell), piped one tab-separated record per input line, or
// one JSON object with -o json/ndjson; and the background sync's messages, which redraw the prompt.
import type { Context } from '../../../context.js';
import { idPrefix, isUuid } from '../../../input/validate.js';
import { sanitizeLine, toJson } from '../../../output/sanitize.js';
import type { ManifestPassenger } from './journal.js';
import type { BoardingStation, SyncEvent, Verdict } from './station.js';

type Paint = (code: string, text: string) => string;

function painter(ctx: Context): Paint {
  return ctx.colorEnabled ? (code, text) => `\u001b[${code}m${text}\u001b[0m` : (_, text) => text;
}

const who = (p?: ManifestPassenger) =>
  p ? `${sanitizeLine(p.fullName ?? p.phone ?? p.bookingId)} · ${p.seats} seat${p.seats === 1 ? '' : 's'}` : '';

export function localTime(ctx: Context, iso: string | null | undefined, withDate = false): string {
  if (!iso) return '';
  const options: Intl.DateTimeFormatOptions = withDate ? { dateStyle: 'medium', timeStyle: 'short' } : { timeStyle: 'short' };
  return new Date(iso).toLocaleString('en-GB', { ...options, timeZone: ctx.settings().timeZone });
}

/** Prints verdicts: a line a person reads on a terminal, a record a script reads on a pipe. */
export class BoardPrinter {
  private readonly paint: Paint;
  private readonly json: boolean;

  constructor(
    private readonly ctx: Context,
    private readonly station: BoardingStation,
    private readonly tty: boolean,
  ) {
    this.paint = painter(ctx);
    const output = ctx.settings().output;
    this.json = output === 'json' || output === 'ndjson';
  }

  verdict(v: Verdict): void {
    if (this.json) return this.ctx.io.out(`${toJson({ ...v, ...this.station.counts })}\n`);
    if (!this.tty)
      return this.ctx.io.out(
        `${this.record(v)
          .map((f) => sanitizeLine(f))
          .join('\t')}\n`,
      );
    const { boarded, total, queued } = this.station.counts;
    const count = `${boarded} of ${total} seats boarded${queued ? `, ${queued} queued` : ''}`;
    const loud = (label: string, text: string) => `\u0007${this.paint('1;97;41', ` ✖ ${label} `)} ${text}\n`;
    switch (v.kind) {
      case 'boarded':
        return this.ctx.io.out(`${this.paint('1;30;42', ' ✔ BOARDED ')} ${this.paint('1', who(v.passenger))}   ${count}\n`);
      case 'queued':
        return this.ctx.io.out(
          `${this.paint('1;30;43', ' ⏸ QUEUED ')} ${v.passenger ? this.paint('1', who(v.passenger)) : `${v.bookingId} (checked when back online)`}   offline: kept in the journal, retried in the background   ${count}\n`,
        );
      case 'already-boarded':
        return this.ctx.io.out(
          loud(
            'ALREADY BOARDED',
            `${who(v.passenger)}${v.queued ? ' (queued earlier)' : v.passenger.boardedAt ? ` at ${localTime(this.ctx, v.passenger.boardedAt)}` : ''}`,
          ),
        );
      case 'not-approved':
        return this.ctx.io.out(loud('NOT APPROVED', `booking ${v.bookingId} is ${sanitizeLine(v.status)}; nothing sent`));
      case 'other-trip':
        return this.ctx.io.out(
          loud('OTHER TRIP', `booking ${v.bookingId} is for ${v.route ? sanitizeLine(v.route) : `trip ${v.tripId}`}; nothing sent`),
        );
      case 'forged':
        return this.ctx.io.out(
          loud(
            'FORGED OR ALTERED',
            `${v.passenger ? `${who(v.passenger)}: ` : ''}this QR is not the ticket the service issued for booking ${v.bookingId}; nothing sent`,
          ),
        );
      case 'unknown':
        return this.ctx.io.out(
          loud(
            'UNKNOWN',
            // A booking id nobody knows, an id's start no passenger of this trip has, or a printed
            // code typed by hand that no ticket of this trip has.
            `${
              isUuid(v.bookingId)
                ? `no booking ${v.bookingId}`
                : idPrefix(v.bookingId)
                  ? `no booking of this trip starts with ${sanitizeLine(v.bookingId)}`
                  : `no ticket of this trip has the code ${sanitizeLine(v.bookingId)}`
            }; nothing sent`,
          ),
        );
      case 'refused':
        return this.ctx.io.out(loud('REFUSED', `${who(v.passenger) || v.bookingId}: ${sanitizeLine(v.message)}`));
      case 'no-id':
        return this.ctx.io.out(loud('NO BOOKING ID', `in '${sanitizeLine(v.text).slice(0, 60)}'`));
    }
  }

  /** `ID<TAB>verdict<TAB>name<TAB>seats` (or the reason), one per input line. */
  private record(v: Verdict): string[] {
    switch (v.kind) {
      case 'boarded':
      case 'already-boarded':
        return [v.passenger.bookingId, v.kind, v.passenger.fullName ?? '', String(v.passenger.seats)];
      case 'queued':
        return [v.bookingId, 'queued', v.passenger?.fullName ?? '', v.passenger ? String(v.passenger.seats) : ''];
      case 'not-approved':
        return [v.bookingId, v.kind, v.status];
      case 'other-trip':
        return [v.bookingId, v.kind, v.tripId, v.route ?? ''];
      case 'forged':
        return [v.bookingId, v.kind, v.passenger?.fullName ?? ''];
      case 'unknown':
        return [v.bookingId, v.kind];
      case 'refused':
        return [v.bookingId, v.kind, v.message];
      case 'no-id':
        return ['-', v.kind, v.text];
    }
  }

  /** Set while a terminal shows the prompt: lines printed in the background redraw it after them. */
  reprompt: (() => void) | undefined;

  synced(events: SyncEvent[]): void {
    if (events.length === 0) return;
    // The prompt line is cleared first, so a background message does not land after `scan> `.
    if (this.reprompt) this.ctx.io.err('\r\u001b[2K');
    for (const event of events) {
      if (event.kind === 'synced' && event.already)
        this.ctx.info(
          `synced: ${who(event.passenger) || event.entry.bookingId} (scanned ${localTime(this.ctx, event.entry.scannedAt)}): ALREADY BOARDED — an earlier try landed unanswered, or another station boarded them`,
        );
      else if (event.kind === 'synced')
        this.ctx.info(`synced: ${who(event.passenger) || event.entry.bookingId} (scanned ${localTime(this.ctx, event.entry.scannedAt)})`);
      else
        this.ctx.info(
          `not boarded after all: ${event.entry.bookingId} (scanned ${localTime(this.ctx, event.entry.scannedAt)}): ${event.verdict.kind}${event.verdict.kind === 'refused' ? `: ${sanitizeLine(event.verdict.message)}` : ''}`,
        );
    }
    this.reprompt?.();
  }
}
