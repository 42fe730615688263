#!/usr/bin/env node
// Bundles the CLI into dist/cli.mjs so a one-shot command loads a handful of
// files instead of hundreds (kysely alone ships ~260 ESM modules). Code
// splitting keeps what a command imports lazily (the REPL's ink/React, the API's
// Fastify, charts, the LLM client) in chunks loaded only by the commands that
// use them. Type checking stays with tsc (`npm run typecheck`).
//
// Every package is inlined but those in EXTERNAL: better-sqlite3 is native, PGlite loads its
// WebAssembly from beside its own files (and is only installed for development), and
// react-devtools-core is an optional import of ink's that is not installed.
// Measured: inlining the packages off the `ask` path too (Fastify, pino, ink,
// React...) leaves `ask` as it was and starts `serve` ~120 ms sooner than
// loading them from node_modules.
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");

/** Packages left as imports from node_modules. */
const EXTERNAL = new Set(["better-sqlite3", "react-devtools-core", "@electric-sql/pglite"]);

function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

// Chunks from an earlier build would otherwise pile up beside the new ones.
for (const name of readdirSync(dist, { withFileTypes: true })) {
  if (name.isFile() && /^(cli|order-lines-worker|wal-checkpoint-worker|chunk-.*)\.mjs(\.map)?$/.test(name.name))
    rmSync(join(dist, name.name));
}

const result = await build({
  absWorkingDir: root,
  // The worker that reads large order files is started from its own file, beside the chunks that start it.
  entryPoints: {
    cli: "src/cli/main.ts",
    "order-lines-worker": "src/ingest/order-lines-worker.ts",
    "wal-checkpoint-worker": "src/store/sqlite/wal-checkpoint-worker.ts",
  },
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // Chunks sit in dist/ itself: src/reference-data.ts finds data/ one folder up from its own file.
  outdir: dist,
  outExtension: { ".js": ".mjs" },
  chunkNames: "chunk-[hash]",
  sourcemap: "linked",
  // Less source to parse at every start; stack traces map back through the source maps (node --enable-source-maps).
  minifyWhitespace: true,
  minifySyntax: true,
  jsx: "automatic",
  // CommonJS packages (commander, fastify's, cli-table3...) keep require() calls of node builtins: give them a real require.
  banner: {
    js: 'import { createRequire as __sellerAiCreateRequire } from "node:module";\nconst require = __sellerAiCreateRequire(import.meta.url);',
  },
  logLevel: "warning",
  metafile: true,
  plugins: [
    {
      // commander loads node:child_process up front for executable subcommands, which this CLI has none of.
      name: "commander-lazy-child-process",
      setup(b) {
        b.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, (args) => {
          const source = readFileSync(args.path, "utf8");
          const eager = "const childProcess = require('node:child_process');";
          if (!source.includes(eager))
            return {
              contents: source,
              loader: "js",
              warnings: [{ text: "commander no longer loads node:child_process as expected; left as it is" }],
            };
          return {
            contents: source.replace(
              eager,
              "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };",
            ),
            loader: "js",
          };
        });
      },
    },
    {
      name: "external-packages",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith("node:")) return { external: true };
          return EXTERNAL.has(packageName(args.path)) ? { external: true } : undefined;
        });
      },
    },
  ],
});

// Which sources and packages each output file holds, for bench/ask-cold.bench.mjs to tell what a command loads.
writeFileSync(join(dist, "cli.meta.json"), JSON.stringify(result.metafile));

// The parser's trained model, beside the module that reads it (core/reference-data): the bundle's dist/ and tsc's dist/core/.
// Training at run time would cost every first question of a process ~100 ms.
const { trainParserModel, encodeTrainedModel, TRAINED_MODEL_FILE } = await import(
  pathToFileURL(join(dist, "nlu", "parser-model.js")).href
);
const trained = encodeTrainedModel(trainParserModel());
for (const dir of [dist, join(dist, "core")]) {
  // The JSON model of earlier builds is no longer read.
  rmSync(join(dir, "parser-model.json"), { force: true });
  writeFileSync(join(dir, TRAINED_MODEL_FILE), trained);
}
