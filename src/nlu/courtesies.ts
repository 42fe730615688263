import { normalizeText } from "./text.js";

/**
 * Courtesies around a question. A greeting before one ("Good morning! how much did I sell…", "hello there, what can
 * you do") is no part of what is asked, though a greeting alone stays off topic; thanks for help given ("cheers,
 * you've been a massive help") ask for no help.
 */

/**
 * A greeting that opens the text, with what may follow it before the question starts. Sellers greet in their own
 * language too ("Salam, …", "Hola! …", "Namaste, …", Swahili "Jambo"/"Habari", Russian written in Latin letters
 * "Privet", Croatian "Bok!", Kazakh "Sälem", Indonesian "Selamat pagi"/"Halo kak", Tagalog "Kumusta"/"Magandang
 * umaga po"): still only a greeting.
 */
const LEADING_GREETING =
  /^\s*(?:hi|hello|hey|hiya|howdy|greetings|(?:good )?(?:morning|afternoon|evening)|good day|salam|salaam|salam alaikum|salaam alaikum|as-?salaa?mu? ?alaikum|assalamu ?alaikum|namaste|namaskar|hola|ciao|bonjour|hallo|servus|moin|merhaba|marhaba|ahlan|shalom|ola|olá|aloha|konnichiwa|ni ?hao|sawasdee|kia ora|g'day|gday|jambo|hujambo|habari|mambo|privet|zdravstvuyte|zdravstvuy|buenas|buen d[ií]a|bok|zdravo|s[aä]lem|selam|selamlar|salom|assalom|salamatsyzby|selamat (?:pagi|siang|sore|malam|datang)|halo|pagi|siang|magandang (?:umaga|hapon|gabi|araw)|kumusta|kamusta|sawubona|xin ch[aà]o|vanakkam|sat sri akal|ahoj|cze[sś][cć]|szia|hoi|buongiorno|buonasera|bonsoir|guten (?:morgen|tag|abend)|buenos d[ií]as|buenas (?:tardes|noches)|bom dia|boa (?:tarde|noite)|dzie[nń] dobry|dobar dan|dobr[yý] den|kaixo|yassou|geia sou|marhaban)(?: there| again| team| all| folks| mate| friend| habibi| bhai| ji| kak| kakak| gan| po)?\s*[!,.:;-]*\s+(?=\S)/i;

/**
 * An acknowledgement of the last answer that opens the next question ("righto, and what about Australia?", "cool -
 * now by profit", "got it. and last month?"): it answers nothing and asks nothing. Only when a mark follows it, so
 * "right now" or "great sellers" stay words of the question. Young sellers agree in their own words ("bet, now by week",
 * "say less - the UK", "slay. and last month?"), "bet" then being no wager.
 */
const LEADING_ACKNOWLEDGEMENT =
  /^\s*(?:righto|right-o|right|alright|all right|okey ?dokey|cool|great|perfect|nice|lovely|brilliant|awesome|sweet|got it|gotcha|understood|fair enough|makes sense|noted|sure|fine|vale|bueno|dale|va bene|d'accord|tamam|accha|acha|theek hai|thik hai|bet|ok bet|bet bet|say less|slay|aight|ight|sheesh|facts)(?: then| thanks| thank you| cheers)?\s*[!,.:;-]+\s+(?=\S)/i;

/**
 * An apology or a second thought that opens a correction ("sorry, could I see that by units instead?", "oops - the UK
 * one", "my bad: by units"): it only owns up to the turn before. Only when a mark follows it, as above.
 */
const LEADING_APOLOGY =
  /^\s*(?:sorry|so sorry|apologies|oops|whoops|my bad|my mistake|scratch that|on second thought|actually|wait|hmm+)\s*[!,.:;-]+\s+(?=\S)/i;

/**
 * A sign-off that closes a message written as a letter ("…Would you mind grabbing it?\n\nBest,\nJen", "… please.
 * Kind regards, Tom", "…by Friday. Cheers"): after a stop or a new line, the closing word alone or with a name after a
 * comma or a line break, so "best sellers" at the end stays the question's words.
 */
const CLOSING_SIGN_OFF =
  /(?<=[.!?\n])\s*(?:best|best regards|kind regards|warm regards|warmest regards|regards|best wishes|all the best|many thanks|thanks|thank you|thx|cheers|sincerely|yours|yours truly|br)\s*(?:[.!]|(?:,|[,.!]?\s*\n)\s*[a-z][a-z'-]*(?: [a-z][a-z'-]*)?\s*[.!]?)?\s*$/i;

/** The first clause of a message, up to the mark that closes it, and that mark with the space after it. */
const FIRST_CLAUSE = /^\s*([^,.;:!?()]+?)\s*(?:[!,.:;?]+|\s[-–—]+)\s+(?=\S)/;

/**
 * Thanks for the answer just given that open the next message ("Thanks! Could you switch that to a daily view?",
 * "cheers for that - now by week", "thank you so much. and for Germany?"): they answer nothing, so what follows is
 * read as if said alone, a reply to the question before when it edits it, a new question when it is one ("Thanks!
 * Different topic: …"). Only a clause of courtesy alone, closed by a mark; "thanks for the sales by week" stays whole.
 */
function withoutLeadingThanks(text: string): string {
  const m = FIRST_CLAUSE.exec(text);
  return m && onlyCourtesy(m[1]) ? text.slice(m[0].length) : text;
}

/**
 * The question without a greeting before it or a sign-off after it ("Hello there, what can you do?" → "what can you
 * do?").
 */
export function withoutGreeting(text: string): string {
  const rest = withoutLeadingThanks(text.replace(LEADING_GREETING, "").replace(LEADING_ACKNOWLEDGEMENT, ""))
    .replace(LEADING_APOLOGY, "")
    .replace(CLOSING_SIGN_OFF, "");
  return /[a-z]/i.test(rest) ? rest : text;
}

/**
 * "please" in the seller's own language, closing or opening a request ("Rank them from the worst, svp", "by marketplace
 * por favor", "bitte, nach Umsatz", "only the total molim", "по категориям, пожалуйста", Swahili "tafadhali", Arabic
 * "min fadlak"): only politeness, as "please" is; it asks nothing and names
 * nothing.
 */
const POLITENESS =
  "(?:svp|stp|s'il (?:vous|te) pla[iî]t|por favor|porfa|porfavor|bitte(?: sch[öo]n)?|per favore|per piacere|alsjeblieft|alstublieft|sn[äa]lla|prosz[eę]|pros[ií]m|molim|prosim|l[uū]dzu|pra[sš]au|palun|v[aă] rog|k[ée]rem|k[ée]rlek|pozhal(?:u[iy]?|)sta|iltimos|l[üu]tfen|onegai(?: shimasu)?|kudasai|пожалуйста|пожалуста|пжл|плиз|будь ласка|моля|молим|t[eë] lutem|ju lutem|gtxovt|tafadhali|min fadl(?:ak|ik)|law samaht|გთხოვთ|խնդրում եմ|khndrum em)";
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

/**
 * A message made of courtesies only, in any words: thanks ("thanks for the numbers", "Tak for the help", "merci
 * beaucoup"), a goodbye ("have a nice weekend", "that's all for today", "speak soon"), being satisfied with the answer
 * given ("that was exactly the query I needed", "that report was what I needed") or a bare acknowledgement around them
 * ("perfect, cheers"). Seller words inside one ("thanks for the sales figures") ask for nothing; a clause that asks
 * ("thanks, and what about Germany?", "cheers - now by month") makes it a question.
 */
const THANKS_WORD =
  "(?:thanks|thank you|thank u|thankyou|thanx|thx|thnx|thnks|tnx|ty|tysm|tyvm|cheers|ta|many thanks|big thanks|much appreciated|greatly appreciated|appreciated|(?:i |we |really |much )*appreciate (?:it|that|this|you|your help|the help)|merci(?: beaucoup| bien)?|danke(?: sch[oö]n| sehr)?|vielen dank|gracias|muchas gracias|grazie(?: mille)?|(?:muito |muit[ií]ssimo )?obrigad[oa](?: mesmo)?|tak|takk|tack|tusen takk|tusen tack|mange tak|kiitos|dank ?je(?: ?wel)?|dank u|bedankt|dziekuje|dzieki|dekuji|diky|spasibo|shukran|shukriya|dhanyavaa?d|arigato|xie xie|terima kasih|makasih|salamat|asante|toda|tesekkurler|tesekkur ederim|sagol|hvala|multumesc|efharisto|koszonom|kamsahamnida|gomawo|mahalo|diolch|paldies|aciu|tanan|dankie|ngiyabonga|nandri|nanri|khob khun(?: (?:krap|krab|ka|kha|mak))?|khop khun(?: (?:krap|krab|ka|kha|mak))?|cam on(?: ban)?|matur nuwun|go raibh maith agat|efcharisto|eucharisto|sukriya|dhanyawad|rahmat|kop khun|mersi|grazas|eskerrik asko|moltes gracies|gracies)";
/**
 * How much, said after thanks in the seller's own language ("asante sana", "dziekuje bardzo", "danke vielmals",
 * "merci mille fois", "grazie tante", "terima kasih banyak", "spasibo bolshoe", "hvala puno"): still only thanks.
 */
const FOREIGN_THANKS_TAIL =
  "sana|bardzo|vielmals|mille fois|infiniment|tante|totales|demais|puno|lijepa|banyak|bolshoe|bolshoye|ogromnoe|jazilan|jazeelan|paljon|mycket|sa mycket|ni|po|gozaimasu|gozaimashita|cok|raba|szepen|kalyan|ji|bahut|bahut bahut|mucho|molto|beaucoup|sehr|heel erg|wel|veel|veldig|mange|mnogo|moc|velmi|lot";
/** Who is thanked and how much, after the thanks ("thanks so much mate", "cheers again team"). */
const THANKS_TAIL = `(?: (?:${FOREIGN_THANKS_TAIL}|so|very|soo+|a|lots|loads|heaps|a lot|a bunch|a ton|a million|much|again|mate|man|buddy|pal|team|guys|all|everyone|bot|seller ?ai|for now|in advance|as always|as usual|x+|bestie|fam|bro|sis|g|king|queen|fr|fr fr|frfr|lol|lmao|ngl|(?:ur|you're|youre|your|u r|you are) (?:the goat|goated|the best|a legend|a star|amazing|a lifesaver|the real mvp|the mvp|a real one)))*`;
const THANKED = new RegExp(
  `^${THANKS_WORD}${THANKS_TAIL}(?: (?:for|4|por|pour|fur|per|voor|za|fuer) (?:[a-z0-9'&%$./-]+ ?){1,8})?$`,
);
/** A goodbye or an end to the conversation. */
const GOODBYE =
  /^(?:(?:ok|okay|right|well|anyway|anyways) )?(?:bye|bye bye|byee*|goodbye|good bye|bye for now|see (?:you|ya|u)(?: (?:later|soon|tomorrow|next week|on monday|monday|then))?|(?:talk|speak) (?:to you |with you )?(?:later|soon|tomorrow|next week)|ttyl|catch (?:you|ya) later|take care|cya|until next time|till next time|signing off|over and out|good ?night|have a (?:nice|good|great|lovely|wonderful|fantastic|productive|relaxing|happy|blessed) (?:day|weekend|week|evening|night|one|afternoon|morning|holiday|holidays)(?: ahead)?|have a good one|enjoy (?:your|the) (?:day|weekend|evening|holiday|holidays)|(?:that's|that is|thats|that was|that'll be|that will be) (?:all|it|everything)(?: (?:for (?:now|today|the day|this week|tonight)|i needed|i wanted|we needed|from me))?|(?:i'm|i am|im|we're|we are) (?:all )?(?:done|good|set|sorted|finished)(?: (?:for (?:now|today|the day)|here|then))?|all (?:good|done|sorted|set)|nothing else|no more questions|no further questions|ciao|adios|hasta luego|hasta pronto|au revoir|a bientot|bis bald|bis dann|tschuss|arrivederci|a presto|tot ziens|do widzenia|hej da|vi ses|nakemiin|sayonara)$/;
/** Being satisfied with the answer given ("that was exactly the query I needed", "this is spot on"). */
const SATISFIED =
  /^(?:(?:you|that|this|it|which)(?: (?:really|truly|so|have|has|'ve|already|just))* helped(?: (?:me|us|a lot|so much|loads|heaps|a ton|massively|hugely|enormously|again|today))*$)|^(?:(?:that|this|it|these|those|the|your|you|all|everything|which)(?: [a-z'&-]+){0,3}|that's|thats|this's|it's|its|you've|you're|youre) (?:(?:was|is|were|are|has been|have been|'s been|been|looks?|looked|seems?|seemed|really|just|totally|absolutely) )*(?:(?:exactly|just|precisely|pretty much|literally) )?(?:(?:what|all) (?:i|we) (?:needed|wanted|was after|were after|was looking for|were looking for|asked for|had in mind)|(?:the|a) (?:[a-z'-]+ ){1,3}(?:i|we) (?:needed|wanted|was after|were after|was looking for|were looking for)|(?:it|right|perfect|spot on|ideal|great|brilliant|awesome|excellent|fantastic|amazing|lovely|super|clear|helpful|useful|a (?:great |big |huge |massive |real )?(?:help|lifesaver)|(?:very|super|really|so|most|extremely|incredibly) (?:helpful|useful|clear)))(?: (?:with|on|for|about) (?:[a-z0-9'&%$./-]+ ?){1,6})?(?: (?:today|again|as always|there|thanks|thank you|cheers))?$/;
