/**
 * Marketplace names too short to survive normalizing. A Vietnamese seller writes the US as "Mỹ", Italy as "Ý",
 * Belgium as "Bỉ", Australia as "Úc", India as "Ấn Độ", Egypt as "Ai Cập", the UK as "Anh"; an Azerbaijani one the US
 * as "ABŞ", the UAE as "BƏƏ". Without their marks these are English words or other names ("my", "y", "bi", "an do",
 * "abs", "bee"), so they cannot sit in data/marketplaces.json with the other names abroad (normalizeText drops the
 * marks first): they are read here, on the question as typed, and written as the marketplace's English name.
 *
 * A marked name is the place unless it is one syllable of a Vietnamese word of two ("mỹ phẩm" is cosmetics, "ý kiến"
 * an opinion, "đồng ý" agreeing): a Vietnamese word beside it, marked as it is, makes it part of that word, though the
 * words that introduce a place ("nước", "ở", "tại", "và") do not. "Anh" has no mark, and is also a name and a word of
 * address: it is the UK only where a place stands, after a preposition ("in Anh", "from Anh") or before the noun of a
 * store ("Anh market", "Anh store").
 *
 * An Indonesian seller writes the US as "AS" (Amerika Serikat), which is "as" without its capitals: it is the US only
 * in capitals and after an Indonesian word that introduces a place ("di AS", "dari AS", "ke AS"), never in English.
 * A Filipino seller writes Japan as "Hapon", which is also the Tagalog afternoon ("kaninang hapon", "Magandang hapon"):
 * it is Japan only with its capital and not after a word that makes it a time of day.
 */

/** Names the marks tell apart, as typed (any case), and the marketplace's English name. */
const MARKED_NAMES: [string, string][] = [
  ["mỹ", "USA"],
  ["ý", "Italy"],
  ["bỉ", "Belgium"],
  ["úc", "Australia"],
  ["ấn độ", "India"],
  ["ai cập", "Egypt"],
  ["abş", "USA"],
  ["bəə", "UAE"],
];

/** Each marked name as a pattern of the whole word, compiled once. */
const MARKED_PATTERNS: [RegExp, string][] = MARKED_NAMES.map(([name, english]) => [
  new RegExp(`(?<![\\p{L}\\p{M}])${name}(?![\\p{L}\\p{M}])`, "giu"),
  english,
]);

/** Vietnamese words that introduce or join places, beside which a short name is still the place. */
const PLACE_WORDS = new Set(["nước", "ở", "tại", "và", "hoặc", "với", "thị", "trường", "bên", "từ", "sang"]);

/** A letter that writes Vietnamese, not English: a vowel with a mark, or "đ". */
const VIETNAMESE_LETTER = /[àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ]/i;

/** Words before which "Anh" stands as a place. */
// Not "for", "to" or "and", which a person's name follows as well ("a report for Anh").
const BEFORE_A_PLACE = "in|on|at|from|into|across|vs|versus|amazon|nước|ở|tại|bên|sang|từ";
/** Nouns of a store after which "Anh" names its marketplace. */
const STORE_NOUNS = "market|markets|marketplace|marketplaces|store|stores|site|storefront|shop";
const ANH_AS_PLACE = new RegExp(
  `(?<=(?:^|[\\s,(])(?:${BEFORE_A_PLACE}) (?:the )?)anh(?=$|[\\s,.;:!?)])|(?<=^|[\\s,(])anh(?= (?:${STORE_NOUNS})(?:$|[\\s,.;:!?)]))`,
  "gi",
);

/** "AS" in capitals after an Indonesian preposition of place: "penjualan di AS" (sales in the US). */
const AS_AFTER_A_PLACE_WORD = /(?<=(?:^|[\s,(])(?:di|dari|ke|pasar) )AS(?=$|[\s,.;:!?)])/g;

/** "Hapon" with its capital, not after the words of an afternoon ("magandang", "kaninang", "ngayong"): Japan. */
const HAPON_AS_JAPAN =
  /(?<!\b(?:[Mm]agandang|[Kk]aninang|[Nn]gayong|[Mm]amayang|[Tt]uwing|[Ii]sang|[Nn]g|[Gg]ood)\s+)\bHapon\b/g;

/** `question` with each short marked name that stands as a place written as the marketplace's English name. */
export function withMarkedPlaceNamesInEnglish(question: string): string {
  if (/^[\x00-\x7f]*$/.test(question) && !/anh/i.test(question) && !/AS|Hapon/.test(question)) return question;
  // Marks typed apart from their letters ("y" and a combining tilde) are put together first.
  let out = question.normalize("NFC");
  for (const [pattern, english] of MARKED_PATTERNS)
    out = out.replace(pattern, (found, at: number, whole: string) =>
      gluedToVietnamese(whole, at, at + found.length) ? found : english,
    );
  return out.replace(ANH_AS_PLACE, "UK").replace(AS_AFTER_A_PLACE_WORD, "USA").replace(HAPON_AS_JAPAN, "Japan");
}

/** Whether the word just before or after the span is a Vietnamese word the span forms one word with. */
function gluedToVietnamese(text: string, start: number, end: number): boolean {
  const before = /([\p{L}\p{M}]+)\s*$/u.exec(text.slice(0, start).normalize("NFC"))?.[1];
  const after = /^\s*([\p{L}\p{M}]+)/u.exec(text.slice(end).normalize("NFC"))?.[1];
  return [before, after].some((w) => w !== undefined && VIETNAMESE_LETTER.test(w) && !PLACE_WORDS.has(w.toLowerCase()));
}
