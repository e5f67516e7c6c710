// Progress for long work (downloads, --all, bulk actions): an ora spinner on a terminal, nothing
// at all otherwise, so cron mail and piped logs stay clean.
import type { Context } from '../context.js';

export interface Progress {
  update(text: string): void;
  stop(): void;
}

const silent: Progress = { update: () => undefined, stop: () => undefined };

export async function startProgress(ctx: Context, text: string): Promise<Progress> {
  if (!ctx.io.stderrIsTTY || ctx.env.CI) return silent;
  const { default: ora } = await import('ora');
  const spinner = ora({ text, stream: ctx.io.stderr, discardStdin: false, color: ctx.colorEnabled ? 'cyan' : (false as never) }).start();
  return {
    update: (next) => {
      spinner.text = next;
    },
    stop: () => {
      spinner.stop();
    },
  };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
