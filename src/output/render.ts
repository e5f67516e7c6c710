// One renderer for every command: a value (one object or a stream of pages) plus the resource's
// column spec, printed as table, json, ndjson, csv or ids, differently on a terminal and in a pipe.
import { terminalWidth, type IO } from '../io.js';
import { formatValue, localTime, toCsv } from './cells.js';
import { chooseColumns } from './choose-columns.js';
import { applyQuery } from './query.js';
import { inferSpec, valueAt, type Column, type ResourceSpec } from './columns.js';
import { sanitizeCell, sanitizeLine, toJson } from './sanitize.js';
import type { HandleLookup, TerminalOptions } from './terminal.js';

import type { OutputFormat } from './formats.js';
export { OUTPUT_FORMATS, type OutputFormat } from './formats.js';

export interface RenderOptions {
  format: OutputFormat;
  /** JMESPath applied to the whole result; the output is then JSON. */
  query?: string;
  color: boolean;
  /** A person reads it (stdout is a terminal, or -o table was asked for by name): fitted tables (terminal.ts) and local times; else tab-separated rows and ISO times. */
  tty: boolean;
  timeZone?: string;
  /** Terminal tables: the terminal's width (100 when unknown or 0). */
  width?: number;
  /** Terminal tables: the currency of money whose answer names none (the profile's `currency`). */
  currency?: string;
  /** Terminal tables: looks ids up as handles (city names, plates, passengers). */
  handles?: HandleLookup;
  now?: () => Date;
  /** `--columns`: the columns table and CSV output show, instead of the spec's. */
  columns?: string[];
  /**
   * JSON for an assistant (`tripctl mcp`): the view a person reads as compact records (see
   * records.ts) instead of the service's objects, and a list kept under a budget.
   */
  records?: boolean;
}

type Pages = AsyncIterable<unknown[]> | Iterable<unknown[]>;

export class Renderer {
  constructor(
    private readonly io: IO,
    readonly opts: RenderOptions,
  ) {}

  /**
   * Prints one object (or any JSON value). `alongside`: what an assistant's answer says beside the
   * record (a write's outcome in words); only records carry it.
   */
  async object(value: unknown, declared?: ResourceSpec, alongside?: Record<string, unknown>): Promise<void> {
    const spec = this.chosen(declared);
    if (this.opts.query !== undefined) return this.printJson(await applyQuery(this.opts.query, value));
    if (this.opts.records && this.opts.format === 'json') return this.recordOf(value, declared, alongside);
    switch (this.opts.format) {
      case 'json':
        return this.printJson(value);
      case 'ndjson':
        return this.io.write(`${toJson(value)}\n`);
      case 'ids': {
        const id = valueAt(value, this.idPath(spec));
        if (id !== undefined && id !== null) await this.io.write(`${sanitizeLine(String(id))}\n`);
        return;
      }
      case 'csv':
      case 'table': {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return this.printJson(value);
        if (spec?.figures && this.opts.tty && this.opts.format === 'table')
          return this.printFigures(value as Record<string, unknown>, spec);
        const resolved = spec?.columns.length ? spec : inferSpec([value]);
        if (this.opts.format === 'csv') return this.io.write(toCsv(resolved.columns, [value]));
        return this.printRecord(value, resolved);
      }
    }
  }

  /**
   * Prints a list that arrives page by page. Every format but two prints each page as it comes
   * and waits for a slow reader before asking for more, so memory stays flat however long the
   * walk: JSON as one array written item by item, the piped table row by row. A terminal table
   * needs every row to size its columns, and a query needs the whole result.
   * Returns the number of items.
   *
   * `partial.total`: the size of the whole list when the pages given are only its beginning (a
   * first page nobody asked for by --page, --limit or --all): a line on stderr then says how many
   * of how many were shown and names --all, under a terminal's table as in a pipe.
   */
  async list(pages: Pages, declared?: ResourceSpec, partial: { total?: () => number | undefined } = {}): Promise<number> {
    if (this.opts.records && this.opts.format === 'json' && this.opts.query === undefined) return this.recordList(pages, declared, partial);
    const count = await this.listItems(pages, declared);
    const total = partial.total?.();
    if (total !== undefined && count < total) this.io.err(`${partialNotice(count, total, declared?.name ?? 'item')}\n`);
    return count;
  }

