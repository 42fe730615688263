// The classifier learns from two kinds of text: curated examples, which are its neighbours (and the suggestions shown
// for a question not understood), and training questions, which only teach its regression.
import { describe, expect, it } from "vitest";
import { IntentClassifier } from "../../src/nlu/intent-classifier.js";

const curated = [
  { label: "stock", text: "how much stock do i have" },
  { label: "stock", text: "units in stock" },
  { label: "sales", text: "how much did i sell" },
  { label: "sales", text: "total sales last week" },
];
const labelOf = (c: IntentClassifier, text: string) => c.classify(text).ranked[0].label;

describe("training questions kept out of the neighbours", () => {
  const training = [
    { label: "stock", text: "what is sitting in the warehouse", weight: 0.3, neighbour: false },
    { label: "stock", text: "warehouse count please", weight: 0.3, neighbour: false },
  ];
  const taught = IntentClassifier.train([...curated, ...training]);

  it("teach the regression words no curated example has", () => {
    const untaught = IntentClassifier.train(curated);
    expect(untaught.classify("warehouse count").ranked[0]?.score ?? 0).toBeLessThan(0.5);
    expect(labelOf(taught, "warehouse count")).toBe("stock");
  });

  it("are never a neighbour, so never shown as a suggestion", () => {
    const near = taught.nearest("what is sitting in the warehouse", 10).map((n) => n.index);
    expect(near.every((i) => i < curated.length)).toBe(true);
    expect(taught.state().exampleLabels).toHaveLength(curated.length);
  });

  it("weigh by their weight: at weight 0 they teach nothing", () => {
    const weightless = IntentClassifier.train([...curated, ...training.map((t) => ({ ...t, weight: 0 }))]);
    const [withWeight, without] = [taught, weightless].map(
      (c) => c.classify("warehouse count").ranked.find((r) => r.label === "stock")?.score ?? 0,
    );
    expect(withWeight).toBeGreaterThan(without);
  });

  it("must come after the curated examples, whose indexes the suggestions use", () => {
    expect(() => IntentClassifier.train([training[0], ...curated])).toThrow(/must come after/);
  });
});
