/** show_settings: the account's settings as they are now, and the newest changes to them. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { DEFAULT_SETTINGS } from "../facts/context.js";
import type { IntentResults } from "../results/index.js";
import type { Outcome } from "./outcome.js";
import { recentChanges } from "./account-changes.js";

const DESCRIBED: { setting: keyof typeof DEFAULT_SETTINGS; unit: string; description: string }[] = [
  { setting: "lead_time_days", unit: "days", description: "from purchase order to stock available to sell" },
  { setting: "safety_stock_days", unit: "days", description: "extra cover kept against late deliveries and spikes" },
  { setting: "coverage_days", unit: "days", description: "how many days of sales a restock order should cover" },
  { setting: "target_acos", unit: "%", description: "the advertising cost of sales bids are steered to" },
];

const NAMES: Record<string, string> = {
  lead_time_days: "lead time",
  safety_stock_days: "safety stock",
  coverage_days: "coverage",
  target_acos: "target ACoS",
};

/** Settings and what they are called in a question ("what lead time am I using" names lead_time_days). */
const ASKED: Record<string, string> = {
  lead_time_days: "lead_time_days",
  safety_stock_days: "safety_stock_days",
  coverage_days: "coverage_days",
  target_acos: "target_acos",
  acos: "target_acos",
};

export async function showSettings(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"show_settings">> {
  const row = (
    await ctx.rows(ctx.db.selectFrom("settings").select("anomaly_sensitivity").where("account_id", "=", ctx.accountId))
  )[0];
  const settings: IntentResults["show_settings"]["settings"] = [
    ...DESCRIBED.map((d) => ({
      setting: d.setting,
      value: ctx.settings[d.setting],
      unit: d.unit,
      description: d.description,
      default: ctx.settings[d.setting] === DEFAULT_SETTINGS[d.setting],
    })),
    {
      setting: "currency",
      value: ctx.homeCurrency,
      unit: "",
      description: "the currency totals across marketplaces are stated in",
      default: false,
    },
    {
      setting: "anomaly_sensitivity",
      value: row?.anomaly_sensitivity ?? "normal",
      unit: "",
      description: "how unusual a day must be before it is reported as an anomaly",
      default: (row?.anomaly_sensitivity ?? "normal") === "normal",
    },
  ];
  const changes = await recentChanges(ctx);
  // A question about one setting ("what lead time am I using") puts it first and answers it in words.
  const named = [
    understanding.filters.settings ? Object.keys(understanding.filters.settings) : [],
    understanding.filters.metrics ?? [],
  ]
    .flat()
    .map((k) => ASKED[k])
    .find(Boolean);
  const words = (s: (typeof settings)[number]) =>
    `${NAMES[s.setting] ?? s.setting.replace(/_/g, " ")} ${s.value}${s.unit === "%" ? "%" : s.unit ? ` ${s.unit}` : ""}`;
  const focus = named ? settings.find((s) => s.setting === named) : undefined;
  const summary = focus
    ? `Your ${words(focus)} (${focus.description})${focus.default ? ", the default" : ""}.`
    : `Your settings: ${settings.map(words).join(", ")}.` +
      (changes.length
        ? ` Last change: ${NAMES[changes[0].subject] ?? changes[0].subject.replace(/_/g, " ")} ${changes[0].previous ?? "—"} → ${changes[0].value ?? "—"} on ${changes[0].changed_at.slice(0, 10)} by ${changes[0].actor}.`
        : " None has been changed yet.");
  const recommendation =
    'Change one by saying it, for example "set my lead time to 45 days" or "my target ACoS is 25%".';
  if (focus) settings.sort((a, b) => (a === focus ? -1 : b === focus ? 1 : 0));
  return {
    result: { settings, changes, analysis: { summary, recommendation } },
    primaryKey: "settings",
    freshness: null,
  };
}
