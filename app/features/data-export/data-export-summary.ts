import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { paymentSubtitleIn, serviceNameIn } from "~/domain/service-texts";
import { CREDENTIAL_CARDS } from "~/features/credentials/credentials.schemas";
import { formatFileSize } from "~/features/messages/message-rules";
import { statusBadge } from "~/features/payments/payment-state";
import { paymentMethodIn } from "~/features/receipts/receipt";
import { escapeHtml } from "~/lib/html";
import { formatDate, formatMoney } from "~/lib/i18n/format";
import { LOCALE_NAMES, isLocale } from "~/lib/i18n/locales";
import { intlLocale } from "~/lib/i18n/translate";

/** The ZIP entry of the page a person reads; data.json is the one programs read. */
export const SUMMARY_FILE_NAME = "summary.html";

/** One information form as the summary shows it: what identifies the business, and when it was sent. */
export interface FormSummary {
  businessName: string | null;
  phone: string | null;
  address: string | null;
  serviceCities: string[];
  files: number;
  sentAt: string | null;
  updatedAt: string | null;
}

/** A service's checklist, step by step (its name already in the customer's language). */
type StepsSummary = { name: string; done: boolean; doneAt: string | null }[] | null;

/**
 * What summary.html says, gathered while data.json is written: the small sections whole, the long lists (messages,
 * notifications) only counted, so the summary costs no more memory than data.json's writer. No secret is ever in
 * it, with or without the password confirmed: only whether data.json holds them.
 */
export interface ExportSummary {
  exportedAt: string;
  secretsIncluded: boolean;
  profile: {
    fullName: string | null;
    email: string | null;
    phone: string | null;
    companyName: string | null;
    language: string | null;
    emailUpdates: boolean | null;
    reminders: boolean | null;
    createdAt: string | null;
    picture: string | null;
  };
  payments: {
    /** Null for a care plan's monthly charge, which names its `plan`. */
    service: string | null;
    plan: string | null;
    paymentNumber: number;
    amount: number;
    refundedAmount: number;
    method: string;
    status: string;
    receiptNumber: string | null;
    createdAt: string | null;
  }[];
  informationForms: { googleBusiness: FormSummary | null; website: FormSummary | null };
  progress: { googleBusiness: StepsSummary; website: StepsSummary };
  notifications: number;
  messages: { fromYou: number; fromAgency: number; attachments: number };
  approvalRounds: {
    service: string;
    version: number;
    title: string;
    sentAt: string | null;
    decision: string | null;
    files: number;
  }[];
  deliveredFiles: { service: string; name: string; size: number; deliveredAt: string | null; file: string | null }[];
  credentials: {
    type: string;
    title: string | null;
    websiteLink: string | null;
    username: string | null;
    storedSecrets: number;
  }[];
  /** Every file the ZIP carries, by its path in it. */
  files: string[];
  /** The files storage no longer had (missing-files.json lists them too). */
  missingFiles: string[];
}

/** An empty summary, filled in section by section. */
export function emptySummary(exportedAt: string, secretsIncluded: boolean): ExportSummary {
  return {
    exportedAt,
    secretsIncluded,
    profile: {
      fullName: null,
      email: null,
      phone: null,
      companyName: null,
      language: null,
      emailUpdates: null,
      reminders: null,
      createdAt: null,
      picture: null,
    },
    payments: [],
    informationForms: { googleBusiness: null, website: null },
    progress: { googleBusiness: null, website: null },
    notifications: 0,
    messages: { fromYou: 0, fromAgency: 0, attachments: 0 },
    approvalRounds: [],
    deliveredFiles: [],
    credentials: [],
    files: [],
    missingFiles: [],
  };
}

const DECISIONS: Record<string, MessageDescriptor> = {
  approved: msg`Approved`,
  changes_requested: msg`Changes requested`,
  superseded: msg`Replaced by a later version`,
};

