// competitor_analysis on the small fixture seller, whose offers are known:
// Rival Co has sold the frying pan for two weeks and cut its price below
// ours three days before the end; a new seller is added for the last two days.
import { describe, expect, it } from "vitest";
import { createAnalyticsContext } from "../../src/analytics/facts/context.js";
import { addDaysIso } from "../../src/core/dates.js";
import { runInsights, type Finding } from "../../src/insights/index.js";
import { resolveAccount } from "../../src/store/accounts.js";
import { SqliteBulkWriter as BulkWriter } from "../../src/store/sqlite/bulk-writer.js";
import { buildSmallMirror, FIXTURE_LAST, FIXTURE_TODAY } from "../helpers/small-mirror.js";

async function competitorFindings(withNewSeller: boolean): Promise<Finding[]> {
  const mirror = await buildSmallMirror();
  try {
    if (withNewSeller) {
      const rows = [0, 1].map((back) => ({
        account_id: "acme",
        marketplace: "US",
        asin: "B0PAN00002",
        date: addDaysIso(FIXTURE_LAST, -back),
        seller_id: "NEWCO",
        seller_name: "Newco Trading",
        price: 41,
        shipping: 2,
        is_fba: 0,
        is_buy_box_winner: 0,
      }));
      mirror.sqlite.transaction(() => new BulkWriter(mirror.db, mirror.sqlite).write("competitor_offers", rows))();
    }
    const account = (await resolveAccount(mirror.db, "acme"))!;
    const now = new Date(`${FIXTURE_TODAY}T12:00:00Z`);
    const ctx = await createAnalyticsContext(mirror.db, account, now, FIXTURE_TODAY);
    return (await runInsights(ctx, { type: "competitor_analysis", detail: "comprehensive" })).insights;
  } finally {
    await mirror.close();
  }
}

describe("competitor analysis", () => {
  it("finds the undercutting offer and the price cut that made it, with their numbers", async () => {
    const findings = await competitorFindings(false);
    const undercut = findings.find((f) => f.kind === "undercut");
    expect(undercut).toMatchObject({
      entities: { asin: "B0PAN00002", marketplace: "US", seller: "Rival Co" },
      evidence: { metric: "price", observed: 40, expected: 36 },
    });
    const cut = findings.find((f) => f.kind === "competitor_price_cut_below_yours");
    expect(cut).toMatchObject({
      entities: { asin: "B0PAN00002", seller: "Rival Co" },
      evidence: {
        observed: 36,
        expected: 39,
        period: { start: addDaysIso(FIXTURE_LAST, -2), end: addDaysIso(FIXTURE_LAST, -2) },
      },
    });
    expect(findings.some((f) => f.kind === "new_seller")).toBe(false);
  });

  it("finds a seller new on a listing, and not the one that was there a week before", async () => {
    const findings = await competitorFindings(true);
    const fresh = findings.filter((f) => f.kind === "new_seller");
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatchObject({
      entities: { asin: "B0PAN00002", marketplace: "US", seller: "Newco Trading" },
      evidence: { observed: 43, period: { start: addDaysIso(FIXTURE_LAST, -1), end: FIXTURE_LAST } },
    });
    expect(fresh[0].summary).toContain(`since ${addDaysIso(FIXTURE_LAST, -1)}`);
  });
});
