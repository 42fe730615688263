/**
 * How a value is sent to PostgreSQL as a parameter, apart from values.ts so
 * that the paths which only send parameters (the counting pool, admissions)
 * load without the `pg` driver: a SQLite mirror's `ask` never needs it.
 */
import { Buffer } from "node:buffer";

/**
 * A parameter as PostgreSQL takes it in text form: booleans as 1 and 0 (the
 * schema's flags are integers, as on SQLite), bytes as bytes.
 */
export function parameterOf(value: unknown): string | Buffer | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number") return numberText(value);
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return value ? "1" : "0";
  if (value instanceof Uint8Array)
    return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** A number's text for PostgreSQL, which spells the infinities and NaN its own way. */
function numberText(value: number): string {
  if (Number.isFinite(value)) return String(value);
  if (Number.isNaN(value)) return "NaN";
  return value > 0 ? "Infinity" : "-Infinity";
}
