/**
 * How much history the demo seller gets. `default` is what users see;
 * `large` exists for benchmarks; `small` keeps tests quick and is not offered
 * on the command line.
 */
export interface DemoScale {
  name: string;
  /** Products (each listed in every marketplace). */
  asins: number;
  /** Days of sales history ending at the end date. */
  days: number;
  /** Days of advertising history ending at the end date (ad reports keep less history). */
  adsDays: number;
  /** Days, ending at the end date, with a review snapshot every day; weekly before. */
  reviewDailyDays: number;
  /**
   * Whether the scale can carry the planted anomalies (default true): the small one has too few products
   * without ads for them to show.
   */
  anomalies?: boolean;
}

export const DEMO_SCALES = {
  default: { name: "default", asins: 150, days: 1096, adsDays: 365, reviewDailyDays: 365 },
  large: { name: "large", asins: 2000, days: 1096, adsDays: 365, reviewDailyDays: 90 },
  small: { name: "small", asins: 60, days: 120, adsDays: 60, reviewDailyDays: 120, anomalies: false },
} as const satisfies Record<string, DemoScale>;

export type DemoScaleName = keyof typeof DEMO_SCALES;

/** Scales the command line offers. */
export const PUBLIC_DEMO_SCALES: readonly DemoScaleName[] = ["default", "large"];

/** Inventory snapshots are daily over this many days, weekly before. */
export const INVENTORY_DAILY_DAYS = 90;
/** Competitor offers are daily over this many days, weekly back to a year. */
export const OFFERS_DAILY_DAYS = 90;
export const OFFERS_HISTORY_DAYS = 365;
