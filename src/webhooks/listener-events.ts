// What the listener engine tells whoever renders it: one typed event per thing that happened.
// The engine prints nothing; `webhooks listen` renders these (src/webhooks/listen-output.ts), and
// tests and the benchmark read them directly.

/** A header list as received: name, value, name, value… (the shape of IncomingMessage.rawHeaders). */
export type RawHeaders = string[];

export type Verdict = 'valid' | 'invalid' | 'unchecked';

export interface ForwardOutcome {
  /** The handler's status, when it answered. */
  status?: number;
  latencyMs: number;
  /** The first line of the handler's body when its status is not 2xx (what it says went wrong). */
  bodyLine?: string;
  /** Why there is no status: the handler could not be reached, or did not answer in time. */
  error?: { kind: 'unreachable' | 'timeout'; message: string };
}

export interface DeliveryEvent {
  time: Date;
  /** The request path the delivery was posted to (with its query, as sent). */
  path: string;
  event: string | undefined;
  deliveryId: string | undefined;
  objectId: string | undefined;
  objectStatus: string | undefined;
  verdict: Verdict;
  /** Why the signature failed, in words. */
  reason?: string;
  /** 1 for the first time a delivery id is accepted, 2 for its first retry… */
  attempt: number;
  retry: boolean;
  /** Not in --events: answered 200, not forwarded. */
  ignored: boolean;
  forward?: ForwardOutcome;
  /** What the handler answered, whole (the inspector page shows it; the terminal shows `forward.bodyLine`). */
  handlerBody?: Buffer;
  /** The status the listener answered the sender with. */
  answered: number;
  /** The parsed body, when it is JSON. */
  envelope: unknown;
  body: Buffer;
  headers: RawHeaders;
  savedTo?: string;
}

export interface RejectedEvent {
  time: Date;
  method: string;
  path: string;
  status: number;
  reason: string;
}

/** A delivery arrived on another path than the one it was expected on (once per listener). */
export interface PathNotice {
  path: string;
  expected: string;
}

export interface ListenerEvents {
  ready: [{ url: string; host: string; port: number; path: string }];
  delivery: [DeliveryEvent];
  rejected: [RejectedEvent];
  'path-differs': [PathNotice];
  warning: [string];
  error: [Error];
}
