// Sends a webhook body on to the operator's handler exactly as it came: the same bytes, the same
// headers (in their order and case), only the hop-by-hop ones dropped. Used by `listen
// --forward-to` and by `replay`.
//
// node:http, not undici (the client's one stack, src/client/), by decision: this is not a call to
// the service (no key, no retries, no JSON) but a relay to the operator's own handler from inside
// the listener, which already runs node:http's server; its client adds no module to that process,
// where undici would add its WebAssembly parser's compile to the first forward of a listener
// measured against a bare node:http receiver (npm run bench). And node:http sends a raw header
// array as given, names in the service's case and order, with nothing re-encoded or decompressed.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { ForwardOutcome, RawHeaders } from './listener-events.js';

/** Just under the service's 8 s delivery time-out, so the service sees the handler's answer. */
export const FORWARD_TIMEOUT_MS = 7_000;
const MAX_RESPONSE_BYTES = 1 << 20;
/** How much of a failing handler's first body line is kept for the delivery's line. */
const BODY_LINE_MAX = 200;

/** Headers that belong to one connection, not to the message; never passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  // Recomputed from the body, which is sent whole: the same value whenever the sender gave one.
  'content-length',
  'expect',
]);

export function passableHeaders(raw: RawHeaders): RawHeaders {
  const out: RawHeaders = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) out.push(raw[i]!, raw[i + 1]!);
  }
  return out;
}

/** Replaces (or appends) one header in a raw list, keeping the position of the first one. */
export function withHeader(raw: RawHeaders, name: string, value: string): RawHeaders {
  const out: RawHeaders = [];
  let placed = false;
  const lower = name.toLowerCase();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === lower) {
      if (!placed) out.push(raw[i]!, value);
      placed = true;
    } else out.push(raw[i]!, raw[i + 1]!);
  }
  if (!placed) out.push(name, value);
  return out;
}

export type ForwardResult =
  | { ok: true; status: number; latencyMs: number; headers: IncomingMessage['headers']; body: Buffer }
  | { ok: false; kind: 'unreachable' | 'timeout'; message: string; latencyMs: number };

export interface ForwardOptions {
  timeoutMs?: number;
  method?: string;
  signal?: AbortSignal;
}

export class Forwarder {
  private readonly httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 64 });
  private readonly httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 64 });
  /**
   * The forwards each stop signal ends, behind one listener per signal: a listener stopping with
   * a thousand forwards hung at a slow handler adds no thousand listeners to its signal (Node
   * would print a MaxListenersExceededWarning past ten).
   */
  private readonly stoppers = new Map<AbortSignal, { stops: Set<() => void>; listener: () => void }>();

  /** Has `stop` called when `signal` aborts; returns what unregisters it. */
  private onAbort(signal: AbortSignal | undefined, stop: () => void): () => void {
    if (!signal) return () => undefined;
    let entry = this.stoppers.get(signal);
    if (!entry) {
      const stops = new Set<() => void>();
      const listener = () => {
        this.stoppers.delete(signal);
        for (const each of [...stops]) each();
      };
      entry = { stops, listener };
      this.stoppers.set(signal, entry);
      signal.addEventListener('abort', listener, { once: true });
    }
    const { stops, listener } = entry;
    stops.add(stop);
    return () => {
      stops.delete(stop);
      if (stops.size === 0 && this.stoppers.get(signal) === entry) {
        this.stoppers.delete(signal);
        signal.removeEventListener('abort', listener);
      }
    };
  }

  /** POSTs `body` with `headers` (hop-by-hop ones dropped) to `target`; never throws. */
  send(target: URL, body: Uint8Array, headers: RawHeaders, opts: ForwardOptions = {}): Promise<ForwardResult> {
    const started = performance.now();
    const timeoutMs = opts.timeoutMs ?? FORWARD_TIMEOUT_MS;
    const https = target.protocol === 'https:';
    const outgoing = [...passableHeaders(headers), 'Host', target.host, 'Content-Length', String(body.byteLength)];
    return new Promise<ForwardResult>((resolve) => {
      let settled = false;
      const finish = (result: ForwardResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        unregister();
        resolve(result);
      };
      const elapsed = () => Math.round(performance.now() - started);
      const request = (https ? httpsRequest : httpRequest)(
        target,
        {
          method: opts.method ?? 'POST',
          headers: outgoing as unknown as Record<string, string>,
          agent: https ? this.httpsAgent : this.httpAgent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size <= MAX_RESPONSE_BYTES) chunks.push(chunk);
          });
          res.on('end', () =>
            finish({ ok: true, status: res.statusCode ?? 502, latencyMs: elapsed(), headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', (error) => finish({ ok: false, kind: 'unreachable', message: describe(error), latencyMs: elapsed() }));
        },
      );
      const timer = setTimeout(() => {
        finish({ ok: false, kind: 'timeout', message: `no answer within ${timeoutMs} ms`, latencyMs: elapsed() });
        request.destroy();
      }, timeoutMs);
      const stop = () => {
        finish({ ok: false, kind: 'unreachable', message: 'stopped', latencyMs: elapsed() });
        request.destroy();
      };
      const unregister = this.onAbort(opts.signal, stop);
      if (opts.signal?.aborted) stop();
      request.on('error', (error) => finish({ ok: false, kind: 'unreachable', message: describe(error), latencyMs: elapsed() }));
      request.end(body);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

function describe(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ECONNRESET') return 'connection reset';
  return code ? `${code}: ${error.message}` : error.message;
}

/** What the listener reports of a forward: the status and latency, and what a failing handler said. */
export function forwardOutcome(result: ForwardResult): ForwardOutcome {
  if (!result.ok) return { latencyMs: result.latencyMs, error: { kind: result.kind, message: result.message } };
  const outcome: ForwardOutcome = { status: result.status, latencyMs: result.latencyMs };
  if (result.status < 200 || result.status > 299) outcome.bodyLine = firstLine(result.body);
  return outcome;
}

/** The first non-empty line of a body, as text (what a framework's error page or message starts with). */
function firstLine(body: Buffer): string | undefined {
  const text = body.subarray(0, 4 * BODY_LINE_MAX).toString('utf8');
  const line = text.split(/\r?\n|\r/).find((l) => l.trim() !== '');
  return line === undefined ? undefined : line.trim().slice(0, BODY_LINE_MAX);
}
