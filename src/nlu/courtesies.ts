import { normalizeText } from "./text.js";

/**
 * Courtesies around a question. A greeting before one ("Good morning! how much did I sell…", "hello there, what can
 * you do") is no part of what is asked, though a greeting alone stays off topic; thanks for help given ("cheers,
 * you've been a massive help") ask for no help.
 */

/**
 * A greeting that opens the text, with what may follow it before the question starts. Sellers greet in their own
 * language too ("Salam, …", "Hola! …", "Namaste, …"): still only a greeting.
 */
const LEADING_GREETING =
  /^\s*(?:hi|hello|hey|hiya|howdy|greetings|(?:good )?(?:morning|afternoon|evening)|good day|salam|salaam|salam alaikum|salaam alaikum|as-?salaa?mu? ?alaikum|assalamu ?alaikum|namaste|namaskar|hola|ciao|bonjour|hallo|servus|moin|merhaba|marhaba|ahlan|shalom|ola|olá|aloha|konnichiwa|ni ?hao|sawasdee|kia ora|g'day|gday)(?: there| again| team| all| folks| mate| friend| habibi| bhai| ji)?\s*[!,.:;-]*\s+(?=\S)/i;

/**
 * An acknowledgement of the last answer that opens the next question ("righto, and what about Australia?", "cool -
 * now by profit", "got it. and last month?"): it answers nothing and asks nothing. Only when a mark follows it, so
 * "right now" or "great sellers" stay words of the question.
 */
const LEADING_ACKNOWLEDGEMENT =
  /^\s*(?:righto|right-o|right|alright|all right|okey ?dokey|cool|great|perfect|nice|lovely|brilliant|awesome|sweet|got it|gotcha|understood|fair enough|makes sense|noted|sure|fine|vale|bueno|dale|va bene|d'accord|tamam|accha|acha|theek hai|thik hai)(?: then| thanks| thank you| cheers)?\s*[!,.:;-]+\s+(?=\S)/i;

/**
 * An apology or a second thought that opens a correction ("sorry, could I see that by units instead?", "oops - the UK
 * one", "my bad: by units"): it only owns up to the turn before. Only when a mark follows it, as above.
 */
const LEADING_APOLOGY =
  /^\s*(?:sorry|so sorry|apologies|oops|whoops|my bad|my mistake|scratch that|on second thought|actually|wait|hmm+)\s*[!,.:;-]+\s+(?=\S)/i;

/** The question without a greeting before it ("Hello there, what can you do?" → "what can you do?"). */
export function withoutGreeting(text: string): string {
  const rest = text.replace(LEADING_GREETING, "").replace(LEADING_ACKNOWLEDGEMENT, "").replace(LEADING_APOLOGY, "");
  return /[a-z]/i.test(rest) ? rest : text;
}

/**
 * "please" in the seller's own language, closing or opening a request ("Rank them from the worst, svp", "by marketplace
 * por favor", "bitte, nach Umsatz", "only the total molim"): only politeness, as "please" is; it asks nothing and names
 * nothing.
 */
const POLITENESS =
  "(?:svp|stp|s'il (?:vous|te) pla[iî]t|por favor|porfa|porfavor|bitte(?: sch[öo]n)?|per favore|per piacere|alsjeblieft|alstublieft|sn[äa]lla|prosz[eę]|pros[ií]m|molim|prosim|l[uū]dzu|pra[sš]au|palun|v[aă] rog|k[ée]rem|k[ée]rlek|pozhal(?:u[iy]?|)sta|iltimos|l[üu]tfen|onegai(?: shimasu)?|kudasai)";
const CLOSING_POLITENESS = new RegExp(`[\\s,;:-]+${POLITENESS}\\s*(?=[.!?]*\\s*$)`, "i");
const OPENING_POLITENESS = new RegExp(`^\\s*${POLITENESS}\\s*[,;:!-]+\\s*(?=\\S)`, "i");

/** The request without "please" said in another language around it ("Rank them from the worst, svp" → "… worst"). */
export function withoutForeignPlease(text: string): string {
  const rest = text.replace(CLOSING_POLITENESS, "").replace(OPENING_POLITENESS, "");
  return /[a-z]/i.test(rest) ? rest : text;
}

const THANKS =
  /(?:^| )(?:thanks|thank you|thank u|thankyou|cheers|ta|much appreciated|appreciate (?:it|that|this|your help|the help))(?= |$)/;
/**
 * Help said to have been given: "you've been a great help", "that helps a lot", "this really helped", "super useful".
 * The answer (that, this, it, you) helped; the seller asks for none.
 */
const HELP_GIVEN =
  /(?:^| )(?:been|was|were|is|it's|that's|you're|this is|that is) (?:[a-z]+ ){0,3}(?:help|helpful|useful)(?= |$)|(?:your|the) help(?= |$)|(?:^| )(?:that|this|it|which|you|that's|this's|you've|that has|this has) (?:(?:really|truly|so|very|hugely|massively|already|just|has|have|all) )*(?:helps|helped|helping)(?= |$)|(?:^| )(?:very|super|really|so|hugely|massively|most|extremely|incredibly) (?:helpful|useful)(?= |$)/;
/** Words that still ask something ("thanks! what else can you do?"). */
const ASKS = /(?:^| )(?:what|how|which|can you|could you|do you|show|tell me|explain)(?= |$)/;

/** Whether the text thanks for help given and asks nothing more. */
export function thanksForHelp(text: string): boolean {
  const t = normalizeText(text);
  return THANKS.test(t) && HELP_GIVEN.test(t) && !ASKS.test(t);
}
