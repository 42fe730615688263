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
