// The doctor's check of the zone local times are read in, against the profile's country.
import type { Settings } from '../../context.js';
import { countryLabel, DEFAULT_COUNTRY } from '../../input/phone.js';
import { countryZone, zonesOfCountry } from '../../input/zones.js';
import type { Check } from './local.js';

/**
 * A zone the profile saved that is not one of its country's (`UTC` for a company in Syria: a
 * rented server's zone, adopted once) publishes every local time hours off, and nothing else
 * would tell. Said as a failed check with the fix; nothing when the zone fits its country or was
 * given for this run (--tz, TRIPCTL_TZ).
 */
export function zoneCheck(settings: Settings): Check | undefined {
  const country = (settings.country ?? DEFAULT_COUNTRY).toUpperCase();
  const fix = `tripctl --profile ${settings.profileName} config set timezone ${countryZone(country) ?? 'ZONE'}`;
  if (settings.timeZoneSource === 'system')
    return {
      id: 'timezone',
      title: 'Time zone',
      ok: false,
      detail: `${settings.timeZone}: this system's, as profile '${settings.profileName}' names no zone and ${countryLabel(country)} has several`,
      fix,
    };
  if (settings.timeZoneSource !== 'profile') return undefined;
  const zones = zonesOfCountry(country);
  if (!zones?.length) return undefined;
  const canonical = (zone: string) => new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  const ofCountry = new Set(zones.map(canonical));
  if (ofCountry.has(canonical(settings.timeZone))) return undefined;
  return {
    id: 'timezone',
    title: 'Time zone',
    ok: false,
    detail: `${settings.timeZone} is not a zone of ${countryLabel(country)}, the profile's country: local times are read and shown ${settings.timeZone === 'UTC' ? 'in UTC' : 'there'}`,
    fix,
  };
}
