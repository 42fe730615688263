/** Which plan each of the payment provider's price ids stands for (`seller-ai billing prices set`). */
import type { Kysely, Selectable } from "kysely";
import type { BillingPricesTable, MirrorSchema, Plan } from "./schema.js";

export type PriceMapping = Selectable<BillingPricesTable>;

export async function setPricePlan(db: Kysely<MirrorSchema>, priceId: string, plan: Plan, at: string): Promise<void> {
  await db
    .insertInto("billing_prices")
    .values({ price_id: priceId, plan, updated_at: at })
    .onConflict((oc) => oc.column("price_id").doUpdateSet({ plan, updated_at: at }))
    .execute();
}

export async function planOfPrice(db: Kysely<MirrorSchema>, priceId: string): Promise<Plan | undefined> {
  const row = await db.selectFrom("billing_prices").select("plan").where("price_id", "=", priceId).executeTakeFirst();
  return row?.plan;
}

export async function listPricePlans(db: Kysely<MirrorSchema>): Promise<PriceMapping[]> {
  return db.selectFrom("billing_prices").selectAll().orderBy("price_id").execute();
}
