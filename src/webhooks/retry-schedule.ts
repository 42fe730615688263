/**
 * When a failed delivery is tried again: at once, then after 5 seconds,
 * 5 minutes, 30 minutes, 2, 5, 10 and 10 hours (eight attempts over about
 * 28 hours), each wait moved by up to 10% either way so that receivers that
 * failed together are not hit again together.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait after the n-th failed attempt (index n − 1). */
export const RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const JITTER = 0.1;
/** An endpoint that has not succeeded for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * HOUR;
/** How long a receiver has to answer. */
export const DEFAULT_TIMEOUT_MS = 15 * SECOND;

/**
 * The wait before the next attempt after `attemptsMade` attempts failed, or
 * undefined when none is left. `random` returns a number in [0, 1).
 *
 * @example
 * retryDelayMs(1, () => 0.5); // 5000
 */
export function retryDelayMs(attemptsMade: number, random: () => number = Math.random): number | undefined {
  if (attemptsMade < 1 || attemptsMade >= MAX_ATTEMPTS) return undefined;
  const base = RETRY_DELAYS_MS[attemptsMade - 1];
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()));
}
