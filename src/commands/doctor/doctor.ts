// `tripctl doctor`: every check, ✓ or ✗ with the fix, then exit 1 when any failed. `-o json` is
// the same report as one object, for a support ticket (the key masked, like everywhere).
import type { ActionFn } from '../../cmdkit/define.js';
import type { Context } from '../../context.js';
import { sanitizeLine, toJson } from '../../output/sanitize.js';
import { VERSION } from '../../version.js';
import { codeCacheCheck, configChecks, nodeCheck, profileCheck, proxyCheck, type Check, type SettingRow } from './local.js';
import { zoneCheck } from './zone.js';
import { serviceChecks, type ScopeState } from './service.js';

export const runDoctor: ActionFn = async (ctx) => {
  const checks: Check[] = [nodeCheck(process.version), ...configChecks(ctx)];
  // The store's own warnings about modes say what the checks above already say, with the fix.
  try {
    ctx.config.read();
    ctx.config.warnings.length = 0;
  } catch {
    // An unreadable file is reported by the profile check, with the store's hint.
  }
  const profile = profileCheck(ctx);
  checks.push(profile.check);
  const zone = profile.settings && !profile.settings.unknownProfile ? zoneCheck(profile.settings) : undefined;
  if (zone) checks.push(zone);
  let scopes: Record<string, ScopeState> = {};
  let skewSeconds: number | undefined;
  let company: string | undefined;
  const proxy = proxyCheck(ctx, profile.settings?.baseUrl);
  if (profile.settings && !profile.settings.unknownProfile) {
    const service = await serviceChecks(ctx, profile.settings, proxy.via);
    checks.push(...service.checks);
    scopes = service.scopes;
    skewSeconds = service.skewSeconds;
    company = service.company;
  }
  const { via: _via, ...proxyResult } = proxy;
  checks.push(proxyResult, codeCacheCheck(ctx));
  const ok = checks.every((check) => check.ok);
  // -o json (or TRIPCTL_OUTPUT, or the profile's output) asks for the report as JSON.
  const output = profile.settings?.output ?? (ctx.globals.json ? 'json' : ctx.globals.output);
  const format = output === 'json' || output === 'ndjson' ? 'json' : 'text';
  if (ctx.records) {
    // An assistant (`tripctl mcp`): the set-up in one record, see for-assistant.ts.
    const { assistantReport } = await import('./for-assistant.js');
    await ctx.io.write(`${toJson(await assistantReport(ctx, profile.settings, checks, profile.rows, scopes, company))}\n`);
  } else if (format === 'json') {
    const report = {
      ok,
      tripctl: VERSION,
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      checks,
      settings: Object.fromEntries(profile.rows.map((row) => [row.name, { value: row.value, source: row.source }])),
      scopes,
      skewSeconds: skewSeconds ?? null,
    };
    await ctx.io.write(`${toJson(report, 2)}\n`);
  } else {
    await ctx.io.write(await text(ctx, checks, profile.rows, scopes));
  }
  return ok ? 0 : 1;
};

async function text(ctx: Context, checks: Check[], rows: SettingRow[], scopes: Record<string, ScopeState>): Promise<string> {
  const paint = await painter(ctx);
  const width = Math.max(...checks.map((check) => check.title.length));
  const lines: string[] = [];
  for (const check of checks) {
    lines.push(`${check.ok ? paint.good('✓') : paint.bad('✗')} ${check.title.padEnd(width)}  ${sanitizeLine(check.detail)}`);
    if (!check.ok && check.fix) lines.push(`  ${' '.repeat(width)}  ${paint.dim('fix:')} ${sanitizeLine(check.fix)}`);
    if (check.id === 'profile' && rows.length) {
      const nameWidth = Math.max(...rows.map((row) => row.name.length));
      for (const row of rows.slice(1))
        lines.push(
          `  ${' '.repeat(width)}    ${row.name.padEnd(nameWidth)}  ${sanitizeLine(String(row.value ?? '-'))}  ${paint.dim(`(${row.source})`)}`,
        );
    }
    if (check.id === 'scopes') {
      const entries = Object.entries(scopes);
      const reads = entries
        .filter(([scope]) => scope.endsWith('.read'))
        .map(
          ([scope, state]) =>
            `${scope} ${state === 'ok' ? paint.good('ok') : state === 'not checked' ? paint.dim(state) : paint.bad(state)}`,
        );
      for (let i = 0; i < reads.length; i += 3) lines.push(`  ${' '.repeat(width)}    ${reads.slice(i, i + 3).join(' · ')}`);
      const writes = entries.filter(([scope]) => scope.endsWith('.write')).map(([scope]) => scope);
      for (let i = 0; i < writes.length; i += 4) {
        lines.push(
          `  ${' '.repeat(width)}    ${paint.dim(`${i === 0 ? 'not checked: ' : '             '}${writes.slice(i, i + 4).join(', ')}`)}`,
        );
      }
    }
  }
  const failed = checks.filter((check) => !check.ok).length;
  lines.push('', failed ? paint.bad(`${failed} check${failed === 1 ? '' : 's'} failed`) : paint.good('Everything looks right.'));
  return `${lines.join('\n')}\n`;
}

async function painter(ctx: Context): Promise<{ good: (t: string) => string; bad: (t: string) => string; dim: (t: string) => string }> {
  if (!ctx.colorEnabled) return { good: (t) => t, bad: (t) => t, dim: (t) => t };
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: 1 });
  return { good: (t) => chalk.green(t), bad: (t) => chalk.red(t), dim: (t) => chalk.dim(t) };
}
