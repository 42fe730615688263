// Whose data, thirty-sixth set: questions outside the seller's data that read like their own. Whether to move into a
// niche or category the seller does not sell in yet is market advice about a future with no sales in the mirror
// (what competitors sell that the seller does not is catalog gaps, and stays so); the best sellers of a whole
// marketplace, however the whole is said ("across whole amazon.de", "on the entire amazon.fr", "Amazon-wide"), are the
// market's, not the seller's ranking; and thanks said in the seller's own language with its "very much" ("asante
// sana", "dziekuje bardzo", "arigato gozaimasu") beside "you helped me a lot" ask for nothing, not for help. Their
// neighbours, the seller's own ranking on one marketplace, a thanks that goes on to a request and asking what
// seller-ai can do, keep their frames. Every phrasing is our own.
import { describe, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, refused } = frameChecks(FIXTURE_VOCABULARY);

describe("whether to move into a niche the seller does not sell in is market advice", () => {
  it.each([
    ["would it be smart to branch out into the garden niche in 2027?"],
    ["should we expand into the pet category next spring"],
    ["is it still worth breaking into the toy market at this point"],
    ["do you think I should venture into the beauty space"],
    ["we're considering moving into the outdoor furniture segment, good idea?"],
    ["is it a good idea to get into the jewellery niche"],
    ["would it pay off to diversify into the baby products sector"],
    ["im thinking of getting into the fitness niche soon, worth it?"],
    ["vale la pena entrar en el nicho de juguetes"],
    ["lohnt es sich für uns, in den Markt für Gartenmöbel einzusteigen?"],
    ["ça vaut le coup de se lancer dans la niche des jouets ?"],
    ["conviene entrare nella nicchia degli articoli per animali?"],
  ])("%j is refused", (q) => refused(q));
});

describe("the best sellers of a whole marketplace are the market's", () => {
  it.each([
    ["what's the best selling toy on the entire amazon.de right now"],
    ["top selling pet product amazon-wide this month"],
    ["most popular beauty item in whole amazon.fr?"],
    ["which garden product is the number one across the whole of amazon.com"],
    ["hottest selling gadget all over amazon.co.uk at the moment"],
    ["what's selling best on the whole amazon.it in sports"],
    ["best seller in home and kitchen marketplace-wide today"],
    ["which item sells the most across entire amazon.es"],
  ])("%j is refused", (q) => refused(q));
});

describe("thanks in the seller's own language, asking nothing, is no request for help", () => {
  it.each([
    ["dziekuje bardzo, you helped me a lot"],
    ["Arigato gozaimasu! that really helped"],
    ["spasibo bolshoe, you've been very helpful today"],
    ["mahalo, this helped a ton"],
    ["tack så mycket, that was super useful"],
    ["hvala puno - you helped us a lot today"],
    ["terima kasih banyak, that helped me so much"],
    ["shukran jazilan, very helpful as always"],
    ["danke vielmals, you helped a lot"],
  ])("%j is refused", (q) => refused(q));
});

describe("neighbours keep their frames", () => {
  it.each([
    ["which of my toys is the best seller on amazon.de", "top_products"],
    ["which of my pet products sell best on amazon.com", "top_products"],
    ["which categories do my competitors sell that I don't", "catalog_gaps"],
    ["what niches am I missing that rivals are in", "catalog_gaps"],
    ["what can you help me with", "help"],
    ["asante sana! what else can you do?", "help"],
  ])("%j is %s", (q, intent) => expectFrame([q], { intent }));
  it("thanks then a new month is a follow-up", () =>
    expectFrame(["what was my revenue in September", "asante sana! now show me October"], {
      intent: "sales_summary",
      filters: { timeframe: "2026-10" },
    }));
});
