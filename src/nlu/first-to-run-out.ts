/**
 * The order stock runs out in, asked of one thing: "which Toys & Games item runs out first", "the first product to
 * sell out", "which SKU will go out of stock soonest". Running out first is a ranking by days of supply, and asked of
 * a singular noun ("item", "product", "SKU") or of "which one" it picks one row, as "my best seller" does; "which
 * products run out first" lists them all.
 */

/** Running out (of stock), said with the order it happens in: "runs out first", "first to sell out", "go dry soonest". */
export const FIRST_TO_RUN_OUT =
  /(?:^| )(?:(?:runs?|running|ran|sells?|selling|sold|goes|go|going|went|will be) (?:out|dry|empty|out of stock)(?: of (?:stock|inventory|units))? (?:the )?(?:first|soonest|earliest|quickest|fastest|before (?:the )?(?:others|the rest|anything else))|(?:first|soonest|earliest|next) (?:[^ ]+ ){0,3}?to (?:run|sell|go) (?:out|dry|empty)|(?:first|next) (?:one )?(?:to )?(?:stock ?out|sell ?out|run ?out))(?= |$)/;
