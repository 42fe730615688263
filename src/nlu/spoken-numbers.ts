/**
 * Numbers said in words, as dictation and careful writers give them: "a hundred and eighty", "thirty five",
 * "twenty twenty five" (the year 2025), "q three", and the day of a date said as an ordinal ("october first",
 * "the fifteenth of march"). They become digits before the slot grammars read thresholds, limits, lead times,
 * years, quarters and dates, which all look for digits. Single number words ("ten", "a dozen") are the word list's
 * (words.json `number_words`); this grammar only reads the compounds no list could hold.
 */

const UNITS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};
const TEENS: Record<string, number> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const ORDINAL_UNITS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  thirtieth: 30,
};

const alt = (words: Record<string, number>) => Object.keys(words).join("|");
/** The number words as alternatives of a pattern: "one|two|…|nine", "ten|…|nineteen", "twenty|…|ninety". */
export const UNIT = alt(UNITS);
export const TEEN = alt(TEENS);
export const TEN = alt(TENS);
/** 1..99 in words: "seven", "fifteen", "forty", "forty five". */
const BELOW_100 = `(?:(?:${TEN})(?: (?:${UNIT}))?|${TEEN}|${UNIT})`;
/**
 * A compound cardinal: "a hundred and eighty", "two hundred", "thirty five", "one thousand five hundred", "two
 * thousand and twenty five". Only forms of two words or more; single words are left to the word list, which knows
 * which of them stand alone ("one" is mostly a pronoun).
 */
const COMPOUND = new RegExp(
  `(?<![\\w])(?:(a|one|${UNIT}|${TEEN}) thousand(?:,? (?:and )?(${BELOW_100}) hundred)?(?:,? (?:and )?(${BELOW_100}))?|(a|one|${UNIT}) hundred(?: (?:and )?(${BELOW_100}))?|(${TEN}) (${UNIT}))(?![\\w])`,
  "g",
);
/** A year said in two halves: "twenty twenty five", "twenty twenty-six", "twenty nineteen". */
const YEAR = new RegExp(`(?<![\\w])twenty ((?:${TEN})(?: (?:${UNIT}))?|${TEEN})(?![\\w])`, "g");
/**
 * The tens of Belgian and Swiss French ("septante" 70, "huitante" or "octante" 80, "nonante" 90), which a seller
 * writing English carries over, alone or with a unit ("septante-cinq", "nonante et un", "septante five").
 */
const REGIONAL_TENS: Record<string, number> = { septante: 70, huitante: 80, octante: 80, nonante: 90 };
const FRENCH_UNITS: Record<string, number> = {
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
};
const REGIONAL = new RegExp(
  `(?<![\\w])(${alt(REGIONAL_TENS)})(?:(?: et)? (${alt(FRENCH_UNITS)}|${UNIT}))?(?![\\w])`,
  "g",
);

/** "q three", "Q four": a quarter's number in words. */
const QUARTER = /(?<![\w])q (one|two|three|four)(?![\w])/g;

function below100(words: string): number {
  const [a, b] = words.split(" ");
  if (TENS[a] !== undefined) return TENS[a] + (b ? UNITS[b] : 0);
  return TEENS[a] ?? UNITS[a] ?? 0;
}

function multiplier(word: string): number {
  return word === "a" || word === "one" ? 1 : (UNITS[word] ?? TEENS[word]);
}

/** The day of a month said as an ordinal: "first", "fifteenth", "twenty first", "thirty-first". */
const ORDINAL = `(?:(?:twenty|thirty) (?:${Object.keys(ORDINAL_UNITS).slice(0, 9).join("|")})|${alt(ORDINAL_UNITS)})`;

function ordinalValue(words: string): number {
  const [a, b] = words.split(" ");
  return b ? TENS[a] + ORDINAL_UNITS[b] : ORDINAL_UNITS[a];
}

const grammars = new Map<string, { after: RegExp; before: RegExp }>();

/** Spoken numbers in normalized text as digits; `months` are the month names an ordinal date may stand beside. */
export function spokenNumbers(text: string, months: string[]): string {
  let out = text;
  if (/(?:^| )q (?:one|two|three|four)(?= |$)/.test(out))
    out = out.replace(QUARTER, (_all, n: string) => `q${UNITS[n]}`);
  // "septante", "nonante et un": Belgian and Swiss French tens, written as digits with their unit.
  if (/(?:tante|nante)(?= |$)/.test(out))
    out = out.replace(REGIONAL, (_all, ten: string, unit?: string) =>
      String(REGIONAL_TENS[ten] + (unit ? (FRENCH_UNITS[unit] ?? UNITS[unit]) : 0)),
    );
  // Years before cardinals, which would read "twenty five" out of "twenty twenty five".
  out = out.replace(YEAR, (_all, rest: string) => String(2000 + below100(rest)));
  out = out.replace(
    COMPOUND,
    (
      all: string,
      thousands?: string,
      hundredsOfThousands?: string,
      restOfThousands?: string,
      hundreds?: string,
      rest?: string,
      ten?: string,
      unit?: string,
    ) => {
      if (thousands !== undefined)
        return String(
          multiplier(thousands) * 1000 +
            (hundredsOfThousands ? below100(hundredsOfThousands) * 100 : 0) +
            (restOfThousands ? below100(restOfThousands) : 0),
        );
      if (hundreds !== undefined) return String(multiplier(hundreds) * 100 + (rest ? below100(rest) : 0));
      if (ten !== undefined && unit !== undefined) return String(TENS[ten] + UNITS[unit]);
      return all;
    },
  );
  if (!/(?:first|second|third|th)(?= |$)/.test(out)) return out;
  const key = months.join("|");
  let g = grammars.get(key);
  if (!g) {
    const MONTH = `(?:${[...months].sort((a, b) => b.length - a.length).join("|")})`;
    g = {
      // "october first", "on march the third"
      after: new RegExp(`(?<![\\w])(${MONTH}) (?:the )?(${ORDINAL})(?![\\w])`, "g"),
      // "the fifteenth of october", "first of may": "the" or "of" is needed, as "lowest first, oct 2025" is no date.
      before: new RegExp(`(?<![\\w])(?:the (${ORDINAL}) (?:of )?|(${ORDINAL}) of )(${MONTH})(?![\\w])`, "g"),
    };
    grammars.set(key, g);
  }
  return out
    .replace(g.after, (_all, month: string, ord: string) => `${month} ${ordinalValue(ord)}`)
    .replace(
      g.before,
      (_all, the?: string, of?: string, month?: string) => `${ordinalValue(the ?? of ?? "")} ${month}`,
    );
}
