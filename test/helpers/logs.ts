// Log lines a test reads: pino writes them into an array, and a test waits for the line it
// expects instead of asking again and again.
export type LogLine = Record<string, unknown>;

export interface LogLines {
  /** Every line so far, parsed, oldest first. */
  lines: LogLine[];
  /** pino's destination. */
  write(text: string): void;
  /** Resolves once `count` lines written so far match, at once if they already do. */
  logged(matches: (line: LogLine) => boolean, count?: number): Promise<void>;
}

export function logLines(): LogLines {
  const lines: LogLine[] = [];
  const waiting: { matches: (line: LogLine) => boolean; count: number; resolve: () => void }[] = [];
  const reached = (w: (typeof waiting)[number]) => lines.filter(w.matches).length >= w.count;
  return {
    lines,
    write(text) {
      lines.push(JSON.parse(text) as LogLine);
      for (const w of waiting.filter(reached)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve();
      }
    },
    logged(matches, count = 1) {
      return new Promise((resolve) => {
        const w = { matches, count, resolve };
        if (reached(w)) resolve();
        else waiting.push(w);
      });
    },
  };
}
