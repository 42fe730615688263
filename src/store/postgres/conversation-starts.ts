/**
 * Conversation starts on PostgreSQL (see store/conversations.ts): the API
 * writes a batch of them every few milliseconds under load, one per answer
 * it remembered, so a batch is one prepared statement on the counting
 * connections (counting-pool.ts), with what they give and give up: no
 * parse and plan per batch, and a commit that does not wait for the disk (a
 * crash of the machine may lose the last moments' starts, as a SQLite
 * mirror may). Ids already stored, under any account, are left as they are.
 */
import { CompiledQuery, type Kysely } from "kysely";
import { runCounting } from "./counting-pool.js";

/** A conversation's row: id, account ("" for none), state, and when it started. */
export interface ConversationStartRow {
  id: string;
  account_id: string;
  state: string;
  at: string;
}

const START = `insert into conversations (id, account_id, state, created_at, updated_at)
  select r.id, r.account_id, r.state, r.at, r.at
  from json_to_recordset($1::json) as r(id text, account_id text, state text, at text)
  where not exists (select 1 from conversations c where c.id = r.id)
  on conflict (account_id, id) do nothing`;

/** Stores the starts in one statement. */
export async function startConversationsOnPostgres(
  db: Kysely<any>,
  rows: readonly ConversationStartRow[],
): Promise<void> {
  await runCounting(db, "seller_ai_start_conversations", CompiledQuery.raw(START, [JSON.stringify(rows)]));
}
