/**
 * The parser, conversation store and renderers the answer pipeline calls,
 * loaded on first use so that `answer()` starts fast and each shell pays only
 * for what it renders.
 */
import type { MirrorDb } from "../store/open-mirror.js";
import type { Understanding } from "../nlu/understanding.js";

export interface ParseError {
  code: "invalid_query";
  message: string;
  suggestions: string[];
}

export interface NluModule {
  parseQuestion(text: string, options: { catalog: unknown; today: string; previous?: Understanding; llm?: unknown }): Promise<{ understanding: Understanding } | { error: ParseError }> | { understanding: Understanding } | { error: ParseError };
  loadCatalogVocabulary(db: MirrorDb, accountId?: string): Promise<unknown> | unknown;
}

export interface ConversationModule {
  newConversationId(): string;
  loadConversation(db: MirrorDb, id: string, now: Date): Promise<unknown> | unknown;
  saveConversation(db: MirrorDb, id: string, understanding: Understanding, now: Date, accountId?: string): Promise<void> | void;
}

export interface RenderModule {
  tableToCsv(rows: Record<string, unknown>[]): string;
  chartSpec(result: Record<string, unknown>, primaryKey: string, understanding: Understanding): Record<string, unknown>;
}

async function firstExporting<T>(candidates: string[], name: string): Promise<T | undefined> {
  for (const path of candidates) {
    try {
      const mod = (await import(path)) as Record<string, unknown>;
      if (typeof mod[name] === "function") return mod as T;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== "ERR_MODULE_NOT_FOUND") throw error;
    }
  }
  return undefined;
}

let nlu: Promise<NluModule | undefined> | undefined;
let conversations: Promise<ConversationModule | undefined> | undefined;
let csv: Promise<Pick<RenderModule, "tableToCsv"> | undefined> | undefined;
let chart: Promise<Pick<RenderModule, "chartSpec"> | undefined> | undefined;

const NLU_PATHS = ["../nlu/parse-question.js", "../nlu/parser.js", "../nlu/parse.js", "../nlu/index.js"];
const CATALOG_PATHS = ["../nlu/catalog-vocabulary.js", "../nlu/catalog.js", "../nlu/vocabulary.js", ...NLU_PATHS];

/** The intent parser, or undefined when it is not part of this build. */
export function loadNlu(): Promise<NluModule | undefined> {
  nlu ??= (async () => {
    const parser = await firstExporting<Pick<NluModule, "parseQuestion">>(NLU_PATHS, "parseQuestion");
    const catalog = await firstExporting<Pick<NluModule, "loadCatalogVocabulary">>(CATALOG_PATHS, "loadCatalogVocabulary");
    if (!parser) return undefined;
    return {
      parseQuestion: parser.parseQuestion.bind(parser),
      loadCatalogVocabulary: catalog ? catalog.loadCatalogVocabulary.bind(catalog) : () => undefined,
    };
  })();
  return nlu;
}

export function loadConversations(): Promise<ConversationModule | undefined> {
  conversations ??= firstExporting<ConversationModule>(["../nlu/conversation-store.js"], "saveConversation");
  return conversations;
}

export function loadCsvRenderer(): Promise<Pick<RenderModule, "tableToCsv"> | undefined> {
  csv ??= firstExporting(["../render/csv.js"], "tableToCsv");
  return csv;
}

export function loadChartRenderer(): Promise<Pick<RenderModule, "chartSpec"> | undefined> {
  chart ??= firstExporting(["../render/chart-spec.js"], "chartSpec");
  return chart;
}
