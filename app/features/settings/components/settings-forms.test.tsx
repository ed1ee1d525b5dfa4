import { parseWithZod } from "@conform-to/zod/v4";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { generalSettingsSchema, type AdminSettings } from "~/domain/admin-settings";
import { inLanguage } from "~/lib/i18n/test-i18n";
import { GeneralSettingsForm } from "./settings-forms";

const GENERAL: AdminSettings["general"] = {
  maintenanceMode: false,
  autoApproveSubmissions: false,
  companyName: "Acme Agency",
  supportEmail: "help@acme.test",
  zelleRecipientName: "",
  messagesReplyTime: "",
  reviewLink: "https://g.page/r/acme/review",
  bookingLink: "",
  assignNewCustomersTo: "",
  companyAddress: "",
  taxId: "",
};

const ANA = { id: "0b6f1a52-3c1e-4d0a-9f3b-2a7c5e8d9f10", name: "Ana Staff" };

function render(values: AdminSettings["general"], assignees: { id: string; name: string }[] = []): string {
  const router = createMemoryRouter([
    { path: "/", element: <GeneralSettingsForm values={values} assignees={assignees} /> },
  ]);
  return renderToString(inLanguage(<RouterProvider router={router} />)).replaceAll("<!-- -->", "");
}

/** The General form as the browser sends it, with this Review Link (and 'Assign new customers to'). */
function generalForm(reviewLink: string, assignNewCustomersTo = ""): FormData {
  const form = new FormData();
  form.set("companyName", GENERAL.companyName);
  form.set("supportEmail", GENERAL.supportEmail);
  form.set("reviewLink", reviewLink);
  form.set("assignNewCustomersTo", assignNewCustomersTo);
  return form;
}

describe("GeneralSettingsForm", () => {
  it("has a labelled Review Link field holding the saved link, with what it is for", () => {
    const html = render(GENERAL);
    expect(html).toMatch(/<label for="general-settings-reviewLink"[^>]*>Review Link<\/label>/);
    expect(html).toMatch(
      /<input id="general-settings-reviewLink" aria-describedby="general-settings-reviewLink-hint"[^>]*type="url"[^>]*name="reviewLink" value="https:\/\/g.page\/r\/acme\/review"/,
    );
    expect(html).toContain("Empty: no review request is sent.");
  });

  it("sends the link with the tab (a save keeps it), and shows a wrong one's error beside the field", () => {
    expect(parseWithZod(generalForm(" https://g.page/r/acme "), { schema: generalSettingsSchema })).toMatchObject({
      status: "success",
      value: { reviewLink: "https://g.page/r/acme" },
    });
    expect(parseWithZod(generalForm(""), { schema: generalSettingsSchema })).toMatchObject({
      status: "success",
      value: { reviewLink: "" },
    });
    const wrong = parseWithZod(generalForm("http://g.page/r/acme"), { schema: generalSettingsSchema });
    expect(wrong.status).toBe("error");
    expect(wrong.status === "error" ? wrong.error?.reviewLink : null).toEqual([
      "The review link must be a whole address starting with https://",
    ]);
  });

  it("has the receipts' Company Address (several lines) and Tax ID, holding the saved values", () => {
    const html = render({ ...GENERAL, companyAddress: "1 Main St\nMiami, FL 33101", taxId: "12-3456789" });
    expect(html).toMatch(/<label for="general-settings-companyAddress"[^>]*>Company Address<\/label>/);
    expect(html).toMatch(
      /<textarea[^>]*id="general-settings-companyAddress"[^>]*name="companyAddress"[^>]*>1 Main St\nMiami, FL 33101<\/textarea>/,
    );
    expect(html).toMatch(/<label for="general-settings-taxId"[^>]*>Tax ID<\/label>/);
    expect(html).toMatch(/<input id="general-settings-taxId"[^>]*name="taxId" value="12-3456789"/);
  });

  it("keeps the address's lines (one kind of break, no blank ones) and refuses one too long", () => {
    const form = generalForm("");
    form.set("companyAddress", "  1 Main St \r\n\r\n Miami, FL 33101\r\n");
    form.set("taxId", " 12-3456789 ");
    expect(parseWithZod(form, { schema: generalSettingsSchema })).toMatchObject({
      status: "success",
      value: { companyAddress: "1 Main St\nMiami, FL 33101", taxId: "12-3456789" },
    });
    // A form from before these fields existed still saves, with both empty.
    expect(parseWithZod(generalForm(""), { schema: generalSettingsSchema })).toMatchObject({
      status: "success",
      value: { companyAddress: "", taxId: "" },
    });
    form.set("companyAddress", "x".repeat(301));
    const wrong = parseWithZod(form, { schema: generalSettingsSchema });
    expect(wrong.status === "error" ? wrong.error?.companyAddress : null).toEqual([
      "The company address must be at most 300 characters",
    ]);
  });

  it("offers Nobody and each active member for new customers, the saved member chosen", () => {
    const html = render({ ...GENERAL, assignNewCustomersTo: ANA.id }, [ANA]);
    expect(html).toMatch(/<label for="general-settings-assignNewCustomersTo"[^>]*>Assign new customers to<\/label>/);
    expect(html).toMatch(/<select id="general-settings-assignNewCustomersTo" name="assignNewCustomersTo"/);
    expect(html).toContain('<option value="">Nobody</option>');
    expect(html).toContain(`<option value="${ANA.id}" selected="">Ana Staff</option>`);
    // A member no longer offered (deactivated since) shows as Nobody.
    expect(render({ ...GENERAL, assignNewCustomersTo: ANA.id }, [])).toContain(
      '<option value="" selected="">Nobody</option>',
    );
  });

  it("sends the member's id, or nothing for Nobody", () => {
    expect(parseWithZod(generalForm("", ANA.id), { schema: generalSettingsSchema })).toMatchObject({
      status: "success",
      value: { assignNewCustomersTo: ANA.id },
    });
    expect(parseWithZod(generalForm(""), { schema: generalSettingsSchema })).toMatchObject({
      status: "success",
      value: { assignNewCustomersTo: "" },
    });
    const wrong = parseWithZod(generalForm("", "somebody"), { schema: generalSettingsSchema });
    expect(wrong.status === "error" ? wrong.error?.assignNewCustomersTo : null).toEqual([
      "Choose an active team member, or Nobody",
    ]);
  });
});
