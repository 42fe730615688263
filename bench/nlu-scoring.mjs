// The rules of the team's intent-parser scorer (../shared/tools/nlu-eval.mjs), for the benches that score held-out
// splits in process: one copy, so the parse and generalisation benches judge a case alike.

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Whether an understanding's filters hold one expected filter, by the scorer's rule for that key. */
export function filterMatches(key, want, filters) {
  const have = filters[key];
  if (want === null) return have === undefined || have === null;
  if (have === undefined) return false;
  if (key === "metrics") return Array.isArray(have) && have[0] === want[0] && want.every((m) => have.includes(m));
  if (key === "conditions")
    return want.every((w) =>
      have.some((h) => h.metric === w.metric && h.op === w.op && Number(h.value) === Number(w.value)),
    );
  if (key === "category") return String(have).toLowerCase() === String(want).toLowerCase();
  if (key === "settings") return Object.entries(want).every(([k, v]) => same(have[k], v));
  return same(have, want);
}

/** Parses a labelled case's question after its context, each earlier question understood in turn. */
export function parseCase(parseQuestion, c, options) {
  let previous;
  for (const q of c.context ?? []) {
    const o = parseQuestion(q, { ...options, previous });
    if (o.understanding) previous = o.understanding;
  }
  return parseQuestion(c.query, { ...options, previous });
}
