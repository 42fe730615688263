import { asksEnteringAMarket } from "./entering-a-market.js";
import { INVOICE_ACTION } from "./agency-chores.js";
import { AMAZON_SIDE_ACTION } from "./amazon-actions.js";
import { asksAboutBusinessModel } from "./business-models.js";
import { DESCRIBED_PRODUCT } from "./described-product.js";
import { asksAmountConverted, asksExchangeRate, withCurrencyNicknames } from "./exchange-rates.js";
import { asksLifeRisks } from "./life-risks.js";
import { asksMarketPopulation } from "./market-population.js";
import { asksMarketShare } from "./market-share.js";
import { asksMarketTiming } from "./market-timing.js";
import { asksSportsResult } from "./sports-results.js";
import { PhraseIndex, words } from "./text.js";
import { asksUnmirroredFigure } from "./unmirrored-figures.js";
import { asksWarehouseFacts } from "./warehouse-facts.js";
import type { OutOfDomain } from "./vocabulary.js";

/**
 * Questions about the world rather than the seller's data: the weather, the
 * news, other companies, a poem. They are recognised by what they are about,
 * not by how close they come to an example, so seller words in them
 * ("write me a poem about sales") do not make them ours.
 */
export interface WorldDetector {
  /** Whether normalized text (catalog names already masked) asks about the world. */
  aboutTheWorld(text: string): boolean;
  /**
   * Whether normalized text bids seller-ai change something on Amazon or in another system: an order, not a question
   * beside a statement, so a statement around it ("…the Yoga Mats - Broad campaign…") never makes it the seller's.
   */
  actsOnTheAccount(text: string): boolean;
}

const ARITHMETIC =
  /(?<![\w.])\d+(?:\.\d+)? (?:times|x|\*|plus|\+|minus|divided by|multiplied by|to the power of) \d+(?:\.\d+)?(?![\w%])/;

/**
 * An alarm that rings at a time ("set an alarm for 7am", "an alarm in 20 minutes", "wake me up tomorrow"): a clock's, not
 * the seller's alert (an alarm is otherwise what a seller writing English as a second language calls an alert).
 */
const CLOCK_ALARM =
  /(?:^| )(?:alarms? (?:[a-z]+ ){0,3}?(?:for|at|in|to ring at|to go off at) (?:\d{1,2}(?::\d\d)? ?(?:am|pm|o'?clock|o click)|(?:\d{1,2}|__num__)(?: ?(?:am|pm|o'?clock|o click))?$|(?:\d+|__num__|an?) (?:minutes?|mins?|hours?|hrs?)|tomorrow|tonight|(?:the |this |tomorrow )?(?:morning|afternoon|evening)|noon|midnight)|wake (?:me|us) up)(?= |$)/;

/** Converting a quantity between units ("convert 5 km to miles"). */
const UNIT_CONVERSION = /(?:^| )convert (?:\d+(?:\.\d+)?|__num__) ?[a-z]+ (?:to|into|in) [a-z]+/;

const detectors = new WeakMap<OutOfDomain, WorldDetector>();

/** Words that ask for a figure of the market rather than the seller's own. */
const BENCHMARK_WORDS = new Set(["average", "typical", "normal", "usual", "benchmark", "median"]);

/** What Amazon pays the seller or charges them, said after its name. */
const AMAZON_PAYS =
  /^(?:(?:has|have|had|did|will|last|just) )*(?:paid|pay|pays|paying|deposited|deposit|deposits|transferred|transfer|sent|send|sends|released|release|releases|wired|wire|disbursed|remitted|remit|remits|settled|charged|charge|charges|billed|owe|owes)(?= |$)/;

/**
 * Amazon charging the seller in their own words ("how hard did Amazon sting us on referral fees", "what did amazon ding
 * me for storage", "amazon hit us with FBA fees"), said where fees are named: the seller's fees, not Amazon's business.
 */
const AMAZON_CHARGES =
  /^(?:(?:has|have|had|did|does|do|will|really|just) )*(?:sting|stings|stung|stinging|ding|dings|dinged|hit|hits|hitting|take|takes|took|taken|nick|nicks|nicked|rob|robbed|fleece|fleeced|whack|whacked|slug|slugged|clobber|clobbered|gouge|gouged|bill|bills|billing|sting us)(?= |$)/;
const FEE_WORDS = /(?:^| )(?:fees?|charges?|commissions?|cut|referral|storage|fulfil+ment|fba)(?= |$)/;

/** A question about who sells or makes something: another party's business. */
const OTHER_SELLER = /^who (?:sells|sold|is selling|makes|made|manufactures)(?= |$)/;

/** Rankings of what sells, said of Amazon as a whole. */
const MARKET_RANKING =
  /(?:^| )(?:best ?selling|best-selling|top selling|most popular|trending|hottest|most sold)(?: |$)/;

/**
 * Investing in a company's shares or in funds ("should I buy Apple shares", "is it time to sell my index funds"),
 * however many words name the holding. "Stock" alone is left out: a seller buys and sells stock of their own.
 */
