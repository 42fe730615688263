/**
 * The output options, each defined once and added to the commands that take
 * them by one helper (as GitHub CLI's AddJSONFlags and sqlite-utils' output
 * options do): `--json` on every command that prints a report, `--format`
 * where an answer is written, `--limit` where it has rows to limit.
 */
import { Option, type Command } from "commander";
import { usageError } from "../core/errors.js";
import { OUTPUT_FORMATS, isOutputFormat, type OutputFormat } from "../render/output-formats.js";

/** The output options as commander hands them over. */
export interface RawOutputOptions {
  format?: string;
  json?: boolean;
  limit?: string;
}

export interface OutputOptionsSpec {
  /** `--format` and `--json` (the same as `--format json`); the text says which format is the default. */
  format?: { defaultText: string };
  /** `--json` alone, for commands that print a report: what it prints. */
  json?: string;
  /** `--limit`: the most rows an answer's table holds. */
  limit?: boolean;
}

/** The formats as a sentence: "table, chart, json, csv or chart_data". */
const FORMAT_LIST = `${OUTPUT_FORMATS.slice(0, -1).join(", ")} or ${OUTPUT_FORMATS.at(-1)}`;

/**
 * Adds the output options a command takes.
 *
 * @example
 * addOutputOptions(program.command("ask"), { format: { defaultText: "table" }, limit: true });
 * addOutputOptions(program.command("status"), { json: "print JSON" });
 */
export function addOutputOptions(command: Command, spec: OutputOptionsSpec): Command {
  if (spec.format) {
    command.addOption(new Option("--format <format>", `${FORMAT_LIST} (default: ${spec.format.defaultText})`));
    command.addOption(new Option("--json", "the same as --format json"));
  } else if (spec.json) {
    command.addOption(new Option("--json", spec.json));
  }
  if (spec.limit)
    command.addOption(new Option("--limit <n>", "show at most this many rows (default: the answer's own)"));
  return command;
}

/** The output format asked for, else the fallback; an unknown one is a usage error naming the option. */
export function parseFormat(raw: RawOutputOptions, fallback: OutputFormat): OutputFormat {
  if (raw.json && raw.format !== undefined && raw.format !== "json")
    throw usageError(`--json and --format ${raw.format} ask for different formats; give one of them.`);
  const format = raw.json ? "json" : (raw.format ?? fallback);
  if (!isOutputFormat(format))
    throw usageError(`--format must be one of ${OUTPUT_FORMATS.join(", ")}; got "${format}".`);
  return format;
}

/** `--limit` as a number, or undefined when not given. */
export function parseLimit(raw: RawOutputOptions): number | undefined {
  if (raw.limit === undefined) return undefined;
  const limit = Number(raw.limit);
  if (!/^\s*\d+\s*$/.test(raw.limit) || !Number.isSafeInteger(limit) || limit < 1)
    throw usageError(`--limit must be a whole number of at least 1; got "${raw.limit}".`);
  return limit;
}
