/**
 * Every way an answer can be written, declared once: the terminal formats for
 * people (table, chart) and the data formats for programs (json, csv,
 * chart_data), which are also the API's `format`.
 */
export const DATA_FORMATS = ["json", "csv", "chart_data"] as const;
export type DataFormat = (typeof DATA_FORMATS)[number];

export const OUTPUT_FORMATS = ["table", "chart", ...DATA_FORMATS] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** The formats for a person at a terminal. */
export type TerminalFormat = Exclude<OutputFormat, DataFormat>;

export function isOutputFormat(value: string): value is OutputFormat {
  return (OUTPUT_FORMATS as readonly string[]).includes(value);
}

/** Whether a format is data only (stdout can go to a file); table and chart are for people. */
export function isDataFormat(format: OutputFormat): format is DataFormat {
  return (DATA_FORMATS as readonly string[]).includes(format);
}
