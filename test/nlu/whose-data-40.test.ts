// Whose data, fortieth set: sellers from Indonesia, Malaysia and the Philippines write their questions in English with
// the words of their own language in it. The marketplace is named as they name it ("Jerman", "Inggris", "Prancis",
// "Jepang", Malay "Sepanyol" and "Jepun", Tagalog "Alemanya", "Pransya", "Hapon"), the seller's words are theirs
// ("penjualan" sales, "produk" products, "iklan" ads, "pesanan" orders, "harga" price, "ulasan" reviews, "habis"
// running out, "paling laku" best-selling, "berapa" how much, "bulan lalu" last month, "kahapon" yesterday), and the
// talk around the question ("pagi kak", "tolong", "dong", "nih", "po") asks nothing. Each is read as the English it
// stands for. Their neighbours keep their frames: English "as", "ya know", "see ya", the name "Di" or "Ada", the
// afternoon "hapon", and the names of places already read in other languages. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { understand, expectFrame, refused } = frameChecks(FIXTURE_VOCABULARY);

describe("a marketplace named in Indonesian or Malay is that marketplace", () => {
  it.each([
    ["revenue di Jerman bulan lalu", "sales_summary", "DE"],
    ["units sold in Inggris this week", "sales_summary", "UK"],
    ["how are my sales in Prancis", "sales_summary", "FR"],
    ["sales in Perancis last month", "sales_summary", "FR"],
    ["orders from Spanyol yesterday", "sales_summary", "ES"],
    ["orders in Sepanyol this week", "sales_summary", "ES"],
    ["stock levels in Belanda", "inventory_levels", "NL"],
    ["ad spend in Swedia last month", "advertising_summary", "SE"],
    ["top products in Polandia", "top_products", "PL"],
    ["refunds in Turki last 30 days", "refund_analysis", "TR"],
    ["revenue in Amerika Serikat this year", "sales_summary", "US"],
    ["profit in Amerika Syarikat last month", "sales_summary", "US"],
    ["total sales in Britania Raya", "sales_summary", "UK"],
    ["revenue in Uni Emirat Arab this month", "sales_summary", "AE"],
    ["orders in UEA yesterday", "sales_summary", "AE"],
    ["sales in Arab Saudi last week", "sales_summary", "SA"],
    ["inventory in Mesir", "inventory_levels", "EG"],
    ["stok di Jepang", "inventory_levels", "JP"],
    ["penjualan di AS minggu lalu", "sales_summary", "US"],
  ])("%j is %s in %s", (q, intent, marketplace) => expectFrame([q], { intent, filters: { marketplace } }));
});

describe("a marketplace named in Tagalog is that marketplace", () => {
  it.each([
    ["sales in Alemanya last month", "sales_summary", "DE"],
    ["revenue sa Pransya this week", "sales_summary", "FR"],
    ["orders in Inglatera yesterday", "sales_summary", "UK"],
    ["top products sa Espanya", "top_products", "ES"],
    ["stock sa Hapon", "inventory_levels", "JP"],
    ["Hapon sales this month", "sales_summary", "JP"],
    ["profit sa Olanda last month", "sales_summary", "NL"],
    ["ad spend in Suwesya", "advertising_summary", "SE"],
    ["refunds in Ehipto last month", "refund_analysis", "EG"],
    ["sales in Arabyang Saudi", "sales_summary", "SA"],
    ["orders sa Mehiko kahapon", "sales_summary", "MX"],
  ])("%j is %s in %s", (q, intent, marketplace) => expectFrame([q], { intent, filters: { marketplace } }));
});