/** Markup made here, from escaped parts; every other value the page shows is text, escaped where it is placed. */
interface Html {
  html: string;
}
type Content = string | Html;

const render = (content: Content) => (typeof content === "string" ? escapeHtml(content) : content.html);

/** A value, or a dash when there is none. */
const orDash = (value: string | null | undefined): string =>
  value === null || value === undefined || value.trim() === "" ? "—" : value;

/**
 * A file's path in the ZIP as a link relative to this page, which opens the file once the ZIP is unpacked: each
 * segment URL-encoded (a name with a space, a # or a ?), the whole escaped for the attribute.
 */
function fileLink(path: string | null): Content {
  if (!path) return "—";
  const href = path.split("/").map(encodeURIComponent).join("/");
  return { html: `<a href="${escapeHtml(href)}">${escapeHtml(path)}</a>` };
}

const element = (tag: string, content: Content, attributes = "") => `<${tag}${attributes}>${render(content)}</${tag}>`;

function table(head: string[], rows: Content[][]): string {
  const headRow = head.map((cell) => element("th", cell, ' scope="col"')).join("");
  const bodyRows = rows.map((row) => `<tr>${row.map((cell) => element("td", cell)).join("")}</tr>`).join("\n");
  return `<table>\n<thead><tr>${headRow}</tr></thead>\n<tbody>\n${bodyRows}\n</tbody>\n</table>`;
}

/** Labels and their values: a two-column table whose first column heads each row. */
function facts(rows: [string, Content][]): string {
  const body = rows
    .map(([label, value]) => `<tr>${element("th", label, ' scope="row"')}${element("td", value)}</tr>`)
    .join("\n");
  return `<table class="facts">\n<tbody>\n${body}\n</tbody>\n</table>`;
}

