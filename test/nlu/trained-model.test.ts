// The parser's model is trained by the build and written beside the compiled
// code; the one shipped must be what training on data/nlu gives today.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { IntentClassifier } from "../../src/nlu/intent-classifier.js";
import { decodeModelFile } from "../../src/nlu/model-file.js";
import {
  decodeTrainedModel,
  encodeTrainedModel,
  TRAINED_MODEL_FILE,
  trainParserModel,
} from "../../src/nlu/parser-model.js";

describe("the trained parser model", () => {
  const fresh = trainParserModel();
  it.each([`dist/core/${TRAINED_MODEL_FILE}`, `dist/${TRAINED_MODEL_FILE}`])(
    "%s written by the build equals training on the vocabulary files now",
    (file) => {
      const shipped = decodeTrainedModel(readFileSync(new URL(`../../${file}`, import.meta.url)));
      expect(shipped?.dataHash).toBe(fresh.dataHash);
      expect(shipped).toEqual(fresh);
    },
  );

  it("reads back from its file as it was written", () => {
    expect(decodeTrainedModel(encodeTrainedModel(fresh))).toEqual(fresh);
  });

  // Masked as the parser masks questions: slot tokens, a word class, filler, a negation, a feature never trained on.
  it.each([
    "top m_revenue products __time__",
    "which products are not selling",
    "where did my money go __time__",
    "how is my m_acos in __mkt__ by g_campaign",
    "zyxw qwerty",
  ])("classifies %j alike read from its file and trained", (text) => {
    const packed = decodeModelFile(encodeTrainedModel(fresh));
    if (!packed) throw new Error("the model did not read back");
    const read = IntentClassifier.fromTables(packed.classifier);
    const trained = IntentClassifier.fromState(fresh.classifier);
    expect(read.classify(text)).toEqual(trained.classify(text));
    expect(read.nearest(text, 5)).toEqual(trained.nearest(text, 5));
  });

  it.each([
    ["empty bytes", new Uint8Array()],
    ["JSON of an earlier build", new TextEncoder().encode(JSON.stringify(fresh))],
  ])("is not read from %s", (_, bytes) => {
    expect(decodeTrainedModel(bytes)).toBeUndefined();
  });
});
