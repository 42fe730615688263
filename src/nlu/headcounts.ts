/**
 * A number before people counts them: "a couple of buyers said the mat smells", "3 customers complained". The seller is
 * telling what happened, so the number is neither a day of the month before it ("since September, 2 buyers…" is since
 * September 1) nor how many rows to show. "3 of them" is not here: after a list it is how many of its rows ("top 3 of
 * them by storage fees", "give me 4 of them").
 */
export const PEOPLE_COUNTED =
  "(?:of )?(?:(?:the|my|our|your|their|those|these) )?(?:buyers|customers|people|shoppers|clients|reviewers|users|persons|folks|guys|returners|complaints)(?![\\w])";
