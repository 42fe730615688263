/**
 * Words of discourse around a request, in any language: an interjection or a hesitation ("hmm", "eh", "ehm"), a word of
 * agreement ("endaxi", "tamam", "sweet as", "theek hai"), of urging ("ajde", "yalla", "mela"), a greeting in passing
 * ("sæl", "bok") or a tag that leans on the listener ("ntaxi?", "re?", "brate", "innit"). They say how the seller talks,
 * never what is asked, so the request is read as without them: "endaxi. and profit?" is "and profit?", a follow-up of
 * the question before. Left in, a word the parser does not know counts as a word of a new question, and the follow-up
 * would lose what it follows.
 * The words are lists in data/nlu/words.json: `discourse_particles`, no seller's word nor an English word in another
 * sense, go wherever they open or close a clause, marked off or not ("hmm weekly would be better eh");
 * `discourse_particles_set_off`, English words or codes elsewhere ("sweet", "choice", "re", "ja", "da"), go only as a
 * clause of their own, set apart by a mark ("…last month, re?", "choice, and Germany?").
 */
import { readDataJson } from "../core/reference-data.js";
import { folded } from "./borrowed-words.js";

/** The longest particle, in words ("ok ok then" would be three). */
const LONGEST = 3;

type Particles = { anywhere: Set<string>; setOff: Set<string> };
let particles: Particles | undefined;

function particleLists(): Particles {
  if (particles) return particles;
  const file = readDataJson<{ discourse_particles: string[]; discourse_particles_set_off: string[] }>("nlu/words.json");
  particles = {
    anywhere: new Set(file.discourse_particles.map(folded)),
    setOff: new Set(file.discourse_particles_set_off.map(folded)),
  };
  return particles;
}

/** A word as a particle list holds it: folded, without the quotes or brackets around it. */
function key(word: string): string {
  return folded(word.replace(/^["'“‘(]+|["'”’)]+$/g, ""));
}

/** How many words a particle of `list` takes at the start of `words` (the longest one), or 0. */
function particleAt(words: string[], from: number, list: Set<string>): number {
  for (let n = Math.min(LONGEST, words.length - from); n > 0; n--)
    if (
      list.has(
        words
          .slice(from, from + n)
          .map(key)
          .join(" "),
      )
    )
      return n;
  return 0;
}

/** Whether a clause is nothing but words of discourse ("sweet as", "ok ajde", "ela re"). */
function onlyParticles(words: string[], { anywhere, setOff }: Particles): boolean {
  let at = 0;
  while (at < words.length) {
    const n = Math.max(particleAt(words, at, anywhere), particleAt(words, at, setOff));
    if (n === 0) return false;
    at += n;
  }
  return words.length > 0;
}

/** The clause without the particles that open or close it ("hmm weekly would be better eh" → "weekly would be better"). */
function trimmed(words: string[], anywhere: Set<string>): string[] {
  let start = 0;
  for (
    let n = particleAt(words, start, anywhere);
    n > 0 && start + n < words.length;
    n = particleAt(words, start, anywhere)
  )
    start += n;
  let end = words.length;
  for (let found = true; found && end > start + 1; ) {
    found = false;
    for (let n = Math.min(LONGEST, end - start - 1); n > 0; n--)
      if (
        anywhere.has(
          words
            .slice(end - n, end)
            .map(key)
            .join(" "),
        )
      ) {
        end -= n;
        found = true;
        break;
      }
  }
  return words.slice(start, end);
}

/**
 * A clause and the mark that closes it: a stop, comma, colon, question or exclamation mark followed by a space or the
 * end ("amazon.it" and "22.5" hold no mark), or a dash between spaces.
 */
const CLAUSE = /([\s\S]*?)((?:[,.;:!?…]+(?=\s|$)|\s[-–—]+(?=\s))\s*|$)/gy;

/** The question without words of discourse around it and its clauses; a message of nothing else stays as it is. */
export function withoutDiscourseParticles(text: string): string {
  const lists = particleLists();
  const clauses: { words: string[]; mark: string }[] = [];
  CLAUSE.lastIndex = 0;
  for (let m = CLAUSE.exec(text); m && m[0] !== ""; m = CLAUSE.exec(text))
    clauses.push({ words: m[1].split(/\s+/).filter(Boolean), mark: m[2] });
  if (clauses.length === 0) return text;
  const kept: { words: string[]; mark: string }[] = [];
  let dropped = false;
  for (const [i, clause] of clauses.entries()) {
    if (clause.words.length > 0 && onlyParticles(clause.words, lists)) {
      dropped = true;
      // A closing particle leaves its own mark to the clause before it, in place of the comma before it: "…this
      // year, ntaxi?" → "…this year?"; "…by profit, brate" → "…by profit".
      const before = kept.at(-1);
      if (before && /[?!.]/.test(clause.mark) && !/[?!.]/.test(before.mark)) before.mark = clause.mark;
      else if (before && i === clauses.length - 1) before.mark = before.mark.replace(/[\s,;:–—-]+$/, "");
      continue;
    }
    const words = trimmed(clause.words, lists.anywhere);
    dropped ||= words.length < clause.words.length;
    kept.push({ words, mark: clause.mark });
  }
  if (!dropped) return text;
  const out = kept
    .map((c) => `${c.words.join(" ")}${c.mark}`)
    .join("")
    .trim();
  return /\p{L}/u.test(out) ? out : text;
}
