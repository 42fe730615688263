/**
 * True when an Accept header asks for CSV over JSON: `text/csv` is listed
 * with a quality above zero and at least that of any `application/json`.
 *
 * @example
 * prefersCsv("text/csv") // true
 * prefersCsv("application/json, text/csv;q=0.5") // false
 */
export function prefersCsv(accept: string | undefined): boolean {
  if (!accept?.toLowerCase().includes("text/csv")) return false;
  let csv = 0;
  let json = 0;
  for (const part of accept.toLowerCase().split(",")) {
    const [type, ...params] = part.split(";").map((s) => s.trim());
    const qParam = params.find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    if (type === "text/csv") csv = Math.max(csv, q);
    else if (type === "application/json") json = Math.max(json, q);
  }
  return csv > 0 && csv > json;
}
