/**
 * Records the outcomes of attempts that end together in one transaction:
 * a worker with many attempts in flight then pays for one transaction per
 * batch instead of one per attempt.
 */
import type { Kysely } from "kysely";
import type { MirrorSchema } from "../store/schema.js";
import { recordAttempts, type AttemptRecordItem } from "../store/webhook-deliveries.js";

interface Waiting {
  item: AttemptRecordItem;
  resolve(recorded: boolean): void;
  reject(error: unknown): void;
}

export class AttemptRecorder {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(private readonly db: Kysely<MirrorSchema>) {}

  /** Records an outcome with those handed in during the same turn of the event loop; says whether it was written. */
  record(item: AttemptRecordItem): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    this.scheduled = false;
    try {
      const recorded = await recordAttempts(
        this.db,
        batch.map((w) => w.item),
      );
      for (const [i, w] of batch.entries()) w.resolve(recorded[i]);
    } catch (error) {
      // Nothing of the batch was written: each claim stays until its lease runs out, then is attempted again.
      for (const w of batch) w.reject(error);
    }
  }
}
