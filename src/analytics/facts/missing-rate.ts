/**
 * The error an answer meets when amounts in two currencies must be added but
 * no stored rate holds on the day they convert at: it names the pair, the day
 * and what the mirror has, and says how to add the rates.
 */
import { SellerAiError } from "../../core/errors.js";
import { type DayRange, RATE_REACH_DAYS, type StoredRate } from "../../core/exchange-rates.js";

/**
 * @param date the day the amounts convert at (core/money.ts rateDateOf)
 * @param stale the pair's newest rate before that day, when it holds no longer
 */
export function missingRateError(from: string, to: string, date: string, stale: StoredRate | undefined): SellerAiError {
  const had = stale
    ? ` The newest ${from}/${to} rate in the mirror is of ${stale.date}, and a day's rate holds for ${RATE_REACH_DAYS} days at most.`
    : ` The mirror has no ${from}/${to} rate on or before that day.`;
  // A rate set without a first day holds only until the pair's next one, so after a stale daily rate it needs --from.
  const set = `seller-ai rates set ${from} ${to} RATE${stale ? ` --from ${date}` : ""}`;
  return new SellerAiError(
    "missing_exchange_rate",
    `No exchange rate between ${from} and ${to} holds on ${date}, the day these amounts convert at, so amounts in ${from} cannot be added to ${to} totals.${had}`,
    {
      suggestions: [
        "Import the rates for the period: `seller-ai rates import FILE.csv` (columns date,base,quote,rate, or the ECB's reference-rate CSV).",
        `Or set one rate that holds until the next: \`${set}\`.`,
        "See which days each currency pair covers: `seller-ai rates list`.",
        'Or ask about one marketplace at a time (for example add "in the US"): its amounts stay in its own currency.',
      ],
      details: { from, to, date, newest_rate_date: stale?.date ?? null },
    },
  );
}

/**
 * The error again, saying as well on which of the account's sales days the
 * currency has no rate (the days a seller must add), when it has any.
 *
 * @param missing runs of the account's sales days in `details.from` without a rate to the home currency
 */
export function withMissingDays(error: SellerAiError, missing: readonly DayRange[], days: number): SellerAiError {
  if (!missing.length) return error;
  const runs = missing.slice(0, 5).map((m) => (m.start === m.end ? m.start : `${m.start}..${m.end}`));
  const more = missing.length > 5 ? ` and ${missing.length - 5} more runs` : "";
  return new SellerAiError(
    error.code,
    `${error.message} Of the days with sales in ${String(error.details.from)}, ${days} have no rate: ${runs.join(", ")}${more}.`,
    { suggestions: error.suggestions, details: { ...error.details, missing: [...missing], missing_days: days } },
  );
}
