import { z } from 'zod';

/** One Track 1 item: the user message, the canonical answer and optional equivalent answers. */
export interface Item {
  input: string;
  gold: string;
  aliases?: string[];
}

/**
 * The shape of an item, strict: `input` and `gold` strings, `aliases` an optional array of
 * strings, no other field. Lengths and emptiness are checked by validateItems, after normalisation.
 */
export const itemSchema: z.ZodType<Item> = z
  .object({
    input: z.string(),
    gold: z.string(),
    aliases: z.array(z.string()).optional(),
  })
  .strict();
