import type { websiteInfo } from "~db/schema";
import type { MaskedSecret } from "~/lib/secrets/secrets";
import { toBusinessDetailsView, type BusinessDetailsView } from "~/features/information/information-views";
import { storedImageView, type StoredImageView } from "~/lib/storage/stored-files";

/** The username (not secret) and the password (masked) of a Domain or Hosting credential. */
export interface WebsiteAccessView {
  username: string | null;
  password: MaskedSecret;
}

/** A customer's saved website information as the form and the admin's column render it. */
export interface WebsiteInfoView extends BusinessDetailsView {
  hasDomain: boolean;
  domainProvider: string | null;
  domain: WebsiteAccessView;
  hasHosting: boolean;
  hostingProvider: string | null;
  hosting: WebsiteAccessView;
  primaryColor: string | null;
  founderPhoto: StoredImageView | null;
  serviceTypes: string[];
}

export function toWebsiteInfoView(
  row: typeof websiteInfo.$inferSelect,
  access: { domain: WebsiteAccessView; hosting: WebsiteAccessView },
): WebsiteInfoView {
  return {
    ...toBusinessDetailsView(row),
    hasDomain: row.hasDomain,
    domainProvider: row.domainProvider,
    domain: access.domain,
    hasHosting: row.hasHosting,
    hostingProvider: row.hostingProvider,
    hosting: access.hosting,
    primaryColor: row.primaryColor,
    founderPhoto: row.founderPhotoUrl ? storedImageView(row.founderPhotoUrl) : null,
    serviceTypes: row.serviceTypes,
  };
}
