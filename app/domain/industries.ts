import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** The trades the agency serves, as the landing page shows them and a quote request names one. */
export const INDUSTRIES = [
  "cleaning",
  "painting",
  "plumbing",
  "roofing",
  "pressure-washing",
  "construction",
  "electrician",
] as const;
export type Industry = (typeof INDUSTRIES)[number];

/** Each trade's name. */
export const INDUSTRY_NAMES: Record<Industry, MessageDescriptor> = {
  cleaning: msg`Cleaning`,
  painting: msg`Painting`,
  plumbing: msg`Plumbing`,
  roofing: msg`Roofing`,
  "pressure-washing": msg`Pressure Washing`,
  construction: msg`Construction`,
  electrician: msg`Electrician`,
};

export function isIndustry(value: unknown): value is Industry {
  return typeof value === "string" && (INDUSTRIES as readonly string[]).includes(value);
}
