/**
 * Answers an understanding built from an intent and its filters on a test
 * mirror, at the fixture's today: the analytics as the API and CLI reach them,
 * without the parser.
 */
import { answerUnderstanding } from "../../src/answer/answer.js";
import { nowForToday } from "../../src/core/dates.js";
import { INTENT_AREAS, type Filters, type Intent } from "../../src/core/understanding.js";
import type { Mirror } from "../../src/store/open-mirror.js";
import { FIXTURE_TODAY } from "./small-mirror.js";

export async function answerIntent(mirror: Mirror, intent: Intent, filters: Filters) {
  const answered = await answerUnderstanding(
    { intent, area: INTENT_AREAS[intent], confidence: 1, filters, interpretation: "test" },
    { db: mirror.db, now: nowForToday(FIXTURE_TODAY) },
  );
  return { result: answered.body.result as Record<string, any>, primaryKey: answered.primaryKey };
}
