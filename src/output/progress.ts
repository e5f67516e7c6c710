// Progress for long work (downloads, --all, bulk actions): an ora spinner on a terminal, nothing
// at all otherwise, so cron mail and piped logs stay clean.
import type { Writable } from 'node:stream';

export interface Progress {
  update(text: string): void;
  stop(): void;
}

/** Where a spinner may be drawn: a terminal on stderr, outside CI. */
export interface ProgressTarget {
  stream: Writable;
  enabled: boolean;
  color: boolean;
}

const silent: Progress = { update: () => undefined, stop: () => undefined };

export async function startProgress(target: ProgressTarget, text: string): Promise<Progress> {
  // A terminal that reports 0 columns (`script` run from a pipe, some CI ptys) gets no spinner:
  // ora divides by the width to count the lines it clears, and at 0 it clears forever (a download
  // never ended).
  if (!target.enabled || (target.stream as { columns?: number }).columns === 0) return silent;
  const { default: ora } = await import('ora');
  const spinner = ora({ text, stream: target.stream, discardStdin: false, color: target.color ? 'cyan' : (false as never) }).start();
  return {
    update: (next) => {
      spinner.text = next;
    },
    stop: () => {
      spinner.stop();
    },
  };
}
