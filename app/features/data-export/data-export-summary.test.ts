import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as enMessages } from "~/locales/en/messages.po";
import { messages as esMessages } from "~/locales/es/messages.po";
import { escapeHtml } from "~/lib/html";
import { emptySummary, renderExportSummary, type ExportSummary } from "./data-export-summary";

const en = setupI18n({ locale: "en", messages: { en: enMessages } });
const es = setupI18n({ locale: "es", messages: { es: esMessages } });

/** A customer with something in every section. */
function fullSummary(overrides: Partial<ExportSummary> = {}): ExportSummary {
  return {
    ...emptySummary("2026-03-01T10:30:00.000Z", false),
    profile: {
      fullName: "Ana Export",
      email: "ana@example.com",
      phone: "(555) 010-2030",
      companyName: "Ana's Bakery",
      language: "en",
      emailUpdates: true,
      reminders: false,
      createdAt: "2026-01-05T09:00:00.000Z",
      picture: "files/profile/avatar_1.png",
    },
    payments: [
      {
        service: "google_business",
        plan: null,
        paymentNumber: 1,
        amount: 250,
        refundedAmount: 20,
        method: "zelle",
        status: "completed",
        receiptNumber: "R-000042",
        createdAt: "2026-01-06T12:00:00.000Z",
      },
      {
        service: "website",
        plan: null,
        paymentNumber: 1,
        amount: 350,
        refundedAmount: 0,
        method: "card",
        status: "pending",
        receiptNumber: null,
        createdAt: "2026-02-01T12:00:00.000Z",
      },
      {
        service: null,
        plan: "Website Care",
        paymentNumber: 1,
        amount: 49,
        refundedAmount: 0,
        method: "card",
        status: "completed",
        receiptNumber: "R-000043",
        createdAt: "2026-03-01T12:00:00.000Z",
      },
    ],
    informationForms: {
      googleBusiness: {
        businessName: "Ana's Bakery",
        phone: "(555) 010-2030",
        address: "1 Main St, Austin, TX 78701",
        serviceCities: ["Austin", "Round Rock"],
        files: 2,
        sentAt: "2026-01-07T08:00:00.000Z",
        updatedAt: "2026-01-08T08:00:00.000Z",
      },
      website: null,
    },
    progress: {
      googleBusiness: [
        { name: "Information Collection", done: true, doneAt: "2026-01-09T10:00:00.000Z" },
        { name: "Profile Creation", done: false, doneAt: null },
      ],
      website: null,
    },
    notifications: 1,
    messages: { fromYou: 600, fromAgency: 500, attachments: 3 },
    approvalRounds: [
      {
        service: "website",
        version: 2,
        title: "Home page",
        sentAt: "2026-02-10T10:00:00.000Z",
        decision: "changes_requested",
        files: 1,
      },
    ],
    deliveredFiles: [
      {
        service: "website",
        name: "Logo set.zip",
        size: 4096,
        deliveredAt: "2026-02-20T10:00:00.000Z",
        file: "files/delivered/Logo set.zip",
      },
    ],
    credentials: [
      {
        type: "hosting",
        title: "Host Co",
        websiteLink: "https://host.example",
        username: "ana-host",
        storedSecrets: 3,
      },
    ],
    files: ["files/profile/avatar_1.png", "files/delivered/Logo set.zip", "files/messages/menu.png"],
    missingFiles: ["files/messages/menu.png"],
    ...overrides,
  };
}

/** The page's text without its tags, its entities read and its spaces collapsed: what a reader sees. */
const visibleText = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

