/**
 * The risks of something in the seller's life rather than their business ("what are the risks of flying to Auckland at
 * Christmas", "the health risks of vaping", "how dangerous is skiing off piste", "is a road trip through the Alps in
 * winter risky", "riesgos de viajar a México"): travel, the weather, health and sport, which no mirror of a seller's
 * account knows about. "Risks" alone is the seller's insight type ("what are my biggest risks this month", "risks in
 * Toys & Games before Christmas", "the risk of running out of stock while I'm on holiday"), so the rule asks that the
 * risk be OF the thing from life: it is the object of the risk word, not a situation told beside it.
 *
 * Goods named after a pastime ("risks for our camping gear", "hiking boots at risk of running out") are the seller's
 * stock, so a word of life followed by a word for goods is not life.
 *
 * Matched on topic text, where periods, marketplaces and catalog names are masked and accents are taken off.
 */

/** Words that ask how risky something is, in English and in the seller's other languages. */
const RISK =
  "(?:risks?|risky|riskier|riskiest|dangers?|dangerous|hazards?|hazardous|unsafe|threats?|chances?|odds|likelihood|probability|riesgos?|riesgoso|arriesgado|peligros?|peligroso|risiken|risiko|riskant|gefahren?|gefahrlich|risques?|risque|dangereux|rischi|rischio|rischioso|pericoli|pericoloso)";

/** Travel: a flight, a trip, a holiday abroad, in English and in the seller's other languages. */
const TRAVEL =
  "fly|flying|flights?|air travel|travel|travell?ing|trips?|road trips?|cruises?|backpacking|hitchhiking|sightseeing|going abroad|jet ?lag|layovers?|(?:holidays?|vacations?) (?:to|in|abroad|at|on)|going on (?:holiday|vacation|a trip)|driving(?! (?:traffic|sales|revenue|conversions?|demand|growth|clicks|ads|orders|up|down)(?: |$))|viajar|viajes?|volar|vuelos?|reisen|reise|fliegen|flugen|fluge?|autofahren|voyager|voyages?|prendre l'avion|avion|viaggiare|viaggi|viaggio|volare|voli|volo";

/** The weather and nature's disasters. */
const WEATHER =
  "weather|storms?|snowstorms?|thunderstorms?|hurricanes?|typhoons?|tornado(?:e?s)?|cyclones?|floods?|flooding(?! the)|heat ?waves?|snow|snowfall|blizzards?|frost|hail|rain|earthquakes?|wildfires?|bushfires?|forest fires?|lightning|monsoons?|tsunamis?|volcano(?:e?s)?|avalanches?|sunburn|sunburnt|sunbathing|sun exposure|tanning|heatstroke|tormentas?|huracan(?:es)?|unwetter|sturm|orages?|tempetes?|temporali";

/** The seller's health: habits, treatments, illnesses. */
const HEALTH =
  "smoking|vaping|alcohol|drinking alcohol|binge drinking|caffeine|energy drinks|surgery|an operation|anaesthesia|anesthesia|pregnancy|pregnant|vaccines?|vaccinations?|medication|medicines?|ibuprofen|paracetamol|aspirin|antibiotics|painkillers|sleeping pills|dieting|fasting|intermittent fasting|keto|covid|flu|viruses?|infections?|cancer|heart attacks?|strokes?|tattoos?|piercings?|raw (?:meat|fish|eggs|milk|cookie dough)|sushi|fumar|rauchen|fumer|fumare|cirugia|embarazo|schwangerschaft|grossesse|gravidanza";

/** Sport and pastimes with a danger of their own. */
const PASTIME =
  "skiing|snowboarding|hiking|climbing|mountaineering|bouldering|diving|scuba(?: diving)?|snorkel(?:l)?ing|surfing|swimming|skydiving|bungee(?: jumping)?|paragliding|hang gliding|boxing|martial arts|marathons?|horse riding|horseback riding|motorcycling|motorbikes?|motorcycles?|camping|sailing|kayaking|rafting|esquiar|escalar|bucear|skifahren|klettern|tauchen|faire du ski|escalade|plongee|sciare|arrampicata|immersioni";

/** Goods named after a pastime or the weather ("camping gear", "rain jackets"): the seller's stock, not life. */
const GOODS_AFTER =
  "(?! (?:gear|equipment|kit|kits|supplies|accessories|products?|items?|goods|stock|inventory|sales|orders|listings?|range|line|category|season|boots|shoes|jackets?|coats?|clothing|clothes|wear|apparel|bags?|backpacks?|mats?|masks?|goggles|helmets?|chairs?|tents?|poles|boards?|sets?|toys?|covers?|pillows?|bottles?|mugs?|adapters?|socks|__category__|__subcategory__|__sku__|__asin__)(?: |$))";

const LIFE = `(?:${TRAVEL}|${WEATHER}|${HEALTH}|${PASTIME})${GOODS_AFTER}`;

/** Small words between the risk and its object ("of a long solo", "involved in getting", "de"). */
const BETWEEN =
  "(?:(?:a|an|the|some|any|my|our|your|long|short|solo|overnight|international|domestic|long-haul|long haul|winter|summer|night|late|early|bad|severe|extreme|heavy|big|major|un|una|el|la|los|las|der|die|das|le|les|l'|il|lo|getting|catching|being|going|having|taking|doing|during|en|al|beim|bei|im|vom|du|des|di|del|della|nel|in) ){0,3}";

/**
 * "The risks of flying…", "any danger in skiing…", "riesgos de viajar", "Risiken beim Fliegen". A Spanish or French "de"
 * reads as Germany's code, so a masked marketplace may stand where the preposition was.
 */
const RISK_OF_LIFE = new RegExp(
  `(?:^| )${RISK} (?:(?:of|in|with|from|when|while|for|to|on|involved in|associated with|linked to|around|de|del|para|al|en|beim|bei|von|vom|fur|durch|du|des|pour|en|di|del|nel|per|__mkt__) )${BETWEEN}${LIFE}(?= |$)`,
);

/** "Travel risks for next week", "hurricane risk in Florida", "the health danger of smoking" (the thing named first). */
const LIFE_RISK = new RegExp(`(?:^| )(?:${TRAVEL}|${WEATHER}|${PASTIME}|health) ${RISK}(?= |$)`);

/** "Is flying to Auckland risky", "how dangerous is skiing off piste", "is a road trip in winter safe". */
const LIFE_JUDGED_RISKY = new RegExp(
  `(?:^| )(?:is|are|isn't|aren't|was|would|will|can) ${BETWEEN}${LIFE} (?:[a-z_'-]+ ){0,5}?(?:too |really |very |so |that |more |less |still )?(?<!at )(?:${RISK}|safe|safer|safe enough)(?= |$)|(?:^| )how (?:${RISK}|safe) (?:is|are|would|was) ${BETWEEN}${LIFE}(?= |$)`,
);

/** Whether topic text asks the risks of something in the seller's life rather than their business. */
export function asksLifeRisks(text: string): boolean {
  return RISK_OF_LIFE.test(text) || LIFE_RISK.test(text) || LIFE_JUDGED_RISKY.test(text);
}
