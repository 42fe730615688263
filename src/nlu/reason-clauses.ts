import { DOCUMENT, DOCUMENT_OWNER } from "./figure-purposes.js";
import { PLAN_AHEAD } from "./plans-ahead.js";
import { SELLERS_CIRCUMSTANCE } from "./seller-circumstances.js";
import { straightApostrophes } from "./text.js";
/**
 * Why the seller asks, said in a clause beside the question: a purpose ("before we restock the dog beds", "to judge
 * whether Beauty earns its place", "deciding which get more stock next spring", "we're planning a shipment to
 * Amazon") or who will receive the figure ("I have to send it to my account manager", "the accountant needs them").
 * The clause that asks decides the intent and its metric: the reason's words ("restock", "shipment", "3PL count",
 * "next quarter's budget") only tell the occasion, and whoever receives a figure does not make it theirs.
 */

/**
 * Where one clause ends and the next starts: a stop, a comma or a colon, a dash between words, or a cause given after
 * the question without a comma, as texting gives it ("profit for October bc my mom thinks it's a hobby").
 */
const CLAUSE_BREAK =
  /(?<=[.!?;:,])\s+(?=\S)|\s+[-–—]+\s+|\s+(?=(?:because|'cause|cause|coz|cos)\s+(?!of\b)(?:my|our|the|i|i'm|im|we|we're|it|it's|its|this|that|he|she|they|someone|somebody)\b)/i;

/**
 * Why the seller asks, given as a cause: "because my mom still thinks this is a hobby", "cos the bank wants it". A
 * cause of what the data shows ("because of the new campaign") is part of the question.
 */
