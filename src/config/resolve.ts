// Settings resolution: what a run uses, from flags, environment, the profile and defaults, each
// value checked where it is read (the context asks once, and keeps the answer).
import { usageError } from '../errors.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../output/formats.js';
import { DEFAULT_COUNTRY } from '../input/phone.js';
import { countryZone, systemZone } from '../input/zones.js';
import { checkTimeZone, profileValue } from './settings.js';
import type { Profile } from './store.js';

/** Global flags as commander parsed them. */
export interface GlobalFlags {
  profile?: string;
  baseUrl?: string;
  output?: string;
  json?: boolean;
  query?: string;
  color?: boolean;
  input?: boolean;
  yes?: boolean;
  debug?: boolean;
  timeout?: number;
  retries?: number;
  tz?: string;
  /** The verb's `--columns`, already checked against its resource (cmdkit/flags.ts). */
  columns?: string[];
}

/** Where a setting's value came from (`tripctl doctor` shows it). */
export type SettingSource = 'flag' | 'env' | 'profile' | 'default';

/** Where the zone came from: the rule's steps, in order. */
export type ZoneSource = 'flag' | 'env' | 'profile' | 'country' | 'system';

/** Every setting after flag > environment > profile > default precedence. */
export interface Settings {
  /** Where each value came from; for the profile itself, 'profile' means the one marked default in the file. */
  sources: Record<'profile' | 'baseUrl' | 'apiKey' | 'output' | 'timeout' | 'retries' | 'timeZone', SettingSource>;
  profileName: string;
  profile: Profile;
  baseUrl: string | undefined;
  baseUrlSource: string;
  apiKey: string | undefined;
  /** Where the key came from, for messages: `TRIPCTL_API_KEY` or `profile 'x'`. */
  keySource: string;
  output: OutputFormat;
  /** Whether the format was chosen (flag, env or profile) rather than defaulted. */
  outputChosen: boolean;
  query: string | undefined;
  timeoutMs: number;
  retries: number;
  debug: boolean;
  yes: boolean;
  /** The zone local times are read and shown in: always one, by the one rule (see zoneSetting). */
  timeZone: string;
  timeZoneSource: ZoneSource;
  /** ISO 4217 code for money whose answer names no currency (the profile's `currency`). */
  currency: string | undefined;
  /** ISO 3166 country local phone numbers are read in (the profile's `country`). */
  country: string | undefined;
  /** --profile or TRIPCTL_PROFILE named a profile that is not saved (allowed only for commands that create it). */
  unknownProfile: boolean;
}

/**
 * Every setting after flag > environment > profile > default precedence; every value read is
 * checked (a bad one names the profile and the command that fixes it).
 */
export function resolveSettings(
  flags: GlobalFlags,
  env: Record<string, string | undefined>,
  selection: { profileName: string; profile: Profile; unknownProfile: boolean },
  defaultProfile: string | undefined,
): Settings {
  const { profileName, profile, unknownProfile } = selection;
  // A value from the profile is checked only where no flag or variable overrides it.
  const fromProfile = <T>(key: string) => profileValue(profileName, profile, key) as T | undefined;
  const [baseUrl, baseUrlSource] =
    flags.baseUrl !== undefined
      ? [flags.baseUrl, '--base-url']
      : env.TRIPCTL_BASE_URL
        ? [env.TRIPCTL_BASE_URL, 'TRIPCTL_BASE_URL']
        : [fromProfile<string>('base-url'), `the base URL of profile '${profileName}'`];
  const [apiKey, keySource] = env.TRIPCTL_API_KEY ? [env.TRIPCTL_API_KEY, 'TRIPCTL_API_KEY'] : [profile.apiKey, `profile '${profileName}'`];
  const outputSetting = flags.json ? 'json' : (flags.output ?? env.TRIPCTL_OUTPUT ?? fromProfile<string>('output'));
  if (outputSetting !== undefined && !(OUTPUT_FORMATS as readonly string[]).includes(outputSetting)) {
    throw usageError(`unknown output format '${outputSetting}'`, `choose one of: ${OUTPUT_FORMATS.join(', ')}`);
  }
  const debugEnv = env.TRIPCTL_DEBUG;
  const source = (flag: unknown, envValue: unknown, profileValue: unknown): SettingSource =>
    flag !== undefined ? 'flag' : envValue ? 'env' : profileValue !== undefined && profileValue !== null ? 'profile' : 'default';
  // A zone given for this run is checked now: a bad one is exit 2 before any request.
  if (flags.tz !== undefined) checkTimeZone(flags.tz);
  if (env.TRIPCTL_TZ) checkTimeZone(env.TRIPCTL_TZ);
  // So is the profile's own (cheap for ICU's names): a bad one is named before any request, as
  // every profile value is, even by a command that shows no time.
  fromProfile<string>('timezone');
  const settings: Omit<Settings, 'timeZone' | 'timeZoneSource'> = {
    sources: {
      profile: source(flags.profile, env.TRIPCTL_PROFILE, defaultProfile),
      baseUrl: source(flags.baseUrl, env.TRIPCTL_BASE_URL, profile.baseUrl),
      apiKey: source(undefined, env.TRIPCTL_API_KEY, profile.apiKey),
      output: source(flags.json ? true : flags.output, env.TRIPCTL_OUTPUT, profile.output),
      timeout: source(flags.timeout, undefined, profile.timeout),
      retries: source(flags.retries, undefined, profile.retries),
      timeZone: source(flags.tz, env.TRIPCTL_TZ, profile.timezone),
    },
    profileName,
    profile,
    baseUrl,
    baseUrlSource,
    apiKey,
    keySource,
    output: (outputSetting as OutputFormat | undefined) ?? 'table',
    outputChosen: outputSetting !== undefined,
    query: flags.query,
    timeoutMs: Math.round((flags.timeout ?? fromProfile<number>('timeout') ?? 30) * 1000),
    retries: flags.retries ?? fromProfile<number>('retries') ?? 3,
    debug: flags.debug === true || (debugEnv !== undefined && debugEnv !== '' && debugEnv !== '0' && debugEnv !== 'false'),
    yes: flags.yes === true,
    currency: fromProfile<string>('currency'),
    country: fromProfile<string>('country'),
    unknownProfile,
  };
  return withLazyZone(settings, () => zoneSetting(flags, env, fromProfile<string>('timezone'), fromProfile<string>('country')));
}

