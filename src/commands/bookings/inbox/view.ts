// The screen of `bookings inbox`: a list of requests with a cursor, redrawn in place by
// @inquirer/core (the engine of the project's prompts) on stderr. It knows nothing of the
// service: it is handed the rows, a way to decide one, and a way to poll for more, so a test can
// drive it with keystrokes over any data.
import { createPrompt, isDownKey, isEnterKey, isUpKey, useEffect, useKeypress, useRef, useState, type KeypressEvent } from '@inquirer/core';

export type RowState = 'pending' | 'sending' | 'approved' | 'rejected' | 'skipped' | 'failed' | 'gone';

export interface InboxRow {
  id: string;
  tripId: string;
  createdAt: string;
  /** createdAt in local time, formatted. */
  requested: string;
  seats: number;
  route: string;
  /** Departure in local time, already formatted. */
  departure: string;
  passenger: string;
  phone: string;
  note?: string;
  group?: string;
  source?: string;
  state: RowState;
  message?: string;
}

export type Decision = 'approved' | 'rejected';

export interface InboxConfig {
  rows: InboxRow[];
  /** Seats still free on a trip, as last known (undefined: not known). */
  freeSeats: (tripId: string) => number | undefined;
  /** Sends the decision; throws with a one-line message when it fails. */
  decide: (row: InboxRow, decision: Decision) => Promise<void>;
  /** New requests since the last poll, and ids that are no longer requested (decided elsewhere). */
  poll: (known: ReadonlySet<string>) => Promise<{ added: InboxRow[]; gone: string[] }>;
  pollMs: number;
  now: () => Date;
  /** Header line: the zone local times are shown in, and the filter. */
  heading: string;
  /** Rows of the list shown at once. */
  pageSize: number;
  /** Terminal width: a row longer than this is cut short rather than wrapped. */
  width: number;
  /** Colours the terminal can show (plain text when off). */
  color: boolean;
}

export interface InboxSummary {
  approved: number;
  rejected: number;
  skipped: number;
  failed: number;
  waiting: number;
}

function waited(from: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(from)) / 60_000));
  if (minutes < 60) return `${minutes}m`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
  return `${Math.floor(minutes / 1440)}d`;
}

const MARK: Record<RowState, string> = {
  pending: '',
  sending: '… sending',
  approved: '✔ approved',
  rejected: '✖ rejected',
  skipped: '→ skipped',
  failed: '! failed',
  gone: '· no longer requested',
};
const COLOR: Partial<Record<RowState, string>> = { approved: '32', rejected: '31', failed: '1;31', gone: '2', skipped: '2', sending: '33' };

