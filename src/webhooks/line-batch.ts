// Lines for one stream, written at most every few milliseconds rather than once per delivery:
// under load that is one system call for many lines, and a person cannot tell 15 ms from at once.

export class LineBatch {
  private pending = '';
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly write: (text: string) => void,
    private readonly delayMs = 15,
  ) {}

  push(line: string): void {
    this.pending += line;
    if (this.pending.length >= 1 << 16) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.delayMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    this.write(text);
  }
}
