// One delivery attempt over HTTP: the POST of an event's exact bytes, signed with the endpoint's
// secret, with the documented headers and time-out, and its outcome in words (partner-api.md
// "Events" and "Retries"). The dispatcher (dispatcher.ts) decides when attempts happen.
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';

import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, sign } from '../../webhooks/signature.js';
import type { EventEnvelope, WebhookEndpointRecord } from '../contracts.js';

export const USER_AGENT = 'Service-Partner-Webhooks/1.0';
export const TIMEOUT_S = 8;

export interface Outcome {
  responseStatus: number | null;
  error: string | null;
  durationMs: number | null;
}

/** A wait scaled by the sandbox's time scale, never below floorMs. */
export function scaled(ms: number, timeScale: number, floorMs: number): number {
  const value = Math.round(ms * (Number.isFinite(timeScale) && timeScale >= 0 ? timeScale : 1));
  return Math.max(floorMs, value);
}

/**
 * One POST of a delivery's exact body to the endpoint, signed, with the time-out. Never rejects.
 * The request is in `inFlight` while it runs, so close() can destroy it.
 */
export function sendAttempt(
  endpoint: Pick<WebhookEndpointRecord, 'url' | 'secret'>,
  envelope: EventEnvelope,
  body: Buffer,
  timeScale: number,
  inFlight: Set<http.ClientRequest>,
): Promise<Outcome> {
  return new Promise<Outcome>((resolve) => {
    let url: URL;
    try {
      url = new URL(endpoint.url);
    } catch {
      resolve({ responseStatus: null, error: `invalid endpoint url: ${endpoint.url}`, durationMs: null });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      resolve({ responseStatus: null, error: `unsupported url scheme ${url.protocol}`, durationMs: null });
      return;
    }
    // Never below 1 s however scaled: on a busy machine a receiver that answers at once can take
    // more than the 8 ms a 0.001 scale gives, and a slow answer is not a failed one.
    const timeoutMs = scaled(TIMEOUT_S * 1000, timeScale, 1000);
    const started = performance.now();
    let settled = false;
    let req: http.ClientRequest | undefined;
    const done = (responseStatus: number | null, error: string | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (req !== undefined) inFlight.delete(req);
      resolve({ responseStatus, error, durationMs: Math.round(performance.now() - started) });
    };
    const timer = setTimeout(() => {
      done(null, `no complete response within ${timeoutMs} ms (time-out)`);
      req?.destroy();
    }, timeoutMs);
    try {
      const transport = url.protocol === 'https:' ? https : http;
      req = transport.request(url, {
        method: 'POST',
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(body.length),
          'User-Agent': USER_AGENT,
          [EVENT_HEADER]: envelope.event,
          [DELIVERY_HEADER]: envelope.id,
          [SIGNATURE_HEADER]: sign(endpoint.secret, body),
        },
      });
      inFlight.add(req);
      req.on('error', (err) => done(null, describe(err)));
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        res.on('error', (err) => done(null, describe(err)));
        res.on('aborted', () => done(null, 'connection closed before the response was complete'));
        res.on('end', () => done(status, status >= 200 && status < 300 ? null : `receiver answered HTTP ${status}`));
        res.on('close', () => {
          if (!res.complete) done(null, 'connection closed before the response was complete');
        });
        res.resume();
      });
      req.end(body);
    } catch (err) {
      done(null, describe(err));
    }
  });
}

function describe(err: unknown): string {
  const e = err as NodeJS.ErrnoException | undefined;
  const code = typeof e?.code === 'string' ? e.code : undefined;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (ECONNREFUSED)';
    case 'ECONNRESET':
      return 'connection reset by the receiver (ECONNRESET)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host not found (${code})`;
    case 'EPIPE':
      return 'connection closed by the receiver while sending (EPIPE)';
    default: {
      const message = e instanceof Error ? e.message : String(err);
      return code !== undefined && !message.includes(code) ? `${message} (${code})` : message || 'request failed';
    }
  }
}
