/**
 * A newcomer asking what seller-ai can tell, show or do about their whole shop ("first day using this - what can it
 * tell me about my shop?", "what can you show me about my account", "what could this tool do for my business"): the
 * shop as a whole is no figure, so the question asks what seller-ai covers, which is help. A figure or a part of the
 * shop ("what can you tell me about my sales", "…about my UK store") asks of the data instead, and is left alone: the
 * pattern ends at the shop's own word, and the caller keeps it for questions that name no scope.
 */
const ASKED_OF_THE_TOOL =
  /(?:^| )what (?:(?:kinds?|sorts?|types?) of (?:things|stuff|info|information) )?(?:else )?(?:can|could|will|would|do|does) (?:you|u|it|this|seller-?ai|(?:this|the) (?:tool|app|bot|thing|assistant|software)) (?:actually |even |really )?(?:tell|show|say|do|find out|work out|know)(?: for)?(?: me| us)?(?: about| for| of| on| with)? (?:my|our) (?:(?:amazon|seller|online|own|little|whole) )?(?:shop|store|account|business|seller account|brand)(?: (?:so far|yet|exactly|then|already|here))?$/;

/** Whether the question's own words ask what seller-ai can tell of the seller's shop as a whole. */
export function asksWhatItCanTell(topicText: string): boolean {
  return ASKED_OF_THE_TOOL.test(topicText);
}

/**
 * Whether seller-ai can take in a file or report of the seller's ("can it read my Business Reports", "does this work
 * with settlement reports", "can you import a CSV from Seller Central", "is it able to handle my ads exports"), how
 * the answers leave it ("can I export this to Excel") or what it does at all ("what exactly does this thing do"): what
 * the tool can do, which is help. Showing a report ("can you show me my business report") asks for the data, and its
 * verbs are not among these.
 */
const TOOL = "(?:you|u|it|this|seller[- ]?ai|(?:this|the) (?:tool|app|bot|thing|assistant|software|program|cli))";
const TAKES =
  "(?:read|import|load|open|ingest|parse|understand|process|handle|accept|take|use|pull in|pull from|pull data from|connect to|sync with|work with|cope with|deal with|support|plug into|integrate with)";
const FILE =
  "(?:reports?|csvs?|csv files?|files?|spreadsheets?|sheets|exports?|downloads?|flat files?|statements?|xlsx|excel files?)";
const TOOL_TAKES = new RegExp(
  `^(?:(?:so|and|ok|okay|hey|also|but|quick question) )?(?:(?:can|could|do|does|will|would) ${TOOL}|(?:is|are) ${TOOL} able to) (?:also |even |actually |already |really )?${TAKES} (?:my |our |the |a |an |any |amazon's |amazon |seller central )?(?:[a-z'-]+ ){0,2}?${FILE}(?: (?:too|as well|also|at all|directly|yet|from (?:seller central|amazon)))*$`,
);
/** "can I export this to Excel", "could we download the results as a CSV". */
const ANSWERS_OUT =
  /^(?:(?:so|and|ok|okay|also|but) )?(?:can|could) (?:i|we) (?:export|download|save|send|copy) (?:(?:it|this|that|them|these|the (?:results?|answers?|tables?|data|numbers|figures)|my (?:data|results|numbers|figures)) )?(?:to|into|as|in) (?:an? |the )?(?:excel|csv|csvs|spreadsheet|google sheets|sheets|xlsx|pdf|file)(?: files?)?$/;
/** "what exactly does it do", "what does this thing actually do", "what does seller-ai do exactly". */
const WHAT_IT_DOES = new RegExp(
  `^(?:(?:so|and|ok|okay|or|but) )?what (?:exactly |else |actually )?(?:does|can|will|do) ${TOOL} (?:exactly |actually |really )?do(?: exactly| for me| for us)?$`,
);

/**
 * Whether every part of the question, split on "or", asks what the tool takes in or does ("can this read my Business
 * Reports, or what exactly does it do?").
 */
export function asksWhatTheToolTakes(topicText: string): boolean {
  const parts = topicText.split(/ or (?=what |can |could |does |do |will |is )/);
  return parts.every((p) => TOOL_TAKES.test(p) || ANSWERS_OUT.test(p) || WHAT_IT_DOES.test(p));
}
