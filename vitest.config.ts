import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: on a two-core machine, one file at a time. Most
    // files wait on a server, a child process or PostgreSQL, so at least two workers keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
