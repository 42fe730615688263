// Periods, numbers, conditions, limits, sorts and slot words said in everyday shorthand: month abbreviations on their
// own, breakdowns said as a split or per store, a product's level of units, and more. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand } = frameChecks();

describe("a month's short name on its own is the latest such month begun", () => {
  it.each([
    ["jan orders uk", "2026-01"],
    ["profit dec", "2025-12"],
    ["mar orders", "2026-03"],
    ["sept units sold germany", "2026-09"],
    ["feb revenue", "2026-02"],
  ])("%j", (q, timeframe) => expectFrame([q], { intent: "sales_summary", filters: { timeframe } }));
  it("'may' alone stays a verb", () =>
    expectFrame(["how much revenue may I have lost to refunds"], { intent: "refund_analysis" }));
});

describe("a breakdown said as a split, '-wise' or per store is grouped", () => {
  it.each([
    ["inventory value by amazon store", "marketplace"],
    ["what is my stock worth per storefront", "marketplace"],
    ["inventory value, site by site", "marketplace"],
    ["value of my inventory country-wise", "marketplace"],
    ["inventory worth with a department split", "category"],
    ["stock value category wise", "category"],
  ])("%j", (q, group_by) => expectFrame([q], { intent: "inventory_value", filters: { group_by } }));
  it("a split as a follow-up starting afresh", () =>
    expectFrame(["acos by campaign in germany this week", "value of the stock, split by categories"], {
      intent: "inventory_value",
      filters: { group_by: "category" },
    }));
  it("all stores together is one total", () =>
    expect(understand("units sold yesterday, all stores together")?.filters.group_by).toBeUndefined());
});

describe("a product under a count of units, with no word of selling, is its stock on hand", () => {
  it.each([
    ["ping me once BP-SKIN-01 is below 40 units"],
    ["let me know if any sku goes under 15 units"],
    ["alert me when B0SOYOGA01 under 25 units"],
  ])("%j", (q) =>
    expectFrame([q], {
      intent: "create_alert",
      filters: { conditions: [expect.objectContaining({ metric: "available_quantity", op: "<" })] },
    }),
  );
  it.each([["alert me if B0SOYOGA01 sells under 10 units"], ["flag any product under 25 units a week"]])(
    "%j counts what sells",
    (q) =>
      expectFrame([q], {
        intent: "create_alert",
        filters: { conditions: [expect.objectContaining({ metric: "units_sold", op: "<" })] },
      }),
  );
});
