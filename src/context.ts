// Longer than most files, on purpose: settings resolution, the lazily built client and prompter, and the write
// guard of protected profiles are one object's state by design (cli/cli's Factory).
// The context handed to every action: streams, environment, clock, config and the lazily built
// client and prompter. Only the entry point (main.ts) looks at process; everything else asks here,
// so tests can run any command in-process with buffers and a loopback server.
import type { ApiClient } from './client/http.js';
import { type GlobalFlags, resolveSettings, type Settings } from './config/resolve.js';
import { checkApiKey } from './config/settings.js';
import { checkProfileName, ConfigStore, type Profile } from './config/store.js';
import { CliError, ExitCode, usageError } from './errors.js';

export type { GlobalFlags, SettingSource, Settings } from './config/resolve.js';
import type { IO } from './io.js';
import type { Prompter } from './input/prompter.js';
import type { OutputFormat } from './output/formats.js';
import type { Progress } from './output/progress.js';
import { Renderer } from './output/render.js';
import type { HandleLookup } from './output/terminal.js';
import { USER_AGENT } from './version.js';

/**
 * The question before a write: `what` the verb is about to do, in its own words, and `details`,
 * each value it will send as the operator reads it (`price  18,000.00 SYP`), where the verb knows them.
 */
export type WriteQuestion = (what?: string, details?: ReadonlyArray<readonly [string, string]>) => Promise<void>;

export interface ContextOptions {
  io: IO;
  env: Record<string, string | undefined>;
  cwd: string;
  now?: () => Date;
  signal?: AbortSignal;
  /** Replaces the terminal prompter (tests). */
  prompter?: Prompter;
  /** Extra client options (tests shorten backoff, or lower the in-memory limit). */
  clientOverrides?: { backoff?: { baseMs: number; maxMs: number }; maxBodyBytes?: number };
  /** See Context.confirmWrites. */
  confirmWrites?: WriteQuestion;
  /** See Context.records. */
  records?: boolean;
  /** See Context.attach. */
  attach?: (file: Attachment) => void;
}

/** A file an assistant's answer carries beside its records (a ticket's PNG). */
export interface Attachment {
  name: string;
  mimeType: string;
  data: Buffer;
}

/** The width of the person's table where no terminal reports one: a mail reader wraps, it does not cut. */
const PERSONS_TABLE_WIDTH = 200;

export class Context {
  readonly io: IO;
  readonly env: Record<string, string | undefined>;
  readonly cwd: string;
  readonly now: () => Date;
  readonly signal: AbortSignal;
  globals: GlobalFlags = {};
  /** Set by an action that ends with a non-zero code without throwing (bulk commands). */
  exitCode = 0;
  /** Set by long-running commands (sandbox, listen) that must not be ended once main returns. */
  keepAlive = false;
  /** A request that changes something (not a GET) was sent: a reader going away then leaves work undone. */
  sentWrites = false;
  /** What the writes answered did, in words (client/repeat.ts, writeDone): said when the output is lost. */
  readonly writesDone: string[] = [];
  /**
   * Looks ids up as handles for terminal tables (city names, plates, passengers). Given by the
   * command tree (cli.ts), which knows the verbs' machinery; without it tables show plain ids.
   */
  lookupHandles: HandleLookup | undefined = undefined;
  /**
   * Set on a protected profile at a terminal (cmdkit/protect.ts): asks before the first request
   * that is not a GET, with `what` when the verb says what it is about to do. Unset once answered.
   */
  beforeWrite: WriteQuestion | undefined;
  /**
   * Set when a person elsewhere confirms every write of this run (`tripctl mcp`: the assistant's
   * client asks them), on any profile: it resolves once they said yes and throws otherwise. It
   * stands in for the protected profile's question (cmdkit/protect.ts), and any write the verb did
   * not declare still waits on it.
   */
  readonly confirmWrites: WriteQuestion | undefined;
  /** The output is an assistant's (see RenderOptions.records). */
  readonly records: boolean;
  /**
   * Where an assistant's answer takes a file beside its records (`tripctl mcp`: an image or an
   * embedded file of the tool's result); undefined elsewhere.
   */
  readonly attach: ((file: Attachment) => void) | undefined;
  private configStore: ConfigStore | undefined;
  private zoneNamed = false;
  private resolved: Settings | undefined;
  private clientPromise: Promise<ApiClient> | undefined;
  private clientReady: ApiClient | undefined;
  private prompterInstance: Prompter | undefined;
  private readonly clientOverrides: ContextOptions['clientOverrides'];

  constructor(opts: ContextOptions) {
    this.io = opts.io;
    this.env = opts.env;
    this.cwd = opts.cwd;
    this.now = opts.now ?? (() => new Date());
    this.signal = opts.signal ?? new AbortController().signal;
    this.prompterInstance = opts.prompter;
    this.clientOverrides = opts.clientOverrides;
    this.confirmWrites = opts.confirmWrites;
    this.records = opts.records === true;
    this.attach = opts.attach;
  }

