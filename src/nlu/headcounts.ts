/**
 * A number before people counts them: "a couple of buyers said the mat smells", "3 customers complained", "two of them
 * sent it back". The seller is telling what happened, so the number is neither a day of the month before it ("since
 * September, 2 buyers…" is since September 1) nor how many rows to show.
 */
export const PEOPLE_COUNTED =
  "(?:of )?(?:(?:the|my|our|your|their|those|these) )?(?:buyers|customers|people|shoppers|clients|reviewers|users|persons|folks|guys|returners|complaints|of them|of us)(?![\\w])";
