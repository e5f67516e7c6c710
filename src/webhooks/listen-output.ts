// How `webhooks listen` shows what the listener engine emits: one line per delivery on stdout — a
// line fitted to the terminal (at most 100 columns) on a terminal, tab-separated fields when
// piped, the envelope with -o json/ndjson (the human line then on stderr), the delivery id with
// -o ids — warnings on stderr, and the summary when it stops. Every text that came over the
// network (ids, names, statuses, paths, a handler's answer) passes through the shared sanitiser
// first, so no escape sequence, control or bidi character reaches the terminal and one delivery
// stays one line.
import { isAscii } from 'node:buffer';
import type { Context } from '../context.js';
import { sanitizeLine, toJson } from '../output/sanitize.js';
import { LineBatch } from './line-batch.js';
import type { DeliveryEvent, ForwardOutcome, Listener, PathNotice, RejectedEvent } from './listener.js';

/** The widest a delivery's line gets on a terminal (narrower when the terminal is). */
export const LINE_WIDTH = 100;

export interface Paint {
  ok: (text: string) => string;
  bad: (text: string) => string;
  warn: (text: string) => string;
  dim: (text: string) => string;
}

const plain: Paint = { ok: (t) => t, bad: (t) => t, warn: (t) => t, dim: (t) => t };

export class ListenOutput {
  readonly stats = { deliveries: 0, invalid: 0, retries: 0 };
  private readonly out: LineBatch;
  private readonly err: LineBatch;
  private render: (delivery: DeliveryEvent) => void = () => {};
  private hinted = false;

  private constructor(
    private readonly ctx: Context,
    private readonly skipVerify: boolean,
  ) {
    this.out = new LineBatch((text) => ctx.io.out(text));
    this.err = new LineBatch((text) => ctx.io.err(text));
  }

  /** The output for the context's settings (chalk is loaded only when there is colour to paint). */
  static async create(ctx: Context, opts: { skipVerify?: boolean } = {}): Promise<ListenOutput> {
    const output = new ListenOutput(ctx, opts.skipVerify === true);
    const paint = ctx.colorEnabled ? await chalkPaint() : plain;
    output.render = output.deliveryRenderer(paint);
    return output;
  }

  attach(listener: Listener): void {
    listener.on('delivery', (delivery) => this.delivery(delivery));
    listener.on('rejected', (rejected) => this.rejected(rejected));
    listener.on('path-differs', (notice) => this.pathDiffers(notice));
    listener.on('warning', (message) => this.warn(message));
    listener.on('error', (error) => this.warn(`listener: ${error.message}`));
  }

  delivery(delivery: DeliveryEvent): void {
    this.stats.deliveries += 1;
    if (delivery.retry) this.stats.retries += 1;
    if (delivery.verdict === 'invalid') {
      this.stats.invalid += 1;
      const passed = this.skipVerify ? 'passed on (--skip-verify)' : 'answered 400, not forwarded';
      this.warn(
        `delivery ${clean(delivery.deliveryId ?? '(no id)')} (${clean(delivery.event ?? 'no event header')}): ${delivery.reason}; ${passed}`,
      );
      if (!this.hinted && !this.skipVerify) {
        this.hinted = true;
        this.ctx.info(
          'hint: check that the sender uses the secret of this endpoint, and that nothing between it and the listener re-encodes the body',
        );
      }
    }
    this.render(delivery);
  }

  rejected(r: RejectedEvent): void {
    this.warn(`${clean(r.method)} ${clean(r.path)}: ${r.status} - ${r.reason}`);
  }

  pathDiffers(notice: PathNotice): void {
    this.warn(`a delivery arrived on ${clean(notice.path)}, not on ${clean(notice.expected)} (the registered URL's path); accepted`);
    this.ctx.info('hint: every path is accepted unless --path is given; a tunnel or proxy in between may rewrite paths');
  }

  /** A warning on stderr, after the lines already batched (so the order on the terminal is kept). */
  warn(message: string): void {
    this.flush();
    this.ctx.warn(message);
  }

  flush(): void {
    this.out.flush();
    this.err.flush();
  }