describe("the seller's own words for sales, profit and orders are those figures", () => {
  it.each([
    ["berapa penjualan saya minggu lalu?", "sales_summary", { timeframe: "last_week", metrics: ["revenue"] }],
    ["penjualan bulan ini di Kanada", "sales_summary", { marketplace: "CA", metrics: ["revenue"] }],
    ["total penjualan kemarin", "sales_summary", { timeframe: "yesterday", metrics: ["revenue"] }],
    ["jualan hari ini", "sales_summary", { timeframe: "today", metrics: ["revenue"] }],
    ["how much benta kahapon", "sales_summary", { timeframe: "yesterday", metrics: ["revenue"] }],
    ["pendapatan di Italia tahun ini", "sales_summary", { marketplace: "IT", metrics: ["revenue"] }],
    ["omset bulan lalu", "sales_summary", { timeframe: "last_month", metrics: ["revenue"] }],
    ["keuntungan di Jerman bulan ini", "sales_summary", { marketplace: "DE", metrics: ["profit"] }],
    ["untung per produk last month", "profit_breakdown", { group_by: "asin", metrics: ["profit"] }],
    ["laba bersih bulan lalu", "sales_summary", { timeframe: "last_month", metrics: ["profit"] }],
    ["berapa pesanan hari ini", "sales_summary", { timeframe: "today", metrics: ["orders"] }],
    ["pesanan di Meksiko minggu ini", "sales_summary", { marketplace: "MX", metrics: ["orders"] }],
    ["tampilkan penjualan dan keuntungan bulan lalu", "sales_summary", { metrics: ["revenue", "profit"] }],
    ["penjualan per kategori bulan lalu", "sales_summary", { group_by: "category", metrics: ["revenue"] }],
    ["penjualan setiap minggu for last 2 months", "sales_trend", { group_by: "week" }],
  ])("%j is %s", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("the seller's own words for products, stock, ads, reviews, prices and returns", () => {
  it.each([
    ["top 5 produk by pendapatan di Spanyol", "top_products", { marketplace: "ES", limit: 5, metrics: ["revenue"] }],
    ["produk paling laku bulan ini", "top_products", { timeframe: "this_month" }],
    ["produk terlaris di Jepang minggu lalu", "top_products", { marketplace: "JP" }],
    ["top 3 produk paling laku by units", "top_products", { limit: 3, metrics: ["units_sold"] }],
    ["berapa stok SO-YOGA-01 di Inggris", "inventory_levels", { marketplace: "UK", sku: "SO-YOGA-01" }],
    ["produk mana yang akan habis in next 2 weeks", "stockout_risk", { horizon_days: 14 }],
    ["which produk will habis in the next 10 days", "stockout_risk", { horizon_days: 10 }],
    ["ada yang habis stok di Jerman?", "stockout_risk", { marketplace: "DE" }],
    ["iklan bulan lalu", "advertising_summary", { timeframe: "last_month" }],
    ["biaya iklan di Jerman minggu ini", "advertising_summary", { marketplace: "DE", metrics: ["ad_spend"] }],
    ["berapa ulasan baru this week", "declining_reviews", { metrics: ["review_count"] }],
    ["harga SO-YOGA-01 vs competitors", "competitor_pricing", { sku: "SO-YOGA-01", metrics: ["price"] }],
    ["pengembalian bulan lalu", "refund_analysis", { timeframe: "last_month" }],
    ["retur per produk this month", "refund_analysis", { timeframe: "this_month" }],
    ["ada alert baru?", "list_alerts", {}],
  ])("%j is %s", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("a competitor's price moving, said in Indonesian or Tagalog, is a price change", () => {
  it.each([
    ["perubahan harga competitor bulan ini"],
    ["competitor turunin harga on SO-YOGA-01?"],
    ["ada yang naikin harga di Inggris minggu ini?"],
    ["harga turun from competitors last week"],
    ["any kenaikan harga from rivals this month"],
    ["did competitors menurunkan harga on PS-DOGT-01 recently"],
    ["pagbabago ng presyo ng competitors this week"],
    ["ada penurunan harga dari competitor di Jerman?"],
  ])("%j is price_changes", (q) => expectFrame([q], { intent: "price_changes" }));
});

describe("greetings, please and softeners around the question ask nothing", () => {
  it.each([
    ["pagi kak, revenue last week?", "sales_summary", { timeframe: "last_week" }],
    ["selamat pagi, how many orders yesterday", "sales_summary", { metrics: ["orders"] }],
    ["selamat malam kak, stock in Germany", "inventory_levels", { marketplace: "DE" }],
    ["halo kak! top 5 products this month", "top_products", { limit: 5 }],
    ["halo gan, ad spend last month", "advertising_summary", { metrics: ["ad_spend"] }],
    ["magandang umaga po, sales this week", "sales_summary", { timeframe: "this_week" }],
    ["Magandang hapon po, refunds last month", "refund_analysis", { timeframe: "last_month" }],
    ["tolong show me revenue last month", "sales_summary", { timeframe: "last_month" }],
    ["mohon show the stock levels in Jerman", "inventory_levels", { marketplace: "DE" }],
    ["revenue last month dong", "sales_summary", { timeframe: "last_month" }],
    ["stock in Germany nih", "inventory_levels", { marketplace: "DE" }],
    ["profit this week ya kak", "sales_summary", { metrics: ["profit"] }],
    ["top products this month dong kak", "top_products", { timeframe: "this_month" }],
    ["tolong refresh data ya", "refresh_data", {}],
  ])("%j is %s", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("follow-ups in Indonesian or Tagalog keep what they follow", () => {
  const sales = "what were my sales last week in Germany";
  it.each([
    [[sales, "and Prancis ya?"], "sales_summary", { timeframe: "last_week", marketplace: "FR" }],
    [[sales, "kalau di Inggris?"], "sales_summary", { timeframe: "last_week", marketplace: "UK" }],
    [[sales, "oke kak, now Jepang"], "sales_summary", { timeframe: "last_week", marketplace: "JP" }],
    [[sales, "how about Alemanya po?"], "sales_summary", { marketplace: "DE" }],
    [["top 5 products by revenue last month", "sekarang by profit dong"], "top_products", { metrics: ["profit"] }],
    [["stock levels in Jerman", "and Spanyol?"], "inventory_levels", { marketplace: "ES" }],
    [["penjualan di Jerman kemarin", "and Belanda?"], "sales_summary", { timeframe: "yesterday", marketplace: "NL" }],
    [["iklan di Inggris bulan lalu", "how about Prancis nih"], "advertising_summary", { marketplace: "FR" }],
  ])("%j is %s", (qs, intent, filters) => expectFrame(qs, { intent, filters }));
});

describe("neighbours keep their frames", () => {
  it.each([
    ["ya know, what were my sales last week?", "sales_summary", { timeframe: "last_week" }],
    ["sales last week, see ya", "sales_summary", { timeframe: "last_week" }],
    ["same as last month", "sales_summary", { timeframe: "last_month" }],
    ["show top products as a chart", "top_products", {}],
    ["Turkey sales last week", "sales_summary", { marketplace: "TR" }],
    ["sales in Ujerumani last month", "sales_summary", { marketplace: "DE" }],
    ["revenue in Đức this month", "sales_summary", { marketplace: "DE" }],
    ["ventas en Alemania el mes pasado", "sales_summary", { marketplace: "DE" }],
    ["which products will run out of stock in the next 3 weeks", "stockout_risk", { horizon_days: 21 }],
    ["top 5 products by revenue in the UK last month", "top_products", { marketplace: "UK", limit: 5 }],
  ])("%j is %s", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it.each([
    ["revenue for the Di Caprio mug last month"],
    ["Lady Di collection sales this month"],
    ["sales for Ada last week"],
    ["sales as of yesterday"],
    ["the hapon collection sales"],
    ["sales kaninang hapon"],
  ])("%j is sales with no marketplace", (q) => {
    const u = understand(q);
    expect(u?.intent).toBe("sales_summary");
    expect(u?.filters.marketplace).toBeUndefined();
  });
  it("a bare thanks in Tagalog asks nothing", () => refused("salamat po!"));
});
