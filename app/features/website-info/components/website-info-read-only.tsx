import type { ReactNode } from "react";
import { FormSection } from "~/components/forms/form-section";
import { ExternalLink, ImageThumbnails, ReadOnlyList, TextChips } from "~/components/forms/read-only-view";
import type { WebsiteInfoView } from "../website-info-views";
import { ColorSwatch } from "./color-swatch";

/**
 * The saved website information, read-only, in the form's sections: the customer's view after saving and
 * the admin's 'Website Information' column. `password` renders a masked Domain or Hosting password.
 */
export function WebsiteInfoReadOnly({
  info,
  password,
  headingLevel = 2,
}: {
  info: WebsiteInfoView;
  password: (type: "domain" | "hosting") => ReactNode;
  headingLevel?: 2 | 3;
}) {
  return (
    <div className="space-y-4">
      <FormSection headingLevel={headingLevel} title="Domain & Hosting">
        <ReadOnlyList
          items={[
            { label: "Has Domain", value: info.hasDomain ? "Yes" : "No" },
            ...(info.hasDomain
              ? [
                  { label: "Domain Provider", value: info.domainProvider },
                  { label: "Domain Username", value: info.domain.username },
                  { label: "Domain Password", value: password("domain") },
                ]
              : []),
            { label: "Has Hosting", value: info.hasHosting ? "Yes" : "No" },
            ...(info.hasHosting
              ? [
                  { label: "Hosting Provider", value: info.hostingProvider },
                  { label: "Hosting Username", value: info.hosting.username },
                  { label: "Hosting Password", value: password("hosting") },
                ]
              : []),
          ]}
        />
      </FormSection>
      <FormSection headingLevel={headingLevel} title="Brand Colors">
        <ReadOnlyList items={[{ label: "Primary Color", value: <ColorSwatch hex={info.primaryColor} /> }]} />
      </FormSection>
      <FormSection headingLevel={headingLevel} title="Visual Assets">
        <ReadOnlyList
          items={[
            { label: "Logo", value: info.logo ? <ImageThumbnails images={[info.logo]} label="Logo" /> : null },
            {
              label: "Founder Photo",
              value: info.founderPhoto ? <ImageThumbnails images={[info.founderPhoto]} label="Founder photo" /> : null,
            },
          ]}
        />
      </FormSection>
      <FormSection headingLevel={headingLevel} title="Business Information">
        <ReadOnlyList
          items={[
            { label: "Legal Business Name", value: info.legalBusinessName },
            { label: "Phone Number", value: info.phoneNumber },
            { label: "Service Types", value: <TextChips values={info.serviceTypes} label="Service types" />, wide: true },
            { label: "Facebook", value: <ExternalLink href={info.facebookLink} /> },
            { label: "Instagram", value: <ExternalLink href={info.instagramLink} /> },
            { label: "LinkedIn", value: <ExternalLink href={info.linkedinLink} /> },
            { label: "Service Cities", value: <TextChips values={info.serviceCities} label="Service cities" />, wide: true },
          ]}
        />
      </FormSection>
      <FormSection headingLevel={headingLevel} title="Location">
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
    </div>
  );
}