const CAUSE = /^(?:(?:so|and|but|just) )*(?:because|'cause|cause|coz|cos) (?!of )/;

/** Whom a seller meets about their figures: who they buy from or sell to, who lends, invests, advises or keeps books. */
const PARTNER =
  "(?:accountants?|bookkeepers?|cpas?|suppliers?|manufacturers?|factory|wholesalers?|distributors?|buyers?|retailers?|bank|banker|bank manager|lenders?|investors?|board|partners?|business partner|account manager|agency|agents?|brokers?|forwarders?|3pl|va|team|boss|clients?|mentor|coach|consultants?|advisers?|advisors?)";

/** Words that may open a clause without changing what it says ("so", "and", "but"). */
const LEAD = "(?:(?:so|and|but|also|just|because|cos|cause|as) )*";
const WE = "(?:i|we|i'm|im|we're|i am|we are|i've|we've|i'll|we'll)";

/** A purpose or an occasion the seller is in the middle of or about to start. */
const PURPOSE = new RegExp(
  `^${LEAD}(?:` +
    // "before we restock the dog beds", "ahead of placing the PO"
    `(?:before|ahead of) (?:${WE}|placing|booking|setting|sending|ordering|reordering|planning|deciding|launching|making|doing|running)` +
    // "to judge whether Beauty earns its place", "so I can work out the budget"
    `|(?:(?:in order )?to|so (?:that )?${WE} can|so (?:that )?${WE} know|to help me) (?:decide|choose|pick|work out|figure out|plan|budget|judge|weigh up|prepare|sort out|settle)` +
    // "I need to decide what gets the Black Friday deal", "we have to pick which lines go in the catalogue"
    `|${WE} (?:need|have|want|got|must|'ve got) to (?:decide|choose|pick|plan|settle on)` +
    // "deciding which get more stock next spring", "planning next quarter's budget", "sizing the next PO off it",
    // "I'm writing the monthly investor update", "drafting the board memo"
    `|(?:${WE} (?:just |currently |still |now )?)?(?:deciding|planning|budgeting|preparing|prepping|reconciling|forecasting|sizing|costing|scheduling|estimating|calculating|filling in|working out|putting together|writing(?: up)?|drafting|compiling|sorting out|trying to (?:decide|work out|figure out|plan)|thinking (?:about|of) (?:whether|if|how))` +
    // "I'm thinking about dropping it", "considering discontinuing that line", "we might delist it": a product weighed
    // for the range is the occasion, not a fall in its sales. Only a product pointed at: "dropping one of my
    // categories" says what the question is about.
    `|(?:${WE} (?:just |currently |still |now |seriously |kind of |kinda )?)?(?:thinking (?:about|of)|considering|contemplating|weighing up|(?:might|may|could|want to|plan to|planning to|going to|gonna)(?: have to)?)(?: maybe)? (?:dropping|drop|ditching|ditch|discontinuing|discontinue|delisting|delist|axing|axe|killing|kill|retiring|retire|binning|bin|phasing out|phase out|phasing|phase|pulling|pull)(?: (?:it|them|this|that|those|these|(?:the|that|this|those|these) (?:one|ones|product|products|item|items|sku|skus|asin|asins|listing|listings|line|lines))(?: (?:out|off|for good|altogether|entirely|completely))?)?$` +
    // "closing off the VAT return", "finishing the year-end accounts", "doing the books": a piece of paperwork under way.
    // An order being done ("I'm doing a new order from China, how many of each?") is what the question sizes.
    `|(?:${WE} (?:just |currently |still |now )?)?(?:closing|finishing|finali[sz]ing|wrapping up|completing|filing|submitting|doing|tidying up|catching up on)(?: off| out| up)? (?:the|my|our|this|this year's|last year's|this month's|last month's|the quarter's|a)(?! (?:new |next |big |fresh )?(?:orders?|re-?orders?|pos?|purchase orders?)(?= |$))` +
    // "I'm making the quarterly board deck", "building my investor slides", "updating the client report": a document
    // the seller is making, which the answer goes into; making money ("I'm making a loss") names no document.
    `|(?:${WE} (?:just |currently |still |now |busy )?)?(?:making|building|creating|updating|working on|pulling together|throwing together|finishing|doing) (?:${DOCUMENT_OWNER} )?(?:[a-z'-]+ ){0,2}?${DOCUMENT}` +
    // "we're matching them against the 3PL count", "I'm squaring it with the bank"
    `|${WE} (?:just |currently |still |now )?(?:checking|matching|cross-checking|comparing|squaring|reconciling) (?:it|this|that|them|these|those|the (?:figures?|numbers?|totals?)) (?:against|with|to)` +
    `)(?= |$)`,
);

/** Who will receive the figure: another person or office, told as the reason for asking. */
const RECIPIENT = new RegExp(
  `^${LEAD}(?:` +
    // "I have to send it to my account manager", "I've got to show the bank"
    `${WE} (?:need|needs|have|has|got|want|wants|must) (?:to )?(?:show|send|give|forward|pass|share|report|email|hand|present)(?= |$)` +
    // "my accountant needs them", "the supplier asked for it", "the bank wants the totals"
    `|(?:my|our|the) (?:[a-z'&]+ ){0,3}?(?:needs|wants|asked for|is asking for|has asked for|requested|requires|is waiting (?:on|for)) (?:it|this|that|them|these|those|the (?:figures?|numbers?|totals?|breakdown|report|data))` +
    // "it's for my accountant", "this is for the bank"
    `|(?:it's|its|it is|this is|that's|thats) for (?:my|our|the)` +
    // "she's finishing the year-end accounts", "he's doing my taxes": what the person who wants it is busy with
    `|(?:she|he)(?:'s| is|'s been| has been) (?:just |now |still |currently )?[a-z]+ing` +
    `)(?= |$)`,
);

/**
 * A meeting ahead, told as the occasion for asking: "I'm meeting a potential investor on Monday", "we've got a call
 * with the bank tomorrow", and as notes write it, without "I" ("Meeting my supplier on Monday", "Lunch with the
 * wholesaler Friday", "Seeing my accountant Thursday"). Its day is when the meeting is, not the period asked about.
 * Meeting a target ("meeting my ACoS goal this month") is how a figure stands, no meeting.
 */
const MEETING_AHEAD = new RegExp(
  `^${LEAD}(?:${WE} )?(?:(?:just|currently|still|now|about|going|due|off) (?:to )?)?(?:(?:meeting|pitching to|presenting to|talking to|speaking (?:to|with)|sitting down with|catching up with|(?:have|having|got|have got) (?:a |an |the )?(?:[a-z]+ )?(?:meeting|call|catch ?up|review|pitch|presentation|sit down)(?: (?:with|for|on|this|next|tomorrow|today|tonight|later|at|in))?)(?! (?:my|our|the|this|that|its|their)(?: [a-z'&-]+){0,3}? (?:targets?|goals?|quotas?|budgets?|deadlines?|demand|forecasts?|expectations?|minimums?)(?= |$))|seeing (?:my|our|the|a|an) (?:[a-z'&-]+ ){0,2}?${PARTNER}|(?:(?:have|having|got|have got) (?:a |an )?)?(?:lunch|dinner|drinks|coffee|breakfast|a call|call|zoom|teams call|meeting|catch ?up|sit down|review) (?:with|w/) (?:my|our|the|a|an|some)(?= |$))(?= |$)`,
);

/**
 * A worry told beside the question ("I'm worried the overstock is eating us alive", "we're nervous about Q4"): how the
 * seller feels, not what is asked, when the question names its own figure.
 */
const WORRY = new RegExp(
  `^${LEAD}(?:${WE} (?:(?:really|a bit|a little|quite|so|very|getting|just|genuinely|honestly|kind of|kinda) )*(?:worried|concerned|afraid|scared|nervous|anxious|panicking|freaking out|stressing|stressed)|(?:i|we) (?:(?:really|do) )?(?:worry|fear))(?= |$)`,
);

/**
 * A self-check said before or after the question ("I'm not imagining it", "we're not missing anything big, are we?",
 * "am I?", "or is it just me?"): it asks nothing of the data, the clause beside it does.
 */
const HEDGE = new RegExp(
  `^${LEAD}(?:(?:tell me|please tell me) )?(?:${WE}|i'm|im) not (?:just )?(?:imagining|dreaming|seeing things|making (?:it|this|that) up|crazy|mad|going mad|wrong|missing|overlooking|losing (?:my|our) minds?|paranoid)(?= |$)` +
    `|^(?:am|are|is|was|were|do|does|did|have|has|isn't|aren't|wasn't|weren't|don't|doesn't|didn't|haven't|hasn't) (?:i|we|it|they|there)$|^(?:right|no|yeah|eh|surely|correct)$` +
    // "…since November, or is it just my fees?", "…or was it only a slow week": the seller's own second guess after the
    // question, which the question's answer settles.
    `|^or (?:is|was|are|were|am|has|have|could|might) (?:it|that|this|i|we|they|there)(?: (?:be|been|all))? (?:just|only|simply|merely)(?= |$)` +
    // "TACoS this month so far, is it creeping up?", "ACoS in the UK, is that going up again": whether the figure asked
    // rises or falls, said after it, which the figure of the period answers.
    `|^${LEAD}(?:is|are|has|have|was) (?:it|that|this|they)(?: been)?(?: (?:still|slowly|gradually|really|actually|maybe|finally|now))? (?:creeping|edging|ticking|inching|trending|going|climbing|rising|drifting|sliding|slipping|falling|dropping|getting|heading|moving)(?: (?:up|down|upwards|downwards|higher|lower|worse|better))?(?: (?:again|lately|recently|at all|or not))?$`,
);

/**
 * What the seller expects of the answer, told beside the question ("the dog beds should be picking up with the cold",
 * "it ought to be better than last year", "those mats must have sold well"): a remark, not a ranking or a trend asked.
 * A number in it is a figure told ("my target ACoS should be 25%") and is left to be read; a doubt about a figure
 * quoted ("that might be its lifetime figure") is the quote's, left with it.
 */
const EXPECTATION = new RegExp(
  `^${LEAD}(?:hopefully |surely |probably |i guess |i think )?(?:(?:the|my|our|those|these|that|this) (?:[a-z'&-]+ ){0,4}?|(?:it|they|things|sales) )(?:should|must|ought to|will|is going to|are going to|is gonna|are gonna)(?: (?:really|surely|definitely|probably|already|now|soon|all|hopefully))? (?:be|have|start|pick|get|go)(?= )(?![^?]*\\d)[^?]*$`,
);

/**
 * What a date the question gave stands for, said after it ("since 1 April, when our financial year started", "from
 * March 3rd, which is when we launched in Germany"): why that day, not another period or question.
 */
const DATE_NOTE = new RegExp(
  `^${LEAD}(?:(?:which|that)(?: is|'s| was) )?when (?:our|my|the|we|i)(?: [a-z'&-]+){0,4}? (?:start|starts|started|begin|begins|began|kicks? off|kicked off|opens?|opened|ends?|ended|closes?|closed|launch|launches|launched|went live|goes live|go live|rolls? over|rolled over|resets?|turns? over|turned over)(?= |$)`,
);

/**
 * Inside an occasion said without a comma ("before we restock the beds I want to know…"), where the question starts:
 * a request, not a question word ("before I decide which ones to cut" is still the occasion).
 */
const OCCASION = /^(?:before|ahead of) /i;
const ASKING_START =
  /\s(?=(?:i|we) (?:need|want|would like|'d like) to (?:know|see|check)\b|(?:can|could|would) you\b|(?:show|tell|give) me\b)/i;
/**
 * A plan under way joined to its request by "and" ("I'm planning next year's budget and want to see…", "we're
 * deciding on the range and need to know…"): the request starts after the "and".
 */
const PLAN_THEN_ASKING =
  /\s+and\s+(?=(?:(?:i|we) )?(?:need|want|would like|'d like) to (?:know|see|check|find out)\b|(?:can|could|would) you\b|(?:show|tell|give) me\b)/i;

/**
 * How the seller keeps their own sheet, told beside the question ("I split every month into two halves in my
 * spreadsheet", "we log each week on its own tab", "my UK tab has it by day"): the layout of their records, never a
 * breakdown or a count asked of the data. A request for the sheet ("I need it for my spreadsheet") is not one.
 */
const OWN_RECORDS = new RegExp(
  `^${LEAD}(?:${WE}|(?:my|our) (?:[a-z'&]+ )?(?:spreadsheet|sheet|tab|workbook|ledger|books|tracker|records))(?!.*\\b(?:need|needs|want|wants|would like|'d like|show|give|tell|send)\\b)(?: [a-z0-9'&-]+)*? (?:in|on|into|across|onto) (?:my|our|the|a|its|their) (?:[a-z'&]+ )?(?:spreadsheets?|sheets?|tabs?|workbooks?|ledgers?|books|trackers?|columns?)(?= |$)` +
    `|^(?:my|our) (?:[a-z'&]+ )?(?:spreadsheet|sheet|tab|workbook|ledger|tracker)s? (?:has|have|keeps?|splits?|shows?|lists?|breaks?|groups?|is|are)(?= |$)`,
);

/**
 * Someone outside the seller's own asking what the request after which it is told will answer ("Stock levels by ASIN
 * for Mexico, inbound included - the customs broker asked what's still on the water", "…, my forwarder wants to know
 * which containers are at sea"): why the seller asks, told after the request. Whoever asks (a broker, a forwarder, a 3PL)
 * and what they deal in (customs, the water, the port) are not what the seller asks of the data. Said first, before any
 * request, it is the question itself, relayed.
 */
const ASKED_BY_SOMEONE = new RegExp(
  `^${LEAD}(?:my|our|the|a|an) (?:[a-z0-9'&-]+ ){0,3}?(?:asked|asks|is asking|was asking|'s asking|keeps asking|kept asking|has asked|has been asking|'s been asking|wants to know|wanted to know|needs to know|would like to know|is wondering|was wondering)(?: (?:me|us))?(?: again)?(?: about)? (?:what|what's|whats|which|how|how's|where|when|whether|if)(?= |$)`,
);

/**
 * What someone or something else said, told before or after the question ("Seller Central's digest says sales are
 * \"trending up\"", "3PL says the inbound trucks are delayed", "my VA reckons Beauty is flat"): their words, quoted or
 * not, are what the seller reacts to, not what is asked; the clause that asks decides.
 */
const REPORTED = new RegExp(
  `^${LEAD}(?!(?:i|we|you|what|which|how|why|when|where|who|does|did|do|is|are|can|could|will|would)\\b)(?:[a-z0-9'&.-]+ ){1,5}?(?:says|said|claims|claimed|shows|showed|is showing|was showing|reckons|reckoned|reports|reported|is reporting|tells me|told me|told us|is saying|was saying|keeps saying|mentioned|flagged|warned|warns|notified (?:me|us)|emailed|messaged|wrote)(?= |$)`,
);

/**
 * The seller's own history told beside the question ("I've only been on .com since the summer", "we launched in the
 * UK in March", "I started selling in Germany in May"): when the shop began somewhere, not the period asked about when
 * the request names its own.
 */
const BACKGROUND = new RegExp(
  `^${LEAD}${WE} (?:(?:only|just|first|originally|recently|actually|really) )*(?:(?:have |has )?been (?:selling |trading |live |listed )?(?:on|in|at)|(?:started|began|launched|opened|joined|went live|moved|expanded|listed)(?: selling| trading| live| listed| up)?(?: (?:on|in|into|to|at))?)(?= |$)`,
);
/** Where a told history gives way to its request: "…since the summer but show me…". */
const BUT_THEN = /\s+but\s+(?=\S)/i;

/** A clause that only goes on describing the one before it ("…the bank statement, which shows 3 deposits"). */
const RELATIVE = /^(?:which|who|whose)\b/i;

/**
 * A meeting ahead joined to what the seller wants for it by "and" or "so" ("I've got a supplier meeting on Monday and
 * want to walk in with the Q3 revenue"): the request starts after the "and", whatever the seller means to do with the
 * figure.
 */
const MEETING_THEN_WANTING =
  /\s+(?:and|so|and so)\s+(?=(?:(?:i|we|i'd|we'd) )?(?:need|want|would like|'d like|like)\b)/i;

/** Where the request inside a clause that opens with a purpose or an occasion starts, and where the purpose ends. */
function askingInsidePurpose(c: string): { end: number; start: number } | undefined {
  const lower = c.toLowerCase();
  const meeting = MEETING_AHEAD.test(straightApostrophes(lower)) ? MEETING_THEN_WANTING.exec(c) : null;
  if (meeting && meeting.index > 0) return { end: meeting.index, start: meeting.index + meeting[0].length };
  // "I've only been on .com since the summer but show me…": the history told, then the request after "but".
  const history = BACKGROUND.test(straightApostrophes(lower)) ? BUT_THEN.exec(c) : null;
  if (history && history.index > 0) return { end: history.index, start: history.index + history[0].length };
  if (!PURPOSE.test(lower)) return undefined;
  const joined = PLAN_THEN_ASKING.exec(c);
  if (joined && joined.index > 0) return { end: joined.index, start: joined.index + joined[0].length };
  const start = OCCASION.test(lower) ? ASKING_START.exec(c) : null;
  return start && start.index > 0 ? { end: start.index, start: start.index } : undefined;
}

export interface ReasonsApart {
  /** The clauses that ask, in their order. */
  asking: string;
  /** The clauses that only tell why. */
  reasons: string[];
  /** Those of them that tell a worry, which leave the question its own figure to name. */
  worries: string[];
  /** Those of them that tell of a meeting ahead, whose day is not the period asked about. */
  meetings: string[];
  /** Those of them that tell of a plan ahead ("I have some budget left over for December"), whose period is to come. */
  plans: string[];
  /** Those of them that second-guess the question ("or is it just my fees?"), which may still narrow its scope. */
  hedges: string[];
  /** Those of them that tell what someone or something else said ("the digest says…"). */
  reports: string[];
  /** Those of them that tell the shop's history ("I've only been on .com since the summer"), whose place is asked of. */
  histories: string[];
}

/** The question without the clauses that tell why it is asked; undefined when there are none or nothing else. */
export function reasonsApart(text: string): ReasonsApart | undefined {
  const clauses: string[] = [];
  for (const clause of text.split(CLAUSE_BREAK)) {
    const c = clause.trim();
    if (!/[a-z]/i.test(c)) continue;
    // A purpose and its question run together without a comma: split where the question starts.
    const inside = askingInsidePurpose(c);
    if (inside) clauses.push(c.slice(0, inside.end).trim(), c.slice(inside.start).trim());
    else clauses.push(c);
  }
  if (clauses.length < 2) return undefined;
  const isReason = (c: string) => {
    const lower = lowered(c);
    return (
      PURPOSE.test(lower) ||
      CAUSE.test(lower) ||
      OWN_RECORDS.test(lower) ||
      RECIPIENT.test(lower) ||
      WORRY.test(lower) ||
      HEDGE.test(lower) ||
      EXPECTATION.test(lower) ||
      MEETING_AHEAD.test(lower) ||
      DATE_NOTE.test(lower) ||
      BACKGROUND.test(lower) ||
      PLAN_AHEAD.test(lower) ||
      // "…, I've got a long flight up to Auckland": where the seller will read the answer, not a trip asked about.
      SELLERS_CIRCUMSTANCE.test(lower)
    );
  };
  // A relative clause after a reason ("I'm matching it against the bank statement, which shows 3 deposits") says more
  // of what the reason is about: its figures are the statement's, not the question's.
  // What someone else said opens the message, as its trigger: said later ("…, and a vet blog mentioned them.") it
  // is part of the story the sentences around it tell.
  const told = clauses.map((c, i) => isReason(c) || (i === 0 && REPORTED.test(lowered(c))));
  // Someone's question told after a request of the seller's own is why the seller asks.
  for (let i = 1; i < clauses.length; i++)
    if (!told[i] && told.slice(0, i).some((t) => !t) && ASKED_BY_SOMEONE.test(lowered(clauses[i]))) told[i] = true;
  // A sentence of its own ("… to free up cash. Which product sold least?") asks, and so does one that ends asking.
  for (let i = 1; i < clauses.length; i++)
    if (told[i - 1] && /,$/.test(clauses[i - 1]) && RELATIVE.test(clauses[i]) && !/\?$/.test(clauses[i]))
      told[i] = true;
  const reasons = clauses.filter((_c, i) => told[i]);
  const asking = clauses.filter((_c, i) => !told[i]);
  if (reasons.length === 0 || asking.length === 0) return undefined;
  const worries = reasons.filter((c) => WORRY.test(straightApostrophes(c.toLowerCase())));
  const meetings = reasons.filter((c) => MEETING_AHEAD.test(straightApostrophes(c.toLowerCase())));
  const plans = reasons.filter((c) => PLAN_AHEAD.test(lowered(c)));
  const hedges = reasons.filter((c) => HEDGE.test(straightApostrophes(c.toLowerCase())));
  const histories = reasons.filter((c) => BACKGROUND.test(straightApostrophes(c.toLowerCase())));
  const reports = told[0] && REPORTED.test(lowered(clauses[0])) ? [clauses[0]] : [];
  return { asking: joinClauses(asking), reasons, worries, meetings, plans, hedges, histories, reports };
}

/** A clause in lower case, without its closing marks and with straight apostrophes. */
function lowered(clause: string): string {
  return straightApostrophes(clause.toLowerCase().replace(/[.!?;:,]+$/, ""));
}

/** Clauses joined back into one text: a comma between them, unless a clause already ends with its own mark. */
function joinClauses(clauses: string[]): string {
  return clauses.reduce((text, c) => (!text ? c : /[.!?;:,]$/.test(text) ? `${text} ${c}` : `${text}, ${c}`), "");
}

/** A back-reference to a category the reason named ("what did that category bring in"). */
export const CATEGORY_BACK_REFERENCE = /\b(?:that|this|the same|said) (?:category|range|department|section)\b/i;
/**
 * …to the things or the place the reason was about ("which Home & Kitchen items to drop… Which ones sold the fewest",
 * "a bigger push into Japan… what are competitors selling there"): the question is asked of the reason's scope.
 */
export const SCOPE_BACK_REFERENCE =
  /\b(?:which ones|the ones|those|these|them|they|there|that (?:market|marketplace|country|store|region))\b/i;
/** …to a product the reason named ("how many of that one did I sell"). */
export const PRODUCT_BACK_REFERENCE = /\b(?:that|this|the same|said) (?:product|item|sku|asin|listing|one)\b/i;

/**
 * Someone of the seller's business asking through them, before the question itself ("Client asked which SKU was their
 * number one earner", "my accountant wants to know how much VAT…", "the boss is asking what we sold"). The client's
 * account is the one the seller runs, so their "their" is the seller's own.
 */
const RELAYED =
  /^(?:(?:so|ok|okay|hey|right|quick one)[,\s]+)*(?:(?:my|our|the|a|one of (?:my|our|the)) )?(?:[a-z'&-]+ ){0,2}?(clients?|accountant|bookkeeper|boss|bank|investors?|partner|business partner|account manager|manager|cfo|co-?founder|team|va|assistant)(?: just| also| has| had| again)? (?:asked|asks|is asking|was asking|keeps asking|has asked|wants to know|wanted to know|needs to know|would like to know|asked me|asked us)(?: (?:me|us))?[,:]?\s+(?=(?:which|what|what's|how|how's|how'd|how many|how much|where|when|why)\b)/i;

/**
 * Whoever asks a seller for their figures from outside the shop: the accountant, a lender, an auditor, an office a
 * form goes to. What they are ("the bank's loan officer", "my tax adviser") names who wants the answer, not a subject.
 */
const REQUESTER =
  "(?:clients?|accountants?|cpas?|bookkeepers?|book keepers?|auditors?|tax (?:advisers?|advisors?|preparers?)|advisers?|advisors?|bank|banks|bank manager|lenders?|loan officers?|officers?|underwriters?|investors?|shareholders?|board|partner|business partner|boss|cfo|co-?founders?|account manager|office|council|agency|grant body|insurers?)";

/**
 * Someone outside the shop wanting a figure, before the figure itself ("CPA needs 2025 net profit…", "The bank's loan
 * officer wants revenue month by month…", "my investor asked for the Q3 refunds"): the figure is the request, whatever
 * the requester is called. A deed wanted ("the bank wants me to…", "needs to sign") is no figure.
 */
const RELAYED_FIGURE = new RegExp(
  `^(?:(?:so|ok|okay|hey|right|quick one)[,\\s]+)*(?:(?:my|our|the|a|an|one of (?:my|our|the)) )?(?:[a-z'&-]+ ){0,3}?(${REQUESTER})(?: (?:at|from|of) (?:the|my|our) [a-z'&-]+(?: [a-z'&-]+)?)?(?: just| also| again| now| still)? (?:wants|needs|asked for|asked me for|asked us for|is asking for|'s asking for|has asked for|requested|requires|would like|wants to see|needs to see|would like to see)\\s+(?!(?:to|me|us|it|them|this|that|him|her)\\b)(?=[a-z0-9£$€])`,
  "i",
);

/** The question someone of the seller's business asked through them, in the seller's words; undefined otherwise. */
export function relayedQuestion(text: string): string | undefined {
  // A figure wanted in a sentence of several ("My accountant wants the October revenue. The report says…") is left to
  // the story's reading, which tells the sentence that wants it from those that only tell.
  const oneSentence = !/[.!?]\s+\S/.test(text.trim());
  const relayed =
    RELAYED.exec(straightApostrophes(text)) ?? (oneSentence ? RELAYED_FIGURE.exec(straightApostrophes(text)) : null);
  if (!relayed) return undefined;
  const question = text.slice(relayed[0].length);
  return /^clients?$/i.test(relayed[1]) ? question.replace(/\btheir\b/gi, "my").replace(/\bthey\b/gi, "I") : question;
}

/**
 * Where the figure is to go on someone's page ("the Spanish gross for August on its own line", "as a separate line
 * item"): how it is laid out, which asks nothing of the data.
 */
const LAYOUT_ASIDE =
  /,?\s*\b(?:on|as|in) (?:its|their|a|one|an) (?:own |separate |single |individual )?(?:line|row|entry)(?: items?)?(?: of (?:its|their) own)?\b/gi;

/** The text without where its figure is to be laid out. */
export function withoutLayoutAside(text: string): string {
  const rest = text.replace(LAYOUT_ASIDE, "");
  return /[a-z]/i.test(rest) ? rest : text;
}

/** Where one sentence ends and the next starts. */
const SENTENCE_BREAK = /(?<=[.!?;:])\s+(?=\S)/;
/** A question that only points back at what was named before ("What was it?", "how much was that?", "what's the figure?"). */
const POINTING_QUESTION =
  /^(?:(?:so|and|ok|okay|then|right)[,\s]+)?(?:what|how much|how many)(?:'s| was| is| were| are)? (?:it|that|this|they|them|those|the (?:number|figure|total|amount|answer))(?: then)?[?.!]*$/i;
/**
 * …or a bid for it by a pointer alone ("Can you pull that for me?", "could you dig it out please", "look that up"): it
 * asks for the figure named, not for anything the verb says (a refresh, a search).
 */
const POINTING_REQUEST =
  /^(?:(?:so|and|ok|okay|then|right)[,\s]+)?(?:(?:can|could|would|will) (?:you|u) (?:please |just |quickly )?|please )?(?:pull|get|grab|find|fetch|dig|look|bring|give|show|send|work)(?: me| us)?(?: out| up)? (?:it|that|this|them|those|the (?:number|figure|total|amount))(?: out| up)?(?: for (?:me|us|them|him|her))?(?:,? please)?[?.!]*$/i;
/**
 * Someone wanting a figure, before the figure itself ("My accountant wants…", "I need…", "The bank asked for…"), after
 * what the seller is doing, if told first ("I'm applying for a loan and the bank wants to know…").
 */
const WANTING =
  /^(?:[^.!?]*?(?:,|\band|\bso|\bbut)\s+)?(?:(?:so|and|ok|okay)[,\s]+)?(?:(?:my|our|the) (?:[a-z'&]+ ){0,3}?(?:wants|needs|asked for|is asking for|has asked for|requested|requires|would like)|(?:i|we) (?:need|want|have to report|must report|have to give|need to report|'d like|would like))(?: to (?:know|see|check|have))?\s+/i;

/**
 * A sentence that asks by saying who wants which figure ("My assistant needs the October revenue for Italy.", "The
 * bank wants to see our payouts this quarter.", "I need the gross sales for October."): a request, though it opens
 * with no question word, when what is wanted is a figure (the, my, how much…) and not a deed ("I need to restock").
 */
export const WANTED_FIGURE_SENTENCE =
  /^(?:(?:so|and|ok|okay|right)[,\s]+)?(?:(?:my|our|the) (?:[a-z'&]+ ){0,3}?(?:wants|needs|asked for|is asking for|has asked for|requested|requires|would like)|(?:i|we) (?:need|want|'d like|would like))(?: to (?:know|see|check|have))?\s+(?:the|my|our|a|an|how|what|which|total|[a-z]+'s)\b/i;

/**
 * A figure named in one sentence and asked for in the next by a pointer alone ("My accountant wants the Spanish gross
 * for August on its own line. What was it?"), the last two sentences: the question of the figure named, after what
 * was told before it. Undefined otherwise.
 */
export function namedThenAsked(text: string): string | undefined {
  const sentences = text
    .split(SENTENCE_BREAK)
    .map((s) => s.trim())
    .filter((s) => /[a-z]/i.test(s));
  if (sentences.length < 2) return undefined;
  // What is told before the figure ("I'm applying for a loan.") stays, for the question to be read beside it.
  const [named, asked] = sentences.slice(-2);
  const told = sentences.slice(0, -2);
  const pointer = straightApostrophes(asked);
  if (!POINTING_QUESTION.test(pointer) && !POINTING_REQUEST.test(pointer)) return undefined;
  const figure = straightApostrophes(named)
    .replace(WANTING, "")
    .replace(/[.!:;]+$/, "");
  if (figure === named.replace(/[.!:;]+$/, "")) return undefined;
  return [...told, `what was ${figure}?`].join(" ");
}

/** Where one sentence ends and the next starts, by its stop alone: a dash may sit inside a campaign's name. */
const STOP = /(?<=[.!?])\s+(?=\S)/;

export interface StoryApart {
  /** The sentences that ask or bid, in their order. */
  asking: string;
  /** The sentences that only tell: what happened, what someone else said or did, how the seller reacts. */
  told: string;
}

/**
 * A question told after (or before) a story ("I saw a LinkedIn post claiming a healthy TACoS is under 10%. What has
 * mine been?", "Black Friday is six days away. How many units did I sell over the past week?", "That's jumpier than
 * I expected. Switch it to orders."): the sentences that ask, and those that only tell. Undefined when every sentence
 * asks or none does. `asks`: whether a sentence asks or bids.
 */
export function storyApart(text: string, asks: (sentence: string) => boolean): StoryApart | undefined {
  const sentences = text
    .split(STOP)
    .map((s) => s.trim())
    .filter((s) => /[a-z]/i.test(s));
  if (sentences.length < 2) return undefined;
  const asking = sentences.filter(asks);
  const told = sentences.filter((s) => !asks(s));
  if (asking.length === 0 || told.length === 0) return undefined;
  return { asking: asking.join(" "), told: told.join(" ") };
}

/**
 * A sentence that tells what the seller did ("I sent a shipment last week.", "We ran a promo in October."): a deed
 * told, however few its words, never a filter added to the question.
 */
export const TOLD_DEED =
  /^(?:(?:so|and|but|well|ok|okay) )?(?:i|we)(?: (?:just|already|only|finally|recently|also|actually))? (?:[a-z]+ed|sent|sold|got|had|made|put|bought|paid|spent|ran|took|gave|did|set|began|lost|won|saw|built|sent off|shipped off)\b/i;

/** A question pointing back at a kind of thing the story described ("do I have any of those", "are these normal"). */
export const KIND_BACK_REFERENCE =
  /\b(?:those|these|such|ones|which one|that one|this one|accordingly|then|(?<!\b(?:is|are|was|were|isn't|aren't|wasn't|weren't|will|would|has|have|had) )there(?! (?:is|are|was|were|been|be|any)\b))\b/i;
/**
 * …picking some of the thing the story told of, in the seller's own words ("my aged stock is a dead weight. which 3
 * SKUs of it cost the most?", "all that overstock is killing me. which of them…"): the story says what the rows are.
 * Of what a deed told ("I sent 300 units in. How many of them sold?") the question asks on its own; so does a list
 * the story told of ("she left me a list. One of them is…"), whose items are not picked by a ranking.
 */
export const PART_BACK_REFERENCE =
  /\b(?:which|what|top|bottom|best|worst|most|least|biggest|smallest)(?: [a-z0-9-]+){0,2}? (?:of|among) (?:it|them)\b/i;
/** …at the story's figure, as the seller's own ("what has mine been", "is ours any better"). */
export const OWN_FIGURE_BACK_REFERENCE = /\b(?:mine|ours)\b/i;
/** …at the money the story spent ("where did the money go", "what did that cash bring back"). */
export const MONEY_BACK_REFERENCE = /\b(?:money|cash)\b/i;
/** …at the story's period ("how much did we sell then", "what were orders that day"). */
export const PERIOD_BACK_REFERENCE =
  /\b(?:then|that (?:day|week|month|quarter|year|weekend|afternoon|morning|night|period|time)|on the day)\b/i;
