import type { googleBusinessInfo } from "~db/schema";
import { storedImageView, type StoredImageView } from "~/lib/stored-files";
import { maskGmailPassword, type GmailPasswordView } from "./gmail-password";

/** A customer's saved Google Business information as the form and the admin's column render it. */
export interface GoogleBusinessInfoView extends GmailPasswordView {
  userId: string;
  gmailEmail: string;
  logo: StoredImageView | null;
  legalBusinessName: string;
  serviceType: string;
  openingDate: string;
  phoneNumber: string;
  website: string | null;
  facebookLink: string | null;
  instagramLink: string | null;
  linkedinLink: string | null;
  address: string;
  aptSuite: string | null;
  city: string;
  state: string;
  zip: string;
  serviceCities: string[];
  photos: StoredImageView[];
  updatedAt: string;
}

export function toGoogleBusinessInfoView(row: typeof googleBusinessInfo.$inferSelect): GoogleBusinessInfoView {
  return {
    userId: row.userId,
    gmailEmail: row.gmailEmail ?? "",
    ...maskGmailPassword(row),
    logo: row.logoUrl ? storedImageView(row.logoUrl) : null,
    legalBusinessName: row.legalBusinessName ?? "",
    serviceType: row.serviceType ?? "",
    openingDate: row.openingDate ?? "",
    phoneNumber: row.phoneNumber ?? "",
    website: row.website,
    facebookLink: row.facebookLink,
    instagramLink: row.instagramLink,
    linkedinLink: row.linkedinLink,
    address: row.address ?? "",
    aptSuite: row.aptSuite,
    city: row.city ?? "",
    state: row.state ?? "",
    zip: row.zip ?? "",
    serviceCities: row.serviceCities,
    photos: row.photoUrls.map(storedImageView),
    updatedAt: row.updatedAt.toISOString(),
  };
}
