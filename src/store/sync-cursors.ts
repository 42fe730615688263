import type { MirrorDb } from "./open-mirror.js";

/** Where each report type's data last ended for an account, by marketplace ("" for account-wide reports). */
export async function readSyncCursors(db: MirrorDb, accountId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("sync_cursors")
    .select(["report_type", "marketplace", "data_end"])
    .where("account_id", "=", accountId)
    .execute();
  return new Map(rows.map((r) => [cursorKey(r.report_type, r.marketplace), r.data_end]));
}

export function cursorKey(reportType: string, marketplace: string): string {
  return `${reportType}\t${marketplace}`;
}

/** Moves a cursor forward (never back: an older report imported late does not rewind it). */
export async function advanceSyncCursor(
  db: MirrorDb,
  accountId: string,
  reportType: string,
  marketplace: string,
  dataEnd: string,
  at: string,
): Promise<void> {
  const current = await db
    .selectFrom("sync_cursors")
    .select("data_end")
    .where("account_id", "=", accountId)
    .where("report_type", "=", reportType)
    .where("marketplace", "=", marketplace)
    .executeTakeFirst();
  if (current && current.data_end >= dataEnd) return;
  await db
    .insertInto("sync_cursors")
    .values({ account_id: accountId, report_type: reportType, marketplace, data_end: dataEnd, updated_at: at })
    .onConflict((oc) =>
      oc.columns(["account_id", "report_type", "marketplace"]).doUpdateSet({ data_end: dataEnd, updated_at: at }),
    )
    .execute();
}
