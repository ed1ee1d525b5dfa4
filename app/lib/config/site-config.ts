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
