import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";

const made: string[] = [];

/** A fresh folder for a mirror file, removed after the test. */
export function tempDbPath(name = "mirror.db"): string {
  const dir = mkdtempSync(join(tmpdir(), "seller-ai-test-"));
  made.push(dir);
  return join(dir, name);
}

afterEach(() => {
  while (made.length) rmSync(made.pop()!, { recursive: true, force: true });
});
