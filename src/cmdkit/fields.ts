// Field flags whose question differs from their flag: an amount of money, typed in the currency's
// units and sent in minor units; a departure checked against the clock; a schedule's time, which is
// the service's local time, shown in the operator's zone too; weekdays picked from a list.
import {
  DEFAULT_CURRENCY,
  describeMoney,
  formatMoney,
  formatMoneyChange,
  fractionDigits,
  parseMinorUnits,
  parseMoney,
} from '../input/money.js';
import { DEFAULT_COUNTRY, parsePhone } from '../input/phone.js';
import type { Validate } from '../input/prompter.js';
import { dateTime, timeOfDay, weekdays } from '../input/validate.js';
import { localDateOf, localTimeOf, SERVICE_TIME_ZONE, serviceTimeIn, zoneAbbreviation, zoneName } from '../input/zones.js';
import type { FieldFlag, ParseTools } from './operation-spec.js';
import { promptReason } from '../input/reason.js';

/** The country a local phone number is read in: the profile's `country`, else Syria. */
export function countryOf(tools: ParseTools): string {
  return tools.ctx.settings().country ?? DEFAULT_COUNTRY;
}

/**
 * A phone flag (`--phone`): written as people write it — local (`0944 123 456`, read in the
 * profile's country) or international — and sent, and shown in the review, in E.164.
 */
export function phoneFlag(description: string, extra: Partial<FieldFlag> = {}): FieldFlag {
  return {
    flags: '--phone <number>',
    description: `${description}; local (0944 123 456, read in the profile's country) or +963…`,
    field: 'phone',
    parse: (v, tools) => parsePhone('--phone', v, countryOf(tools)),
    ask: async (tools, _sofar, validate) => {
      const question = `${description.charAt(0).toUpperCase()}${description.slice(1)} (as dialled in ${countryOf(tools)}, or +…):`;
      const answer = await (await tools.ctx.prompter()).input(question, { validate });
      return answer.trim() === '' ? undefined : answer.trim();
    },
    ...extra,
  };
}

/** The currency of prices the tool reads and shows when the answer names none. */
export function currencyOf(tools: ParseTools): string {
  return tools.ctx.settings().currency ?? DEFAULT_CURRENCY;
}

/** A prompt check from a function that throws the flag's usage error. */
function checking(check: (text: string) => unknown, required: boolean): Validate {
  return (text) => {
    if (text.trim() === '') return required ? 'An answer is needed' : true;
    try {
      check(text.trim());
      return true;
    } catch (error) {
      return promptReason(error);
    }
  };
}

/**
 * An amount of money (`--price`, `--amount`): typed in the currency's units at every door — the
 * flag, its question, a CSV column named like the flag — by the one parser (input/money.ts); a CSV
 * column under the service's field name (`pricePerSeat`) is in the service's minor units. The
 * review and a dry run show both.
 */
export function moneyFlag(spec: { name: string; field: string; description: string; question: string; required?: boolean }): FieldFlag {
  return {
    flags: `${spec.name} <amount>`,
    description: `${spec.description}, in the currency's units (18000 or 18,000.50); -F ${spec.field}=… takes minor units`,
    field: spec.field,
    required: spec.required,
    parse: (v, tools) => parseMoney(spec.name, v, currencyOf(tools)),
    parseField: (v) => parseMinorUnits(spec.field, v),
    ask: async (tools, _sofar, validate) => {
      const currency = currencyOf(tools);
      const digits = fractionDigits(currency);
      const example = digits > 0 ? `15000 or 15000.${'5'.padEnd(digits, '0')}` : '15000';
      const answer = await (await tools.ctx.prompter()).input(`${spec.question}, in ${currency} (e.g. ${example}):`, { validate });
      return answer.trim() === '' ? undefined : answer.trim();
    },
    show: (value, tools) => (typeof value === 'number' ? describeMoney(value, currencyOf(tools)) : String(value)),
    change: (from, to, tools) =>
      typeof from === 'number' && typeof to === 'number'
        ? formatMoneyChange(from, to, currencyOf(tools))
        : typeof to === 'number'
          ? `(none) → ${formatMoney(to, currencyOf(tools))}`
          : undefined,
  };
}

/** A trip's or a schedule's fare per seat. */
export function priceFlag(required: boolean): FieldFlag {
  return moneyFlag({ name: '--price', field: 'pricePerSeat', description: 'fare per seat', question: 'Fare per seat', required });
}

/**
 * A trip's departure: the question names the zone it reads the time in, and refuses a time that
 * has passed (a check the flag leaves to the service, so that scripts replaying old data get the
 * service's own answer).
 */