describe("summary.html, the export in plain words", () => {
  it("has a heading for every part of data.json, and says what each holds, in English", () => {
    const html = renderExportSummary(en, fullSummary());
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect([...html.matchAll(/<h2>(.*?)<\/h2>/g)].map(([, heading]) => heading)).toEqual([
      "Your account",
      "Services and payments",
      "Information you sent us",
      "Progress",
      "Messages and notifications",
      "Approval requests",
      "Delivered files",
      "Credentials",
      "Files in this ZIP",
    ]);
    expect(html).toContain("<h1>Your data</h1>");
    const text = visibleText(html);
    expect(text).toContain("made on Mar 1, 2026, 10:30 AM UTC");
    expect(text).toContain("Name Ana Export");
    expect(text).toContain("E-mail ana@example.com");
    expect(text).toContain("Phone (555) 010-2030");
    expect(text).toContain("Company Ana's Bakery");
    expect(text).toContain("E-mail updates Yes Reminders No");
    expect(text).toContain("Google Business Profile Setup $250 $20 Zelle Partially refunded R-000042");
    expect(text).toContain("Website Development - Payment 1 of 2 $350 — Card Pending —");
    // A care plan's monthly charge is named by its plan.
    expect(text).toContain("Website Care $49 — Card Completed R-000043");
    expect(text).toContain("Cities served Austin, Round Rock");
    expect(text).toContain("Information Collection Jan 9, 2026, 10:00 AM UTC Profile Creation Not yet");
    expect(text).toContain("1,100 messages in your conversation with us (600 from you, 500 from us)");
    expect(text).toContain("3 files sent with them");
    expect(text).toContain("1 notification");
    expect(text).toContain("Website 2 Home page 1 Feb 10, 2026, 10:00 AM UTC Changes requested");
    expect(text).toContain("Website Logo set.zip 4 KB");
    expect(text).toContain("Hosting & Website Host Co https://host.example ana-host Stored, not in this export");
    expect(text).toContain("The passwords you stored with us are not in this export");
    expect(text).toContain("2 files you sent us or we delivered to you");
    // The files open from the page once unpacked; one storage had lost is named as missing, not linked.
    expect(html).toContain('<a href="files/delivered/Logo%20set.zip">files/delivered/Logo set.zip</a>');
    expect(html).toContain("<li>files/messages/menu.png</li>");
    expect(html).not.toContain('href="files/messages/menu.png"');
  });

  it("is in Spanish for a Spanish customer: its headings, its words, its dates and amounts", () => {
    const html = renderExportSummary(es, fullSummary());
    expect(html).toMatch(/^<!doctype html>\n<html lang="es">/);
    expect(html).toContain("<title>Sus datos</title>");
    expect([...html.matchAll(/<h2>(.*?)<\/h2>/g)].map(([, heading]) => heading)).toEqual([
      "Su cuenta",
      "Servicios y pagos",
      "Información que nos envió",
      "Progreso",
      "Mensajes y notificaciones",
      "Solicitudes de aprobación",
      "Archivos entregados",
      "Credenciales",
      "Archivos en este ZIP",
    ]);
    const text = visibleText(html);
    expect(text).toContain("Nombre Ana Export");
    expect(text).toContain("Correo electrónico ana@example.com");
    expect(text).toContain("Teléfono (555) 010-2030");
    expect(text).toContain("hecha el 1 mar 2026, 10:30 a.m. UTC");
    expect(text).toContain("Reembolsado parcialmente");
    expect(text).toContain("1100 mensajes en su conversación con nosotros (600 de usted, 500 de nosotros)");
    expect(text).toContain("Cambios solicitados");
    expect(text).toContain("Guardadas, no incluidas en esta exportación");
    expect(text).toContain("Las fechas y horas están en UTC.");
    expect(text).not.toMatch(/Your account|Services and payments|Not yet/);
  });

  it("escapes every value: a name, a title or a file name cannot add markup, and the page runs and fetches nothing", () => {
    const hostile = '<script>alert("x")</script> & <img src=x onerror=alert(1)>';
    const html = renderExportSummary(
      en,
      fullSummary({
        profile: { ...fullSummary().profile, fullName: hostile, companyName: "Tom & Jerry's" },
        approvalRounds: [
          { service: "website", version: 1, title: "</td><b>bold</b>", sentAt: null, decision: null, files: 0 },
        ],
        deliveredFiles: [
          {
            service: "website",
            name: 'a"b.zip',
            size: 10,
            deliveredAt: null,
            file: 'files/delivered/a"><b onclick=x>.zip',
          },
        ],
        files: ['files/delivered/a"><b onclick=x>.zip'],
        missingFiles: [],
      }),
    );
    expect(html).not.toMatch(/<script|<img|<b>|onerror=alert\(1\)>/);
    expect(html).toContain(escapeHtml(hostile));
    expect(html).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;",
    );
    expect(html).toContain("Tom &amp; Jerry&#39;s");
    expect(html).toContain("&lt;/td&gt;&lt;b&gt;bold&lt;/b&gt;");
    expect(html).toContain(
      '<a href="files/delivered/a%22%3E%3Cb%20onclick%3Dx%3E.zip">files/delivered/a&quot;&gt;&lt;b onclick=x&gt;.zip</a>',
    );
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    );
    expect(escapeHtml(`<a href='x'>"&"</a>`)).toBe("&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;");
  });

  it("warns when data.json holds the passwords, without showing any; an empty account says there is nothing", () => {
    const withSecrets = visibleText(renderExportSummary(en, fullSummary({ secretsIncluded: true })));
    expect(withSecrets).toContain(
      "data.json includes the passwords you stored with us, in clear: keep this ZIP somewhere safe.",
    );
    expect(withSecrets).toContain("ana-host In data.json");
    const emptyEn = visibleText(renderExportSummary(en, emptySummary("2026-03-01T10:30:00.000Z", false)));
    for (const nothing of [
      "No payments.",
      "Not sent.",
      "Not started.",
      "No approval requests.",
      "No delivered files.",
      "No credentials stored.",
      "0 files you sent us",
    ]) {
      expect(emptyEn).toContain(nothing);
    }
    expect(emptyEn).toContain("Name —");
    const emptyEs = visibleText(renderExportSummary(es, emptySummary("2026-03-01T10:30:00.000Z", true)));
    for (const nothing of [
      "No hay pagos.",
      "Todavía no la envió.",
      "Todavía no ha comenzado.",
      "No hay credenciales guardadas.",
      "guarde este ZIP en un lugar seguro",
    ]) {
      expect(emptyEs).toContain(nothing);
    }
  });
});