  private async listItems(pages: Pages, declared?: ResourceSpec): Promise<number> {
    const spec = this.chosen(declared);
    const { format, query } = this.opts;
    if (query !== undefined || (format === 'table' && this.opts.tty)) {
      const items: unknown[] = [];
      // Item by item: spreading a page of 130,000 items into push() overflows the stack.
      for await (const page of pages) for (const item of page) items.push(item);
      if (query !== undefined) await this.printJson(await applyQuery(query, items));
      else await this.printTable(items, spec ?? inferSpec(items));
      return items.length;
    }
    if (format === 'json') return this.jsonArray(pages);
    let count = 0;
    let columns: Column[] | undefined = format === 'table' ? undefined : spec?.columns;
    let headerDone = false;
    for await (const page of pages) {
      if (format === 'csv' || format === 'table') {
        // Columns come from the spec, else from the first page that has items.
        if (!(spec?.columns ?? columns) && page.length === 0) continue;
        columns ??= spec?.columns ?? inferSpec(page).columns;
        if (format === 'csv') await this.io.write(toCsv(columns, page, !headerDone));
        else await this.writeLines(page, (item) => columns!.map((column) => this.cell(item, column)).join('\t'));
        headerDone = true;
      } else if (format === 'ndjson') {
        await this.writeLines(page, (item) => toJson(item));
      } else {
        const idField = this.idPath(spec);
        await this.writeLines(page, (item) => {
          const id = valueAt(item, idField);
          return id === undefined || id === null ? undefined : sanitizeLine(String(id));
        });
      }
      count += page.length;
    }
    if (format === 'csv' && !headerDone && columns) await this.io.write(toCsv(columns, []));
    return count;
  }

  /** An assistant's answer of one object (records.ts). */
  private async recordOf(value: unknown, spec: ResourceSpec | undefined, alongside?: Record<string, unknown>): Promise<void> {
    const { objectAnswer } = await import('./records.js');
    const answer = await objectAnswer(value, spec, this.recordOptions());
    await this.io.write(`${toJson(alongside ? { ...alongside, ...(answer as object) } : answer)}\n`);
  }

  /** An assistant's answer of a list (records.ts): the whole list is needed to keep it under its budget. */
  private async recordList(pages: Pages, spec: ResourceSpec | undefined, partial: { total?: () => number | undefined }): Promise<number> {
    const items: unknown[] = [];
    for await (const page of pages) for (const item of page) items.push(item);
    const { listAnswer } = await import('./records.js');
    await this.io.write(`${toJson(await listAnswer(items, spec ?? inferSpec(items), partial.total?.(), this.recordOptions()))}\n`);
    return items.length;
  }

  private recordOptions() {
    return { timeZone: this.opts.timeZone, currency: this.opts.currency, handles: this.opts.handles, plural };
  }

  /** The spec with the `--columns` choice applied, for table and CSV; other formats ignore it. */
  /**
   * What `-o ids` prints a line of: the resource's id, or the one id column `--columns` names
   * (`--columns tripId -o ids`: a booking's trip) — the script's way to one id of each item,
   * whatever the profile's output, now that `-o table` is the person's table in a pipe too.
   * A column that is no id (`plate`) is ignored: ids are ids only.
   */
  private idPath(spec: ResourceSpec | undefined): string {
    const [only, ...more] = this.opts.columns ?? [];
    const path = only !== undefined && more.length === 0 ? chooseColumns(spec, [only]).columns[0]!.path : undefined;
    return path !== undefined && /(?:^|\.)id$|Id$/.test(path) ? path : (spec?.idField ?? 'id');
  }

  private chosen(spec: ResourceSpec | undefined): ResourceSpec | undefined {
    const { columns, format } = this.opts;
    return columns && (format === 'table' || format === 'csv') ? chooseColumns(spec, columns) : spec;
  }

