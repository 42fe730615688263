/**
 * How exact the seller needs the answer, said in a clause of its own ("total sales so far this year, ballpark's
 * fine", "rough figure is fine", "roughly is ok", "doesn't need to be exact", "no need to be precise", "an estimate
 * will do", "give or take is fine", "más o menos está bien", "grob reicht"): seller-ai reports the figures it has, so
 * the clause asks for nothing, and its words ("ballpark's", "estimate") would otherwise read as a stranger's name or a
 * forecast. The clause goes; the question around it is asked as it is. "Roughly" inside the question ("roughly how
 * much did I sell") stays, as the rest of the grammar already reads it.
 */

/** What the seller will settle for: a ballpark, a rough figure, an estimate, round numbers. */
const ROUGH =
  "(?:(?:a |an |the |just a |just an |only a |only an )?(?:ball ?park|ball-park|rough|approximate|approx|estimated|round|loose|quick and dirty|back of the envelope|back-of-the-envelope)(?: (?:figure|figures|number|numbers|idea|estimate|guess|total|totals|answer|amount|value|count))?" +
  "|(?:an? |just an? |only an? )?(?:estimate|approximation|guess|best guess|rough guess|educated guess|ballpark estimate)" +
  "|roughly|approximately|more or less|give or take|close enough|round numbers|in round numbers|to the nearest (?:hundred|thousand|ten|k|dollar|euro|pound|percent))";

/** That it will do: "'s fine", "is ok", "will do", "works", "is good enough". */
const WILL_DO =
  "(?:(?:'s|is|are|would be|will be|'d be|should be)? ?(?:totally |perfectly |absolutely |more than |)(?:fine|ok|okay|good|good enough|enough|alright|all right|cool|grand|great|perfect|plenty)|will do|would do|'ll do|works|suffices|is all i need|is all we need|is enough for me)";

/** Said without "it will do": "doesn't need to be exact", "no need to be precise", "not to the penny". */
const NO_NEED =
  "(?:(?:it |this |that |the number |the figure )?(?:doesn't|does not|dont|don't|do not|won't|wont|needn't|need not) (?:need to |have to |got to )?be (?:exact|precise|perfect|spot on|accurate|to the penny|to the cent|down to the (?:penny|cent|last (?:dollar|euro|pound|unit)))" +
  "|(?:i |we )?(?:don't|do not|dont) need (?:it |them |the (?:exact |precise )?(?:number|figure|numbers|figures) )?(?:exact|precise|perfect|to the penny|to the cent|exactly|precisely|down to the (?:penny|cent))" +
  "|no need (?:for it |for them )?(?:to be |for )?(?:exact|precise|precision|exactness|perfect|to the penny)" +
  "|not (?:to the penny|to the cent|exact|precise) (?:needed|required|necessary)" +
  "|(?:nothing|no need for anything) (?:exact|precise|fancy)" +
  "|doesn't have to be (?:exact|precise|perfect))";

/** The same said in a seller's own language: Spanish, Portuguese, Italian, French, German, Dutch. */
const FOREIGN =
  "(?:(?:más o menos|aproximado|aproximadamente|aprox|una estimación|un estimado) (?:está bien|vale|basta|sirve)" +
  "|(?:mais ou menos|aproximado|uma estimativa) (?:está bom|tá bom|serve|basta)" +
  "|(?:circa|approssimativo|approssimativamente|più o meno|una stima) (?:va bene|basta|è sufficiente)" +
  "|(?:à peu près|approximatif|approximativement|en gros|une estimation|un ordre de grandeur) (?:ça va|ça suffit|ça ira|suffit|c'est bon|ok)" +
  "|(?:ungefähr|grob|circa|zirka|eine schätzung|schätzung|pi mal daumen) (?:reicht|genügt|ist ok|passt|ist in ordnung)" +
  "|(?:ongeveer|grofweg|een schatting) (?:is goed|is prima|volstaat))";

/** The clause alone: at the start or end, apart from the question by a stop, comma, colon, dash or bracket. */
const ASIDE = `(?:${ROUGH} ?${WILL_DO}|${NO_NEED}|${FOREIGN}|(?:just |only )?(?:a |an )?(?:ballpark|ball park|rough (?:figure|number|idea|estimate|total))(?: (?:please|pls|plz|is all i need))?)(?: (?:please|pls|plz|thanks|thx|ty))?`;

const ASIDE_LAST = new RegExp(`(?:\\s*[,;:.!?(\\-–—]+\\s*|\\s+(?:but|and|though)\\s+)${ASIDE}\\s*[.!?)]*\\s*$`, "i");
const ASIDE_FIRST = new RegExp(`^\\s*${ASIDE}\\s*[,;:.!?)\\-–—]+\\s*(?=\\S)`, "i");

/** The text without a clause that only says how exact the answer must be; something else must be asked beside it. */
export function withoutAccuracyAside(text: string): string {
  const last = ASIDE_LAST.exec(text);
  let out = last && /[a-z]{3}/i.test(text.slice(0, last.index)) ? text.slice(0, last.index) : text;
  const first = ASIDE_FIRST.exec(out);
  if (first && /[a-z]{3}/i.test(out.slice(first[0].length))) out = out.slice(first[0].length);
  return out;
}
