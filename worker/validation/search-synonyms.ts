import { z } from "zod";
import { MAX_SYNONYM_MEANING_LENGTH, MAX_SYNONYM_TERM_LENGTH, normaliseSearchText } from "@shared/search";
import { strictFields } from "./common";

/** A word as the synonym table keeps it. */
const word = (label: string, min: number, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .transform((text) => normaliseSearchText(text).toLowerCase())
    .pipe(
      z
        .string()
        .min(1, `Enter the ${label}`)
        .min(min, `The ${label} needs at least ${min} characters`)
        .max(max, `Keep the ${label} under ${max + 1} characters`)
        .regex(/^[\p{L}\p{N}][\p{L}\p{N}' -]*$/u, `The ${label} can only have letters, digits, spaces, hyphens and apostrophes`)
        .regex(/\p{L}/u, `The ${label} needs a letter`),
    );

/** A search word the seller adds; the meaning is matched through the trigram index, so it needs three characters. */
export const searchSynonymInput = strictFields({
  term: word("word shoppers type", 2, MAX_SYNONYM_TERM_LENGTH),
  meaning: word("meaning", 3, MAX_SYNONYM_MEANING_LENGTH),
}).refine((s) => s.term !== s.meaning, { message: "A word cannot mean itself", path: ["meaning"] });

export const searchSynonymRef = z.strictObject({
  term: z
    .string({ error: "Say which word to remove" })
    .transform((text) => normaliseSearchText(text).toLowerCase())
    .pipe(z.string().min(1, "Say which word to remove").max(MAX_SYNONYM_TERM_LENGTH, "No such search word")),
});
