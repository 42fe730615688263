import { readDataJson } from "../core/reference-data.js";

/** The demo seller's vocabulary, from data/demo-catalog.json. */
export interface DemoSubcategoryVocab {
  name: string;
  price: [number, number];
  fba_fee?: number;
  stems: string[];
  keywords?: string[];
}

export interface DemoCategoryVocab {
  name: string;
  short: string;
  code: string;
  brand: string;
  refund_rate: number;
  subcategories: (DemoSubcategoryVocab & { fba_fee: number; keywords: string[] })[];
  gap_subcategories: DemoSubcategoryVocab[];
}

export interface DemoCatalogVocab {
  seller_name: string;
  categories: DemoCategoryVocab[];
  variants: string[];
  pack_sizes: string[];
  competitor_sellers: string[];
  competitor_brands: string[];
  search_modifiers: string[];
  irrelevant_modifiers: string[];
  auto_targets: string[];
}

export function demoCatalogVocab(): DemoCatalogVocab {
  return readDataJson<DemoCatalogVocab>("demo-catalog.json");
}
