/**
 * The names in a seller's catalog that questions may mention: what the
 * parser is given to recognise categories, campaigns, ASINs and SKUs (the
 * store reads them from the mirror).
 */
export interface CatalogVocabulary {
  categories: string[];
  /** Subcategories with the category they belong to. */
  subcategories: { name: string; category: string }[];
  campaigns: string[];
  asins: string[];
  skus: string[];
}