  get config(): ConfigStore {
    return (this.configStore ??= new ConfigStore(this.env));
  }

  /**
   * The profile a run uses, as saved, without checking its values: enough for the commands that
   * show or change the profile (`config`, `profiles`), which must work even when a value is bad.
   */
  selection(): { profileName: string; profile: Profile; unknownProfile: boolean } {
    const file = this.config.read();
    for (const warning of this.config.warnings.splice(0)) this.warn(warning);
    const profileName =
      this.globals.profile !== undefined
        ? checkProfileName(this.globals.profile, '--profile')
        : this.env.TRIPCTL_PROFILE
          ? checkProfileName(this.env.TRIPCTL_PROFILE, 'TRIPCTL_PROFILE')
          : (file.defaultProfile ?? 'default');
    // A --profile that is not saved yet is fine for the commands that create it (`auth login`,
    // `config set`); the ones that call the service refuse it in client().
    // TRIPCTL_PROFILE names a profile as firmly as --profile does: a typo in either is an error,
    // not a silent fall-back to another profile's key.
    const named = this.globals.profile !== undefined || Boolean(this.env.TRIPCTL_PROFILE);
    const unknownProfile = named && !file.profiles[profileName];
    return { profileName, profile: file.profiles[profileName] ?? {}, unknownProfile };
  }

  /**
   * The zone this run reads and shows local times in (config/resolve.ts has the rule). When it is
   * only the system's (the profile names no zone and its country has several), a run nobody
   * watches (cron, a pipe) says so once:
   * a zone that differs between a terminal and cron is how a timetable gets published hours late.
   */
  timeZone(): string {
    const { timeZone, timeZoneSource, profileName } = this.settings();
    if (timeZoneSource === 'system' && !this.zoneNamed && !(this.io.stdinIsTTY && this.io.stderrIsTTY)) {
      this.zoneNamed = true;
      this.info(
        `tripctl: local times are in ${timeZone}, this system's time zone: profile '${profileName}' names no timezone and its country has several (set one: tripctl config set timezone ZONE)`,
      );
    }
    return timeZone;
  }

  /** Resolves settings once the global flags are known; every value read is checked. */
  settings(): Settings {
    if (this.resolved) return this.resolved;
    this.resolved = resolveSettings(this.globals, this.env, this.selection(), this.config.read().defaultProfile);
    this.io.addKey(this.resolved.apiKey);
    return this.resolved;
  }

  /**
   * The output is for a program rather than a person: a format other than a table was chosen, or
   * a --query. Verbs that print a message or a picture for a person print data instead then.
   */
  get dataOutput(): boolean {
    const settings = this.settings();
    return settings.output !== 'table' || settings.query !== undefined;
  }

  /** `-o table` (or TRIPCTL_OUTPUT=table) asked for this run: a person reads it, not a script. */
  private personsTable(format: OutputFormat): boolean {
    const { sources } = this.settings();
    return format === 'table' && (sources.output === 'flag' || sources.output === 'env');
  }

  /** Colour on stdout: see colorOn. */
  get colorEnabled(): boolean {
    return this.colorOn('stdout');
  }

  /**
   * The one colour rule, for either stream: only on a terminal, and never when --no-color,
   * NO_COLOR, FORCE_COLOR=0 (the other common way to say no) or a dumb terminal say no.
   */
  colorOn(stream: 'stdout' | 'stderr'): boolean {
    const tty = stream === 'stdout' ? this.io.stdoutIsTTY : this.io.stderrIsTTY;
    return tty && this.globals.color !== false && !this.env.NO_COLOR && this.env.FORCE_COLOR !== '0' && this.env.TERM !== 'dumb';
  }

  /** A person can be asked: a terminal on both ends, no --no-input, no CI. */
  get canPrompt(): boolean {
    return this.io.stdinIsTTY && this.io.stderrIsTTY && this.globals.input !== false && !this.env.CI;
  }

  renderer(overrides: Partial<{ format: OutputFormat }> = {}): Renderer {
    const settings = this.settings();
    return new Renderer(this.io, {
      format: overrides.format ?? settings.output,
      query: settings.query,
      color: this.colorEnabled,
      // The person's table wherever it goes when asked for by name for this run (-o table,
      // TRIPCTL_OUTPUT=table: cron mail, a file); without it a pipe gets the lines scripts read.
      tty: this.io.stdoutIsTTY || this.personsTable(overrides.format ?? settings.output),
      // Read when a time is shown, not before: the zone costs ICU's time (resolve.ts, withLazyZone).
      get timeZone() {
        return settings.timeZone;
      },
      // Off a terminal (cron mail, a file) nothing bounds a line: wide enough for every column, ids too.
      width: this.io.stdoutIsTTY ? this.io.columns : PERSONS_TABLE_WIDTH,
      currency: settings.currency,
      now: this.now,
      handles: this.lookupHandles,
      columns: this.globals.columns,
      records: this.records,
    });
  }