export const inboxView = createPrompt<InboxSummary, InboxConfig>((config, done) => {
  const rows = useRef<InboxRow[]>(config.rows).current;
  const [cursor, setCursor] = useState(0);
  const [expanded, setExpanded] = useState(false);
  const [version, setVersion] = useState(0);
  const [closing, setClosing] = useState(false);
  const inFlight = useRef(new Set<Promise<void>>()).current;
  const versionRef = useRef(0);
  const pollError = useRef<string | undefined>(undefined);
  const redraw = () => setVersion(++versionRef.current);
  const paint = (code: string | undefined, text: string) => (config.color && code ? `\u001b[${code}m${text}\u001b[0m` : text);

  useEffect(() => {
    const timer = setInterval(() => {
      config.poll(new Set(rows.map((r) => r.id))).then(
        ({ added, gone }) => {
          for (const row of rows) if (gone.includes(row.id) && (row.state === 'pending' || row.state === 'skipped')) row.state = 'gone';
          rows.push(...added);
          pollError.current = undefined;
          redraw();
        },
        (error: unknown) => {
          // Shown, not fatal: the list on screen is still good to decide from.
          pollError.current = error instanceof Error ? error.message : String(error);
          redraw();
        },
      );
    }, config.pollMs);
    return () => clearInterval(timer);
  }, []);

  const open = (row: InboxRow | undefined) =>
    row !== undefined && (row.state === 'pending' || row.state === 'skipped' || row.state === 'failed');
  /** The next row still waiting for a decision after `from`, else the first one, else stay. */
  const nextOpen = (from: number) => {
    for (let i = from + 1; i < rows.length; i++) if (rows[i]!.state === 'pending') return i;
    for (let i = 0; i < rows.length; i++) if (rows[i]!.state === 'pending') return i;
    return Math.min(from + 1, rows.length - 1);
  };
  const summary = (): InboxSummary => ({
    approved: rows.filter((r) => r.state === 'approved').length,
    rejected: rows.filter((r) => r.state === 'rejected').length,
    skipped: rows.filter((r) => r.state === 'skipped').length,
    failed: rows.filter((r) => r.state === 'failed').length,
    waiting: rows.filter((r) => r.state === 'pending').length,
  });

  useKeypress((key: KeypressEvent) => {
    if (closing) return;
    const row = rows[cursor];
    // Rows are changed in place; this makes the keypress redraw even when the cursor stays.
    redraw();
    if (isUpKey(key) || key.name === 'k' || isDownKey(key) || key.name === 'j') {
      setCursor(isUpKey(key) || key.name === 'k' ? Math.max(0, cursor - 1) : Math.min(rows.length - 1, cursor + 1));
      setExpanded(false);
    } else if (key.name === 'd' || isEnterKey(key)) setExpanded(!expanded);
    else if (key.name === 's' && row && row.state === 'pending') {
      row.state = 'skipped';
      setCursor(nextOpen(cursor));
    } else if ((key.name === 'a' || key.name === 'r') && row && open(row)) {
      const decision: Decision = key.name === 'a' ? 'approved' : 'rejected';
      row.state = 'sending';
      row.message = undefined;
      const sent = config.decide(row, decision).then(
        () => {
          row.state = decision;
        },
        (error: unknown) => {
          row.state = 'failed';
          row.message = error instanceof Error ? error.message : String(error);
        },
      );
      inFlight.add(sent);
      void sent.finally(() => {
        inFlight.delete(sent);
        redraw();
      });
      setExpanded(false);
      setCursor(nextOpen(cursor));
    } else if (key.name === 'q' || key.name === 'escape') {
      setClosing(true);
      // Decisions already sent are waited for, so the summary says how each ended.
      void Promise.allSettled([...inFlight]).then(() => done(summary()));
    }
  });

  void version;
  const now = config.now();
  const s = summary();
  const lines: string[] = [];
  lines.push(
    `${paint('1', `Booking requests · ${s.waiting} waiting`)} · ${config.heading} · new ones appear every ${Math.round(config.pollMs / 1000)} s`,
  );
  lines.push(
    paint(
      '2',
      closing
        ? 'finishing: waiting for the answers to the decisions sent…'
        : 'a approve · r reject · s skip · d details · ↑↓ move · q quit',
    ),
  );
  if (pollError.current)
    lines.push(paint('33', fit(`could not look for new requests (${pollError.current}); trying again`, config.width - 1)));
  if (rows.length === 0) lines.push('', '  No requests are waiting. New ones will appear here.');
  const start = Math.max(0, Math.min(cursor - Math.floor(config.pageSize / 2), rows.length - config.pageSize));
  for (const [offset, row] of rows.slice(start, start + config.pageSize).entries()) {
    const index = start + offset;
    const free = config.freeSeats(row.tripId);
    const cells = [
      waited(row.createdAt, now).padEnd(6),
      `${row.route}  ${row.departure}`,
      `${row.seats} seat${row.seats === 1 ? '' : 's'}${free === undefined ? '' : ` (${free} free)`}`,
      `${row.passenger} ${row.phone}`.trim(),
      row.note ? `“${row.note}”` : '',
      row.group ? `[${row.group}]` : '',
    ].filter(Boolean);
    const pointer = index === cursor ? '❯' : ' ';
    const markText = MARK[row.state] ? `${MARK[row.state]}${row.message ? `: ${row.message}` : ''}` : '';
    // The decision's mark must stay in sight: the row's own text gives way to it.
    const text = fit(`${pointer} ${cells.join('  ')}`, Math.max(20, config.width - 1 - (markText ? [...markText].length + 2 : 0)));
    const mark = markText ? `  ${paint(COLOR[row.state], markText)}` : '';
    lines.push((index === cursor ? paint('1', text) : row.state === 'pending' ? text : paint('2', text)) + mark);
    if (index === cursor && expanded) {
      lines.push(fit(`     booking ${row.id} · trip ${row.tripId}`, config.width - 1));
      lines.push(fit(`     requested ${row.requested}${row.source ? ` via ${row.source}` : ''}`, config.width - 1));
      if (row.note) lines.push(fit(`     note: ${row.note}`, config.width - 1));
      if (row.group) lines.push(fit(`     group: ${row.group}`, config.width - 1));
    }
  }
  if (rows.length > config.pageSize) lines.push(paint('2', `  (${rows.length} requests; ↑↓ to scroll)`));
  // The cursor is hidden, as in inquirer's own lists: there is nothing to type at.
  return `${lines.join('\n')}\u001b[?25l`;
});

/** Cut to `width` characters with an ellipsis. */
function fit(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, width - 1).join('')}…`;
}
