import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { FormSection } from "~/components/forms/form-section";
import { ImageThumbnails, ReadOnlyList, TextChips } from "~/components/forms/read-only-view";
import { socialLinkItems, useAddressItems } from "~/features/information/components/information-panel";
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
  const { t } = useLingui();
  const address = useAddressItems(info);
  return (
    <div className="space-y-4">
      <FormSection headingLevel={headingLevel} title={t`Domain & Hosting`}>
        <ReadOnlyList
          items={[
            { label: t`Has Domain`, value: info.hasDomain ? t`Yes` : t`No` },
            ...(info.hasDomain
              ? [
                  { label: t`Domain Provider`, value: info.domainProvider },
                  { label: t`Domain Username`, value: info.domain.username },
                  { label: t`Domain Password`, value: password("domain") },
                ]
              : []),
            { label: t`Has Hosting`, value: info.hasHosting ? t`Yes` : t`No` },
            ...(info.hasHosting
              ? [
                  { label: t`Hosting Provider`, value: info.hostingProvider },
                  { label: t`Hosting Username`, value: info.hosting.username },
                  { label: t`Hosting Password`, value: password("hosting") },
                ]
              : []),
          ]}
        />
      </FormSection>
      <FormSection headingLevel={headingLevel} title={t`Brand Colors`}>
        <ReadOnlyList items={[{ label: t`Primary Color`, value: <ColorSwatch hex={info.primaryColor} /> }]} />
      </FormSection>
      <FormSection headingLevel={headingLevel} title={t`Visual Assets`}>
        <ReadOnlyList
          items={[
            { label: t`Logo`, value: info.logo ? <ImageThumbnails images={[info.logo]} label={t`Logo`} /> : null },
            {
              label: t`Founder Photo`,
              value: info.founderPhoto ? (
                <ImageThumbnails images={[info.founderPhoto]} label={t`Founder photo`} />
              ) : null,
            },
          ]}
        />
      </FormSection>
      <FormSection headingLevel={headingLevel} title={t`Business Information`}>
        <ReadOnlyList
          items={[
            { label: t`Legal Business Name`, value: info.legalBusinessName },
            { label: t`Phone Number`, value: info.phoneNumber },
            {
              label: t`Service Types`,
              value: <TextChips values={info.serviceTypes} label={t`Service types`} />,
              wide: true,
            },
            ...socialLinkItems(info),
            {
              label: t`Service Cities`,
              value: <TextChips values={info.serviceCities} label={t`Service cities`} />,
              wide: true,
            },
          ]}
        />
      </FormSection>
      <FormSection headingLevel={headingLevel} title={t`Location`}>
        <ReadOnlyList items={address} />
      </FormSection>
    </div>
  );
}
