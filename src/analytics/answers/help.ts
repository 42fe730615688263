/** help: what seller-ai answers, with an example per intent and the data it has. */
import type { Understanding } from "../../core/understanding.js";
import { INTENT_AREAS } from "../../core/understanding.js";
import { readDataJsonl } from "../../core/reference-data.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatNumber } from "../../core/number-format.js";
import type { Outcome } from "./outcome.js";
import { coverage } from "../facts/coverage.js";

export async function help(ctx: AnalyticsContext, _understanding: Understanding): Promise<Outcome<"help">> {
  const samples = readDataJsonl<{ intent: string; text: string }>("nlu/intent-examples.jsonl");
  const examples = Object.entries(INTENT_AREAS).map(([intent, area]) => ({
    area,
    intent,
    example: samples.find((s) => s.intent === intent)?.text ?? intent.replace(/_/g, " "),
  }));
  const cov = await coverage(ctx);
  const withData = cov.filter((c) => c.last_date);
  const products = cov.reduce((s, c) => s + c.products, 0);
  const summary = withData.length
    ? `I answer questions about ${ctx.account.name}'s ${formatNumber(products)} listings in ${withData.map((c) => c.marketplace).join(", ")} with data from ` +
      `${withData.map((c) => c.first_date!).sort()[0]} to ${
        withData
          .map((c) => c.last_date!)
          .sort()
          .reverse()[0]
      }: sales, products, inventory, competition and advertising, plus alerts and settings.`
    : `I answer questions about sales, products, inventory, competition and advertising, but ${ctx.account.name} has no data yet.`;
  const recommendation = withData.length
    ? `Try "${examples.find((e) => e.intent === "top_products")?.example}" or "${examples.find((e) => e.intent === "stockout_risk")?.example}"; name a timeframe, a marketplace (${withData.map((c) => c.marketplace).join(", ")}) or a metric to narrow it.`
    : "Import your reports (`seller-ai import`) or explore the demo seller (`seller-ai demo`), then ask again.";
  return {
    result: { examples, marketplaces: cov, analysis: { summary, recommendation } },
    primaryKey: "examples",
    freshness: null,
  };
}
