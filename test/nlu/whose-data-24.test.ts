// Whose data a question is about, twenty-fourth set: a seller writing English as a second language names places and
// seller words in their own script or language. Cyrillic (Russian, Ukrainian, Bulgarian, Serbian, Mongolian stems such
// as "Герман", "Япон", "Англи"), Georgian and Armenian in their own letters or in Latin ones ("Safrangeti"), Albanian
// ("Gjermani", "Britani e Madhe", "pagesat"), Slovenian and Croatian ("dobiček", "zaloga") and French ("classement",
// "la marge", "valeur du stock", "et seulement pour"). The parser used to drop letters outside Latin, so the place or
// the figure was lost; now the text keeps them and the vocabulary knows these words as data (marketplaces.json
// names_abroad, words.json borrowed_words, metrics.json). Questions about the world written in those languages stay
// refused, and a word of another script alone does not make a question. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { normalizeText } from "../../src/nlu/text.js";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("letters of any script survive the normal form", () => {
  it.each([
    ["Выручка в Германии?", "выручка в германии"],
    ["საფრანგეთი!", "საფრანგეთი"],
    ["Ֆրանսիայում", "ֆրանսիայում"],
    ["по-русски", "по русски"],
    ["JP站 sales", "jp 站 sales"],
    ["España, Türkiye", "espana turkiye"],
  ])("%j → %j", (text, normal) => expect(normalizeText(text)).toBe(normal));
});

describe("a marketplace named in Cyrillic, Georgian, Armenian or Albanian is that marketplace", () => {
  it.each([
    ["units sold last week in Германии", "DE"],
    ["how is revenue going in Німеччині this month", "DE"],
    ["Немачка orders yesterday", "DE"],
    ["refund rate in Японии last month", "JP"],
    ["Япон shop, ad spend this week", "JP"],
    ["revenue this year for Великобритания", "UK"],
    ["ACoS in Англия last 14 days", "UK"],
    ["profit in Британи last quarter", "UK"],
    ["sales in Соединенных Штатах last week", "US"],
    ["how many orders from США yesterday", "US"],
    ["revenue last month, Америке only", "US"],
    ["units in Польше this week", "PL"],
    ["sessions for Франции last 7 days", "FR"],
    ["Француска revenue yesterday", "FR"],
    ["conversion for Італії last month", "IT"],
    ["Испании profit this month", "ES"],
    ["revenue in Нидерландах last month", "NL"],
    ["orders in Турции yesterday", "TR"],
    ["Австралия sales this week", "AU"],
    ["Индии revenue last month", "IN"],
    ["orders in ОАЭ last week", "AE"],
    ["revenue in Канаде last 30 days", "CA"],
    ["Мексике orders this month", "MX"],
    ["sales for Швеции last month", "SE"],
    ["Egjipt revenue last month", "EG"],
    ["orders in Gjermaninë this week", "DE"],
    ["revenue for Britania e Madhe last quarter", "UK"],
    ["sales this month in Spanjë", "ES"],
    ["orders last week for Turqi", "TR"],
    ["profit in Espaneti this year", "ES"],
    ["units sold in Iaponia yesterday", "JP"],
    ["revenue in გერმანია last month", "DE"],
    ["orders for Իտալիա this week", "IT"],
    ["ad spend in Ֆրանսիայում last month", "FR"],
  ])("%j is about %s", (q, marketplace) => expect(understand(q)?.filters.marketplace).toBe(marketplace));
});

describe("a follow-up naming only a place in another script moves the question there", () => {
  it.each([
    ["profit last month", "а в Японии?", "sales_summary", "JP"],
    ["units sold this week", "и в Италии", "sales_summary", "IT"],
    ["ad spend yesterday", "edhe për Francë?", "advertising_summary", "FR"],
    ["revenue last quarter", "Испания", "sales_summary", "ES"],
    ["stock levels", "what about Полша", "inventory_levels", "PL"],
  ])("after %j, %j is %s in %s", (before, q, intent, marketplace) =>
    expectFrame([before, q], { intent, filters: { marketplace } }),
  );
});