  /**
   * `-o json` of a list: `[`, the items as they arrive, `]`. When a later page fails, the array
   * is still closed (valid JSON of what arrived) before the error ends the command with exit 1.
   */
  private async jsonArray(pages: Pages): Promise<number> {
    let count = 0;
    // Opened with the first page the service answered well: a call that fails at once prints
    // nothing on stdout (not `[]`, which a script would read as an empty list).
    let opened = false;
    try {
      for await (const page of pages) {
        let chunk = opened ? '' : '[';
        opened = true;
        for (const item of page) {
          chunk += `${count++ === 0 ? '' : ','}\n  ${toJson(item, 2).replace(/\n/g, '\n  ')}`;
          if (chunk.length > 65_536) {
            await this.io.write(chunk);
            chunk = '';
          }
        }
        await this.io.write(chunk);
      }
      if (!opened) await this.io.write('[');
      opened = true;
    } finally {
      if (opened) await this.io.write(count ? '\n]\n' : ']\n');
    }
    return count;
  }

  /** Writes one line per item, in chunks, waiting for the reader between chunks. */
  private async writeLines(items: unknown[], line: (item: unknown) => string | undefined): Promise<void> {
    let chunk = '';
    for (const item of items) {
      const text = line(item);
      if (text !== undefined) chunk += `${text}\n`;
      if (chunk.length > 65_536) {
        await this.io.write(chunk);
        chunk = '';
      }
    }
    if (chunk) await this.io.write(chunk);
  }

  private async printJson(value: unknown): Promise<void> {
    await this.io.write(`${toJson(value, 2)}\n`);
  }

  /** A terminal table (see terminal.ts): fits the width, shows handles, money and local times. */
  private async printTable(items: unknown[], spec: ResourceSpec): Promise<void> {
    if (items.length === 0) {
      this.io.err(`no ${plural(spec.name)}\n`);
      return;
    }
    const { terminalTable } = await import('./terminal.js');
    const { lines, hidden } = await terminalTable(items, spec, await this.terminalOptions());
    this.io.out(`${lines.join('\n')}\n`);
    if (hidden.length) this.io.err(`(not shown at this width: ${hidden.join(', ')}; -o csv shows every column)\n`);
  }

  /** Dashboard and report figures on a terminal (see figures.ts). */
  private async printFigures(value: Record<string, unknown>, spec: ResourceSpec): Promise<void> {
    const { figureLines } = await import('./figures.js');
    const opts = await this.terminalOptions();
    const zone = (await import('../input/zones.js')).zoneAbbreviation(opts.timeZone, opts.now);
    const lines = await figureLines(value, spec.figures!, { ...opts, time: (iso) => `${localTime(iso, opts.timeZone)} ${zone}` });
    this.io.out(`${lines.join('\n')}\n`);
  }

  private async printRecord(value: object, spec: ResourceSpec): Promise<void> {
    if (!this.opts.tty) {
      const rows = spec.columns.map((column) => [column.header, this.cell(value, column)] as const);
      await this.io.write(rows.map(([header, cell]) => `${header}\t${cell}\n`).join(''));
      return;
    }
    const { terminalRecord } = await import('./terminal.js');
    this.io.out(`${(await terminalRecord(value, spec, await this.terminalOptions())).join('\n')}\n`);
  }

  private async terminalOptions(): Promise<TerminalOptions> {
    const paint = await this.painter();
    return {
      width: terminalWidth(this.opts.width),
      timeZone: this.opts.timeZone,
      currency: this.opts.currency,
      now: this.opts.now?.() ?? new Date(),
      handles: this.opts.handles,
      format: (value, column) => formatValue(value, column, this.opts),
      paintHead: paint.head,
    };
  }

  private async painter(): Promise<{ head: (text: string) => string }> {
    if (!this.opts.color) return { head: (text) => text };
    // Whether to colour was decided from the context (TTY, NO_COLOR, --no-color); chalk's own
    // default instance would look at process.stdout instead, so it gets a fixed level here.
    const { Chalk } = await import('chalk');
    const chalk = new Chalk({ level: 1 });
    return { head: (text) => chalk.bold.cyan(text) };
  }

  private cell(item: unknown, column: Column): string {
    return sanitizeCell(formatValue(valueAt(item, column.path), column, this.opts));
  }
}

/** `25 of 65 bookings — --all for every page`: what a list that stopped at its first page says. */
export function partialNotice(shown: number, total: number, name: string): string {
  return `${shown} of ${total} ${plural(name)} — --all for every page`;
}

/** `city` → `cities`, `booking` → `bookings`, `status` → `statuses`. */
export function plural(name: string): string {
  if (/[^aeiou]y$/.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(?:s|x|z|ch|sh)$/.test(name)) return `${name}es`;
  return `${name}s`;
}