const list = (items: Content[]) => `<ul>\n${items.map((item) => element("li", item)).join("\n")}\n</ul>`;

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#0f172a;max-width:60rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.75rem;margin-bottom:.25rem}h2{font-size:1.25rem;margin-top:2.5rem;border-bottom:1px solid #cbd5e1;padding-bottom:.25rem}h3{font-size:1.05rem;margin-top:1.5rem}
table{border-collapse:collapse;width:100%;margin:.75rem 0}th,td{border:1px solid #cbd5e1;padding:.4rem .6rem;text-align:left;vertical-align:top;overflow-wrap:break-word}
thead th,.facts th{background:#f1f5f9}.facts th{width:14rem}.note{background:#fef3c7;border:1px solid #f59e0b;padding:.75rem 1rem;border-radius:.5rem}
.muted{color:#475569}ul{padding-left:1.25rem}@media print{body{margin:0}a{color:inherit}}`;

/**
 * summary.html: the export in plain words, in the customer's language, for the person who opens the ZIP (data.json
 * is for other programs). One self-contained page: its own styles, no script, nothing fetched (its policy forbids
 * it), every value escaped, the files linked by their place in the ZIP. Dates are in UTC, and it says so: the
 * worker does not know the customer's time zone.
 */
export function renderExportSummary(i18n: I18n, summary: ExportSummary): string {
  const t = (descriptor: MessageDescriptor) => i18n._(descriptor);
  const locale = i18n.locale;
  const when = (iso: string | null) =>
    iso
      ? formatDate(iso, locale, {
          year: "numeric",
          month: "short",
          day: "numeric",
          hour: "numeric",
          minute: "2-digit",
          timeZone: "UTC",
          timeZoneName: "short",
        })
      : "—";
  const money = (amount: number) => formatMoney(amount, locale);
  const yesNo = (value: boolean | null) => (value === null ? "—" : value ? t(msg`Yes`) : t(msg`No`));
  const { profile, messages } = summary;
  const title = t(msg`Your data`);
  const exportedAt = when(summary.exportedAt);
  const sections: string[] = [];
  const heading = (level: 1 | 2 | 3, words: string) => sections.push(element(`h${level}`, words));
  const say = (content: Content, attributes = "") => sections.push(element("p", content, attributes));

  heading(1, title);
  say(
    t(
      msg`A copy of everything we keep about you, made on ${exportedAt}. This page sums it up in plain words; data.json holds all of it, for other programs, and the files folder holds every file.`,
    ),
  );
  if (summary.secretsIncluded) {
    say(
      t(
        msg`data.json includes the passwords you stored with us, in clear: keep this ZIP somewhere safe. This page does not show them.`,
      ),
      ' class="note"',
    );
  } else {
    say(
      t(
        msg`The passwords you stored with us are not in this export: confirm your password when you ask for one to include them.`,
      ),
    );
  }
  say(t(msg`Dates and times are in UTC.`), ' class="muted"');

  heading(2, t(msg`Your account`));
  sections.push(
    facts([
      [t(msg`Name`), orDash(profile.fullName)],
      [t(msg`E-mail`), orDash(profile.email)],
      [t(msg`Phone`), orDash(profile.phone)],
      [t(msg`Company`), orDash(profile.companyName)],
      [t(msg`Language`), orDash(isLocale(profile.language) ? LOCALE_NAMES[profile.language] : profile.language)],
      [t(msg`E-mail updates`), yesNo(profile.emailUpdates)],
      [t(msg`Reminders`), yesNo(profile.reminders)],
      [t(msg`Account created`), when(profile.createdAt)],
      [t(msg`Profile picture`), fileLink(profile.picture)],
    ]),
  );

  heading(2, t(msg`Services and payments`));
  if (summary.payments.length === 0) say(t(msg`No payments.`));
  else
    sections.push(
      table(
        [
          t(msg`Service`),
          t(msg`Amount`),
          t(msg`Refunded`),
          t(msg`Method`),
          t(msg`Status`),
          t(msg`Receipt`),
          t(msg`Date`),
        ],
        summary.payments.map((payment) => [
          payment.service === null
            ? (payment.plan ?? "—")
            : paymentSubtitleIn(i18n, payment.service, payment.paymentNumber),
          money(payment.amount),
          payment.refundedAmount > 0 ? money(payment.refundedAmount) : "—",
          paymentMethodIn(i18n, payment.method),
          t(statusBadge(payment).label),
          orDash(payment.receiptNumber),
          when(payment.createdAt),
        ]),
      ),
    );

  heading(2, t(msg`Information you sent us`));
  const forms: [string, FormSummary | null][] = [
    [serviceNameIn(i18n, "google_business"), summary.informationForms.googleBusiness],
    [serviceNameIn(i18n, "website"), summary.informationForms.website],
  ];
  for (const [name, form] of forms) {
    heading(3, name);
    if (!form) say(t(msg`Not sent.`));
    else
      sections.push(
        facts([
          [t(msg`Business name`), orDash(form.businessName)],
          [t(msg`Phone`), orDash(form.phone)],
          [t(msg`Address`), orDash(form.address)],
          [t(msg`Cities served`), orDash(form.serviceCities.join(", "))],
          [t(msg`Files sent`), String(form.files)],
          [t(msg`Date sent`), when(form.sentAt)],
          [t(msg`Last changed`), when(form.updatedAt)],
        ]),
      );
  }

  heading(2, t(msg`Progress`));
  const checklists: [string, StepsSummary][] = [
    [serviceNameIn(i18n, "google_business"), summary.progress.googleBusiness],
    [serviceNameIn(i18n, "website"), summary.progress.website],
  ];
  for (const [name, steps] of checklists) {
    heading(3, name);
    if (!steps) say(t(msg`Not started.`));
    else
      sections.push(
        table(
          [t(msg`Step`), t(msg`Done`)],
          steps.map((step) => [
            step.name,
            step.done ? (step.doneAt ? when(step.doneAt) : t(msg`Yes`)) : t(msg`Not yet`),
          ]),
        ),
      );
  }

  heading(2, t(msg`Messages and notifications`));
  const { fromYou, fromAgency } = messages;
  sections.push(
    list([
      `${t(msg`${plural(fromYou + fromAgency, { one: "# message in your conversation with us", other: "# messages in your conversation with us" })}`)} (${t(msg`${fromYou} from you, ${fromAgency} from us`)})`,
      t(msg`${plural(messages.attachments, { one: "# file sent with them", other: "# files sent with them" })}`),
      t(msg`${plural(summary.notifications, { one: "# notification", other: "# notifications" })}`),
    ]),
  );
  say(t(msg`Every message and notification, word for word, is in data.json.`));

  heading(2, t(msg`Approval requests`));
  if (summary.approvalRounds.length === 0) say(t(msg`No approval requests.`));
  else
    sections.push(
      table(
        [t(msg`Service`), t(msg`Version`), t(msg`Title`), t(msg`Files`), t(msg`Date sent`), t(msg`Your answer`)],
        summary.approvalRounds.map((round) => {
          const decision = round.decision === null ? msg`Waiting for your answer` : DECISIONS[round.decision];
          return [
            serviceNameIn(i18n, round.service),
            String(round.version),
            orDash(round.title),
            String(round.files),
            when(round.sentAt),
            decision ? t(decision) : orDash(round.decision),
          ];
        }),
      ),
    );

  heading(2, t(msg`Delivered files`));
  if (summary.deliveredFiles.length === 0) say(t(msg`No delivered files.`));
  else
    sections.push(
      table(
        [t(msg`Service`), t(msg`Name`), t(msg`Size`), t(msg`Delivered on`), t(msg`In this ZIP`)],
        summary.deliveredFiles.map((file) => [
          serviceNameIn(i18n, file.service),
          orDash(file.name),
          formatFileSize(file.size, intlLocale(locale)),
          when(file.deliveredAt),
          fileLink(file.file),
        ]),
      ),
    );

  heading(2, t(msg`Credentials`));
  if (summary.credentials.length === 0) say(t(msg`No credentials stored.`));
  else
    sections.push(
      table(
        [t(msg`Credential`), t(msg`Title`), t(msg`Website`), t(msg`Username`), t(msg`Passwords`)],
        summary.credentials.map((credential) => {
          const card = CREDENTIAL_CARDS.find((candidate) => candidate.type === credential.type);
          const secrets =
            credential.storedSecrets === 0
              ? msg`None stored`
              : summary.secretsIncluded
                ? msg`In data.json`
                : msg`Stored, not in this export`;
          return [
            card ? t(card.labelText) : credential.type,
            orDash(credential.title),
            orDash(credential.websiteLink),
            orDash(credential.username),
            t(secrets),
          ];
        }),
      ),
    );

  heading(2, t(msg`Files in this ZIP`));
  const missing = new Set(summary.missingFiles);
  const present = summary.files.filter((path) => !missing.has(path));
  say(
    t(
      msg`${plural(present.length, { one: "# file you sent us or we delivered to you, in the files folder.", other: "# files you sent us or we delivered to you, in the files folder." })}`,
    ),
  );
  if (present.length > 0) sections.push(list(present.map(fileLink)));
  if (summary.missingFiles.length > 0) {
    say(
      t(
        msg`These files could not be found in our storage, so they are not in this ZIP (missing-files.json lists them too):`,
      ),
    );
    sections.push(list(summary.missingFiles));
  }

  return [
    "<!doctype html>",
    `<html lang="${isLocale(locale) ? locale : "en"}">`,
    "<head>",
    '<meta charset="utf-8">',
    // Nothing runs and nothing is fetched, whatever a value holds: only the page's own styles apply.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    element("title", title),
    `<style>${STYLE}</style>`,
    "</head>",
    "<body>",
    ...sections,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