describe("seller figures in Cyrillic and other languages are those figures", () => {
  it.each([
    ["выручку за yesterday", "revenue"],
    ["прибыль last month in Germany", "profit"],
    ["заказов this week total", "orders"],
    ["возвраты last 30 days", "refund_rate"],
    ["выплаты from Amazon last month", "payout"],
    ["маржа by category last quarter", "profit_margin"],
    ["конверсии for each product last month", "conversion_rate"],
    ["fitimi last month", "profit"],
    ["shitjet this week in Italy", "revenue"],
    ["porosi yesterday", "orders"],
    ["dobička last quarter", "profit"],
    ["mogeba this month", "profit"],
    ["შემოსავალი last week", "revenue"],
    ["la valeur de l'inventaire today", "inventory_value"],
  ])("%j asks %s", (q, metric) => expect(understand(q)?.filters.metrics?.[0]).toBe(metric));
});

describe("seller words of another language ask what their English asks", () => {
  it.each([
    ["топ 5 товаров by revenue this month", "top_products", { limit: 5 }],
    ["best 3 товара by units last week", "top_products", { limit: 3 }],
    ["которые товары will have дефицит in the next 30 days", "stockout_risk", {}],
    ["which products get deficit first in Germany", "stockout_risk", { marketplace: "DE" }],
    ["остатки on the склад in Germany", "inventory_levels", { marketplace: "DE" }],
    ["what zalog is on hand in Amazon US", "inventory_levels", { marketplace: "US" }],
    ["удалить all the alerts please", "delete_alert", {}],
    ["fshi every alert I have", "delete_alert", {}],
    ["how much should I commander of SO-YOGA-01 for next month", "restock_recommendations", { sku: "SO-YOGA-01" }],
    ["classement des produits by marge last month", "top_products", { metrics: ["profit_margin"] }],
    ["what is the valeur des stocks in France", "inventory_value", { marketplace: "FR" }],
    ["pagesa from Amazon last month", "payouts", {}],
    ["конверсия by product this month", "conversion_analysis", {}],
  ])("%j is %s", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("French follow-up words narrow the question before", () => {
  it.each([
    ["which products risk running out in the next 30 days?", "Et seulement pour l'Allemagne?", "stockout_risk", "DE"],
    ["revenue last week by category", "et pour la France?", "sales_summary", "FR"],
    ["profit margin by category this month", "seulement pour le Royaume-Uni", "profit_margin_by_category", "UK"],
  ])("after %j, %j stays %s", (before, q, intent, marketplace) =>
    expectFrame([before, q], { intent, filters: { marketplace } }),
  );
});

describe("please and another-question in those languages only wrap the question", () => {
  it.each([
    ["top products last month, пожалуйста", "top_products"],
    ["ad spend by campaign this week, ju lutem", "acos_by_campaign"],
    ["stock levels in the UK svp", "inventory_levels"],
  ])("%j is %s", (q, intent) => expectFrame([q], { intent }));
  it("another question in Russian starts afresh", () => {
    const u = understand("revenue last month in Germany", "другой вопрос: which products will run out soon?");
    expect(u?.intent).toBe("stockout_risk");
    expect(u?.filters.marketplace).toBeUndefined();
  });
});

describe("the world asked in those languages is still refused", () => {
  it.each([
    ["какая погода в Германии завтра"],
    ["столица Японии"],
    ["курс евро в Польше"],
    ["новости из США"],
    ["who is the president of Франция"],
    ["weather in Испании this weekend"],
    ["moti në Itali nesër"],
    ["what is the population of საფრანგეთი"],
    ["привет"],
    ["здравствуйте, как дела"],
    ["Германия"],
  ])("%j is invalid_query", refused);
});