const INVESTING =
  /(?:^| )(?:buy|buying|sell|selling|invest in|investing in|hold|holding|short|own|trade|trading|dump)(?: [a-z'&.]+){0,2} (?:shares|equities|bonds|etfs?|index funds?|mutual funds?|stock options)(?= |$)/;

/**
 * A ranking said of a whole marketplace rather than of the seller's catalog ("the number one best seller across all
 * of amazon.co.uk, any brand", "across whole amazon.co.jp", "on all of Amazon", "Amazon-wide", "site-wide"): the
 * market's, whoever sells it. Sellers writing English as a second language drop the article ("in whole amazon.de").
 */
const MARKET_SCOPE =
  /(?:^| )(?:any brand|any seller|all brands|all sellers|every brand|every seller|everyone's|regardless of (?:the )?(?:brand|seller)|(?:all of|(?:the )?(?:whole|entire|complete)(?: of)?|all over|anywhere on|everywhere on) (?:the )?(?:amazon|__mkt__|marketplace|platform|site|website)|(?:amazon|marketplace|site|platform)[ -]?wide|on amazon overall|overall on amazon)(?= |$)/;
/** Selling best or most, said as a verb ("what's selling best", "sells the most"). */
const SELLS_BEST = /(?:^| )(?:sells?|sold|selling|moves?|moving|shifts?|shifting) (?:the )?(?:best|most)(?= |$)/;
const ANY_RANKING =
  /(?:^| )(?:best ?sell(?:ers?|ing)|best-selling|top ?sell(?:ers?|ing)|number one|no 1|#1|most popular|most sold|top products?)(?= |$)/;

/** An amount asked for, all of it together. */
const MARKET_AMOUNT = /(?:^| )(?:how (?:much|many)|total|combined|altogether|in total)(?= |$)/;

/** Any of the alternatives as whole words. */
function wordsRegExp(alternatives: string[]): RegExp {
  return new RegExp(`(?:^| )(?:${alternatives.join("|")})(?= |$)`);
}

/**
 * Amazon's fees or payouts to the seller, however said ("after all amazon fees", "amazon referral charges"): the
 * seller's own money, even where a world phrase ("all amazon") is inside.
 */
const AMAZON_MONEY =
  /(?:(?:all|the|every) )?amazon(?:'s|s)? (?:(?:referral|storage|fba|fulfil+ment|selling|seller|closing|monthly) )?(?:fees?|charges?|cut|commissions?|payouts?|payments?|deposits?|disbursements?)(?= |$)/g;

/**
 * Amazon's warehouses, where the seller's FBA stock sits ("sitting in Amazon's German warehouse", "amazon fulfilment
 * centres"): the seller's own stock, not Amazon's business.
 */
const AMAZON_WAREHOUSE =
  /(?:the )?amazon(?:'s|s)? (?:__mkt__ )?(?:(?:fba|fulfil+ment|storage) )?(?:warehouses?|fulfil+ment cent(?:re|er)s?|fcs?|depots?)(?= |$)/g;

/**
 * A ranking or a benchmark of businesses at large ("the biggest brand in pet supplies", "the average margin of
 * amazon sellers", "the average margin of Home & Kitchen sellers", "top companies selling yoga mats"), not of the
 * seller's own things. "Sellers" alone is not enough after a superlative ("my biggest sellers" are products), so
 * superlatives need brands or companies.
 */
const BUSINESSES = "brands?|companies|company|businesses|business|merchants?|vendors?|manufacturers?|suppliers?";
const MARKET_LEADERS = new RegExp(
  `(?:^| )(?:biggest|largest|top|leading|best|most successful|most popular|dominant|main) (?:${BUSINESSES})(?= |$)`,
);
const MARKET_BENCHMARK = new RegExp(
  `(?:^| )(?:average|typical|median|normal|usual) (?:[a-z_]+ ){0,3}(?:of|for|among|across|by|to) (?:(?:most|all|other|the|typical|amazon|successful|fba|top|__category__|__subcategory__) ){0,3}(?:sellers|${BUSINESSES})(?= |$)`,
);
const WHO_LEADS = new RegExp(
  `^(?:who's|who is|who are|who was|which (?:${BUSINESSES}|sellers?)(?: is| are)?) (?:the )?(?:biggest|largest|top|leading|best|most successful|most popular|dominant|number one)(?= |$)|^(?:who|which (?:${BUSINESSES}|sellers?)) (?:sells?|sold|moves?|has|have|gets?) the most(?= |$)|^(?:who|which (?:${BUSINESSES}|sellers?)) (?:has|have|had|makes?|made|sells?|owns?) the (?:best ?selling|best-selling|top ?selling|most popular|number one|leading|bestseller|best seller|top seller)(?= |$)`,
);

/**
 * Who the leading business is, asked anywhere in the sentence ("tell me who the biggest seller in Home & Kitchen is",
 * "do you know who's the top brand on amazon.de", "I wonder who the largest shop in Pet Supplies is"): "who" asks for
 * a seller, a brand or a shop, never one of the seller's products, which "what's the biggest seller" may be.
 */
const WHO_IS_THE_LEADER =
  /(?:^| )who(?:'s| is| are| was| would be)? (?:the )?(?:biggest|largest|top|leading|best|most successful|most popular|dominant|number one|no 1|#1) (?:[a-z_&]+ ){0,3}?(?:sellers?|brands?|companies|company|shops?|merchants?|vendors?|players?|retailers?|manufacturers?)(?= |$)/;
/** A request made of seller-ai ("tell me", "let me know", "I wonder"): "me" or "I" there owns nothing asked. */
const ASKED_OF_ME =
  /(?:^| )(?:(?:tell|show|give|let|help|remind) me|i (?:wonder|was wondering|want to know|need to know|(?:'d|would) (?:like|love) to know)|i'm (?:curious|wondering))(?= |$)/g;

/**
 * Who the seller's customers are ("their emails", "the buyers' phone numbers"): personal data Amazon keeps from
 * sellers, so never in the mirror, however the question names reviews or orders.
 */
const PERSONAL_DATA = wordsRegExp([
  "e-?mails?",
  "e-?mail address(?:es)?",
  "(?:tele)?phone numbers?",
  "(?:home|postal) address(?:es)?",
  "contact (?:details|info)",
  "full names",
  "personal details",
  "date of birth",
]);
const PEOPLE = wordsRegExp([
  "customers?",
  "customer's",
  "customers'",
  "buyers?",
  "buyer's",
  "buyers'",
  "shoppers?",
  "reviewers?",
  "people",
  "who",
  "their",
  "them",
]);

/** Searches made outside Amazon ("how many people googled dog toys"): another site's data. */
const OTHER_SEARCH = wordsRegExp([
  "googled",
  "googling",
  "google searches?",
  "searched on google",
  "bing",
  "duckduckgo",
]);

/**
 * A request to change the seller's Amazon account itself ("can you lower the price of X to $12.99 for me", "pause my
 * campaign", "raise the daily budget to $50", "bump Dog Toys - Exact's budget up to $50", "bump the budget for
 * Dog Toys - Exact up to $40 a day", "turn on automatic repricing"):
 * seller-ai reads the mirror and changes only its own settings and alerts.
 * So are refunds, shipments, bookkeeping entries and replies to buyers, made elsewhere. Bids moved to a goal are left
 * out: "adjust bids for a 25% target" asks for bid recommendations. Alerts, reports and notifications
 * named after the thing ("turn off the ads alert") are seller-ai's own.
 */
const REQUEST =
  "(?:^(?:(?:so|ok|okay|and|hey|hi) )?(?:(?:can|could|would|will) (?:you|u) (?:please |pls |kindly |just |go ahead and )?|(?:please|pls|plz|kindly|go ahead and|i want you to|i need you to|i'd like you to) )?|(?:^| )(?:please|pls|plz|kindly) )";
const NOT_SELLER_AI = "(?! (?:alerts?|notifications?|warnings?|reports?|settings?))";
/**
 * A bid set to a figure on a keyword or campaign ("raise the bid on yoga mat to $1.20"); a bid moved to reach a goal
 * ("lower bids to hit 25% ACoS") asks for bid recommendations instead.
 */
const BID_CHANGE =
  "(?:raise|increase|lower|cut|reduce|set|change|bump|bump up|up|push|boost|lift|trim|slash|cap|put|drop|decrease|double|halve) (?:the |my |our |a |its )?(?:max |maximum |default |cpc |keyword )?bids? (?:(?:on|for|of) (?:[^ ]+ ){1,5}?)?(?:(?:up |down )?(?:to|by|at) (?!(?:hit|reach|get|meet|achieve|bring|keep|stay|improve|lower|reduce|target|make|match|__target__)(?: |$))|__(?:below|above)__(?! m_))";
/** Money paid back to a buyer on the seller's behalf ("issue a refund to the customer on order…", "refund this buyer"). */
const REFUND_ACTION =
  "(?:(?:make|issue|process|grant|give|send|approve|initiate|authori[sz]e|do|action) (?:a |an |the |this |that |their )?(?:full |partial )?refunds? (?:to|for|on|of)|refund (?:the |this |that |a |my )?(?:customer|buyer|shopper|client|order)s?|(?:give|send|issue) (?:the |this |that |a |my )?(?:customer|buyer|shopper|client)s?(?: [^ ]+){0,4}? (?:a |an |their |the )?(?:full |partial )?refunds?)(?= |$)";
/** A shipment or order opened, changed or called off in Seller Central ("cancel inbound shipment FBA…", "create a shipping plan"). */
const SHIPMENT_ACTION =
  "(?:cancel|create|close|delete|void|submit|book|set up|open|make|start|split|merge) (?:the |my |our |an? |this |that |these |those |all )?(?:new )?(?:inbound |outbound |fba |removal |replacement )?(?:shipments?|shipping plans?|removal orders?|replacement orders?|orders?)(?! (?:alerts?|notifications?|warnings?|reports?|settings?))(?= |$)";
/**
 * Stock sent into Amazon's warehouses ("send 300 units of PS-DOGT-01 to FBA", "ship the yoga mats into FBA for me"):
 * a shipment made in Seller Central. "What should I send to FBA" asks for restock advice, not a bid.
 */
const SEND_IN_ACTION =
  "(?:send|ship|send in|ship in|push) (?!(?:me|us)(?: |$))(?:[^ ]+ ){0,6}?(?:to|into|in to) (?:the )?(?:fba|amazon|amazon's warehouses?|fulfil+ment cent(?:re|er)s?|fba warehouses?)(?= |$)";
/**
 * A shipment's date moved ("bring forward my inbound shipment", "postpone the delivery to Monday", "prepone the
 * pickup"): booked with the carrier in Seller Central, not a figure.
 */
const RESCHEDULE_ACTION =
  "(?:prepone|bring forward|move up|pull forward|postpone|push back|reschedule|delay|expedite|speed up|rebook) (?:the |my |our |an? |this |that |these |those |all )?(?:next |new |latest )?(?:(?:inbound|outbound|fba|incoming|carrier|ups|ltl) )*(?:shipments?|deliver(?:y|ies)|pick-?ups?|collections?|appointments?|containers?|orders?|pos?|purchase orders?)(?= |$)";
/**
 * Stock moved between warehouses or marketplaces ("shift 50 of the dog toys from the UK warehouse to Germany",
 * "transfer stock between the German and French warehouses"): done in Seller Central, not asked of the mirror.
 */
const TRANSFER_ACTION =
  "(?:move|shift|transfer|relocate|send|ship|reallocate|redistribute) (?:[^ ]+ ){0,6}?(?:from (?:the )?(?:__mkt__|[a-z]+)(?: (?:fba |amazon )?(?:warehouses?|fcs?|fulfil+ment cent(?:re|er)s?|stock|inventory))? (?:over |across )?(?:to|into) |between )(?:the )?(?:__mkt__|[a-z]+ (?:warehouses?|fcs?))(?= |$)";
/**
 * A coupon, deal or promotion set up on the seller's listings ("create a 10% off coupon on Home & Kitchen", "run a
 * lightning deal on the puzzle"): made in Seller Central. Alerts and reports about deals are seller-ai's own.
 */
const PROMOTION_ACTION =
  "(?:create|run|set up|setup|launch|start|make|add|put on|put up|schedule|set|apply|offer|send|e-?mail|mail|give|give out|hand out|issue|text) (?:(?!(?:me|us|alerts?|reports?|notifications?|warnings?|list|summary|analysis)(?: |$))[^ ]+ ){0,7}?(?:coupons?|vouchers?|lightning deals?|deals?|promotions?|promos?|discounts?|promo codes?|price cuts?)(?= |$)";
/**
 * An entry made in the seller's accounting ("post a journal entry in QuickBooks", "book the fees into Xero"), or the
 * books squared against Amazon's ("reconcile my Xero ledger against the October settlement").
 */
const BOOKKEEPING_ACTION =
  "(?:reconcile|sync|import|upload|tie out|square|match up) (?:[^ ]+ ){0,4}?(?:quickbooks|quick books|xero|sage|freshbooks|netsuite|zoho books|accounting (?:software|system|package)|general ledger|ledger|books|bank statements?)(?= |$)|(?:post|book|enter|record|log|add|put|create|make|push|send|export) (?:[^ ]+ ){0,6}?(?:in|into|to|on) (?:my |our |the )?(?:quickbooks|quick books|xero|sage|freshbooks|netsuite|zoho books|accounting (?:software|system|package)|general ledger|ledger|books)(?= |$)|(?:post|book|make|create|enter|record) (?:a |an |the )?(?:[^ ]+ ){0,2}?journal entr(?:y|ies)(?= |$)";
/**
 * A message written to a buyer or a review ("reply to the customer", "respond to the latest 1-star review"), or to
 * someone the seller deals with outside Amazon ("email the supplier in Ningbo", "chase the freight forwarder").
 */
const REPLY_ACTION =
  "(?:reply|respond|write back|message|e-?mail|contact|call|ring|phone|text|chase|ping|write to|reach out to|get in touch with) (?:to )?(?:the |this |that |a |an |my |our |all |each )?(?:[^ ]+ ){0,3}?(?:customers?|buyers?|shoppers?|reviews?|reviewers?|suppliers?|manufacturers?|factory|factories|vendors?|freight forwarders?|forwarders?|carriers?|couriers?|seller support|amazon support|sourcing agents?|agents?|3pls?|prep centres?|prep centers?)(?= |$)";
/**
 * A keyword or target added to, or taken out of, a campaign ("add 'cork mat' as a negative keyword in Yoga Mats -
 * Broad", "negate 'free' in the auto campaign", "pause the keywords wasting money"): done in the advertising console.
 * Keyword alerts and reports are seller-ai's own, and so is an answer edited ("drop the branded keywords from that
 * list", "put the search terms with no sales at the top").
 */
const KEYWORD_ACTION =
  "(?:(?:add|put|enter|list|set up) (?:[^ ]+ ){1,8}?as (?:an? )?(?:negative|neg)s?|(?:add|put|negate|exclude|block|remove|delete|drop|pause|archive|harvest|promote|graduate) (?:(?!(?:me|us|alerts?|reports?|notifications?|warnings?|list|summary|analysis)(?: |$))[^ ]+ ){0,6}?(?:(?:negative|neg|exact|phrase|broad|exact match|phrase match|broad match) )?(?:keywords?|search terms?|negatives?|asin targets?|product targets?)(?! (?:alerts?|notifications?|warnings?|reports?|settings?))(?!.* (?:list|lists|table|ranking|report|results?|answer|top|bottom|view|chart|graph|output)(?: |$))|(?:negate|exclude|block) (?:[^ ]+ ){1,5}?(?:in|from|on) (?:the |my |our )?(?:[a-z_-]+ ){0,2}?(?:__campaign__|campaigns?|ad groups?))(?= |$)";
/**
 * Money moved between campaigns ("move $200 of daily budget from Yoga Mats - Broad into Dog Toys - Exact", "shift
 * spend out of the auto campaign"): set in the advertising console. Asked as advice ("should I move budget…") it stays
 * a question.
 */
const BUDGET_MOVE_ACTION =
  "(?:move|shift|transfer|reallocate|redistribute|put|allocate|take|pull|divert) (?:[^ ]+ ){0,4}?(?:budgets?|spend|money)(?: [^ ]+){0,4}? (?:from|into|to|between|onto|out of) (?:the |my |our )?(?:[^ ]+ ){0,2}?(?:__campaign__|campaigns?|ad groups?)(?= |$)";
/**
 * A setting of the Amazon account itself ("change my shipping template to free two-day delivery", "turn on vacation
 * mode", "update my bank details"): changed in Seller Central. seller-ai's own settings (lead time, target ACoS, safety
 * stock, currency) are not among them.
 */
const SELLER_CENTRAL_SETTING_ACTION =
  "(?:change|update|set|edit|switch|modify|adjust|turn on|turn off|enable|disable|set up|activate|deactivate) (?:the |my |our |all |all my )?(?:[^ ]+ ){0,2}?(?:shipping templates?|shipping settings|shipping rates?|shipping options|handling times?|delivery (?:options|settings|templates?)|returns? settings|holiday mode|vacation mode|vacation settings|deposit methods?|bank (?:account|details)|business address|tax settings|tax information|account name|store name|storefront|(?:auto-?|automatic |automated )?(?:repricing|repricer|repricers)(?: rules?| tool)?)(?= |$)";
/**
 * A listing's content rewritten ("update the listing title for B0… to include 'non-stick'", "add waterproof to the
 * bullet points", "swap the main image"): edited in Seller Central, not a figure.
 */
const LISTING_EDIT_ACTION = `(?:(?:update|change|edit|rewrite|rename|retitle|fix|tweak|optimi[sz]e|improve|shorten|lengthen|swap|replace|upload|reword) (?:the |my |our |its |this |that |a |an |new )?(?:(?:listing|product|__asin__|__sku__|__subcategory__|__category__|amazon|main|new) ){0,2}|add (?:[^ ]+ ){1,4}?(?:to|in|into) (?:the |my |our |its |this |that )?(?:(?:listing|product|__asin__|__sku__|__subcategory__) ){0,2})(?:titles?|bullet points?|bullets|descriptions?|images?|photos?|pictures?|main image|a\\+ content|backend (?:search )?(?:terms|keywords))(?= |$)`;
/**
 * A campaign, ad group or ad made anew ("set up a new sponsored products campaign for my puzzle", "create an auto
 * campaign"): built in the advertising console. Alerts and reports about campaigns are seller-ai's own.
 */
const CAMPAIGN_CREATE_ACTION = `(?:create|set up|setup|launch|start|make|build|open|add) (?:a |an |the |my |our |some )?(?:new |fresh |second |another )?(?:(?!(?:alerts?|reports?|notifications?|warnings?|summary|list)(?: |$))[a-z_-]+ ){0,3}?(?:campaigns?|ad groups?|adgroups?)(?= |$)`;
/**
 * A price set by an amount or a percent ("put all my prices up 10% on January 1st", "increase every price 5%", "lower
 * TG-PUZZ-01 to $18.99 for Cyber Monday", "set B0… to 24.99"): repriced in Seller Central. "Which prices changed" asks
 * the mirror.
 */
const PRICE_MOVE_ACTION =
  "(?:(?:put|push|bump|jack|hike|knock|mark|bring|take|move) (?:all |all of |every one of |each of )?(?:the |my |our |its |their )?(?:[^ ]+ ){0,3}?prices? (?:(?:of|on|for) (?:[^ ]+ ){1,4}?)?(?:up|down)(?= |$)|(?:lower|raise|drop|cut|reduce|increase|decrease|reprice|mark down|mark up|discount|hike|set|put|change|move|bring|take|make) (?:(?:the )?price (?:of|on|for) )?(?:the )?__(?:sku|asin)__(?:'s| s)?(?: price)? (?:(?:down |up )?(?:to|by|at) )?(?:__currency__ ?|[$£€] ?)?\\d|(?:lower|raise|drop|cut|reduce|increase|decrease|hike|mark down|mark up) (?:all |all of |every one of |each of )?(?:the |my |our |its |their )?(?:sale |selling |listing |list )?prices? (?:(?:by|to) )?(?:__currency__ ?|[$£€] ?)?\\d)";
/**
 * A purchase order placed ("place the PO with my supplier", "raise a PO for the dog toys", "order 500 units from the
 * factory"): sent to the supplier, not asked of the mirror. Asked as advice ("should I place a PO", "how much should I
 * order from my supplier") it is a restock question.
 */
const PURCHASE_ORDER_ACTION =
  "(?:(?:place|raise|issue|submit|put in|send|cut|book) (?:a |an |the |my |our |this |that |new |another )*(?:purchase orders?|pos?|re-?orders?|orders?)|(?:re-?order|order) (?:[^ ]+ ){0,6}?(?:from|with) (?:the |my |our |a )?(?:[^ ]+ )?(?:suppliers?|manufacturers?|factory|factories|vendors?))(?! (?:alerts?|notifications?|warnings?|reports?|settings?))(?= |$)";
/**
 * Someone the seller works with, outside Amazon and its buyers: reports sent to them ("email the October P&L to my
 * accountant", "forward this to my business partner") leave seller-ai, which answers only the seller.
 */
const ADVISERS =
  "(?:accountants?|bookkeepers?|book keepers?|accounts team|finance team|tax (?:advisers?|advisors?)|advisers?|advisors?|boss|partners?|business partners?|co-?founders?|investors?|shareholders?|board|bank|lenders?|manager|va|virtual assistant|assistant|team|staff|colleagues?|agency|owner|wife|husband|dad|mum|mom)";
const SEND_TO_SOMEONE_ACTION = `(?:send|e-?mail|mail|forward|share|pass|pass on|whatsapp|slack|dm|text|fax|export) (?!(?:me|us|myself)(?: |$))(?:[^ ]+ ){0,7}?(?:to|with) (?:my |our |the |a |an )?(?:[^ ]+ )?${ADVISERS}(?= |$)|(?:send|e-?mail|mail|forward) (?:my |our |the )?${ADVISERS} (?:the |a |an |my |our |this |that |these |those |it |over )`;
/**
 * A message written to anyone ("send a message to the buyer who returned the cream", "drop a note to everyone who bought
 * on Black Friday"): sent through Seller Central or elsewhere, not asked of the mirror. "Send me a message when…" is an alert.
 */
const MESSAGE_ACTION =
  "(?:send|write|leave|drop|fire off|shoot) (?:a |an |the |some )?(?:(?:quick|short|polite|nice|follow-?up|thank you|personal) )*(?:messages?|notes?|e-?mails?|replies|reply|responses?|texts?|dms?|letters?) to (?!(?:me|us|myself)(?: |$))";
/**
 * A claim, case or ticket with Amazon or a buyer, answered or opened ("respond to the A-to-z claim", "appeal the
 * chargeback", "raise a ticket with Amazon about lost units", "open a reimbursement case"): done in Seller Central.
 */
const CASE_ACTION =
  "(?:(?:respond|reply|appeal|dispute|contest|fight|challenge|close|accept|handle|deal with|sort out|resolve|escalate) (?:to )?(?:the |this |that |a |an |my |our |all |each |these |those )?(?:[^ ]+ ){0,3}?(?:claims?|chargebacks?|charge backs?|disputes?|cases?|tickets?|complaints?|enquir(?:y|ies)|inquir(?:y|ies))|(?:raise|open|file|log|submit|create|start|put in|lodge|make) (?:a |an |the |another |some )?(?:new )?(?:(?:support|seller support|reimbursement|safe-?t|a to z|fba|lost inventory|inventory|damaged inventory) )*(?:tickets?|cases?|claims?|disputes?|complaints?|support requests?))(?= |$)";
/** What an advertising budget is called: "the daily budget", "Dog Toys - Exact's campaign budget", "the PPC budget". */
const BUDGET =
  "(?:(?:daily|g_day|weekly|g_week|monthly|g_month|campaign|ad|ads|ppc|advertising|new|max|maximum) ){0,2}budgets?";
/** A sum of money said as a bound ("up to $40" reads `__below__`) with no figure after it, or written out. */
const SUM =
  "(?:__(?:below|above|equal)__(?! m_)|(?:__currency__ ?|[$£€] ?)\\d|\\d+(?:\\.\\d+)? ?(?:__currency__|dollars?|euros?|pounds?|quid|bucks)(?= |$))";
/**
 * A campaign's budget set or moved ("bump the budget for Dog Toys - Exact up to $40 a day", "up Yoga Mats - Broad's
 * budget to 50", "put the Dog Toys - Exact budget up to $45", "cap the budget of Yoga Mats - Broad at $30", "give Dog
 * Toys - Exact a $40 daily budget", "set a budget of $40 a day on it"): set in the advertising console. Asked as
 * advice ("should I raise the budget", "what budget should I give it") the verb does not open the request.
 */
const BUDGET_CHANGE_ACTION = `(?:(?:raise|increase|lower|cut|reduce|set|change|bump|bump up|up|put|push|boost|lift|top up|trim|slash|cap|limit|make|double|halve|decrease|adjust|update|move|drop|bring) (?:the |my |our |a |an |its |their )?(?:__campaign__(?: s| campaign(?: s)?)? )?${BUDGET}(?:(?: [^ ]+){0,5}? (?:(?:up |down )?(?:to|by|at)(?= )|${SUM})| of (?:__currency__ ?|[$£€] ?)?\\d)|(?:double|halve|zero out|max out) (?:the |my |our |a )?${BUDGET}(?= |$)|(?:give|set|put|allow|allocate) (?:the )?(?:__campaign__|campaigns?|ad groups?)(?: campaign)? (?:a |an )?(?:new )?(?:__currency__ ?|[$£€] ?)?\\d[^ ]*(?: (?:a|per) (?:day|week|month))? ${BUDGET}(?= |$))`;
/**
 * A campaign or ad switched off or on ("pause Dog Toys - Exact", "switch the Yoga Mats - Broad campaign off", "turn
 * the auto campaign back on", "stop the Dog Toys - Exact campaign"): done in the advertising console. Alerts and
 * reports named after the thing ("turn off the ads alert") are seller-ai's own.
 */
const CAMPAIGN_SWITCH_ACTION = `(?:(?:pause|unpause|resume|restart|launch|enable|re-?enable|disable|reactivate|deactivate|turn off|turn on|switch off|switch on|shut off|shut down|archive|end|kill) (?:the |my |our |this |that |all |all my |all of my |all the )?(?:(?!(?:alerts?|notifications?|warnings?|reports?)(?: |$))[a-z_-]+ ){0,3}?(?:__campaign__|campaigns?|ad groups?|ads|listings?)${NOT_SELLER_AI}|(?:turn|switch|shut|flip|put) (?:the |my |our |this |that |all |all my |all of my |all the )?(?:(?!(?:alerts?|notifications?|warnings?|reports?)(?: |$))[a-z_-]+ ){0,3}?(?:__campaign__|campaigns?|ad groups?|ads)(?: campaigns?)? (?:back )?(?:on|off|down)|(?:stop|halt) (?:(?:the|my|our|this|that|all|all my|all the|all of my) (?:[a-z_-]+ ){0,3}?(?:__campaign__|campaigns?|ad groups?|ads)|__campaign__)${NOT_SELLER_AI})(?= |$)`;
const ACCOUNT_ACTION = new RegExp(
  `${REQUEST}(?:(?:lower|raise|drop|cut|reduce|increase|change|set|update|adjust|bump|bump up|put up|mark down|decrease|reprice|fix|make) (?:the |my |our |its |their )?(?:sale |selling |listing |list )?prices? (?:(?:of|on|for) (?:[^ ]+ ){1,4}?|__(?:sku|asin)__ )?(?:(?:up |down )?(?:to|by|at) |__(?:below|above)__(?! m_))|${PRICE_MOVE_ACTION}|${SEND_TO_SOMEONE_ACTION}|${MESSAGE_ACTION}|${CASE_ACTION}|${CAMPAIGN_SWITCH_ACTION}|${BUDGET_CHANGE_ACTION}|${BID_CHANGE}|${REFUND_ACTION}|${SEND_IN_ACTION}|${PURCHASE_ORDER_ACTION}|${RESCHEDULE_ACTION}|${TRANSFER_ACTION}|${PROMOTION_ACTION}|${SHIPMENT_ACTION}|${BOOKKEEPING_ACTION}|${REPLY_ACTION}|${LISTING_EDIT_ACTION}|${CAMPAIGN_CREATE_ACTION}|${KEYWORD_ACTION}|${BUDGET_MOVE_ACTION}|${SELLER_CENTRAL_SETTING_ACTION}|${AMAZON_SIDE_ACTION}|${INVOICE_ACTION})`,
);

/** Who wrote a review ("who left the 1-star review on the puzzle", "which buyer posted that rating"): a person Amazon does not name. */
const REVIEW_AUTHOR =
  /(?:^| )(?:who|which (?:customers?|buyers?|shoppers?|people|person|reviewers?|users?)) (?:has |have |had |is |was |keeps |kept )?(?:left|leave|leaving|wrote|write|writing|posted|post|posting|gave|give|giving|put|submitted|dropped)(?: [^ ]+){0,4} (?:reviews?|ratings?|feedback|stars?|comments?)(?= |$)|(?:^| )(?:names?|identity|profiles?) of (?:the |that |this )?(?:reviewers?|people who reviewed)(?= |$)/;

/**
 * A marketplace's own traffic ("how many shoppers visit amazon.de per day", "amazon's monthly visitors"): Amazon's
 * figures, not the seller's listings' sessions.
 */
const MARKET_TRAFFIC =
  /(?:^| )(?:shoppers|people|visitors|customers|users|buyers|consumers)(?: [a-z]+){0,2} (?:visit|visits|visited|use|uses|browse|browses|shop on|shop at|go (?:to|on)|come to|log (?:in|on)(?: to)?|are on) (?:the )?(?:amazon|__mkt__)(?= |$)|(?:^| )(?:amazon|__mkt__)(?:'s|s)? (?:(?:total|overall|monthly|daily|weekly|annual|yearly|site|web|website) ){0,2}(?:traffic|visitors|visits|user base|users|footfall)(?= |$)|(?:^| )(?:traffic|visitors|visits|users) (?:does|did|do|will) (?:the )?(?:amazon|__mkt__)(?: [a-z]+)? (?:get|gets|have|has|receive|see)(?= |$)/;

/**
 * The leading seller of a market on Amazon as a whole ("how much the biggest seller in pet supplies earns on Amazon",
 * "the top seller on amazon"): another business. "My biggest seller" is a product, so the seller's possessive is out.
 */
const AMAZON_LEADER =
  /(?:^| )the (?:biggest|largest|top|leading|number one|no 1|#1|best|most successful) sellers? (?:(?:in|of|for) (?:[^ ]+ ){1,3}?)?(?:on|across|in all of) amazon(?= |$)/;
/**
 * The number one thing of a kind on Amazon ("the #1 dog toy on Amazon", "the top selling yoga mat on amazon"): the
 * market's leader, whoever sells it, unless the seller's own words name it ("the #1 product I have on amazon").
 */
const AMAZON_NUMBER_ONE =
  /(?:^| )the (?:number one|no 1|#1|1|top|top selling|best ?selling|best-selling|leading|most popular) (?:(?!(?:my|our|i|we|me|us)(?: |$))[^ ]+ ){1,3}?(?:on|across|in all of) amazon(?= |$)/;
/**
 * The same leader on one Amazon site ("the top-selling yoga mat on amazon.de", "the #1 dog toy on amazon uk"), the
 * site masked as a marketplace: "on" a marketplace is its shop window, where "the top seller in Germany" may be the
 * seller's own. A kind of goods is named: "the top selling product on amazon.de last month" may be the seller's own
 * best product, as "top sellers on amazon.com" are. Read only where the seller says nothing of their own ("my
 * top-selling yoga mat on amazon.de").
 */
const SITE_NUMBER_ONE =
  /(?:^| )the (?:number one|no 1|#1|1|top|top selling|best ?selling|best-selling|leading|most popular|hottest) (?:(?!(?:my|our|i|we|me|us|of)(?: |$))[^ ]+ ){0,2}?(?!(?:products?|items?|things?|sellers?|skus?|asins?|listings?|ones?|earners?|performers?)(?: |$))[^ ]+ (?:on|across) (?:amazon )?__mkt__(?= |$)/;

/**
 * A change to the listing's own content, told as when something happened ("after the new bullet points went up", "since we
 * changed the product description"): the seller's figures around it are asked, not copy to be written.
 */
const LISTING_CONTENT = "(?:a\\+ content|bullet points?|product descriptions?|listing copy|enhanced brand content|ebc)";
const LISTING_CHANGE = new RegExp(
  `(?:since|after|before|when|once|from when|until) (?:(?:i|we) (?:updated|changed|rewrote|added|launched|published|uploaded|fixed|refreshed|edited|redid|improved|swapped) )?(?:the |my |our |its )?(?:(?:new|updated|changed|revised|latest|improved) )?${LISTING_CONTENT}(?= |$)`,
  "g",
);

/**
 * What an Amazon plan or programme costs anyone ("how much does a professional seller account cost", "the monthly fee
 * for a pro plan", "how much does it cost to sell on amazon"): Amazon's price list, not what the seller was charged. A
 * question with the seller's own side in it ("what did my pro plan cost me last month") asks for their fees.
 */
const PLAN =
  "(?:(?:amazon|professional|pro|individual|basic|seller|selling|vine|prime|subscription|monthly) ){1,3}(?:accounts?|plans?|subscriptions?|memberships?|tiers?|programmes?|programs?)|brand regist(?:ry|er)|amazon vine|vine enrol+ment";
const PLAN_PRICE = new RegExp(
  `(?:(?:^| )(?:how much|what|price|prices|cost|costs|fee|fees|charge|charges)(?: [a-z'_]+){0,5}? (?:an?|the|for|of)? ?(?:${PLAN})(?= |$)|(?:^| )(?:${PLAN}) (?:[a-z]+ ){0,2}(?:cost|costs|price|fee|fees)(?= |$)|(?:^| )(?:cost|costs|fees?|price) (?:to|of|for) sell(?:ing)? on (?:amazon|__mkt__)(?= |$))`,
);
const OWN_SIDE = /(?:^| )(?:my|our|me|i|we|us|mine|ours)(?= |$)/;
/**
 * An item that stands for any of its size, not one of the seller's ("for a 2 kg item", "on a 500g product", "a parcel
 * weighing 300 grams", "for a bulky item"): the fee Amazon's rate card sets for it, "as per the latest rate card".
 */
const WEIGHT_OR_SIZE = String.raw`\d+(?:\.\d+)? ?(?:kg|kgs|g|gr|grams?|kilos?|kilograms?|lbs?|oz|ounces?|cm|mm|inch|inches)`;
const ITEM = "(?:items?|products?|parcels?|packages?|boxes|box|units?|things?)";
const HYPOTHETICAL_ITEM = String.raw`(?:for|on|of) (?:a|an|one|each|every) (?:${WEIGHT_OR_SIZE}|heavy|light|small|large|big|bulky|typical|average) (?:[a-z-]+ )?${ITEM}|(?:a|an|one) ${ITEM} (?:weighing|that weighs|which weighs|of) ${WEIGHT_OR_SIZE}`;
/**
 * Amazon's fee schedule ("the referral fee percentage for electronics", "what does amazon charge on a small standard
 * item", "the FBA fee table for oversize"): a rate for a kind of goods anyone sells, not fees the seller paid. Asked of
 * the seller's own products, catalog or a period ("my referral fee rate on yoga mats", "referral fees last month") it
 * is their fees.
 */
const FEE_SCHEDULE = new RegExp(
  String.raw`(?:^| )(?:(?:referral|fba|fulfil+ment|storage|closing|selling|amazon(?:'s)?) (?:fees? )?(?:percentages?|percent|rates?|schedule|table|structure|tiers?|brackets?)|fees? (?:percentages?|rates?|schedule|table|structure|tiers?|brackets?)|(?:does|do|will|would) amazon (?:charge|take)|size tiers?|(?:small|large) standard(?: size)?|oversized?|rate cards?|price lists?|fee (?:cards?|calculator)|${HYPOTHETICAL_ITEM})(?= |$)`,
);
const OWN_CATALOG = /__(?:category|subcategory|asin|sku|campaign|time)__/;
/**
 * Fees or prices asked of the market as a rule ("are FBA fees in Poland cheaper than in Germany, generally", "what is
 * the standard referral fee in France", "storage fees typically go up in Q4?"): what Amazon charges anyone, not what the
 * seller paid. With the seller's side, catalog or a period in it ("what did I pay in FBA fees in Poland", "my fees
 * usually") they are the seller's own.
 */
const IN_GENERAL =
  /(?:^| )(?:generally|in general|usually|typically|normally|as a rule|on the whole|on average|standard|by default)(?= |$)/;
const MARKET_PRICE = /(?:^| )(?:prices?|pricing|costs?|charges?)(?= |$)/;
/** The seller's catalog said by its kind of goods ("for toys"): in a question asked in general, only the goods priced. */
const CATALOG_KIND = /__(?:category|subcategory)__/g;

/**
 * A marketplace the seller does not sell on yet ("before I start to sell there", "if we expand to amazon.fr", "I'm
 * thinking of selling in Spain", "we don't sell there yet"): its "I" owns no figures there, so what it costs is
 * Amazon's price list. "When I sell" alone is the seller's habit ("what does Amazon take when I sell a yoga mat").
 */
const NOT_SELLING_THERE_YET =
  /(?:^| )(?:(?:(?:before|if|until|in case) (?:i|we) (?:(?:start|begin|decide|plan|want|try|get|go|am going|are going)(?:ing)? (?:to )?)?|(?:once|when) (?:i|we) (?:start|begin|decide|plan|want|try|am going|are going)(?:ing)? (?:to )?)(?:sell|selling|list|listing|launch|launching|expand|expanding|open|opening|move|moving)|(?:i'm|i am|we're|we are|im) (?:thinking|considering|planning|looking|hoping)(?: (?:of|about|at|to|into))? (?:selling|launching|expanding|listing|going|sell|launch|expand|list)|(?:i|we) (?:(?:don't|do not|haven't|have not|didn't|did not) (?:yet )?(?:sell|sold|list|listed|launch|launched)(?: (?:there|in|on))? yet|(?:plan|want|intend|hope|would like|'d like|d like) to (?:start )?(?:sell|selling|list|launch|expand)))(?: there| (?:in|on|into|to) (?:(?:the )?__mkt__|there|it|that (?:market|marketplace|site)))?(?= |$)/g;

/**
 * A figure judged against what is good for everyone ("is 30% ACoS considered decent for pet products, generally
 * speaking", "would a 12% refund rate be seen as high in general"): a benchmark of the market, not the seller's own
 * figure, which names the seller or a period ("is my ACoS of 30% good compared to my target").
 */
const JUDGED =
  /(?:^| )(?:good|decent|reasonable|healthy|acceptable|ok|okay|fine|solid|respectable|normal|high|low|bad|poor|great|realistic|sustainable|average)(?= |$)/;
/** A figure a benchmark is given for: a rate or a percentage. */
const BENCHMARKED_FIGURE =
  /\d+(?:\.\d+)? ?(?:%|percent)|(?:^| )(?:acos|tacos|roas|cpc|ctr|margins?|markup|conversion(?: rate)?|(?:return|refund|click-through|click through|sell-through|sell through) rate|roi)(?= |$)/;
/** Said as the rule for everyone, which a kind of goods named in it does not make the seller's. */
const GENERAL_RULE = /(?:^| )(?:generally|in general|as a rule|generally speaking)(?= |$)/;
const SAID_OF_EVERYONE =
  /(?:^| )(?:considered|regarded as|seen as|deemed|thought of as|generally speaking|by industry standards|for most sellers|for (?:amazon )?sellers in general)(?= |$)/;

/**
 * When Amazon's fees change or apply ("when does q4 storage fee pricing kick in", "from what date do peak storage fees
 * start", "when will the new referral rates take effect"): Amazon's fee calendar, which no mirror of the past holds.
 */
const FEE_CALENDAR =
  /(?:^| )(?:when|from when|what date|which date|what month|which month|what day) (?:does|do|will|would|is|are|did amazon|does amazon)(?: [a-z_'%]+){0,6}? (?:kick in|kicks in|start|starts|begin|begins|apply|applies|take effect|takes effect|come in|comes in|come into effect|go up|goes up|increase|increases|rise|rises|change|changes|switch|end|ends|drop|go down|get (?:raised|increased|charged))(?= |$)|(?:^| )when (?:is|are|does|will) (?:the )?(?:[a-z_]+ ){0,3}(?:fees?|pricing|rates?|surcharges?) (?:increase|increases|change|changes|hike|hikes|rise|update|updates)(?= |$)/;

/**
 * How the seller gets Amazon's money at all ("how can I receive the amazon money in an Iraqi bank", "how do we get
 * paid out in Pakistan", "which banks are accepted for disbursements"): Amazon's payment rules and the world's banks,
 * not the payouts the mirror holds ("how much did Amazon pay me last week", "my payouts to my bank last month").
 */
const GETTING_PAID =
  /(?:^| )how (?:(?:can|could|do|does|should|would|will|to|is it possible to) )?(?:i |we |one |you |a seller )?(?:(?:can|could|am able to|be able to|go about) )?(?:to )?(?:receive|receiving|get paid|be paid|getting paid|withdraw|withdrawing|collect|cash out|take out|get (?:the |my |our )?(?:amazon )?(?:money|payments?|payouts?|funds|earnings|disbursements?))(?= |$)/;
const PAYMENT_WORDS =
  /(?:^| )(?:money|payments?|payouts?|paid|funds|earnings|disbursements?|proceeds|balance|bank|banks|account|card)(?= |$)/;
const BANK_ACCEPTED =
  /(?:^| )(?:banks?|bank accounts?|cards?|currenc(?:y|ies)|payment methods?) (?:(?:in|from|of) [a-z]+ )?(?:(?:is|are) (?:not )?)?(?:accepted|supported|allowed|eligible)(?= |$)|(?:^| )(?:banks?|bank accounts?|cards?|currenc(?:y|ies)|countries|payment methods?) (?:does|do|will|can) amazon (?:accept|support|work with|pay into|pay out to|send (?:money|payouts?) to)(?= |$)|(?:^| )(?:accepted|supported|eligible) (?:banks?|bank accounts?|countries|currencies|payment methods?)(?= |$)/;

/**
 * What others will do, asked of who does it ("who will win the buy box tomorrow", "who's going to undercut me next"):
 * a prediction of other sellers, which no mirror of the past holds.
 */
const WHO_WILL =
  /^(?:(?:so|and|ok|okay|but) )?(?:who|which (?:sellers?|competitors?|rivals?|brands?))(?: will| is going to| are going to|'s going to| is gonna|'s gonna| are gonna| might| may| would)(?= |$)/;

/**
 * How many businesses a marketplace has ("how many active sellers are there on amazon.de", "how many brands sell yoga
 * mats"): a count of the market, unless the seller's own side or listing is in it.
 */
const MARKET_COUNT = new RegExp(`(?:^| )how many (?:[a-z-]+ ){0,2}(?:sellers|${BUSINESSES}|shops|stores)(?= |$)`);

/**
 * What one currency is worth in another ("what's a euro worth in sterling today", "how many dollars is a pound",
 * "today's exchange rate", "the loonie against the US dollar today"): the world's prices, not the seller's figures. The
 * rate seller-ai uses for the seller's reports ("which exchange rate do my reports use") is asked of its settings.
 */
const CURRENCY_RATE =
  /(?:^| )(?:a|one|1|the) __currency__ (?:is |was )?(?:worth|in|to|against|vs|versus|__vs__)(?: in| against)? (?:a |the )?__currency__(?= |$)|(?:^| )how (?:much|many) __currency__ (?:is|are|for|to|in|buys?|gets?) (?:a|one|1|the) __currency__(?= |$)|(?:^| )__currency__ (?:to|against|vs|versus|__vs__) __currency__ (?:rate|rates|today|now|right now|at the moment)(?= |$)|(?:^| )(?:the )?__currency__ against (?:the )?__currency__ (?:rate|rates|now|right now|at the moment|lately|__time__)(?= |$)|(?:^| )(?:exchange|fx|forex|currency) rates?(?= |$)/;
const RATE_SETTING = /(?:^| )(?:use|uses|used|using|set|setting|settings|reports?)(?= |$)/;

/**
 * A ranking said to reach past the seller's own ("the best-selling yoga mat on amazon.de overall, not just mine",
 * "top sellers including other brands"): the market's, though the seller's possessive is in it.
 */
const BEYOND_OWN =
  /(?:^| )(?:not (?:just|only|simply) (?:mine|ours|my own|our own|my (?:products?|listings?|catalog|stuff|range)|our (?:products?|listings?|catalog|stuff|range))|(?:including|as well as|besides|beyond|other than|apart from|and not just) (?:mine|ours|my own|our own|other (?:sellers|brands)|competitors|everyone else|everybody else)|(?:mine|ours) and (?:everyone|everybody) else's|(?:mine|ours) and (?:other sellers|other brands|competitors|everyone else|everybody else))(?= |$)/;

/**
 * Another site by its address ("Walmart.com sessions for my listings", "my conversion on target.com"): another
 * platform's figures, which the Amazon mirror does not hold. Amazon's own addresses are its marketplaces.
 */
const OTHER_SITE =
  /(?:^| )(?![a-z0-9.-]*amazon)[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|co\.uk|de|fr|it|es|nl|ca|com\.au|io|shop|store)(?= |$)/;

/**
 * Amazon's calendar for getting stock in ("the last day I can ship into FBA for Christmas", "FBA's holiday cut-off
 * for inbound"): a deadline Amazon sets, not one of the seller's figures.
 */
const DEADLINE = /(?:^| )(?:last day|last date|latest (?:day|date)|deadlines?|cut-?offs?|cut off)(?= |$)/;
const GETTING_STOCK_IN =
  /(?:^| )(?:ship|shipping|send|sending|get|getting|inbound|fba|check in|checked in|arrive|arrives|receive|received)(?= |$)/;

/**
 * Stock written off for tax ("what can I write off in this tax year", "can the damaged units be written off against
 * tax"): how the taxman treats it. Stock written off alone ("which stock should I write off") is the seller's dead stock.
 */
const WRITE_OFF = /(?:^| )(?:write|writes|writing|wrote|written) (?:[^ ]+ ){0,4}?off(?= |$)|(?:^| )write-?offs?(?= |$)/;
const TAX = /(?:^| )(?:tax|taxes|taxable|hmrc|irs|taxman)(?= |$)/;

/**
 * Amazon's rules for everyone ("is Amazon planning to change its return policy", "what are the new seller guidelines on
 * Amazon", "amazon's terms of service for reviews"): a policy is Amazon's to set and announce, not a figure of the
 * seller's. Asked with the seller's own words ("returns on my dog toys since the policy changed") the returns are theirs.
 */
const RULES = /(?:^| )(?:polic(?:y|ies)|guidelines|terms of service|terms and conditions|tos|t&cs?|t and cs)(?= |$)/;
const AMAZON_NAMED = /(?:^| )amazon(?:'s|s)?(?= |$)/;

/**
 * Small talk asked of the assistant itself: its tastes ("do u like cats or dogs better", "would you rather be a puzzle
 * or a yoga mat", "what's your favourite dog toy") or what it is ("are you a robot"). Words that name the catalog
 * ("cats", "dogs", "puzzles") ask no figure there; with the seller's own words ("do you like my dog toy sales") it is
 * their data asked after all.
 */
const ASSISTANT_SMALL_TALK =
  /(?:^| )(?:do|would|did|don't|dont|wouldn't) (?:you|u|ya) (?:(?:really|even|personally|actually|honestly|secretly) )?(?:like|likes|love|prefer|enjoy|hate|fancy|rather)(?= |$)|(?:^| )(?:your|ur|you're|youre|you are) (?:fav(?:ou?rite)?|fave|favourite|favorite|(?:personal )?opinion (?:on|of|about))(?= |$)|(?:^| )(?:are|r) (?:you|u) (?:a |an )?(?:robot|bot|human|person|real|alive|conscious|sentient|ai|chatbot|machine)(?= |$)|(?:^| )(?:you|u) (?:a )?(?:cat|dog|morning|night) person(?= |$)/;

/** Who or what sells the most, said as a verb ("who sells the most puzzles"). */
const SELLS_MOST = /(?:^| )(?:sells?|sold|selling|moves?|moved|shifts?|shifted) the most(?= |$)/;

/**
 * What setting up a business costs or takes ("how much costs to open a company in Estonia", "fees for registering an
 * LLC in Wyoming", "what do I need to incorporate a GmbH", "cheapest country to set up a business for selling on
 * Amazon", "should I register as an LLC", "do we need to form a limited company first"): the world's price lists and
 * laws, not the seller's figures. Said as when something happened ("revenue since we started the business") it is the
 * seller's own history.
 */
const SETTING_UP_BUSINESS =
  /(?:^| )(?<!(?:since|after|before|when|from|until|once) )(?:open|opening|set up|setting up|start|starting|register|registering|form|forming|incorporate|incorporating|establish|establishing|create|creating) (?:up )?(?:as )?(?:a|an|the|my|our|your|new)(?: [a-z_'-]+){0,2}? (?:company|companies|business|llc|ltd|limited company|gmbh|corporation|corp|entity|sole proprietorship|sole trader|partnership|bank account|business account|merchant account|vat number|eori number|ein)(?= |$)|(?:^| )(?:company|business|llc|ltd|gmbh) (?:formation|registration|incorporation|set up|setup)(?= |$)|(?:^| )incorporation(?= |$)/;
const COST_OR_HOW =
  /(?:^| )(?:how much|costs?|costing|price|prices|pricing|fees?|expensive|cheap|cheaper|cheapest|budget|what do (?:i|we|you) need|(?:should|shall|must) (?:i|we)|do (?:i|we) (?:need|have) to|requirements?|paperwork|documents|steps|how (?:do|can|should|would) (?:i|we|you|one)|how to|how long|worth it|best (?:way|place|country|state))(?= |$)/;

/**
 * A product or figure said not to be the seller's ("the #1 yoga mat on amazon.de (not mine)", "someone else's best
 * seller", "a listing I don't own"): another business, whose own words ("mine") make nothing the seller's.
 */
const DISOWNED =
  /(?:^| )(?:not (?:mine|ours|my own|our own|(?:my|our) (?:products?|listings?|asins?|items?|brand|skus?|ones?))|someone else's|somebody else's|someone elses|somebody elses|anyone else's|another seller's|another brand's|other sellers'|other people's|(?:that|which) (?:i|we) (?:don't|do not|didn't) (?:sell|own|make|list|carry))(?= |$)/g;

/**
 * A benchmark of the whole market ("avg ACoS for yoga mats across all of amazon.com", "the industry benchmark for
 * TACoS", "typical conversion in the category, all sellers"): a figure of every seller, which the mirror does not hold.
 */
const INDUSTRY_FIGURE =
  /(?:^| )(?:industry|market|marketplace|sector|niche|amazon) (?:benchmarks?|standards?|norms?|averages?|wide)(?= |$)|(?:^| )(?:benchmarks?|averages?) (?:across|for|on|of) (?:the )?(?:industry|market|whole market|sector)(?= |$)/;

/**
 * Amazon's fee schedule asked as a rule, not the seller's fees: said in general or of a marketplace the seller does not
 * sell on yet, the kind of goods named ("for toys") is only what is priced; a period or a product of theirs is theirs.
 */
function asksFeeSchedule(said: string): boolean {
  const text = said.replace(NOT_SELLING_THERE_YET, " ").replace(/ {2,}/g, " ").trim();
  const notYet = text !== said;
  const general = IN_GENERAL.test(text) || notYet;
  if (!FEE_SCHEDULE.test(text) && !general) return false;
  if (!FEE_WORDS.test(text) && !(general && MARKET_PRICE.test(text))) return false;
  if (OWN_SIDE.test(text)) return false;
  const asRule = GENERAL_RULE.test(text) || notYet;
  return !OWN_CATALOG.test(asRule ? text.replace(CATALOG_KIND, " ") : text);
}

/** When Amazon's fees start or change, whoever asks. */
function asksFeeCalendar(text: string): boolean {
  return FEE_CALENDAR.test(text) && (FEE_WORDS.test(text) || MARKET_PRICE.test(text));
}

/** A figure, said without the seller's side or a period, judged against what is good for everyone. */
function judgedAgainstEveryone(text: string): boolean {
  if (!JUDGED.test(text) || !BENCHMARKED_FIGURE.test(text)) return false;
  if (!SAID_OF_EVERYONE.test(text) && !GENERAL_RULE.test(text)) return false;
  return !OWN_SIDE.test(text) && !/__(?:time|asin|sku|campaign)__/.test(text);
}

/**
 * What Amazon asks of a seller before letting them sell ("what documents does amazon need before I can sell in
 * grocery", "which invoices will Amazon want to ungate Beauty"): Amazon's requirements, not a figure of the seller's.
 */
const AMAZON_PAPERWORK =
  /(?:^| )(?:paperwork|documents?|documentation|certificates?|certifications?|invoices?|proof|licen[cs]es?)(?: [a-z]+){0,2} (?:does|do|will|would|did) amazon (?:want|need|require|ask for|accept|expect)(?= |$)|(?:^| )amazon (?:wants?|needs?|requires?|asks? for|expects?)(?: [a-z]+){0,3}? (?:paperwork|documents|documentation|certificates?|certifications?|licen[cs]es?)(?= |$)/;

/** How Amazon's money reaches the seller at all, or which banks it pays into. */
function asksHowToGetPaid(text: string): boolean {
  return (GETTING_PAID.test(text) && PAYMENT_WORDS.test(text)) || BANK_ACCEPTED.test(text);
}

/** The detector for the out-of-domain word lists, built once per list. */
export function worldDetector(ood: OutOfDomain): WorldDetector {
  const known = detectors.get(ood);
  if (known) return known;
  const phrases = new PhraseIndex(ood.world_phrases.map((p) => [p, true] as const));
  // Seller phrases that hold a world phrase ("price history of", "return policy"): the longer phrase wins.
  const exceptions = new PhraseIndex((ood.world_phrase_exceptions ?? []).map((p) => [p, true] as const));
  const subjects = new PhraseIndex(ood.world_subjects.map((p) => [p, true] as const));
  const verbs = new Set(ood.subject_verbs);
  const own = new Set(ood.own_words);
  const detector: WorldDetector = {
    actsOnTheAccount(text: string): boolean {
      return ACCOUNT_ACTION.test(text);
    },
    aboutTheWorld(said: string): boolean {
      // What the seller says is not theirs makes nothing of it theirs, and asks of another's ranking or figures.
      const text = said.replace(DISOWNED, " ").replace(/ {2,}/g, " ").trim();
      if (text !== said && (ANY_RANKING.test(text) || MARKET_RANKING.test(text) || SELLS_MOST.test(text))) return true;
      if (INDUSTRY_FIGURE.test(text)) return true;
      if (SETTING_UP_BUSINESS.test(text) && COST_OR_HOW.test(text)) return true;
      if (ARITHMETIC.test(text) || UNIT_CONVERSION.test(text) || OTHER_SEARCH.test(text) || CLOCK_ALARM.test(text))
        return true;
      if (PERSONAL_DATA.test(text) && PEOPLE.test(text)) return true;
      if (asksWarehouseFacts(text) || asksUnmirroredFigure(text)) return true;
      if (asksMarketPopulation(text) || asksSportsResult(text)) return true;
      if (asksMarketShare(text) || asksAboutBusinessModel(text)) return true;
      if (asksLifeRisks(text) || asksMarketTiming(text) || asksEnteringAMarket(text)) return true;
      if (
        AMAZON_LEADER.test(text) ||
        AMAZON_NUMBER_ONE.test(text) ||
        ACCOUNT_ACTION.test(text) ||
        REVIEW_AUTHOR.test(text) ||
        MARKET_TRAFFIC.test(text)
      )
        return true;
      if (MARKET_BENCHMARK.test(text) || INVESTING.test(text) || OTHER_SITE.test(text)) return true;
      if (DEADLINE.test(text) && GETTING_STOCK_IN.test(text)) return true;
      if (WRITE_OFF.test(text) && TAX.test(text)) return true;
      if ((CURRENCY_RATE.test(withCurrencyNicknames(text)) && !RATE_SETTING.test(text)) || asksExchangeRate(text))
        return true;
      if (asksAmountConverted(text)) return true;
      if (BEYOND_OWN.test(text) && (ANY_RANKING.test(text) || MARKET_RANKING.test(text) || SELLS_MOST.test(text)))
        return true;
      const ownSide = /(?:^| )(?:my|our|me|i|we|mine|ours)(?= |$)/.test(text);
      if (PLAN_PRICE.test(text) && !OWN_SIDE.test(text)) return true;
      if (asksFeeSchedule(text) || asksFeeCalendar(text) || judgedAgainstEveryone(text)) return true;
      if (asksHowToGetPaid(text) || AMAZON_PAPERWORK.test(text)) return true;
      if (WHO_WILL.test(text)) return true;
      // The offers on one of the seller's listings are counted in the mirror ("how many other sellers offer B0…").
      if (MARKET_COUNT.test(text) && !OWN_SIDE.test(text) && !/__(?:asin|sku)__|(?:^| )listings?(?= |$)/.test(text))
        return true;
      if (!ownSide && ASSISTANT_SMALL_TALK.test(text)) return true;
      if (!ownSide && (MARKET_LEADERS.test(text) || WHO_LEADS.test(text) || SITE_NUMBER_ONE.test(text))) return true;
      if (WHO_IS_THE_LEADER.test(text) && !OWN_SIDE.test(text.replace(ASKED_OF_ME, " "))) return true;
      // What sells best on the whole marketplace ("what's selling best all over amazon.com"), whoever sells it.
      if (
        !ownSide &&
        MARKET_SCOPE.test(text) &&
        (ANY_RANKING.test(text) || MARKET_RANKING.test(text) || SELLS_BEST.test(text))
      )
        return true;
      // A benchmark said of the whole marketplace ("average ACoS across all of amazon.com").
      if (!ownSide && MARKET_SCOPE.test(text) && words(text).some((t) => BENCHMARK_WORDS.has(t))) return true;
      // An amount said of the whole marketplace ("how many units will the whole category sell, all sellers combined").
      if (!ownSide && MARKET_SCOPE.test(text) && MARKET_AMOUNT.test(text)) return true;
      const kept = [
        ...exceptions.find(text),
        ...[
          ...text.matchAll(AMAZON_MONEY),
          ...text.matchAll(AMAZON_WAREHOUSE),
          ...text.matchAll(LISTING_CHANGE),
          ...text.matchAll(DESCRIBED_PRODUCT),
        ].map((m) => ({
          start: m.index,
          end: m.index + m[0].length,
        })),
      ];
      const excepted = (m: { start: number; end: number }) => kept.some((k) => k.start <= m.start && m.end <= k.end);
      if (phrases.find(text).some((m) => !excepted(m))) return true;
      const tokens = words(text);
      if (tokens.some((t) => own.has(t))) return false;
      // A market benchmark ("the average conversion rate on Amazon"), not the seller's own figure.
      if (tokens.some((t) => BENCHMARK_WORDS.has(t)) && /(?:^| )on amazon(?: |$)/.test(text)) return true;
      if (RULES.test(text) && AMAZON_NAMED.test(text)) return true;
      // What sells on Amazon at large ("the best selling toys on amazon this christmas"), not the seller's own.
      if (MARKET_RANKING.test(text) && /(?:^| )on amazon(?: |$)/.test(text)) return true;
      // "who sells the most yoga mats": another seller, unless the seller's own side is in it ("who sells for less than
      // me", "who else sells B0HKCOOK01": the offers on the seller's own listing).
      if (OTHER_SELLER.test(text) && !/__(?:asin|sku)__/.test(text)) return true;
      // Another company or person, or Amazon as the subject ("did Amazon make", "Amazon's revenue").
      for (const m of subjects.find(text)) {
        if (excepted(m)) continue;
        if (!m.phrase.startsWith("amazon")) return true;
        if (m.phrase !== "amazon") return true;
        // "what amazon has deposited", "what did amazon pay me": the seller's own payouts and fees.
        if (AMAZON_PAYS.test(text.slice(m.end).trim())) continue;
        if (AMAZON_CHARGES.test(text.slice(m.end).trim()) && FEE_WORDS.test(text)) continue;
        const after = words(text.slice(m.end));
        if (after.slice(0, 2).some((t) => verbs.has(t))) return true;
      }
      return false;
    },
  };
  detectors.set(ood, detector);
  return detector;
}
