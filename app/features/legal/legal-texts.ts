/**
 * The standard texts of the legal pages, shown until the admin writes their own (admin settings, Legal tab). They
 * state the business as it runs: the prices come from the payment catalog, the company name and support e-mail
 * from the settings in force, so a changed price or address never leaves a page saying the old one. Each text is
 * in the page's language; paragraphs are separated by a blank line, as the admin's own texts are.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { LEGAL_PAGE_KEYS, legalTextKey, type LegalPageKey, type LegalTextKey } from "~/domain/admin-settings";
import { paymentPriceIn, servicePriceIn } from "~/domain/service-texts";
import { LOCALES, type Locale } from "~/lib/i18n/locales";

export interface LegalFacts {
  companyName: string;
  supportEmail: string;
  /** Whether card payments are configured: the Terms promise only the ways to pay that the portal offers. */
  cardPayments: boolean;
}

/** The services' prices from the catalog, as the policies quote them. */
function prices(i18n: I18n) {
  return {
    googlePrice: servicePriceIn(i18n.locale, "google_business"),
    websitePrice: servicePriceIn(i18n.locale, "website"),
    websiteInstallment: paymentPriceIn(i18n.locale, "website", 1),
  };
}

function privacyPolicy(i18n: I18n, { companyName, supportEmail }: LegalFacts): string[] {
  return [
    i18n._(
      msg`${companyName} sets up Google Business Profiles and builds websites for service businesses in the United States. This policy explains what information we keep about you when you use this site and our client portal, why we keep it and what you can ask of us.`,
    ),
    i18n._(
      msg`Your account: your name, e-mail address, phone number, company name and preferred language. Your password is never stored as you typed it, only as a secure one-way hash.`,
    ),
    i18n._(
      msg`Your business information: what you send us in the Google Business and Website forms, such as your business name, type of service, address, phone number, service cities, social media links and brand colors.`,
    ),
    i18n._(
      msg`Credentials: the usernames, passwords, PINs and notes of your domain, hosting, website and Gmail accounts that you give us so that we can do the work. They are stored encrypted; only our administrators can reveal one, and each time they do it is recorded.`,
    ),
    i18n._(
      msg`Files: the logos, photos and payment confirmations you upload. They are private: only you and our administrators can open them.`,
    ),
    i18n._(
      msg`Payments: the service, amount, method, status and dates of each payment. Card payments are made on the hosted checkout page of our card payment provider: your card number is entered there and never reaches us. For a Zelle transfer you upload a photo of its confirmation, which an administrator reviews.`,
    ),
    i18n._(
      msg`We use this information only to deliver the services you order, to confirm your payments, to show you your progress and to contact you about your work. We do not sell it and we do not use it for advertising. We share it only with the providers we need for that (card payments, e-mail delivery, hosting of this site) or when the law requires it.`,
    ),
    i18n._(
      msg`Quote requests: when you ask for a free quote on our home page we keep what you write in the form (your name, business name, phone number, e-mail address, trade, what you need, city and state, your message and how you prefer to be contacted), that you agreed to be contacted, the language of the page and where your visit came from (the advertising campaign in the link you followed and the site that sent you, never your browsing elsewhere). We use it only to answer your request and to know which of our adverts bring requests. If you become a client, the request stays with your account; if not, we delete it after the period set by the agency once we close it.`,
    ),
    i18n._(
      msg`Cookies: this site uses only the cookies it needs to work: your session, your language, one that recognizes a device you have signed in from, which protects your account, and quote_visit, which our home page sets for 30 days: when the page was shown (a form sent faster than a person could write it is refused as a robot's) and where your visit came from, signed so that it cannot be forged. There are no advertising or third-party tracking cookies.`,
    ),
    i18n._(
      msg`We keep your information while your account is open. You can ask us for a copy of it, to correct it or to delete your account and its information by writing to ${supportEmail}.`,
    ),
  ];
}

