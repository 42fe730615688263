/**
 * A small vocabulary for declaring what an answer's result holds, field by
 * field, with what each value is (money, a percentage, a count, a date...).
 * One declaration gives three things: the TypeScript type the intent's
 * handler returns (`ResultOf`), the kinds the renderers format values by
 * (src/render), and the JSON Schema of the API's response (json-schema.ts).
 *
 * @example
 * const PRODUCT = { asin: text, revenue: money, profit_margin: nullable(percent) } as const;
 * type ProductRow = RowOf<typeof PRODUCT>; // { asin: string; revenue: number; profit_margin: number | null }
 */

/**
 * What a value is, which says how it is shown:
 * - money: in the row's (or the answer's) currency, "$1,234.50";
 * - percent: a number in percent (30 = 30%), "30.0%";
 * - points: a difference between two percentages, "+1.5 pp";
 * - count: units, orders, clicks, "1,234";
 * - number: days, demand and other plain numbers, "12.5";
 * - ratio: return on ad spend, "3.25×";
 * - rating: a star rating, to one decimal;
 * - text, date (YYYY-MM-DD or an ISO 8601 timestamp), flag (yes or no);
 * - metric: the name of a metric (revenue, acos...), shown as its label;
 * - measure: a number of the metric that its row's `metric` field names (money for revenue, percent for acos...);
 * - json: any JSON value whose layout the result does not fix (a finding's supporting rows, a chart spec).
 */
export type ValueKind =
  | "money"
  | "percent"
  | "points"
  | "count"
  | "number"
  | "ratio"
  | "rating"
  | "text"
  | "date"
  | "flag"
  | "metric"
  | "measure"
  | "json";

export interface ValueField {
  readonly type: "value";
  readonly kind: ValueKind;
  /** The value may be null. */
  readonly nullable?: boolean;
  /** The key may be absent. */
  readonly optional?: boolean;
  /** A change: increases are shown with "+". */
  readonly signed?: boolean;
  /** The only texts the value takes. */
  readonly values?: readonly string[];
  /** The value is a number or a text (a setting's value). */
  readonly numberOrText?: boolean;
  /** A text that names one thing (an ASIN, a settlement id): shown whole, never shortened. */
  readonly identifier?: boolean;
}

export interface ObjectField {
  readonly type: "object";
  readonly fields: Fields;
  readonly nullable?: boolean;
  readonly optional?: boolean;
}

export interface ListField {
  readonly type: "list";
  readonly item: Field;
  readonly optional?: boolean;
}

export type Field = ValueField | ObjectField | ListField;
export type Fields = { readonly [name: string]: Field };

/** One kind of result of an intent: its fields and the one that holds the primary table. */
export interface ResultShape<F extends Fields = Fields> {
  /** The key of the primary table (a list of rows) in the result: one of `fields`, which shape() checks. */
  readonly primary: string;
  readonly fields: F;
}

const value = <K extends ValueKind>(kind: K) => ({ type: "value", kind }) as const;

export const money = value("money");
export const percent = value("percent");
export const points = value("points");
export const count = value("count");
export const number = value("number");
export const ratio = value("ratio");
export const rating = value("rating");
export const text = value("text");
/** An ASIN, SKU or id: a text that a table never shortens, since part of an id names nothing. */
export const identifier = { type: "value", kind: "text", identifier: true } as const;
export const date = value("date");
export const flag = value("flag");
export const metric = value("metric");
export const measure = value("measure");
export const json = value("json");

/** A text that takes only the values listed. */
export function oneOf<const V extends readonly string[]>(...values: V) {
  return { type: "value", kind: "text", values } as const;
}

/** A number or a text, shown as a value of `kind`. */
export function numberOrText<K extends ValueKind>(kind: K) {
  return { type: "value", kind, numberOrText: true } as const;
}

export function nullable<F extends ValueField | ObjectField>(field: F): F & { readonly nullable: true } {
  return { ...field, nullable: true };
}

export function optional<F extends Field>(field: F): F & { readonly optional: true } {
  return { ...field, optional: true };
}

/** A change, shown with "+" for an increase. */
export function signed<F extends ValueField>(field: F): F & { readonly signed: true } {
  return { ...field, signed: true };
}

export function object<const F extends Fields>(fields: F) {
  return { type: "object", fields } as const;
}

export function list<const I extends Field>(item: I) {
  return { type: "list", item } as const;
}

/** The field of a list of rows with these fields. */
export type ListOf<R extends Fields> = {
  readonly type: "list";
  readonly item: { readonly type: "object"; readonly fields: R };
};

/** How many rows the primary table has in all, beside the ones shown (the orchestrator writes it). */
const TOTAL_ROWS = { total_rows: { type: "value", kind: "count", optional: true } } as const;

export function shape<const F extends Fields>(
  primary: keyof F & string,
  fields: F,
): ResultShape<F & typeof TOTAL_ROWS> {
  return { primary, fields: { ...fields, ...TOTAL_ROWS } };
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type ValueOf<F extends ValueField> = F["kind"] extends "json"
  ? unknown
  : F extends { numberOrText: true }
    ? number | string
    : F extends { values: readonly (infer V)[] }
      ? V
      : F["kind"] extends "text" | "date" | "metric"
        ? string
        : F["kind"] extends "flag"
          ? boolean
          : number;

type Nullable<F, T> = F extends { nullable: true } ? T | null : T;

/** The TypeScript type of a field's values. */
export type TypeOf<F extends Field> = F extends ValueField
  ? Nullable<F, ValueOf<F>>
  : F extends ObjectField
    ? Nullable<F, RowOf<F["fields"]>>
    : F extends ListField
      ? TypeOf<F["item"]>[]
      : never;

type OptionalKeys<S extends Fields> = { [K in keyof S]: S[K] extends { optional: true } ? K : never }[keyof S];

/** The TypeScript type of an object of fields (a row, a result). */
export type RowOf<S extends Fields> = Simplify<
  { -readonly [K in Exclude<keyof S, OptionalKeys<S>>]: TypeOf<S[K]> } & {
    -readonly [K in OptionalKeys<S>]?: TypeOf<S[K]>;
  }
>;

/** The TypeScript type of a result (of each shape, for a union of shapes). */
export type ResultOf<R extends ResultShape> = R extends ResultShape ? RowOf<R["fields"]> : never;