  /** The API client for the active profile; undici is loaded on first use only. */
  client(): Promise<ApiClient> {
    this.clientPromise ??= this.makeClient(this.signal).then((client) => (this.clientReady = client));
    return this.clientPromise;
  }

  /**
   * Now by the service's clock, where the service's day matters (`--date today`, a station's
   * "within a day", a schedule's next days): this machine's clock moved by what the Date header of
   * the service's last answer showed (client/service-clock.ts). Before any answer, or when the two
   * agree within seconds, this machine's clock.
   */
  serviceNow(): Date {
    return this.clientReady?.clock.now(this.now()) ?? this.now();
  }

  /**
   * A client with its own deadline, for calls beside a command's main flow, which the caller
   * closes: completion values (at most 2 s, no retries, silent: the shell must see nothing) and
   * clean-up after Ctrl-C (`webhooks listen --register` deleting its endpoint, when the context's
   * own client is tied to the interrupt that has fired: not `interruptible`).
   */
  sideClient(deadlineMs: number, opts: { retries: number; interruptible: boolean; silent?: boolean }): Promise<ApiClient> {
    const deadline = AbortSignal.timeout(deadlineMs);
    return this.makeClient(opts.interruptible ? AbortSignal.any([this.signal, deadline]) : deadline, {
      timeoutMs: Math.min(this.settings().timeoutMs, deadlineMs),
      retries: opts.retries,
      silent: opts.silent,
    });
  }

  private async makeClient(
    signal: AbortSignal,
    limits: { timeoutMs?: number; retries?: number; silent?: boolean } = {},
  ): Promise<ApiClient> {
    const settings = this.settings();
    if (settings.unknownProfile) {
      const known = Object.keys(this.config.read().profiles);
      throw usageError(
        `no profile named '${settings.profileName}'`,
        known.length ? `known profiles: ${known.join(', ')}` : `create it with 'tripctl --profile ${settings.profileName} auth login'`,
      );
    }
    if (!settings.baseUrl) {
      // Another saved profile is the likelier meaning than a login: a sandbox started earlier saves `sandbox`.
      const others = Object.entries(this.config.read().profiles)
        .filter(([name, profile]) => name !== settings.profileName && profile.baseUrl)
        .map(([name]) => name)
        .sort((a, b) => Number(b === 'sandbox') - Number(a === 'sandbox'));
      throw new CliError(
        `no base URL configured for profile '${settings.profileName}'`,
        ExitCode.auth,
        others.length
          ? `use a saved profile: --profile ${others[0]} (or make it the default: tripctl profiles use ${others[0]})${others.length > 1 ? `; saved: ${others.join(', ')}` : ''}`
          : "run 'tripctl auth login', or set TRIPCTL_BASE_URL (start a local one with 'tripctl sandbox')",
      );
    }
    // Checked where it is used, so that `auth login` can still replace a bad saved key.
    if (settings.apiKey !== undefined) checkApiKey(settings.apiKey, settings.keySource);
    const { ApiClient } = await import('./client/http.js');
    return new ApiClient({
      baseUrl: settings.baseUrl,
      baseUrlSource: settings.baseUrlSource,
      apiKey: settings.apiKey,
      timeoutMs: limits.timeoutMs ?? settings.timeoutMs,
      retries: limits.retries ?? settings.retries,
      userAgent: USER_AGENT,
      trace: settings.debug && !limits.silent ? (line) => this.io.err(`${line}\n`) : undefined,
      signal,
      env: this.env,
      // Read at each write, not now: a verb sets (and clears) ctx.beforeWrite as it runs; without
      // one, the question a caller such as `tripctl mcp` set up for the whole run.
      // Then the write is sent: a reader going away from here on leaves work undone (main.ts).
      beforeWrite: async () => {
        await (this.beforeWrite ?? this.confirmWrites)?.();
        this.sentWrites = true;
      },
      now: () => this.now().getTime(),
      notice: limits.silent ? undefined : (line) => this.io.err(`${line}\n`),
      wrote: (done) => this.writesDone.push(done),
      ...this.clientOverrides,
    });
  }

  async prompter(): Promise<Prompter> {
    if (this.prompterInstance) return this.prompterInstance;
    const { TerminalPrompter } = await import('./input/prompter.js');
    return (this.prompterInstance = new TerminalPrompter(this.io, this.signal));
  }

  /** A spinner on stderr while long work runs: on a terminal only, never in CI or cron. */
  async progress(text: string): Promise<Progress> {
    const { startProgress } = await import('./output/progress.js');
    return startProgress({ stream: this.io.stderr, enabled: this.io.stderrIsTTY && !this.env.CI, color: this.colorOn('stderr') }, text);
  }

  warn(message: string): void {
    this.io.err(`tripctl: warning: ${message}\n`);
  }

  info(message: string): void {
    this.io.err(`${message}\n`);
  }

  async dispose(): Promise<void> {
    if (this.clientPromise) await (await this.clientPromise.catch(() => undefined))?.close();
  }
}
