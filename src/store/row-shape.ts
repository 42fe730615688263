/**
 * Row objects built from arrays of values by a generated builder per set of
 * column names: every row of a result shares one hidden class, and building
 * them costs less than the engine's property-by-property objects.
 */
export type RowShape = (values: unknown[]) => Record<string, unknown>;

/**
 * A row builder for these column names: an object literal with the names in
 * order, so every row shares one hidden class. Names that an object literal
 * would treat specially fall back to plain assignment.
 */
export function rowShape(names: readonly string[]): RowShape {
  // Answers run the same few dozen queries: a builder is compiled once per set of names.
  const key = names.join("\u0000");
  let shape = shapes.get(key);
  if (shape) return shape;
  if (names.includes("__proto__") || new Set(names).size !== names.length) {
    shape = (values) => {
      const row: Record<string, unknown> = {};
      names.forEach((name, i) => {
        Object.defineProperty(row, name, { value: values[i], enumerable: true, writable: true, configurable: true });
      });
      return row;
    };
  } else {
    const body = `return {${names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(", ")}};`;
    shape = new Function("v", body) as RowShape;
  }
  if (shapes.size >= MAX_CACHED) shapes.delete(shapes.keys().next().value!);
  shapes.set(key, shape);
  return shape;
}

/** How many row builders and prepared statements are kept; the oldest goes first. */
export const MAX_CACHED = 200;
const shapes = new Map<string, RowShape>();
