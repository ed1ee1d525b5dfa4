import { eq } from "drizzle-orm";
import { googleBusinessInfo } from "~db/schema";
import { encryptSecret } from "~/lib/secrets/secrets.server";
import type { Actor } from "~/lib/auth/session";
import { googleBusinessFormSchema, type GoogleBusinessFormInput } from "./google-business.schemas";
import { toGoogleBusinessInfoView, type GoogleBusinessInfoView } from "./google-business-views";
import {
  prepareOne,
  prepareOptional,
  payingCustomer,
  saveInformation,
  sentFiles,
  type InformationSpec,
} from "~/features/information/save-information.server";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

export interface SaveGoogleBusinessInfoInput {
  /** The form's fields, as sent (validated again here). */
  fields: GoogleBusinessFormInput;
  /** A new logo (replaces the saved one); an empty file or nothing keeps it. */
  logo?: unknown;
  /** New photos, added to the saved ones the form keeps (`fields.keepPhotos`). */
  photos?: readonly unknown[];
}

/** The Google Business information, as the information kit's save pipeline runs it. */
const GOOGLE_BUSINESS_INFORMATION: InformationSpec<typeof googleBusinessInfo> = {
  table: googleBusinessInfo,
  step: { service: "google_business", key: "informationCollection" },
  submitted: { type: "google_business_submitted" },
  updated: { type: "google_business_updated" },
};

/**
 * Saves the signed-in customer's Google Business information (one record per customer, upserted), once
 * its payment is completed. The Gmail password is stored encrypted (an empty field keeps the saved one);
 * kept photos must be ones already saved for this customer (a reference to anything else is refused);
 * saved plus new photos are at most 6. Files are checked before anything is stored, stored before the
 * transaction and removed if it fails; replaced or dropped files are removed after the commit. The first
 * save notifies every admin (`google_business_submitted`) and marks 'Information Collection' done; later
 * saves notify `google_business_updated`.
 */
export async function saveGoogleBusinessInfo(
  deps: Pick<Deps, "db" | "bus" | "storage" | "secrets">,
  actor: Actor | null,
  input: SaveGoogleBusinessInfoInput,
): Promise<GoogleBusinessInfoView> {
  const userId = await payingCustomer(deps.db, actor, "google_business");

  const [existing] = await deps.db.select().from(googleBusinessInfo).where(eq(googleBusinessInfo.userId, userId));
  const parsed = googleBusinessFormSchema({ passwordSaved: Boolean(existing?.gmailPassword) }).safeParse(input.fields);
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const { keepPhotos, gmailPassword, ...fields } = parsed.data;

  const saved = existing?.photoUrls ?? [];
  const kept = [...new Set(keepPhotos)];
  if (kept.some((url) => !saved.includes(url))) throw new AppError("kept_photo_unknown");
  const logo = await prepareOne("google-logo", input.logo);
  const photos = await prepareOptional("google-photo", sentFiles(input.photos ?? []), kept.length);

  return saveInformation(
    deps,
    userId,
    GOOGLE_BUSINESS_INFORMATION,
    [
      { kind: "google-logo", prepared: logo, replaced: logo.length > 0 ? [existing?.logoUrl] : [] },
      { kind: "google-photo", prepared: photos, replaced: saved.filter((url) => !kept.includes(url)) },
    ],
    {
      values: ([storedLogo = [], storedPhotos = []]) => ({
        ...fields,
        gmailPassword: gmailPassword ? encryptSecret(deps.secrets, gmailPassword) : (existing?.gmailPassword ?? null),
        logoUrl: storedLogo[0]?.url ?? existing?.logoUrl ?? null,
        photoUrls: [...kept, ...storedPhotos.map((photo) => photo.url)],
      }),
      result: (_tx, row) => toGoogleBusinessInfoView(row),
    },
  );
}
