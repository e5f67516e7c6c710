// The inspector's history: the last HISTORY_LIMIT entries, in arrival order, in a ring.
//
// A listener with --inspect and no page open should cost what one without it does, and 500
// deliveries kept alive as objects did not: the garbage collector copied and promoted them (7%
// more instructions a delivery under callgrind, test/bench/README.md). So a live delivery is
// written into one preallocated buffer — its path and headers as text, its body, the handler's
// body — with its numbers in typed arrays, and becomes an object (an Entry) only when a page asks
// for it. A delivery too large for a slot, and replays and saved files, are kept as Entries.
import type { DeliveryEvent, ForwardOutcome, Verdict } from '../listener-events.js';
import { savedHeader } from '../saved.js';
import { DELIVERY_HEADER, EVENT_HEADER } from '../signature.js';
import { type Entry, fromDelivery, HISTORY_LIMIT, type KeptDelivery } from './entries.js';

/** A slot's bytes: a booking event's headers and body are about 1 KiB. */
const SLOT_BYTES = 4096;
const VERDICTS: readonly Verdict[] = ['valid', 'invalid', 'unchecked'];
/** Per slot in `ints`: text bytes, body bytes, handler body bytes, answered, attempt, verdict | ignored, handler status, latency. */
const INTS = 8;

/** What is seldom there (a failure's reason, a forward that failed or said why, a saved file): kept as objects. */
interface Rare {
  reason?: string;
  forward?: ForwardOutcome;
  savedTo?: string;
}

export class History {
  private readonly entries: Array<Entry | undefined> = new Array(HISTORY_LIMIT);
  private readonly seqs: number[] = new Array<number>(HISTORY_LIMIT).fill(0);
  private readonly secrets: Array<string | undefined> = new Array(HISTORY_LIMIT);
  private readonly bytes = Buffer.allocUnsafeSlow(HISTORY_LIMIT * SLOT_BYTES);
  private readonly times = new Float64Array(HISTORY_LIMIT);
  private readonly ints = new Uint32Array(HISTORY_LIMIT * INTS);
  private readonly rare = new Map<number, Rare>();
  private added = 0;
  private next = 1;

  seq(): number {
    return this.next++;
  }

  add(entry: Entry): void {
    this.entries[this.slot(entry.seq, undefined)] = entry;
  }

  /** Keeps a delivery as received, with the secret it was checked with (for a failure's diagnosis); returns its seq. */
  record(delivery: DeliveryEvent, secret: string | undefined): number {
    const seq = this.seq();
    const at = this.slot(seq, secret);
    this.entries[at] = this.write(at, delivery) ? undefined : fromDelivery(seq, delivery, secret);
    return seq;
  }

  get(seq: number): Entry | undefined {
    const at = seq === 0 ? -1 : this.seqs.indexOf(seq);
    return at < 0 ? undefined : this.entryAt(at);
  }

  all(): Entry[] {
    const count = Math.min(this.added, HISTORY_LIMIT);
    const first = this.added - count;
    return Array.from({ length: count }, (_, i) => this.entryAt((first + i) % HISTORY_LIMIT));
  }

  private slot(seq: number, secret: string | undefined): number {
    const at = this.added++ % HISTORY_LIMIT;
    this.seqs[at] = seq;
    this.secrets[at] = secret;
    this.rare.delete(at);
    return at;
  }

  /** Writes a delivery into its slot; false when it may not fit (it is then kept as an Entry). */
  private write(at: number, d: DeliveryEvent): boolean {
    const handler = d.handlerBody;
    const bodyBytes = d.body.length;
    const handlerBytes = handler?.length ?? 0;
    // NUL cannot be in a request's path or headers (the HTTP parser refuses it), so it separates them.
    const text = d.headers.length === 0 ? d.path : `${d.path}\0${d.headers.join('\0')}`;
    // A UTF-16 unit is at most 3 bytes of UTF-8: a text that might not fit is not tried.
    if (text.length * 3 > SLOT_BYTES - bodyBytes - handlerBytes) return false;
    const base = at * SLOT_BYTES;
    const textBytes = this.bytes.write(text, base, 'utf8');
    d.body.copy(this.bytes, base + textBytes);
    handler?.copy(this.bytes, base + textBytes + bodyBytes);
    const f = d.forward;
    const i = at * INTS;
    this.ints[i] = textBytes;
    this.ints[i + 1] = bodyBytes;
    this.ints[i + 2] = handlerBytes;
    this.ints[i + 3] = d.answered;
    this.ints[i + 4] = d.attempt;
    this.ints[i + 5] = VERDICTS.indexOf(d.verdict) | (d.ignored ? 4 : 0);
    this.ints[i + 6] = f?.status ?? 0;
    this.ints[i + 7] = f?.latencyMs ?? 0;
    this.times[at] = d.time.getTime();
    if (d.reason !== undefined || d.savedTo !== undefined || (f !== undefined && (f.error !== undefined || f.bodyLine !== undefined)))
      this.rare.set(at, { reason: d.reason, forward: f, savedTo: d.savedTo });
    return true;
  }

  private read(at: number): KeptDelivery {
    const i = at * INTS;
    const int = (k: number) => this.ints[i + k]!;
    const bodyStart = at * SLOT_BYTES + int(0);
    const handlerStart = bodyStart + int(1);
    const [path, ...headers] = this.bytes.toString('utf8', at * SLOT_BYTES, bodyStart).split('\0');
    const body = Buffer.from(this.bytes.subarray(bodyStart, handlerStart));
    const rare = this.rare.get(at);
    let envelope: { id?: unknown; event?: unknown } | undefined;
    const field = (name: 'id' | 'event') => {
      if (envelope === undefined) {
        try {
          envelope = Object(JSON.parse(body.toString('utf8'))) as { id?: unknown; event?: unknown };
        } catch {
          envelope = {};
        }
      }
      const value = envelope[name];
      return typeof value === 'string' ? value : undefined;
    };
    return {
      time: new Date(this.times[at]!),
      path: path!,
      // As the listener read them: the header, else the envelope's field.
      event: savedHeader(headers, EVENT_HEADER) ?? field('event'),
      deliveryId: savedHeader(headers, DELIVERY_HEADER) ?? field('id'),
      verdict: VERDICTS[int(5) & 3]!,
      reason: rare?.reason,
      attempt: int(4),
      ignored: (int(5) & 4) !== 0,
      answered: int(3),
      headers,
      body,
      forward: rare?.forward ?? (int(6) ? { status: int(6), latencyMs: int(7) } : undefined),
      handlerBody: int(2) ? Buffer.from(this.bytes.subarray(handlerStart, handlerStart + int(2))) : undefined,
      savedTo: rare?.savedTo,
    };
  }

  private entryAt(at: number): Entry {
    const kept = this.entries[at];
    if (kept) return kept;
    const entry = fromDelivery(this.seqs[at]!, this.read(at), this.secrets[at]);
    this.entries[at] = entry;
    return entry;
  }
}
