/** The agency's brand and contact values. Defaults here; each can be overridden by an environment variable. */
export interface SiteConfig {
  agencyName: string;
  phone: string;
  email: string;
  chatUrl: string;
  zellePhone: string;
}

export const defaultSiteConfig: SiteConfig = {
  agencyName: "LocalLift Digital",
  phone: "(555) 201-7788",
  email: "hello@localliftdigital.com",
  chatUrl: "https://wa.me/15552017788",
  zellePhone: "(555) 201-7788",
};

const overrides: Record<keyof SiteConfig, string> = {
  agencyName: "SITE_AGENCY_NAME",
  phone: "SITE_PHONE",
  email: "SITE_EMAIL",
  chatUrl: "SITE_CHAT_URL",
  zellePhone: "SITE_ZELLE_PHONE",
};

export function siteConfigFrom(source: Record<string, string | undefined>): SiteConfig {
  const config = { ...defaultSiteConfig };
  for (const key of Object.keys(overrides) as (keyof SiteConfig)[]) {
    const value = source[overrides[key]]?.trim();
    if (value) config[key] = value;
  }
  return config;
}

/**
 * The contact settings that still hold the example values above (unset, or set to the same value), by their
 * variable names: a site going live with them shows visitors another agency's phone, e-mail and Zelle number.
 */
export function exampleSiteSettings(config: SiteConfig): string[] {
  return (Object.keys(overrides) as (keyof SiteConfig)[])
    .filter((key) => config[key] === defaultSiteConfig[key])
    .map((key) => overrides[key]);
}

/**
 * The start-up warning naming those settings, or null when every one is set. The end-to-end and integration runs
 * (`NODE_ENV=test`) use the examples on purpose: no warning there, it would only be noise in their logs.
 */
export function exampleSiteSettingsWarning(config: SiteConfig, nodeEnv: string): string | null {
  if (nodeEnv === "test") return null;
  const names = exampleSiteSettings(config);
  if (names.length === 0) return null;
  return `${names.join(", ")} still ${names.length === 1 ? "holds its example value" : "hold their example values"} (app/lib/config/site-config.ts): the site shows them to visitors. Set ${names.length === 1 ? "it" : "them"} to the agency's own.`;
}
