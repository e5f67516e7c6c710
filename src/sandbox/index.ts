// startSandbox: the whole partner interface on loopback, stateful, seeded with demo data, with
// printed test keys, signed webhook deliveries and sandbox-only admin routes. See routes/ (one module per
// resource), routes/admin.ts, seed/, and the OpenAPI document it serves for every decision.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newKey } from './routes/admin.js';
import type { EventDispatcherApi } from './contracts.js';
import { EventDispatcher, TEST_EVENT } from './events/dispatcher.js';
import { buildOpenApi, type DocumentForm } from './openapi/document.js';
import { subscribes } from './domain/webhooks.js';
import { ALL_ROUTES } from './routes/index.js';
import { generateAll } from './domain/schedules.js';
import { seed } from './seed/seed.js';
import { BASE_PATH, clientErrorAnswer, createHandler, type Exchange } from './http/server.js';
import { READ_SCOPES, SCOPES, type KeyRec, type Scope, type State } from './domain/state.js';
import type { RecordedRequest, SandboxCore } from './routes/route.js';

export type { RecordedRequest } from './routes/route.js';
export { BASE_PATH, type Exchange } from './http/server.js';
export { COMPANY_TIME_ZONE } from './domain/state.js';

export interface SandboxOptions {
  /** 0 picks a free port (default 0). */
  port?: number;
  host?: string;
  /** Multiplies webhook waits and the delivery time-out. */
  timeScale?: number;
  /** Keep state in this JSON file across restarts (read on start, written atomically after each change). */
  dataFile?: string;
  /** The real clock (tests may pin it); the sandbox clock is this plus POST /__sandbox/clock. */
  now?: () => Date;
  /** Sees every answered exchange with the partner interface and the admin routes (the tests' contract check). */
  observe?: (exchange: Exchange) => void;
}

export interface Sandbox {
  url: string;
  baseUrl: string;
  keys: { full: string; readOnly: string; otherCompany: string };
  requests: RecordedRequest[];
  dispatcher: EventDispatcherApi;
  /**
   * The document in either form: 'served' is what GET /openapi.json answers (open to what a
   * client may rely on); 'strict' is what the sandbox itself answers, which its contract tests
   * check every exchange against (openapi/document.ts).
   */
  openApi(form: DocumentForm): Record<string, unknown>;
  close(): Promise<void>;
  idle(): Promise<void>;
}

export { ALL_ROUTES } from './routes/index.js';

function loadState(file: string): State {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`--data ${file}: not readable as JSON (${(error as Error).message})`);
  }
  const state = parsed as Partial<State>;
  if (state === null || typeof state !== 'object' || state.version !== 1 || !Array.isArray(state.companies) || state.companies.length < 2) {
    throw new Error(`--data ${file}: not a tripctl sandbox state file (version 1)`);
  }
  return state as State;
}

/**
 * The state holds the sandbox's keys whole, so only its owner may read it (0600, as the profiles
 * file): the temporary file is made so, and renamed over whatever mode an older file had.
 */
function saveState(file: string, state: State): void {
  const temp = `${file}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`;
  writeFileSync(temp, JSON.stringify(state), { mode: 0o600, flag: 'wx' });
  renameSync(temp, file);
}

/**
 * The state's keys with the three printed ones made if missing: a state read from `--data` keeps
 * the keys it was saved with, so a profile saved for them keeps working after a restart.
 */
function printedKeys(state: State): KeyRec[] {
  const keys = state.keys ?? [];
  const ownerOf = (companyId: string) => state.memberships.find((m) => m.companyId === companyId && m.role === 'owner')!.userId;
  const [companyA, companyB] = state.companies as [State['companies'][number], State['companies'][number]];
  const wanted: Array<[NonNullable<KeyRec['label']>, string, Scope[]]> = [
    ['full', companyA.id, [...SCOPES]],
    ['readOnly', companyA.id, READ_SCOPES],
    ['otherCompany', companyB.id, [...SCOPES]],
  ];
  for (const [label, companyId, scopes] of wanted) {
    if (!keys.some((k) => k.label === label)) keys.push({ key: newKey(), companyId, actorId: ownerOf(companyId), scopes, label });
  }
  return keys;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const host = opts.host ?? '127.0.0.1';
  const realNow = opts.now ?? (() => new Date());
  const requests: RecordedRequest[] = [];
  let state: State;
  const clock = () => new Date(realNow().getTime() + (state?.clockOffsetMs ?? 0));
  if (opts.dataFile && existsSync(opts.dataFile)) state = loadState(opts.dataFile);
  else state = seed(realNow());

  const dispatcher: EventDispatcherApi = new EventDispatcher({
    timeScale: opts.timeScale ?? 1,
    now: clock,
    // webhook.test goes to an endpoint whatever it subscribes to, but only while it is active.
    endpointsFor: (companyId, event) =>
      core.state.webhooks.filter((e) => e.companyId === companyId && e.active && (event === TEST_EVENT || subscribes(e.events, event))),
  });

  const persist = () => {
    if (opts.dataFile) saveState(opts.dataFile, state);
  };

  let origin = '';
  const core: SandboxCore = {
    get state() {
      return state;
    },
    now: clock,
    newId: () => randomUUID(),
    emit: (companyId, event, data) => {
      dispatcher.emit(companyId, event, data);
    },
    dispatcher,
    get keys() {
      return state.keys!;
    },
    requests,
    get origin() {
      return origin;
    },
    get baseUrl() {
      return origin + BASE_PATH;
    },
    primaryCompanyId: () => state.companies[0]!.id,
    advanceClock: (ms) => {
      state.clockOffsetMs += ms;
    },
    reset: () => {
      const keys = state.keys;
      state = seed(realNow());
      state.keys = keys; // keys stay valid: the seeded companies keep their ids
      requests.length = 0;
      persist();
    },
  };

  state.keys = printedKeys(state);
  const keyOf = (label: KeyRec['label']) => state.keys!.find((k) => k.label === label)!.key;

  // Schedules catch up with the clock on start (a state file may be days old).
  generateAll(core);
  persist();

  const documents = new Map<DocumentForm, Record<string, unknown>>();
  const openApi = (form: DocumentForm) => {
    let document = documents.get(form);
    if (!document) documents.set(form, (document = buildOpenApi(ALL_ROUTES, origin, core.baseUrl, form)));
    return document;
  };
  const handler = createHandler({
    core,
    routes: ALL_ROUTES,
    openApi: () => openApi('served'),
    beforeRequest: () => {
      const before = state.trips.length;
      generateAll(core);
      return state.trips.length !== before;
    },
    persist,
    observe: opts.observe,
  });

  const server: Server = createServer(handler);
  server.on('clientError', clientErrorAnswer);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;

  let closed = false;
  return {
    url: origin,
    baseUrl: origin + BASE_PATH,
    keys: { full: keyOf('full'), readOnly: keyOf('readOnly'), otherCompany: keyOf('otherCompany') },
    requests,
    dispatcher,
    openApi,
    idle: () => dispatcher.idle(),
    close: async () => {
      if (closed) return;
      closed = true;
      await dispatcher.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
