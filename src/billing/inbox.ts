/**
 * Stores received events in groups: the deliveries that arrive together
 * (Stripe sends several at once, and retries in bursts) are written in
 * one statement, one commit synced to disk, and each is answered only once
 * that commit is done, so an acknowledged event is always stored, even
 * across a power cut. Under load this takes one commit and one sync per
 * group instead of one per event; alone, an event is written at the next
 * turn of the event loop.
 */
import type { Kysely } from "kysely";
import { insertBillingEvents, type NewBillingEvent } from "../store/billing-events.js";
import type { MirrorSchema } from "../store/schema.js";

/** At most this many events per statement (six values each, far below SQLite's limit). */
const MAX_GROUP = 500;

interface Waiting {
  event: NewBillingEvent;
  resolve(stored: boolean): void;
  reject(error: unknown): void;
}

export class BillingInbox {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(private readonly db: Kysely<MirrorSchema>) {}

  /** Stores an event with the others of its group; resolves false when its id was already stored. */
  store(event: NewBillingEvent): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ event, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, MAX_GROUP);
      this.write(group).catch(() => undefined);
    }
  }

  private async write(group: Waiting[]): Promise<void> {
    // The same event twice in one group: the first stores it, the second is its duplicate.
    const first = new Map<string, NewBillingEvent>();
    for (const w of group) if (!first.has(w.event.id)) first.set(w.event.id, w.event);
    try {
      const stored = await insertBillingEvents(this.db, [...first.values()]);
      for (const w of group) w.resolve(stored.has(w.event.id) && first.get(w.event.id) === w.event);
    } catch (error) {
      for (const w of group) w.reject(error);
    }
  }
}
