import type { googleBusinessInfo } from "~db/schema";
import { toBusinessDetailsView, type BusinessDetailsView } from "~/features/information/information-views";
import { storedImageView, type StoredImageView } from "~/lib/storage/stored-files";
import { maskGmailPassword, type GmailPasswordView } from "./gmail-password";

/** A customer's saved Google Business information as the form and the admin's column render it. */
export interface GoogleBusinessInfoView extends BusinessDetailsView, GmailPasswordView {
  gmailEmail: string;
  serviceType: string;
  openingDate: string;
  website: string | null;
  photos: StoredImageView[];
}

export function toGoogleBusinessInfoView(row: typeof googleBusinessInfo.$inferSelect): GoogleBusinessInfoView {
  return {
    ...toBusinessDetailsView(row),
    gmailEmail: row.gmailEmail ?? "",
    ...maskGmailPassword(row),
    serviceType: row.serviceType ?? "",
    openingDate: row.openingDate ?? "",
    website: row.website,
    photos: row.photoUrls.map(storedImageView),
  };
}
