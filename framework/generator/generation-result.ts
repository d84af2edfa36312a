import type { Item } from '../rules/index.js';
import type { CapacityEstimate } from './estimate-overlap.js';

/** One generated item with where it came from. */
export interface GeneratedRecord {
  item: Item;
  family: string;
  phenomenon: string;
  index: number;
  attempt: number;
  /** The intended lemma and tag query when the gold came from ctx.answer(). */
  lemma?: string;
  query?: string;
  /** The tag of the gold's cell and the id of its lexeme, when the gold came from ctx.answer(). */
  tag?: string;
  lexemeId?: number;
}

export interface FamilySummary extends CapacityEstimate {
  id: string;
  phenomenon: string;
  quota: number;
  produced: number;
  /** sample() calls, including rejected and duplicate draws. */
  attempts: number;
  duplicates: number;
  /** Rejections by reason. */
  rejections: Record<string, number>;
  /**
   * Rejected draws that asked for a lemma the snapshot does not know, by that lemma (a misspelt
   * word list: "gazetaa"); absent when the runtime does not say (Python runtimes before it).
   */
  unknownLemmas?: Record<string, number>;
  /**
   * Lemmas a lexemes({ lemma }) filter of the family named that the snapshot does not know: the
   * filter found nothing, so a word list lost a word without a rejection to show it.
   */
  unknownFilterLemmas?: string[];
}

export interface GenerationWarning {
  code: 'seed_overlap_risk' | 'item_warning' | 'unknown_lemma';
  family: string | null;
  message: string;
}

export interface GenerationResult {
  generator: string;
  seed: number;
  records: GeneratedRecord[];
  items: Item[];
  /** The canonical JSONL text of `items`. */
  jsonl: string;
  families: FamilySummary[];
  /** Expected Jaccard overlap of two seeds' sets, from the families' capacities. */
  expectedOverlap: number;
  warnings: GenerationWarning[];
}
