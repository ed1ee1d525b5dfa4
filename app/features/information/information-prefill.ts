import type { GoogleBusinessInfoView } from "~/features/information/google-business/google-business-views";
import type { WebsiteInfoView } from "~/features/information/website/website-info-views";
import type { BusinessDetailsView } from "./information-views";

/** Where an empty form's first values came from: the other service's saved information, or the sign-up. */
export type PrefillSource = "google_business" | "website" | "signup";

/** The values both forms share, which one form's saved information gives the other. */
type SharedDetails = Pick<
  BusinessDetailsView,
  | "logo"
  | "legalBusinessName"
  | "phoneNumber"
  | "facebookLink"
  | "instagramLink"
  | "linkedinLink"
  | "address"
  | "aptSuite"
  | "city"
  | "state"
  | "zip"
  | "serviceCities"
>;

/** An empty form's first values and their source. `serviceType` is the Google form's field, `serviceTypes` the website's. */
export interface InformationPrefill {
  from: PrefillSource;
  values: Partial<SharedDetails> & { serviceType?: string; serviceTypes?: string[] };
}

/** What the sign-up gave: the company's name and the phone. */
export interface SignUpDetails {
  companyName: string;
  phone: string;
}

function shared(info: BusinessDetailsView): SharedDetails {
  const {
    logo,
    legalBusinessName,
    phoneNumber,
    facebookLink,
    instagramLink,
    linkedinLink,
    address,
    aptSuite,
    city,
    state,
    zip,
    serviceCities,
  } = info;
  return {
    logo,
    legalBusinessName,
    phoneNumber,
    facebookLink,
    instagramLink,
    linkedinLink,
    address,
    aptSuite,
    city,
    state,
    zip,
    serviceCities,
  };
}

/**
 * The Google Business form's first values while nothing is saved: the website information when there is some (its
 * first service type as the type of service), else the sign-up's company name and phone; null when neither gives any.
 */
export function googleBusinessPrefill(
  website: WebsiteInfoView | null,
  signUp: SignUpDetails,
): InformationPrefill | null {
  if (website) return { from: "website", values: { ...shared(website), serviceType: website.serviceTypes[0] ?? "" } };
  return signUpPrefill(signUp);
}

/** The website form's first values while nothing is saved: the Google Business information, else the sign-up's. */
export function websitePrefill(
  google: GoogleBusinessInfoView | null,
  signUp: SignUpDetails,
): InformationPrefill | null {
  if (google)
    return {
      from: "google_business",
      values: { ...shared(google), serviceTypes: google.serviceType ? [google.serviceType] : [] },
    };
  return signUpPrefill(signUp);
}

function signUpPrefill({ companyName, phone }: SignUpDetails): InformationPrefill | null {
  if (!companyName && !phone) return null;
  return { from: "signup", values: { legalBusinessName: companyName, phoneNumber: phone } };
}
