import {
  type ClassifierState,
  type ClassifierTables,
  type ConceptTable,
  conceptPhrases,
  conceptTable,
} from "./intent-classifier.js";

/**
 * The file the build writes the trained parser model to (`parser-model.bin`), and reads it back at start-up.
 * The classifier's numbers (an idf, the examples' postings and the regression's weights for each of thousands of
 * features) are arrays of doubles read in place; as JSON they were objects of thousands of small arrays, which
 * cost a start-up more to parse than the rest of the model to build. The word lists stay JSON, in a header, the
 * word classes' phrases already indexed (ConceptTable).
 *
 * Layout: "SAPM", the header's length (uint32), the header (UTF-8 JSON), zero bytes up to a multiple of 8, then
 * the sections the header lists, little-endian float64 each. Features are sorted (by code unit) and found by
 * binary search, so that nothing is built per feature at start-up.
 */

/** What the header holds besides the classifier: the trained model's other parts, as they are. */
export interface ModelFileHeader<T> {
  rest: T;
  classifier: Pick<ClassifierState, "labels" | "light"> & {
    concepts: ConceptTable;
    bias: number[];
    /** The features, sorted, joined by line feeds. */
    features: string;
  };
  /** Section name → [byte offset from the first section, count of doubles]. */
  sections: Record<SectionName, [number, number]>;
}

type SectionName = "exampleLabels" | "idf" | "postingsAt" | "postings" | "weightsAt" | "weights";

const MAGIC = "SAPM";
/** Raised whenever the layout changes: a file of another layout is not read (the model is trained afresh). */
const FORMAT = 2;

/**
 * The model as the file's bytes: `rest` (the other parts of the model, JSON-serialisable) in the header, the
 * classifier's state packed.
 *
 * @example writeFileSync("dist/parser-model.bin", encodeModelFile({ dataHash, lexicon }, classifier.state()));
 */
export function encodeModelFile<T>(rest: T, state: ClassifierState): Uint8Array {
  const features = Object.keys(state.idf).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const f of features) if (f.includes("\n")) throw new Error(`a classifier feature holds a line feed: ${f}`);
  const idf = features.map((f) => state.idf[f]);
  const [postingsAt, postings] = flatten(features.map((f) => state.postings[f] ?? []));
  const [weightsAt, weights] = flatten(features.map((f) => state.linear.weights[f] ?? []));
  for (const f of Object.keys(state.postings).concat(Object.keys(state.linear.weights)))
    if (state.idf[f] === undefined) throw new Error(`a classifier feature has no idf: ${f}`);
  const arrays: Record<SectionName, number[]> = {
    exampleLabels: state.exampleLabels,
    idf,
    postingsAt,
    postings,
    weightsAt,
    weights,
  };
  const sections = {} as Record<SectionName, [number, number]>;
  let offset = 0;
  for (const [name, list] of Object.entries(arrays)) {
    sections[name as SectionName] = [offset, list.length];
    offset += list.length * 8;
  }
  const header: ModelFileHeader<T> & { format: number } = {
    format: FORMAT,
    rest,
    classifier: {
      labels: state.labels,
      light: state.light,
      concepts: conceptTable(state.concepts),
      bias: state.linear.bias,
      features: features.join("\n"),
    },
    sections,
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const start = align8(8 + json.length);
  const bytes = new Uint8Array(start + offset);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(MAGIC), 0);
  view.setUint32(4, json.length, true);
  bytes.set(json, 8);
  for (const [name, list] of Object.entries(arrays)) {
    const at = start + sections[name as SectionName][0];
    list.forEach((x, i) => {
      view.setFloat64(at + i * 8, x, true);
    });
  }
  return bytes;
}

/**
 * The model read back from the file's bytes: the header's `rest` and the classifier's tables, which read the
 * numbers in place. Undefined for bytes that are not a model file of this format.
 */
export function decodeModelFile<T>(bytes: Uint8Array): { rest: T; classifier: ClassifierTables } | undefined {
  if (bytes.length < 8 || new TextDecoder().decode(bytes.subarray(0, 4)) !== MAGIC) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(4, true);
  if (8 + length > bytes.length) return undefined;
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + length))) as ModelFileHeader<T> & {
    format: number;
  };
  if (header.format !== FORMAT) return undefined;
  const start = align8(8 + length);
  const section = (name: SectionName) => {
    const [offset, count] = header.sections[name];
    if (start + offset + count * 8 > bytes.length) throw new Error(`the model file is cut short (${name})`);
    return doubles(bytes, start + offset, count);
  };
  return { rest: header.rest, classifier: packedTables(header.classifier, section) };
}

function packedTables(
  head: ModelFileHeader<unknown>["classifier"],
  section: (name: SectionName) => Float64Array,
): ClassifierTables {
  const features = head.features === "" ? [] : head.features.split("\n");
  const exampleLabels = section("exampleLabels");
  const idf = section("idf");
  const postingsAt = section("postingsAt");
  const postings = section("postings");
  const weightsAt = section("weightsAt");
  const weights = section("weights");
  const find = (feature: string): number => {
    let lo = 0;
    let hi = features.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = features[mid];
      if (at === feature) return mid;
      if (at < feature) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  };
  const slice = (at: Float64Array, flat: Float64Array, feature: string) => {
    const i = find(feature);
    // A feature without entries reads as absent, as in the state it was packed from.
    return i < 0 || at[i] === at[i + 1] ? undefined : flat.subarray(at[i], at[i + 1]);
  };
  return {
    labels: head.labels,
    exampleLabels,
    light: head.light,
    concepts: head.concepts,
    bias: head.bias,
    idf: (feature) => {
      const i = find(feature);
      return i < 0 ? undefined : idf[i];
    },
    postings: (feature) => slice(postingsAt, postings, feature),
    weights: (feature) => slice(weightsAt, weights, feature),
    state: () => {
      const unpack = (at: Float64Array, flat: Float64Array) => {
        const out: Record<string, number[]> = {};
        features.forEach((f, i) => {
          if (at[i] !== at[i + 1]) out[f] = Array.from(flat.subarray(at[i], at[i + 1]));
        });
        return out;
      };
      return {
        labels: head.labels,
        exampleLabels: Array.from(exampleLabels),
        light: head.light,
        concepts: conceptPhrases(head.concepts),
        idf: Object.fromEntries(features.map((f, i) => [f, idf[i]])),
        postings: unpack(postingsAt, postings),
        linear: { bias: head.bias, weights: unpack(weightsAt, weights) },
      };
    },
  };
}

/** The lists one after another, and where each starts (one more entry: where the last ends). */
function flatten(lists: number[][]): [number[], number[]] {
  const at = [0];
  const flat: number[] = [];
  for (const list of lists) {
    flat.push(...list);
    at.push(flat.length);
  }
  return [at, flat];
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;

/** Whether this machine stores numbers little-endian, as the file does. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** `count` doubles at byte `at`: a view of the bytes where their order and alignment allow, else a copy. */
function doubles(bytes: Uint8Array, at: number, count: number): Float64Array {
  const offset = bytes.byteOffset + at;
  if (LITTLE_ENDIAN && offset % 8 === 0) return new Float64Array(bytes.buffer, offset, count);
  const view = new DataView(bytes.buffer, offset, count * 8);
  return Float64Array.from({ length: count }, (_, i) => view.getFloat64(i * 8, true));
}
