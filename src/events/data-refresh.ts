import type { Kysely } from "kysely";
import type { MirrorSchema } from "../store/schema.js";
import type { DataRefreshCompletedData, EventLink } from "./event-types.js";
import { recordEvent, type RecordedEvent } from "./record-event.js";

export interface DataRefresh {
  /** The sync run recorded for the refresh. */
  runId: number;
  accountId: string;
  source: DataRefreshCompletedData["source"];
  status: DataRefreshCompletedData["status"];
  /** The imported file's name; folders are dropped (they say nothing to a receiver and may say too much). */
  file?: string | null;
  marketplaces: readonly string[];
  reportTypes: readonly string[];
  rows: { read: number; written: number; rejected: number };
  firstDay: string | null;
  lastDay: string | null;
  now: Date;
}

/**
 * Records `data_refresh.completed` for an import, a sync or a demo
 * generation, in the transaction that stores its data (before it commits).
 *
 * @example
 * await emitDataRefreshCompleted(trx, { runId, accountId: "acme", source: "import", status: "ok", file: "orders.txt",
 *   marketplaces: ["US"], reportTypes: ["GET_FLAT_FILE_ALL_ORDERS_DATA"], rows: { read: 10, written: 10, rejected: 0 },
 *   firstDay: "2026-11-01", lastDay: "2026-11-20", now });
 */
export async function emitDataRefreshCompleted(db: Kysely<MirrorSchema>, refresh: DataRefresh): Promise<RecordedEvent> {
  const data: DataRefreshCompletedData = {
    id: `run_${refresh.runId}`,
    account_id: refresh.accountId,
    source: refresh.source,
    status: refresh.status,
    file: refresh.file ? (refresh.file.split(/[\\/]/).pop() ?? null) : null,
    marketplaces: [...refresh.marketplaces],
    report_types: [...refresh.reportTypes],
    rows: { ...refresh.rows },
    first_day: refresh.firstDay,
    last_day: refresh.lastDay,
    link: refreshLink(refresh),
  };
  return recordEvent(db, {
    type: "data_refresh.completed",
    account_id: refresh.accountId,
    data: data as unknown as Record<string, unknown>,
    now: refresh.now,
  });
}

/** A question on the refreshed data, over its days, that POST /v1/query answers. */
function refreshLink(refresh: DataRefresh): EventLink {
  const types = refresh.reportTypes.join(" ");
  const query = /INVENTORY/.test(types)
    ? "stock levels"
    : /SPONSORED_PRODUCTS/.test(types)
      ? "ad performance summary"
      : "sales summary";
  const body: Record<string, unknown> = { query, account_id: refresh.accountId };
  if (query !== "stock levels" && refresh.firstDay && refresh.lastDay)
    body.timeframe = `${refresh.firstDay}..${refresh.lastDay}`;
  if (refresh.marketplaces.length === 1) body.marketplace = refresh.marketplaces[0];
  return { method: "POST", url: "/v1/query", body };
}
