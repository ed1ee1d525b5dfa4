import type { googleBusinessInfo, websiteInfo } from "~db/schema";
import { storedImageView, type StoredImageView } from "~/lib/storage/stored-files";

/** What both information forms hold: the business's name, contact, social links, address and cities. */
export interface BusinessDetailsView {
  userId: string;
  logo: StoredImageView | null;
  legalBusinessName: string;
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
  /** When it was last saved (ISO): the version an admin's page shows. */
  updatedAt: string;
}

/** The shared part of a saved row, as the views render it (empty text where nothing was given). */
export function toBusinessDetailsView(
  row: typeof googleBusinessInfo.$inferSelect | typeof websiteInfo.$inferSelect,
): BusinessDetailsView {
  return {
    userId: row.userId,
    logo: row.logoUrl ? storedImageView(row.logoUrl) : null,
    legalBusinessName: row.legalBusinessName ?? "",
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
