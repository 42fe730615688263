import type { Condition, Filters } from "../core/understanding.js";
import type { Slots } from "./slots.js";

/**
 * A follow-up that moves a threshold the question before set ("raise the session cutoff to at least 500", "lower the
 * cutoff to 20 orders", "make it 500 sessions"): the new value replaces that condition's, and nothing else changes.
 * The figure it names is the threshold's, not a new figure to rank by, and its number is the threshold, not how many
 * rows to show.
 */

/** Words that name a threshold itself. */
const THRESHOLD_WORD = /(?:^| )(?:threshold|cut ?-?off|minimum|min|floor|bar|ceiling)s?(?= |$)/;
/** A verb that moves a value ("lower…", "make it…"), leading the follow-up. */
const MOVES_A_VALUE =
  /^(?:(?:and|ok|okay|now|then|so|actually|please)[, ]+)*(?:(?:can|could) you )?(?:lower|raise|drop|bump|increase|decrease|reduce|move|tighten|loosen|relax|make|set|change|put)(?= |$)/;
/** Where a value moves to, after the verb that moves it. */
const MOVED_TO = /(?:^| )(?:up|down) to \$?\d/;
/** Words that rank rows, so a number beside them is how many to show ("make it the top 20"). */
const RANKING_WORD = /(?:^| )(?:top|bottom|best|worst|first|highest|lowest|most|least|rows?|results?)(?= |$)/;

/** The condition a follow-up moves, by its place in `conditions`, with its new bound; undefined if it moves none. */
export function movedThreshold(
  slots: Slots,
  conditions: Condition[] | undefined,
  text: string,
): { at: number; op: Condition["op"]; value: number } | undefined {
  if (!conditions?.length) return undefined;
  const said = text.toLowerCase();
  // The new value: a bound with no figure of its own ("to at least 500"), or a bare number the parser took for a limit.
  const bound =
    slots.conditions.length === 1 && slots.conditions[0].metric === undefined ? slots.conditions[0] : undefined;
  const value = bound?.value ?? (slots.conditions.length === 0 ? slots.limit : undefined);
  if (value === undefined) return undefined;
  // Every figure named must be one the conditions bound; a figure of its own is a new question of that figure.
  if (!slots.metrics.every((m) => conditions.some((c) => c.metric === m))) return undefined;
  if (!THRESHOLD_WORD.test(said) && !(MOVES_A_VALUE.test(said) && slots.metrics.length > 0)) return undefined;
  if (!bound && RANKING_WORD.test(said)) return undefined;
  const at =
    slots.metrics.length === 1
      ? conditions.findIndex((c) => c.metric === slots.metrics[0])
      : slots.metrics.length === 0 && conditions.length === 1
        ? 0
        : -1;
  if (at < 0) return undefined;
  // "bump the minimum up to 100": "up to" says where the value moves, not that it becomes a ceiling.
  const op = bound && !MOVED_TO.test(said) ? bound.op : conditions[at].op;
  return { at, op, value };
}

/**
 * Edits `base.conditions` when the follow-up only moves one of them, clearing what the number and the figure would
 * otherwise have set (a limit, a metric, an order).
 */
export function moveThreshold(slots: Slots, base: Filters, text: string): void {
  const conditions = base.conditions as Condition[] | undefined;
  const moved = movedThreshold(slots, conditions, text);
  if (!moved || !conditions) return;
  base.conditions = conditions.map((c, i) => (i === moved.at ? { ...c, op: moved.op, value: moved.value } : c));
  slots.conditions = [];
  slots.limit = undefined;
  slots.bareValue = undefined;
  slots.metrics = [];
  // "lower the cutoff": the verb moves the value, it does not order the rows.
  if (MOVES_A_VALUE.test(text.toLowerCase())) slots.sort = undefined;
}
