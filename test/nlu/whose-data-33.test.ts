// Questions outside the seller's own data that share a seller's words, thirty-third set. "Risks" is an insight type,
// but the risks of a flight, a storm, a habit or a sport are the seller's life, not their business; and "best season",
// "launch" and "sell best" are a seller's words, but when to launch something new, when people at large buy, or when
// demand peaks in the market is advice about the market and about a product with no past, while the mirror only knows
// what this seller has sold. Both used to be answered (as risks, or as top products of a category) whenever the
// classifier leaned that way; they are now refused by rule, whatever the examples say. The neighbours keep their
// frames: the seller's own risks (this month, in a category, of running out while away), when their own products
// sold best, and when to reorder or send stock in. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, refused: expectRefused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("the risks of travel, the weather, health or a sport are outside the domain", () => {
  it.each([
    ["what are the risks of flying to Tokyo over New Year"],
    ["is a road trip through the Alps in January risky"],
    ["any dangers in backpacking across Peru alone"],
    ["the health risks of vaping every day"],
    ["how dangerous is scuba diving for a beginner"],
    ["what's the chance of a hurricane hitting Miami this weekend"],
    ["risks of taking paracetamol with alcohol"],
    ["what are the dangers of sunbathing without sunscreen"],
    ["is there a risk of snow on the roads to Leeds tonight"],
    ["risk of catching covid on a long-haul flight"],
    ["is skydiving more dangerous than bungee jumping"],
    ["what are the risks of surgery for a knee injury"],
    ["riesgos de viajar a Colombia en Navidad"],
    ["Risiken beim Skifahren abseits der Piste"],
    ["quels sont les risques de voyager seule en Inde"],
    ["rischi di viaggiare in Egitto in estate"],
  ])("%j is refused", (q) => expectRefused(q));
});

describe("when to launch or start selling something new is advice about the market, outside the domain", () => {
  it.each([
    ["what's the ideal month to release a new board game"],
    ["which time of year is best for launching a yoga product"],
    ["when should I launch a new dog chew"],
    ["is March a good month to start selling garden tools"],
    ["best time of year to bring out a skincare line on amazon"],
    ["when is it best to introduce a new desk organiser"],
    ["what's the right season for launching outdoor furniture"],
    ["which month would be best to start selling swimwear"],
    ["the smartest time to list halloween costumes on amazon"],
    ["cuál es el mejor momento para lanzar una almohada en amazon"],
    ["wann sollte ich ein neues Spielzeug auf Amazon launchen"],
    ["quel est le meilleur moment pour lancer un produit de cuisine"],
  ])("%j is refused", (q) => expectRefused(q));
});

describe("when people at large buy, or when the market's demand peaks, is outside the domain", () => {
  it.each([
    ["when do people buy the most jigsaw puzzles"],
    ["what time of year do shoppers stock up on dog treats"],
    ["which months do consumers usually buy garden furniture"],
    ["when does demand for Christmas lights peak"],
    ["when is demand for sunscreen at its highest"],
    ["what's the peak season for camping gear"],
    ["what sells best in spring on amazon"],
    ["which toys sell the most at Easter on amazon"],
    ["when do online shoppers search for Halloween costumes"],
  ])("%j is refused", (q) => expectRefused(q));
});

describe("the seller's own risks stay insights", () => {
  it.each([
    ["what are my biggest risks this month", { insight_type: "risks", timeframe: "this_month" }],
    ["risks in Toys & Games before Christmas", { insight_type: "risks", category: "Toys & Games" }],
    ["any risks in Pet Supplies I should know about", { insight_type: "risks", category: "Pet Supplies" }],
    ["what risks do I have in Germany", { insight_type: "risks", marketplace: "DE" }],
    ["biggest risks for the business right now", { insight_type: "risks" }],
    ["welche Risiken habe ich diesen Monat", { insight_type: "risks", timeframe: "this_month" }],
  ])("%j is the risks insight", (q, filters) => expectFrame([q], { intent: "insights", filters }));
  it("running out of stock while the seller is on holiday is a stockout risk", () =>
    expectFrame(["what's the risk of running out of stock while I'm on holiday"], { intent: "stockout_risk" }));
  it("a flight told beside the question does not make it the world's", () =>
    expectFrame(["I fly out tomorrow, what are my biggest risks in Beauty & Personal Care"], {
      intent: "insights",
      filters: { insight_type: "risks", category: "Beauty & Personal Care" },
    }));
});

describe("when the seller's own products sold best stays their ranking", () => {
  it.each([
    ["which of my products sold best last December", { timeframe: "2025-12" }],
    ["when do my kitchen products sell best", { category: "Home & Kitchen" }],
    ["when did my kitchen gadgets sell best last year", { category: "Home & Kitchen", timeframe: "last_year" }],
    ["when do my dog toys sell best", { category: "Pet Supplies" }],
    ["which month was best for my yoga mats", { category: "Sports & Outdoors" }],
  ])("%j is top products", (q, filters) => expectFrame([q], { intent: "top_products", filters }));
  it.each([
    ["which 4 articles sell the best on amazon since the start of the week"],
    ["which toys sold best on amazon last christmas"],
  ])("%j, asked over a period of the seller's, is top products", (q) =>
    expect(understand(q)?.intent).toBe("top_products"),
  );
  it("the articles that sell best on a country's Amazon since a date are the seller's", () =>
    expect(understand("which 5 articles sell the best on Amazon Italy since the start of the week")?.intent).toBe(
      "top_products",
    ));
});

describe("a launch asked of the seller's past or of their own campaign is not advice about the market", () => {
  it("the best month for launching, last year, is the seller's own ranking", () =>
    expect(understand("what was the best month for launching products last year")?.intent).toBe("top_products"));
  it("launching the seller's campaign is their advertising", () =>
    expect(understand("when should I launch the Black Friday campaign")?.intent).toBe("acos_by_campaign"));
});

describe("timing a restock or the seller's week stays theirs", () => {
  it.each([
    ["when is the best time to reorder yoga mats", "restock_recommendations"],
    ["when should I send stock in for Christmas", "restock_recommendations"],
    ["what should I focus on this week", "insights"],
  ])("%j is %s", (q, intent) => expect(understand(q)?.intent).toBe(intent));
});
