import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTwoSellerMirror } from "../helpers/two-sellers.js";
import { apiHarness, type Harness } from "../helpers/api-harness.js";

let h: Harness;
let key: string;

beforeAll(async () => {
  // The analytics fixture's seller sells in USD and GBP; without rates its totals cannot be added.
  const mirror = await buildTwoSellerMirror();
  await sql`delete from currency_rates`.execute(mirror.db);
  h = await apiHarness({ mirror });
  key = (await h.key({ accounts: ["acme"] })).key;
});

afterAll(async () => {
  await h.close();
  await h.mirror.close();
});

describe("POST /v1/query without exchange rates", () => {
  const questions = [
    { query: "How much did I sell last month?", date: "2026-10-31" },
    { query: "top 5 products by revenue last 30 days", date: "2026-11-20" },
  ];
  it.each(questions)(
    "answers 422 naming the pair, the day and the sales days without a rate: $query",
    async ({ query, date }) => {
      const res = await h.query(key, { query });
      expect(res.statusCode).toBe(422);
      const { error } = res.json();
      expect(error.code).toBe("missing_exchange_rate");
      expect(error.message).toContain(`No exchange rate between GBP and USD holds on ${date}`);
      expect(error.message).toContain("Of the days with sales in GBP, 81 have no rate: 2026-09-01..2026-11-20.");
      expect(error.suggestions).toContain(
        "Import the rates for the period: `seller-ai rates import FILE.csv` (columns date,base,quote,rate, or the ECB's reference-rate CSV).",
      );
    },
  );
});
