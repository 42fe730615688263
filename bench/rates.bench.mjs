// Exchange rates at the size of the ECB's whole history: a reference-rate CSV of 30 currencies on every
// working day from 1999-01-04 to 2026-11-20 (about 7,300 days, 218,000 rates), run through the CLI in
// processes of their own as a seller would: `rates import` into a fresh mirror, the same file again
// (every rate replaced), `rates list` (coverage and gaps of every pair) and `status` of a seller in three
// currencies with those rates. Prints the wall time of each and the peak RSS of the process.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const bin = fileURLToPath(new URL("../bin/seller-ai", import.meta.url));
const fixtures = fileURLToPath(new URL("../fixtures/import/", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "seller-ai-rates-bench-"));
const CURRENCIES =
  "USD JPY BGN CZK DKK GBP HUF PLN RON SEK CHF ISK NOK TRY AUD BRL CAD CNY HKD IDR ILS INR KRW MXN MYR NZD PHP SGD THB ZAR".split(
    " ",
  );

try {
  const lines = [`Date,${CURRENCIES.join(",")},`];
  for (let t = Date.parse("2026-11-20"); t >= Date.parse("1999-01-04"); t -= 86_400_000) {
    const day = new Date(t);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    lines.push(
      `${day.toISOString().slice(0, 10)},${CURRENCIES.map((_, i) => (1 + i + Math.sin(t / 1e10) / 10).toFixed(4)).join(",")},`,
    );
  }
  const file = join(dir, "eurofxref-hist.csv");
  writeFileSync(file, `${lines.join("\n")}\n`);
  const db = join(dir, "mirror.db");
  const run = (label, ...args) => {
    const started = performance.now();
    const child = spawnSync(
      "/usr/bin/time",
      ["-f", "%M", process.execPath, bin, "--db", db, "--today", "2026-11-21", ...args],
      {
        encoding: "utf8",
      },
    );
    const seconds = (performance.now() - started) / 1000;
    if (child.status !== 0) throw new Error(`${label} failed: ${child.stderr}`);
    const rssMb = Number(child.stderr.trim().split("\n").at(-1)) / 1024;
    console.log(`${label.padEnd(34)} ${seconds.toFixed(2).padStart(6)} s   peak RSS ${rssMb.toFixed(0)} MB`);
  };
  console.log(
    `${lines.length - 1} days x ${CURRENCIES.length} currencies = ${(lines.length - 1) * CURRENCIES.length} rates`,
  );
  for (const market of ["US", "UK", "DE"])
    run(
      `import a ${market} business report`,
      "import",
      join(fixtures, market === "DE" ? "business-report-older-headers-de.csv" : "business-report.csv"),
      "--marketplace",
      market,
      "--period",
      "2026-10-01..2026-10-31",
    );
  run("rates import (fresh mirror)", "rates", "import", file);
  run("rates import (same file again)", "rates", "import", file);
  run("rates list", "rates", "list");
  run("status (3 currencies)", "status");
  run("ask across 3 currencies", "ask", "how much did I sell in October", "--format", "json");
} finally {
  rmSync(dir, { recursive: true, force: true });
}
