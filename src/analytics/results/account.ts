/** The results of the account intents: help, refresh, alerts and settings. */
import { analysis } from "./common.js";
import {
  count,
  date,
  flag,
  identifier,
  list,
  measure,
  metric,
  nullable,
  number,
  numberOrText,
  object,
  oneOf,
  optional,
  shape,
  text,
} from "./shape.js";

/** The data an account holds in one marketplace. */
const COVERAGE = object({
  marketplace: text,
  currency: text,
  first_date: nullable(date),
  last_date: nullable(date),
  products: count,
});

export const HELP = shape("examples", {
  examples: list(object({ area: text, intent: text, example: text })),
  marketplaces: list(COVERAGE),
  analysis,
});

export const REFRESH_DATA = shape("marketplaces", {
  marketplaces: list(COVERAGE),
  recent_runs: list(
    object({
      kind: text,
      source: text,
      report_type: nullable(text),
      status: text,
      finished_at: nullable(date),
      rows_written: count,
      period_start: nullable(date),
      period_end: nullable(date),
    }),
  ),
  provider: text,
  /** What the sync run before this answer did, when the account is connected and the caller may write. */
  refresh: optional(
    object({
      synced: flag,
      run_id: optional(count),
      status: optional(text),
      reports: optional(count),
      failed: optional(count),
      rows_written: optional(count),
      error: optional(text),
    }),
  ),
  analysis,
});

/** The filters an alert is limited to. */
export const ALERT_SCOPE = object({
  marketplace: optional(text),
  category: optional(text),
  asin: optional(text),
  sku: optional(text),
  campaign: optional(text),
});

export const CREATE_ALERT = shape("alerts", {
  alerts: list(
    object({
      id: text,
      metric,
      op: oneOf(">", ">=", "<", "<=", "="),
      value: measure,
      scope: ALERT_SCOPE,
      description: text,
      created_at: date,
      new: flag,
    }),
  ),
  matching_now: list(
    object({
      asin: identifier,
      sku: identifier,
      marketplace: text,
      days_of_supply: nullable(number),
      available_quantity: count,
    }),
  ),
  analysis,
});

export const UPDATE_SETTINGS = shape("settings", {
  settings: list(
    object({
      setting: text,
      // A number of days, a percentage or a currency code; shown as they always were.
      previous: numberOrText("number"),
      value: numberOrText("money"),
    }),
  ),
  analysis,
});

/** One setting as it is now, and where it came from. */
export const SHOW_SETTINGS = shape("settings", {
  settings: list(
    object({
      setting: text,
      value: numberOrText("number"),
      unit: text,
      description: text,
      /** True when the account never changed it. */
      default: flag,
    }),
  ),
  /** The newest changes to settings and alerts: who, what, when. */
  changes: list(
    object({
      changed_at: date,
      actor: text,
      kind: text,
      subject: text,
      previous: nullable(text),
      value: nullable(text),
    }),
  ),
  analysis,
});

/** An alert rule as listed: its threshold, scope and last firing. */
const ALERT_RULE = {
  id: text,
  metric,
  op: oneOf(">", ">=", "<", "<=", "="),
  value: measure,
  scope: ALERT_SCOPE,
  description: text,
  created_at: date,
  last_fired_at: nullable(date),
  times_fired: count,
} as const;

export const LIST_ALERTS = shape("alerts", {
  alerts: list(object(ALERT_RULE)),
  analysis,
});

export const DELETE_ALERT = shape("deleted", {
  deleted: list(object(ALERT_RULE)),
  /** The alerts the account still has. */
  remaining: count,
  analysis,
});
