/**
 * The lines typed in a REPL session, browsed with up and down like a shell:
 * up walks back from the newest, down walks forward and past the newest
 * returns to what was being typed.
 */
export class InputHistory {
  private readonly entries: string[] = [];
  private position = 0;
  private draft = "";

  constructor(initial: string[] = [], private readonly limit = 500) {
    for (const line of initial) this.push(line);
  }

  /** Adds a submitted line (not blank, not a repeat of the last one) and resets browsing. */
  push(line: string): void {
    const text = line.trim();
    if (text !== "" && this.entries.at(-1) !== text) this.entries.push(text);
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
    this.position = this.entries.length;
    this.draft = "";
  }

  /** The line before the current one; `current` is kept as the draft when browsing starts. */
  previous(current: string): string {
    if (this.position === this.entries.length) this.draft = current;
    if (this.position > 0) this.position--;
    return this.entries[this.position] ?? current;
  }

  /** The line after the current one, or the draft after the newest. */
  next(): string {
    if (this.position < this.entries.length) this.position++;
    return this.position === this.entries.length ? this.draft : this.entries[this.position];
  }

  list(): string[] {
    return [...this.entries];
  }
}