/**
 * The zone, worked out when a command first reads or shows a time rather than at every start: it
 * asks ICU (the system's zone, a country's zones, a profile's zone checked), which costs about
 * 15 ms — most of a one-GET run that shows no time (`cities list`, `--version`). A zone given by
 * flag or variable is still checked at once, so a bad one is exit 2 before any request.
 */
function withLazyZone(
  settings: Omit<Settings, 'timeZone' | 'timeZoneSource'>,
  choose: () => { timeZone: string; timeZoneSource: ZoneSource },
): Settings {
  let chosen: { timeZone: string; timeZoneSource: ZoneSource } | undefined;
  const get = () => (chosen ??= choose());
  return Object.defineProperties(settings, {
    timeZone: { get: () => get().timeZone, enumerable: true },
    timeZoneSource: { get: () => get().timeZoneSource, enumerable: true },
  }) as Settings;
}

/**
 * The one rule for the zone a date is read and shown in: `--tz` > `TRIPCTL_TZ` > the profile's
 * `timezone` > the zone of the profile's `country`, which is SY (Asia/Damascus) where the profile
 * names none — the same default phones are read in — > the system's, only for a country with
 * several zones. The system's zone is never taken silently: a rented server says UTC while the
 * company is in Damascus, and a timetable published from its cron would run three hours late. The
 * same timetable reaches the service as the same instants from a terminal and from cron's bare
 * environment; where the system's zone is used, the context names it once on stderr when nobody
 * watches (Context.timeZone).
 */
function zoneSetting(
  flags: GlobalFlags,
  env: Record<string, string | undefined>,
  profileZone: string | undefined,
  country: string | undefined,
): { timeZone: string; timeZoneSource: ZoneSource } {
  if (flags.tz !== undefined) return { timeZone: checkTimeZone(flags.tz), timeZoneSource: 'flag' };
  if (env.TRIPCTL_TZ) return { timeZone: checkTimeZone(env.TRIPCTL_TZ), timeZoneSource: 'env' };
  if (profileZone !== undefined) return { timeZone: profileZone, timeZoneSource: 'profile' };
  const ofCountry = countryZone(country ?? DEFAULT_COUNTRY);
  if (ofCountry !== undefined) return { timeZone: ofCountry, timeZoneSource: 'country' };
  return { timeZone: systemZone(env), timeZoneSource: 'system' };
}

/**
 * The zone a command that saves a profile (`auth login`, `tripctl sandbox`) writes into it: the
 * one this run used — the profile's country's unless --tz or TRIPCTL_TZ names another, never the
 * system's silently — so later runs from anywhere, cron's bare environment included, read times
 * as this one did. A zone given for the run (--tz, TRIPCTL_TZ) replaces a saved one; otherwise a
 * zone the profile already has is kept.
 */
export function zoneToSave(settings: Pick<Settings, 'timeZone' | 'timeZoneSource'>, saved: string | undefined): string {
  return settings.timeZoneSource === 'flag' || settings.timeZoneSource === 'env' || saved === undefined ? settings.timeZone : saved;
}
