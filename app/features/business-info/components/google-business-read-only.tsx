import type { ReactNode } from "react";
import { FormSection } from "~/components/forms/form-section";
import { ExternalLink, ImageThumbnails, ReadOnlyList, TextChips } from "~/components/forms/read-only-view";
import type { GoogleBusinessInfoView } from "../google-business-views";

/**
 * The saved Google Business information, read-only, in the form's sections: the customer's view after
 * saving and the admin's 'Business Information' column. `password` renders the masked Gmail password
 * (the admin's has a reveal).
 */
export function GoogleBusinessReadOnly({
  info,
  password,
  headingLevel = 2,
}: {
  info: GoogleBusinessInfoView;
  password: ReactNode;
  headingLevel?: 2 | 3;
}) {
  return (
    <div className="space-y-4">
      <FormSection headingLevel={headingLevel} title="Gmail Credentials">
        <ReadOnlyList
          items={[
            { label: "Gmail Email", value: info.gmailEmail },
            { label: "Gmail Password", value: password },
          ]}
        />
      </FormSection>
      <FormSection headingLevel={headingLevel} title="Business Information">
        <ReadOnlyList
          items={[
            { label: "Logo", value: info.logo ? <ImageThumbnails images={[info.logo]} label="Logo" /> : null, wide: true },
            { label: "Legal Business Name", value: info.legalBusinessName },
            { label: "Type of Service", value: info.serviceType },
            { label: "Opening Date", value: info.openingDate },
            { label: "Phone Number", value: info.phoneNumber },
            { label: "Website", value: <ExternalLink href={info.website} /> },
          ]}
        />
      </FormSection>
      <FormSection headingLevel={headingLevel} title="Social Media Links">
        <ReadOnlyList
          items={[
            { label: "Facebook", value: <ExternalLink href={info.facebookLink} /> },
            { label: "Instagram", value: <ExternalLink href={info.instagramLink} /> },
            { label: "LinkedIn", value: <ExternalLink href={info.linkedinLink} /> },
          ]}
        />
      </FormSection>
      <FormSection headingLevel={headingLevel} title="Business Address">
        <ReadOnlyList
          items={[
            { label: "Street Address", value: info.address },
            { label: "Apt/Suite", value: info.aptSuite },
            { label: "City", value: info.city },
            { label: "State", value: info.state },
            { label: "ZIP Code", value: info.zip },
          ]}
        />
      </FormSection>
      <FormSection headingLevel={headingLevel} title="Service Cities">
        <TextChips values={info.serviceCities} label="Service cities" />
      </FormSection>
      <FormSection headingLevel={headingLevel} title="Business Photos">
        {info.photos.length > 0 ? (
          <ImageThumbnails images={info.photos} label="Photo" />
        ) : (
          <p className="text-sm text-slate-600">No photos</p>
        )}
      </FormSection>
    </div>
  );
}