  summary(): string {
    const { deliveries, invalid, retries } = this.stats;
    return `Stopped: ${deliveries} ${deliveries === 1 ? 'delivery' : 'deliveries'}${invalid ? `, ${invalid} with a bad signature` : ''}${retries ? `, ${retries} ${retries === 1 ? 'retry' : 'retries'}` : ''}.`;
  }

  /** The function that prints one delivery, chosen once from the output settings. */
  private deliveryRenderer(paint: Paint): (delivery: DeliveryEvent) => void {
    const { output, timeZone } = this.ctx.settings();
    const width = Math.min(LINE_WIDTH, this.ctx.io.columns);
    const refused = (d: DeliveryEvent) => d.verdict === 'invalid' && d.answered === 400;
    if (output === 'json' || output === 'ndjson') {
      return (d) => {
        this.err.push(`${humanLine(d, plain, width, timeZone)}\n`);
        if (refused(d)) return;
        if (d.envelope === undefined) return this.warn(`delivery ${clean(d.deliveryId ?? '(no id)')}: the body is not JSON; not printed`);
        this.out.push(`${envelopeLine(d)}\n`);
      };
    }
    if (output === 'ids') {
      return (d) => {
        if (!refused(d) && d.deliveryId) this.out.push(`${clean(d.deliveryId)}\n`);
      };
    }
    if (!this.ctx.io.stdoutIsTTY) return (d) => this.out.push(pipedLine(d));
    return (d) => this.out.push(`${humanLine(d, paint, width, timeZone)}\n`);
  }
}

async function chalkPaint(): Promise<Paint> {
  const { default: chalk } = await import('chalk');
  return { ok: chalk.green, bad: chalk.red, warn: chalk.yellow, dim: chalk.dim };
}

/** Anything but printable ASCII: searched for, so plain text costs one scan (an anchored `^[…]{0,200}$` cost twice as much). */
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/;

/** Text from the network, safe for one line of a terminal or a tab-separated field (plain ASCII, the common case, costs one test). */
function clean(text: string | undefined): string {
  if (text === undefined) return '';
  return text.length <= 200 && !NOT_PRINTABLE_ASCII.test(text) ? text : sanitizeLine(text).slice(0, 200);
}

/**
 * The envelope on one line: the body's own bytes when they are plain one-line ASCII (nothing a
 * terminal acts on can be in them), else re-encoded on one line with C1 and bidi controls escaped.
 */
function envelopeLine(d: DeliveryEvent): string {
  if (isAscii(d.body) && !d.body.includes(10) && !d.body.includes(13) && !d.body.includes(0x7f)) return d.body.toString('latin1');
  return toJson(d.envelope);
}

let isoAt = Number.NaN;
let isoText = '';
let isoSecond = Number.NaN;
let isoPrefix = '';
/** '.000Z' to '.999Z': the part of an ISO time that changes within its second. */
const ISO_MILLIS = Array.from({ length: 1000 }, (_, ms) => `.${String(ms).padStart(3, '0')}Z`);

/**
 * ISO time, made once per millisecond from the second's prefix: `toISOString` formats through
 * V8's printf, several times the cost of the rest of a line, and a listener sent a few
 * deliveries a millisecond would otherwise pay it for nearly each one.
 */
function iso(time: Date): string {
  const at = time.getTime();
  if (at === isoAt) return isoText;
  const second = Math.floor(at / 1000);
  if (second !== isoSecond) {
    const text = time.toISOString();
    isoSecond = second;
    isoPrefix = text.slice(0, text.length - 5);
  }
  isoAt = at;
  isoText = isoPrefix + ISO_MILLIS[at - second * 1000];
  return isoText;
}

/**
 * Piped: time (ISO), event, delivery id, object id, object status, verdict, answered, handler
 * status (or unreachable/timeout), latency ms, attempt, and what the handler said when it failed
 * (the first line of its body, or why it could not be reached); tab-separated, for cut and awk.
 */
export function pipedLine(d: DeliveryEvent): string {
  const f = d.forward;
  // One template of a dozen pieces, which the batch flattens at once (line-batch.ts): fewer
  // instructions a line than an array of fields joined (the array, its join, a String() per
  // number), in a callgrind count of the two.
  const outcome = f === undefined ? `${d.answered}\t\t\t${d.attempt}\t` : forwardFields(d, f);
  return `${iso(d.time)}\t${clean(d.event)}\t${clean(d.deliveryId)}\t${clean(d.objectId)}\t${clean(d.objectStatus)}\t${d.ignored ? 'ignored' : d.verdict}\t${outcome}\n`;
}

