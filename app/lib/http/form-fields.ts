import { z } from "zod";

/**
 * An optional text field: Windows line ends made plain, trimmed, "" when not written, at most `max` characters
 * (`tooLong` says so). The limit is a refine after the transform, not a piped string schema: Conform's
 * parseWithZod turns an empty string into "missing" in every string schema it reaches, a piped one included, so
 * an empty field would be refused as 'expected string, received undefined'.
 */
export function optionalText(max: number, tooLong: { error: () => string }) {
  return z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(/\r\n?/g, "\n").trim())
    .refine((value) => value.length <= max, tooLong);
}
