import type { LeadSource } from "~db/schema";

/** The advert's parameters a landing address may carry, and the source's key for each. */
const UTM_KEYS = {
  utm_source: "utmSource",
  utm_medium: "utmMedium",
  utm_campaign: "utmCampaign",
  utm_term: "utmTerm",
  utm_content: "utmContent",
} as const satisfies Record<string, keyof LeadSource>;

/** A parameter longer than this is cut: an advert's names are short, and the whole source rides in a cookie. */
const SOURCE_VALUE_MAX_LENGTH = 100;

/**
 * Where a landing visit came from: the advert's UTM parameters in its address and the referring site's host from its
 * Referer, the site's own pages left out (a visitor coming back from the sign-in page came from no advert). Only what
 * was there; an empty object for a direct visit.
 */
export function visitSource(url: URL, referer: string | null): LeadSource {
  const source: LeadSource = {};
  for (const [parameter, key] of Object.entries(UTM_KEYS)) {
    const value = url.searchParams.get(parameter)?.trim();
    if (value) source[key] = value.slice(0, SOURCE_VALUE_MAX_LENGTH);
  }
  const host = refererHost(referer);
  if (host && host !== url.hostname.toLowerCase()) source.referrer = host;
  return source;
}

function refererHost(referer: string | null): string | null {
  if (!referer) return null;
  try {
    const { protocol, hostname } = new URL(referer);
    return protocol === "http:" || protocol === "https:" ? hostname.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** The source a lead keeps: this visit's when it came from somewhere, else the earlier visit's (the first touch). */
export function keptSource(visit: LeadSource, earlier: LeadSource | null): LeadSource {
  return Object.keys(visit).length > 0 ? visit : (earlier ?? {});
}

/** A source read back from a cookie: only the known keys, as short strings. */
export function readSource(value: unknown): LeadSource {
  if (!value || typeof value !== "object") return {};
  const source: LeadSource = {};
  for (const key of [...Object.values(UTM_KEYS), "referrer"] as const) {
    const field = (value as Record<string, unknown>)[key];
    if (typeof field === "string" && field) source[key] = field.slice(0, 253);
  }
  return source;
}