/** The piped line's fields from the answer on, when the delivery was forwarded. */
function forwardFields(d: DeliveryEvent, f: ForwardOutcome): string {
  return `${d.answered}\t${f.status ?? f.error!.kind}\t${f.latencyMs}\t${d.attempt}\t${clean(f.bodyLine ?? f.error?.message)}`;
}

const clocks = new Map<string, Intl.DateTimeFormat>();
let clockAt = Number.NaN;
let clockZone: string | undefined;
let clockText = '';

/** HH:MM:SS in the zone, formatted once per second. */
function clock(time: Date, timeZone: string | undefined): string {
  const second = Math.floor(time.getTime() / 1000);
  if (second === clockAt && timeZone === clockZone) return clockText;
  let format = clocks.get(timeZone ?? '');
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    clocks.set(timeZone ?? '', format);
  }
  clockAt = second;
  clockZone = timeZone;
  clockText = format.format(time);
  return clockText;
}

/** Network text for a fixed-width column: cleaned, cut to `width` with an ellipsis, padded. */
function column(text: string | undefined, width: number): string {
  const cleaned = text === undefined || text === '' ? '-' : clean(text);
  return (cleaned.length > width ? `${cleaned.slice(0, width - 1)}\u2026` : cleaned).padEnd(width);
}

type Part = [text: string, paint: (text: string) => string];

/**
 * `10:00:01 booking.approved  evt_1a2B3c4D… 3f1e2d4c… approved  valid     → 500 in 12 ms retry #2: Internal error`
 *
 * Fixed columns (time, event, delivery id and object id shortened — the full ones are in piped
 * and JSON output — status, verdict), then the outcome, the retry mark and what a failing handler
 * said, cut to fit `width`.
 */
export function humanLine(d: DeliveryEvent, paint: Paint, width: number, timeZone: string | undefined): string {
  const verdict =
    d.verdict === 'valid' ? paint.ok('valid    ') : d.verdict === 'invalid' ? paint.bad('INVALID  ') : paint.warn('unchecked');
  const head = `${clock(d.time, timeZone)} ${column(d.event, 17)} ${column(d.deliveryId, 13)} ${column(d.objectId, 9)} ${column(d.objectStatus, 9)} `;
  const parts: Part[] = [];
  const f = d.forward;
  let said: string | undefined;
  if (d.verdict === 'invalid' && d.answered === 400) parts.push(['\u2190 400, not forwarded', paint.bad]);
  else if (d.ignored) parts.push(['\u2190 200, ignored (--events)', paint.dim]);
  else if (f?.status !== undefined) {
    parts.push([`\u2192 ${f.status} in ${f.latencyMs} ms`, f.status >= 200 && f.status < 300 ? paint.ok : paint.bad]);
    said = f.bodyLine;
  } else if (f?.error) {
    parts.push([f.error.kind === 'timeout' ? `\u2192 no answer, ${d.answered}` : `\u2192 unreachable, ${d.answered}`, paint.bad]);
    said = f.error.kind === 'timeout' ? `after ${f.latencyMs} ms` : f.error.message;
  } else parts.push([`\u2190 ${d.answered}`, paint.dim]);
  if (d.retry) parts.push([`retry #${d.attempt - 1}`, paint.warn]);
  if (said) {
    const last = parts[parts.length - 1]!;
    parts[parts.length - 1] = [`${last[0]}:`, last[1]];
    parts.push([clean(said), (t) => t]);
  }
  return `${head}${verdict} ${fit(parts, width - head.length - 10)}`;
}

/** Parts joined by spaces within `room` columns; the part that does not fit is cut with an ellipsis, later ones dropped. */
function fit(parts: Part[], room: number): string {
  let used = 0;
  const shown: string[] = [];
  for (const [text, paint] of parts) {
    const space = shown.length === 0 ? 0 : 1;
    const left = room - used - space;
    if (left < 4) break;
    if (text.length <= left) {
      shown.push(paint(text));
      used += space + text.length;
      continue;
    }
    shown.push(paint(`${text.slice(0, left - 1)}\u2026`));
    break;
  }
  return shown.join(' ');
}
