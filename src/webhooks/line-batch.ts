// Lines for one stream, written at most every few milliseconds rather than once per delivery:
// under load that is one system call for many lines, and a person cannot tell 15 ms from at once.
// Kept as an array of flat lines joined once per write: a string grown by `+=` is a rope that the
// write must flatten, which cost twice as much per line in the listener's profile.

export class LineBatch {
  private pending: string[] = [];
  private size = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly write: (text: string) => void,
    private readonly delayMs = 15,
  ) {}

  push(line: string): void {
    // Reading a character makes V8 flatten a line built by a template (a rope of its pieces) now,
    // while the pieces are in the cache: flattened at the write, 15 ms and hundreds of lines
    // later, the batch's join cost three times as much in the listener's profile.
    line.charCodeAt(0);
    this.pending.push(line);
    this.size += line.length;
    if (this.size >= 1 << 16) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.delayMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    this.size = 0;
    this.write(text);
  }
}
