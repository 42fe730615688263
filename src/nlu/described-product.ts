/**
 * A product told by what it is before its code ("the cooking pan HK-COOK-01", "my dog toy B0PSDOGT01"), in masked text:
 * up to three words between a determiner and the code, none of them a linking word ("the stock of B0…" is no
 * description). The words (group 1) only name the seller's own product: they are neither a topic of the question
 * (slots.ts) nor a world phrase that would refuse it ("cooking", out-of-domain.ts).
 */
export const DESCRIBED_PRODUCT =
  /(?:^| )(?:the|my|our|this|that) ((?:(?!(?:of|for|in|on|at|to|with|by|about|from|and|or|is|are|was|were|has|have)(?= ))[a-z'-]+ ){1,3})__(?:sku|asin)__(?= |$)/g;