function termsOfService(i18n: I18n, { companyName, supportEmail, cardPayments }: LegalFacts): string[] {
  const { googlePrice, websitePrice, websiteInstallment } = prices(i18n);
  return [
    i18n._(
      msg`These terms apply to this site, our client portal and the services of ${companyName}. By creating an account you accept them, together with our Privacy Policy and our Refund Policy.`,
    ),
    i18n._(
      msg`Google Business Profile setup, verified and optimized: ${googlePrice}, paid in one payment, ready in about 1 week.`,
    ),
    i18n._(
      msg`Custom professional website: ${websitePrice} in total, paid in two payments of ${websiteInstallment} (50% each). The work starts with the first payment and the website is ready in about 3 weeks from it; the second payment can be made once the first is confirmed. You provide the domain and the hosting.`,
    ),
    cardPayments
      ? i18n._(
          msg`Prices are in US dollars. You pay by card on the hosted checkout page of our card payment provider, or by a Zelle transfer: you upload a photo of the transfer's confirmation and an administrator reviews it. A Zelle payment counts once an administrator approves it; a proof that does not match a transfer is rejected and you can send it again.`,
        )
      : i18n._(
          msg`Prices are in US dollars. You pay by a Zelle transfer: you upload a photo of the transfer's confirmation and an administrator reviews it. A payment counts once an administrator approves it; a proof that does not match a transfer is rejected and you can send it again.`,
        ),
    i18n._(
      msg`Your part: the information, files and access you give us must be accurate and yours to give. Delays in sending them delay the delivery. Keep your password to yourself: you are responsible for what is done with your account.`,
    ),
    i18n._(
      msg`Our part: we set up and optimize your profile and build your website with care and show our progress in your portal. Google alone decides on the verification and the ranking of a profile, so we cannot promise a position in search results or a number of customers.`,
    ),
    i18n._(
      msg`We may close an account used to break these terms or the law. Refunds follow our Refund Policy. Questions about these terms: ${supportEmail}.`,
    ),
  ];
}

function refundPolicy(i18n: I18n, { companyName, supportEmail }: LegalFacts): string[] {
  const { googlePrice, websiteInstallment } = prices(i18n);
  return [
    i18n._(msg`This policy explains when ${companyName} refunds a payment and how to ask for a refund.`),
    i18n._(
      msg`How to ask: write to ${supportEmail} from the e-mail address of your account, with your name, the service, the payment (its date and amount) and the reason. We answer every request by e-mail.`,
    ),
    i18n._(msg`Before we start the work, a payment is refunded in full.`),
    i18n._(
      msg`Once the work has started, we refund the part of the payment for the steps not yet done; the steps already completed, as your portal's progress page shows them, are not refunded. This applies to the Google Business Profile setup (${googlePrice}) and to each website payment of ${websiteInstallment}.`,
    ),
    i18n._(msg`If we cannot deliver a service for a reason on our side, we refund what you paid for it.`),
    i18n._(
      msg`A card payment is refunded to the same card through our card payment provider; a Zelle payment is returned by Zelle to the account it came from. Your bank may take a few business days to show it.`,
    ),
  ];
}

const TEXTS: Record<LegalPageKey, (i18n: I18n, facts: LegalFacts) => string[]> = {
  privacyPolicy,
  termsOfService,
  refundPolicy,
};

/** A page's standard text in this instance's language: paragraphs separated by a blank line. */
export function standardLegalText(page: LegalPageKey, i18n: I18n, facts: LegalFacts): string {
  return TEXTS[page](i18n, facts).join("\n\n");
}

/** The text a page shows in a language: the admin's for that language, as written, else the standard one in it. */
export function legalTextInForce(page: LegalPageKey, stored: string, i18n: I18n, facts: LegalFacts): string {
  return stored.trim() ? stored : standardLegalText(page, i18n, facts);
}

/**
 * What the Legal tab stores for each page and language: a text that is that language's standard one, as the form
 * shows it until the admin changes it, is stored as empty, so it keeps following the settings in force.
 */
export function legalTextsToStore(
  values: Record<LegalTextKey, string>,
  i18ns: Record<Locale, I18n>,
  facts: LegalFacts,
): Record<LegalTextKey, string> {
  const plain = (text: string) => text.replace(/\s+/g, " ").trim();
  const result = { ...values };
  for (const page of LEGAL_PAGE_KEYS) {
    for (const locale of LOCALES) {
      const key = legalTextKey(page, locale);
      if (plain(values[key]) === plain(standardLegalText(page, i18ns[locale], facts))) result[key] = "";
    }
  }
  return result;
}