/** A bare acknowledgement beside the courtesy ("perfect", "great stuff", "got it"). */
const ACKNOWLEDGED =
  /^(?:ok|okay|k|kk|cool|great|great stuff|perfect|awesome|nice|nice one|brilliant|lovely|sweet|super|excellent|wonderful|amazing|fantastic|fab|ace|legend|got it|gotcha|understood|noted|all clear|much better|(?:you're|youre|you are|ur|u r|u are|ure) (?:a star|a legend|the best|amazing|great|the goat|goated|a real one|the real mvp|the mvp|so real|him|her|that girl|a lifesaver)|you rock|u rock|wow|oh|ah|aha|haha|lol|lmao|slay|bet|goated|w|huge w|big w|bless|bless up)$/;
/** Words that open a clause without changing it ("and", "so", "oh"). */
const CLAUSE_LEAD = /^(?:(?:and|so|oh|ok|okay|well|again|also|but|really|seriously|honestly|anyway) )+/;
/** Slang that closes a clause without changing it ("ur the goat fr", "that's exactly it lol"). */
const CLAUSE_TRAIL = /(?: (?:fr|frfr|lol|lmao|ngl|tbh|no cap|periodt|bestie|fam|bro|fr fr|deadass|fs))+$/;

/** Whether the message only thanks, says goodbye or says the answer was what was wanted, and asks for nothing. */
export function onlyCourtesy(text: string): boolean {
  const clauses = text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .split(/[,;:!?()]+|\.(?:\s|$)|\s+[-–—]+\s+|\s+(?:and|&)\s+(?=have |see |take |talk |speak |bye|good ?bye|enjoy )/)
    .map((c) => normalizeText(c).replace(CLAUSE_LEAD, "").replace(CLAUSE_TRAIL, "").trim())
    .filter((c) => /[a-z]/.test(c));
  // "what I needed" tells, "what about Germany" asks.
  if (clauses.length === 0 || clauses.some((c) => ASKS.test(c.replace(/(?:^| )what (?:i|we)(?= )/g, " "))))
    return false;
  const kinds = clauses.map((c) =>
    THANKED.test(c) ? "thanks" : GOODBYE.test(c) || SATISFIED.test(c) ? "done" : ACKNOWLEDGED.test(c) ? "ack" : "",
  );
  return !kinds.includes("") && kinds.some((k) => k !== "ack");
}
