/**
 * How values cross between the program and PostgreSQL, the same on every
 * connection (PGlite's, the pool's, the bulk path's): results read as
 * SQLite gives them, so the code above the store sees one kind of value
 * whatever the engine. Counts and sums come back as numbers (not the
 * strings `pg` gives for bigint and numeric), truth values as 1 and 0 (SQLite
 * has no boolean), and text, dates and JSON as the text stored.
 */
import pg from "pg";

const pgTypes = pg.types;

/** Type ids (pg_type.oid) whose text form is read specially. */
const OID = {
  bool: 16,
  bytea: 17,
  int8: 20,
  int2: 21,
  int4: 23,
  oid: 26,
  float4: 700,
  float8: 701,
  numeric: 1700,
} as const;

const asNumber = (text: string): number => Number(text);
const asFlag = (text: string): number => (text === "t" ? 1 : 0);
const asText = (text: string): string => text;

/** The reader of a column's text form, by its type id. */
export function parserFor(oid: number): (text: string) => unknown {
  switch (oid) {
    case OID.bool:
      return asFlag;
    case OID.int8:
    case OID.int2:
    case OID.int4:
    case OID.oid:
    case OID.float4:
    case OID.float8:
    case OID.numeric:
      return asNumber;
    case OID.bytea:
      return pgTypes.getTypeParser(OID.bytea, "text") as (text: string) => unknown;
    default:
      // Text, dates, timestamps and JSON stay the text stored, as SQLite returns them.
      return asText;
  }
}

/** The `types` option of a `pg` client or pool: every column read as parserFor reads it. */
export const PG_TYPES = {
  getTypeParser: (oid: number, format?: string) =>
    format === "binary" ? pgTypes.getTypeParser(oid, "binary") : parserFor(oid),
};
