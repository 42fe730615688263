/**
 * Where the seller is or what they are about to do, told beside the question as why they want a long or a short answer
 * ("give me the comprehensive version, I've got a long flight", "quick summary please, I'm boarding in 5 minutes",
 * "I'm stuck at the airport for hours", "I'm on the train"): their day, not a flight or a train asked about. A question
 * about travel itself ("book me a flight", "how much is a flight to Auckland") tells no circumstance of the seller's:
 * it has no first person before its travel words.
 */

/** The seller, as the clause opens on them. */
const WE = "(?:i|we|i'm|im|we're|i am|we are|i've|we've|ive|i have|we have|i'll|we'll)";
/** Words that may open the clause without changing it. */
const LEAD = "(?:(?:so|and|but|because|cos|cause|as|since|coz|bc) )*";
/** How long, how early or how dull the trip or the wait is ("a long", "a 12 hour", "an early"). */
const TRIP_SIZE =
  "(?:(?:a|an|the|my|our|this|that) )?(?:(?:long|short|quick|early|late|boring|[0-9]+ ?(?:hour|hr|h)|overnight|red-eye) )*";
/** A trip or a wait that leaves time to read. */
const TRIP =
  "(?:flights?|plane ride|train ride|train journey|train|bus ride|ferry|drive|car ride|commute|layover|stopover|journey|trip|taxi ride|uber)";
/** Somewhere the seller sits while reading. */
const PLACE =
  "(?:(?:on|in) (?:a|the|my) (?:plane|flight|train|bus|ferry|tube|subway|car|taxi|uber|queue|line|lounge)|at (?:the )?(?:airport|gate|station|lounge|gym|beach|doctor's|dentist)|on (?:my|the) (?:phone|mobile|way|road|go|move|commute)|in transit|on holiday|on vacation|on leave)";

/**
 * The seller's circumstance told in a clause of its own: a trip or a wait they have ("I've got a long flight up to
 * Auckland", "we have a 6 hour layover"), where they sit ("I'm on the train", "stuck at the airport"), or a trip about
 * to start ("I'm boarding in 5 minutes", "I'm flying out tomorrow", "about to take off").
 */
export const SELLERS_CIRCUMSTANCE = new RegExp(
  `^${LEAD}(?:` +
    `${WE} (?:(?:just|only|still|now|currently|really) )?(?:got |get |have got )?${TRIP_SIZE}${TRIP}(?= |$)` +
    `|(?:${WE} )?(?:(?:just|still|now|currently|stuck|sat|sitting|waiting|bored) )*${PLACE}(?= |$)` +
    `|${WE} (?:(?:just|about to|going to|gonna|off to|now|currently) )*(?:boarding|board|flying|fly|taking off|take off|travelling|traveling|travel|driving|heading (?:off|out|home|to the airport)|getting on (?:a|the|my) (?:plane|flight|train|bus))(?= |$)` +
    `)`,
);
