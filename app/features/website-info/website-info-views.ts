import type { websiteInfo } from "~db/schema";
import type { MaskedSecret } from "~/lib/secrets";
import { storedImageView, type StoredImageView } from "~/lib/stored-files";

/** The username (not secret) and the password (masked) of a Domain or Hosting credential. */
export interface WebsiteAccessView {
  username: string | null;
  password: MaskedSecret;
}

/** A customer's saved website information as the form and the admin's column render it. */
export interface WebsiteInfoView {
  userId: string;
  hasDomain: boolean;
  domainProvider: string | null;
  domain: WebsiteAccessView;
  hasHosting: boolean;
  hostingProvider: string | null;
  hosting: WebsiteAccessView;
  primaryColor: string | null;
  logo: StoredImageView | null;
  founderPhoto: StoredImageView | null;
  legalBusinessName: string;
  serviceTypes: string[];
  phoneNumber: string;
  facebookLink: string | null;
  instagramLink: string | null;
  linkedinLink: string | null;
  address: string;
  aptSuite: string | null;
  city: string;
  state: string;
  zip: string;
  serviceCities: string[];
  updatedAt: string;
}

export function toWebsiteInfoView(
  row: typeof websiteInfo.$inferSelect,
  access: { domain: WebsiteAccessView; hosting: WebsiteAccessView },
): WebsiteInfoView {
  return {
    userId: row.userId,
    hasDomain: row.hasDomain,
    domainProvider: row.domainProvider,
    domain: access.domain,
    hasHosting: row.hasHosting,
    hostingProvider: row.hostingProvider,
    hosting: access.hosting,
    primaryColor: row.primaryColor,
    logo: row.logoUrl ? storedImageView(row.logoUrl) : null,
    founderPhoto: row.founderPhotoUrl ? storedImageView(row.founderPhotoUrl) : null,
    legalBusinessName: row.legalBusinessName ?? "",
    serviceTypes: row.serviceTypes,
    phoneNumber: row.phoneNumber ?? "",
    facebookLink: row.facebookLink,
    instagramLink: row.instagramLink,
    linkedinLink: row.linkedinLink,
    address: row.address ?? "",
    aptSuite: row.aptSuite,
    city: row.city ?? "",
    state: row.state ?? "",
    zip: row.zip ?? "",
    serviceCities: row.serviceCities,
    updatedAt: row.updatedAt.toISOString(),
  };
}
