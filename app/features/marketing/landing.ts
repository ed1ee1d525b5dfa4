/** What the landing page's components need besides the content from the loader (./content.ts). */

export interface Picture {
  src: string;
  alt: string;
}

/** The scene illustrations are drawn at 16:9; the portraits are square. */
export const SCENE_SIZE = { width: 1600, height: 900 } as const;
export const PORTRAIT_SIZE = { width: 160, height: 160 } as const;

/** The hero advances every 5000 ms, the testimonials every 6000 ms. */
export const HERO_INTERVAL_MS = 5000;
export const TESTIMONIAL_INTERVAL_MS = 6000;

/** `tel:` target for a displayed US phone number: '(555) 201-7788' becomes 'tel:+15552017788'. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `tel:+${digits}`;
  return `tel:${phone.trim().startsWith("+") ? "+" : ""}${digits}`;
}

/** The four blocks of an industry's dialog, in their order. */
export const BENEFIT_ORDER = ["googleBusiness", "website", "moreClients", "credibility"] as const;
export type IndustryBenefit = (typeof BENEFIT_ORDER)[number];

/** The language of a landing page's path. */
export function landingLocale(pathname: string): "en" | "es" {
  return pathname.replace(/\/+$/, "") === "/es" ? "es" : "en";
}
