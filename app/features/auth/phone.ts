/** Strips a phone number back to its digits. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/**
 * Formats a US phone number as it is typed: up to 3 digits plain, 4 to 6 as '(555) 123',
 * then '(555) 123-4567'; at most 10 digits are kept.
 */
export function formatUsPhone(value: string): string {
  const digits = phoneDigits(value).slice(0, 10);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * A formatted number, '(555) 123-4567', is 14 characters: with the 13 first asked for, a browser refuses the
 * tenth digit as it is typed. 14 lets a whole US number in and nothing more (decision 003).
 */
export const PHONE_INPUT_MAX_LENGTH = 14;
