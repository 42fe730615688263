/** Insights for a person at a terminal, and as CSV. Type-only imports: rendering loads no analytics code. */
import type { Finding, InsightsResult } from "../insights/types.js";
import { tableToCsv } from "./csv.js";
import { renderTable } from "./terminal-table.js";
import { wrapText } from "./wrap-text.js";
import { formatMoney } from "../core/number-format.js";

/** One line on what a run found. */
export function headline(result: InsightsResult): string {
  const words = result.insight_type.replace(/_/g, " ");
  const where = result.marketplace ? ` in ${result.marketplace}` : "";
  if (!result.total) return `No ${words} findings${where} for ${result.period.start} to ${result.period.end}.`;
  return `${result.total} ${words} finding${result.total === 1 ? "" : "s"}${where} for ${result.period.start} to ${result.period.end}${
    result.insights.length < result.total
      ? `, top ${result.insights.length} shown (--detail comprehensive for all)`
      : ""
  }.`;
}

function findingLines(f: Finding, rank: number, width: number, withEvidence: boolean): string {
  // Continuation lines (and lines after the first) are indented under the rank.
  const indented = (text: string) => `   ${wrapText(text, width - 3, "   ")}`;
  const lines = [
    wrapText(`${rank}. [${f.severity}] ${f.title}`, width, "   "),
    indented(f.summary),
    indented(`Do: ${f.recommendation}`),
    indented(
      `At stake: ${formatMoney(f.money_at_stake, f.currency, { style: "table" })} (${f.money_basis}); confidence ${Math.round(f.confidence * 100)}%.`,
    ),
    indented(`Ask: seller-ai ask "${f.follow_up}"`),
  ];
  if (withEvidence) {
    const e = f.evidence;
    const band =
      e.expected_low !== undefined && e.expected_low !== null ? ` (${e.expected_low} to ${e.expected_high})` : "";
    lines.push(
      indented(
        `Evidence: ${e.metric} ${e.observed ?? "n/a"} against ${e.expected ?? "n/a"}${band}, ${e.period.start} to ${e.period.end}${e.compared_with ? ` vs ${e.compared_with.start} to ${e.compared_with.end}` : ""}${e.score !== null ? `, score ${e.score}` : ""}.`,
      ),
    );
  }
  if (f.evidence_table?.length)
    lines.push(
      renderTable(f.evidence_table, { width: width - 3, currency: f.evidence.currency }).replace(/^/gm, "   "),
    );
  lines.push(`   id ${f.id}`);
  return lines.join("\n");
}

/**
 * The findings ranked in a table (severity, kind, title, money at stake,
 * confidence), then each one's summary, recommendation and follow-up.
 */
export function renderInsightsText(result: InsightsResult, runId: string, width = 100): string {
  const blocks = [`Insights: ${result.insight_type.replace(/_/g, " ")} (${result.detail_level})`, headline(result)];
  if (result.insights.length) {
    blocks.push(
      renderTable(
        result.insights.map((f, i) => ({
          rank: i + 1,
          severity: f.severity,
          kind: f.kind,
          title: f.title,
          money_at_stake: f.money_at_stake,
          confidence: f.confidence,
          currency: f.currency,
        })),
        { width, keep: ["money_at_stake"] },
      ),
    );
    const withEvidence = result.detail_level !== "summary";
    blocks.push(result.insights.map((f, i) => findingLines(f, i + 1, width, withEvidence)).join("\n\n"));
  }
  blocks.push(`Generated ${result.generated_at} (anomaly sensitivity ${result.sensitivity}) · run ${runId}`);
  return `${blocks.join("\n\n")}\n`;
}

/** A stored finding again, as the run showed it. */
export function renderFindingText(
  stored: { run_id: string; generated_at: string; finding: Finding },
  width = 100,
): string {
  return `${findingLines(stored.finding, 1, width, true)}\n\nFrom run ${stored.run_id}, ${stored.generated_at}\n`;
}

/** Findings as CSV: one row each, nested fields dotted (evidence.observed, entities.asin…). */
export function findingsCsv(findings: Finding[]): string {
  return tableToCsv(
    findings.map(({ evidence_table: _t, chart: _c, ...f }, i) => ({
      rank: i + 1,
      ...f,
    })),
  );
}
