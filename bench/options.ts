/** The datasets and knobs of a benchmark run (every figure is measured at scale: small datasets hide slow queries). */

export interface Scale {
  users: number;
  items: number;
  trades: number;
  messages: number;
  /**
   * Bulk path (bench/replicate.ts): seed 1/copies of the dataset row by row, then copy it on the
   * server copies - 1 times with new ids, emails and shifted dates, secondary indexes dropped around
   * the load. Also gives listings and sellers heavy-tailed popularity. Unset: everything row by row.
   */
  copies?: number;
}

export const SCALES = {
  /** A market ten times the budgets' scale, seeded by the bulk path (docs/performance.md). */
  large: { users: 100_000, items: 1_000_000, trades: 500_000, messages: 2_000_000, copies: 20 },
  /** The scale the budgets are set for (docs/performance.md). */
  full: { users: 10_000, items: 100_000, trades: 50_000, messages: 200_000 },
  /** A quick run of a few minutes. */
  small: { users: 1_000, items: 10_000, trades: 5_000, messages: 20_000 },
  /** The smoke run inside `npm test`: by the bulk path (two copies), so that it cannot rot either. */
  tiny: { users: 50, items: 300, trades: 150, messages: 600, copies: 2 },
} as const satisfies Record<string, Scale>;
export type ScaleName = keyof typeof SCALES;

export const PARTS = ['http', 'ws', 'client'] as const;
export type Part = (typeof PARTS)[number];

export interface BenchOptions {
  scale: ScaleName;
  parts: readonly Part[];
  /** PostgreSQL server to create the scratch database on; PGlite in a temp directory when unset. */
  databaseUrl: string | undefined;
  /** Seconds each HTTP case is measured. */
  durationSec: number;
  /** Seconds of unrecorded load before each HTTP case. */
  warmupSec: number;
  connections: number;
  /** App processes behind node:cluster (PostgreSQL only); above 1, the HTTP cases run on 1 and on N. */
  workers: number;
  /** Open WebSockets, in sender/recipient pairs. */
  sockets: number;
  /** Messages a second sent during the latency phase of the WebSocket benchmark. */
  wsRate: number;
  /** Seconds of each WebSocket phase. */
  wsDurationSec: number;
  lighthouse: boolean;
  lighthouseRuns: number;
  chromePath: string;
  /**
   * Only these HTTP cases (keys of bench/http.ts), measured with the cache off only: no baseline,
   * no cached pass (`--cases`, to iterate on a few cases). Unset: every case, both passes.
   */
  cases?: readonly string[];
  /** With `cases`: also the baseline and the cached pass of those cases (`--cached`). */
  cached?: boolean;
  /** Print progress lines. */
  log: (line: string) => void;
}

export const DEFAULT_OPTIONS: Omit<BenchOptions, 'log'> = {
  scale: 'full',
  parts: PARTS,
  databaseUrl: undefined,
  durationSec: 10,
  warmupSec: 2,
  connections: 50,
  workers: 1,
  sockets: 1000,
  wsRate: 100,
  wsDurationSec: 10,
  lighthouse: true,
  lighthouseRuns: 1,
  chromePath: '/usr/bin/chromium',
};

/** The Chromium flags this machine needs (headless, no sandbox, nothing phoning home). */
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
