import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { intlLocale } from "~/lib/i18n/translate";
import { FormSection } from "~/components/forms/form-section";
import { ExternalLink, ImageThumbnails, ReadOnlyList, TextChips } from "~/components/forms/read-only-view";
import { socialLinkItems, useAddressItems } from "~/features/information/components/information-panel";
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
  const { t, i18n } = useLingui();
  const address = useAddressItems(info);
  return (
    <div className="space-y-4">
      <FormSection headingLevel={headingLevel} title={t`Gmail Credentials`}>
        <ReadOnlyList
          items={[
            { label: t`Gmail Email`, value: info.gmailEmail },
            { label: t`Gmail Password`, value: password },
          ]}
        />
      </FormSection>
      <FormSection headingLevel={headingLevel} title={t`Business Information`}>
        <ReadOnlyList
          items={[
            {
              label: t`Logo`,
              value: info.logo ? <ImageThumbnails images={[info.logo]} label={t`Logo`} /> : null,
              wide: true,
            },
            { label: t`Legal Business Name`, value: info.legalBusinessName },
            { label: t`Type of Service`, value: info.serviceType },
            { label: t`Opening Date`, value: formatOpeningDate(info.openingDate, intlLocale(i18n.locale)) },
            { label: t`Phone Number`, value: info.phoneNumber },
            { label: t`Website`, value: <ExternalLink href={info.website} /> },
          ]}
        />
      </FormSection>
      <FormSection headingLevel={headingLevel} title={t`Social Media Links`}>
        <ReadOnlyList items={socialLinkItems(info)} />
      </FormSection>
      <FormSection headingLevel={headingLevel} title={t`Business Address`}>
        <ReadOnlyList items={address} />
      </FormSection>
      <FormSection headingLevel={headingLevel} title={t`Service Cities`}>
        <TextChips values={info.serviceCities} label={t`Service cities`} />
      </FormSection>
      <FormSection headingLevel={headingLevel} title={t`Business Photos`}>
        {info.photos.length > 0 ? (
          <ImageThumbnails images={info.photos} label={t`Photo`} />
        ) : (
          <p className="text-sm text-slate-600">{t`No photos`}</p>
        )}
      </FormSection>
    </div>
  );
}

/** A saved opening date (`YYYY-MM-DD`) in the page's language, e.g. 'April 2, 2016' / '2 de abril de 2016'. */
export function formatOpeningDate(value: string, locale: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(date);
}