export function departureFlag(required: boolean): FieldFlag {
  return {
    flags: '--departure <time>',
    description: "'YYYY-MM-DD HH:MM' in the profile's time zone (or --tz), or ISO 8601 with offset",
    field: 'departureAt',
    required,
    parse: (v, t) => dateTime('--departure', v, t.timeZone),
    ask: async ({ ctx, timeZone }) => {
      const zone = zoneName(timeZone);
      return (await ctx.prompter()).input(`Departure (YYYY-MM-DD HH:MM, ${zone}):`, {
        validate: checking((text) => {
          const iso = dateTime('--departure', text, timeZone);
          if (Date.parse(iso) <= ctx.now().getTime())
            throw new Error(
              `That is in the past (now is ${localDateOf(ctx.now(), timeZone)} ${new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ctx.now())} ${zone})`,
            );
        }, true),
      });
    },
    show: (value, { timeZone }) => {
      if (typeof value !== 'string') return String(value);
      const at = new Date(value);
      const local = `${localDateOf(at, timeZone)} ${new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at)}`;
      return `${local} ${zoneName(timeZone)}  (${value})`;
    },
    // A re-run pairs a trip moved within its local day: `moves 10:00 → 10:30`; across days, the dates too.
    changeLabel: 'moves',
    change: (from, to, { timeZone }) => {
      if (typeof from !== 'string' || typeof to !== 'string') return undefined;
      const [a, b] = [new Date(from), new Date(to)];
      if (Number.isNaN(a.getTime()) || Number.isNaN(b.getTime())) return undefined;
      const zone = zoneAbbreviation(timeZone, b);
      if (localDateOf(a, timeZone) === localDateOf(b, timeZone)) return `${localTimeOf(a, timeZone)} → ${localTimeOf(b, timeZone)} ${zone}`;
      return `${localDateOf(a, timeZone)} ${localTimeOf(a, timeZone)} → ${localDateOf(b, timeZone)} ${localTimeOf(b, timeZone)} ${zone}`;
    },
  };
}

/**
 * A schedule's departure time, which the service reads in its own zone: the question says so and,
 * when the operator's zone differs, what that is for them.
 */
export function serviceTimeFlag(required: boolean): FieldFlag {
  const equivalent = (hhmm: string, tools: ParseTools) =>
    serviceTimeIn(hhmm, localDateOf(tools.ctx.now(), SERVICE_TIME_ZONE), tools.timeZone);
  return {
    flags: '--time <HH:MM>',
    description: `departure time, 24-hour, in the service's local time (${SERVICE_TIME_ZONE})`,
    field: 'departureTime',
    required,
    parse: (v) => timeOfDay('--time', v),
    ask: async (tools) => {
      const operator = zoneName(tools.timeZone);
      const note = operator === SERVICE_TIME_ZONE ? '' : `; you are in ${operator}`;
      const answer = await (await tools.ctx.prompter()).input(
        `Departure time (HH:MM, the service's local time, ${SERVICE_TIME_ZONE}${note}):`,
        {
          validate: checking((text) => timeOfDay('--time', text), required),
        },
      );
      const hhmm = answer.trim() === '' ? '' : timeOfDay('--time', answer);
      const theirs = hhmm ? equivalent(hhmm, tools) : undefined;
      if (theirs) tools.ctx.info(`  ${hhmm} ${SERVICE_TIME_ZONE} is ${theirs}`);
      return hhmm || undefined;
    },
    show: (value, tools) => {
      const theirs = typeof value === 'string' ? equivalent(value, tools) : undefined;
      return `${String(value)} ${SERVICE_TIME_ZONE}${theirs ? `  (${theirs})` : ''}`;
    },
  };
}

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Weekdays: `mon,wed` or `1,3` as a flag; a list to tick on a terminal. */
export function weekdaysFlag(extra: Partial<FieldFlag> = {}): FieldFlag {
  return {
    flags: '--weekdays <days>',
    description: 'for weekly: mon,wed,fri or 1,3,5 (0 = Sunday)',
    field: 'weekdays',
    parse: (v) => weekdays('--weekdays', v),
    ask: async ({ ctx }) => {
      const days = await (await ctx.prompter()).checkbox(
        'Weekdays (space to tick, enter when done):',
        DAY_NAMES.map((name, day) => ({ name, value: day })),
        { required: 'Tick at least one day' },
      );
      return days.length ? days.join(',') : undefined;
    },
    show: (value) => (Array.isArray(value) ? value.map((day) => DAY_NAMES[day as number] ?? String(day)).join(', ') : String(value)),
    ...extra,
  };
}

/** An optional question: empty skips it, anything else must pass the flag's own check. */
export function optionalInput(message: string): FieldFlag['ask'] {
  return async ({ ctx }, _sofar, validate) => {
    const answer = await (await ctx.prompter()).input(message, { validate });
    return answer.trim() === '' ? undefined : answer.trim();
  };
}
