import type { BulkStatements, BulkWriteOptions, BulkWriter, MirrorDb } from "../store/backend.js";
import type { TableName } from "../store/dialect.js";
import { SellerAiError } from "../core/errors.js";
import { marketplaceByCode } from "../core/reference-data.js";
import { marketplaceFromText, marketplacesForCurrency } from "./marketplaces.js";
import { RowError } from "./values.js";

/** A span of days a report covers, both ends included. */
export interface Period {
  start: string;
  end: string;
}

/** The widest span of the dates seen. */
export class PeriodTracker {
  start: string | undefined;
  end: string | undefined;

  add(date: string): void {
    if (this.start === undefined || date < this.start) this.start = date;
    if (this.end === undefined || date > this.end) this.end = date;
  }
}

/**
 * Which marketplace rows belong to: the one named with --marketplace, else
 * the one a row or the file names, else the account's only marketplace.
 * Every marketplace used is added to the account when the file is done.
 */
export class MarketplaceResolver {
  readonly used = new Map<string, string>();

  constructor(
    private readonly explicit: string | undefined,
    private readonly known: readonly { marketplace: string; currency: string }[],
  ) {}

  /** The marketplace the caller named for files that name none, if any. */
  get explicitCode(): string | undefined {
    return this.explicit;
  }

  /** The marketplaces the account had before the import, with their currencies. */
  get knownMarketplaces(): readonly { marketplace: string; currency: string }[] {
    return this.known;
  }

  /** Records marketplaces another resolver (one reading on a worker thread) used, in the order it used them. */
  adopt(used: Iterable<readonly [string, string]>): void {
    for (const [code, currency] of used) if (!this.used.has(code)) this.used.set(code, currency);
  }

  /** From a row's or file's own value (code, marketplace id, sales channel); `fallback` when it names none. */
  resolve(value: string | null | undefined, currency?: string | null): string {
    if (this.explicit) return this.use(this.explicit);
    const named = marketplaceFromText(value);
    if (named) return this.use(named.code, currency ?? named.currency);
    return this.fallback(currency);
  }

  /** The marketplace of a file that names none. */
  fallback(currency?: string | null): string {
    if (this.explicit) return this.use(this.explicit);
    if (this.known.length === 1) return this.use(this.known[0].marketplace);
    if (currency) {
      const candidates = marketplacesForCurrency(currency).filter(
        (m) => this.known.length === 0 || this.known.some((k) => k.marketplace === m.code),
      );
      if (candidates.length === 1) return this.use(candidates[0].code, currency);
    }
    const choices = this.known.map((k) => k.marketplace);
    throw new SellerAiError(
      "usage",
      `the file does not say which marketplace it is for; name its marketplace${choices.length ? ` (the account has ${choices.join(", ")})` : " (e.g. US)"}.`,
      { details: { field: "marketplace" } },
    );
  }

  private use(code: string, currency?: string): string {
    if (!this.used.has(code)) {
      const stored = this.known.find((k) => k.marketplace === code)?.currency;
      this.used.set(code, stored ?? marketplaceByCode(code)?.currency ?? currency ?? "USD");
    }
    return code;
  }
}

/** Everything an importer needs while it reads one file. */
export interface ImportContext {
  db: MirrorDb;
  /** The bulk path's statements, inside the import's transaction. */
  statements: BulkStatements;
  writer: BulkWriter;
  accountId: string;
  /** The instant of the import, ISO 8601. */
  nowIso: string;
  /** The day of the import, for snapshots whose file carries no date. */
  today: string;
  /** The day (or span) a report without dates covers, as the caller gave it. */
  period: Period | undefined;
  marketplaces: MarketplaceResolver;
  /** The share of the file read so far (0 to 1, 0 when unknown), for estimating how many rows it holds. */
  progress(): number;
  /** A remark for the user about how the file was read. */
  note(text: string): void;
}

/** Reads one row (cells of a delimited file, or an object of a JSON array). Throws RowError for a bad row. */
export interface RowHandler<Row> {
  /** For delimited files: the positions of the cells `row` reads; the others may be left out of the row. */
  reads?: readonly number[];
  row(row: Row, line: number): void;
  /** Writes what was held back (aggregates) and says what was written. */
  finish(): Promise<HandlerResult>;
}

export interface HandlerResult {
  written: number;
  periodStart?: string;
  periodEnd?: string;
}

/** Collects rows for one table and writes them in batches through the BulkWriter. */
export class Batch {
  private rows: Record<string, unknown>[] = [];
  written = 0;

  constructor(
    private readonly writer: BulkWriter,
    private readonly table: TableName,
    private readonly options: BulkWriteOptions,
    private readonly size = 2000,
  ) {}

  push(row: Record<string, unknown>): void {
    this.rows.push(row);
    if (this.rows.length >= this.size) this.flush();
  }

  flush(): void {
    if (this.rows.length === 0) return;
    this.writer.write(this.table, this.rows, this.options);
    this.written += this.rows.length;
    this.rows = [];
  }
}

/** The period the caller gave for a report that carries no dates; without one, a usage error. */
export function requirePeriod(ctx: ImportContext, what: string): Period {
  if (ctx.period) return ctx.period;
  throw new SellerAiError("usage", `${what} has no date column: say which day (or days) it covers.`, {
    details: { field: "period" },
  });
}

export { RowError };
