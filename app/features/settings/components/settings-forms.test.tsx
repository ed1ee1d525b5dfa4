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
};

function render(values: AdminSettings["general"]): string {
  const router = createMemoryRouter([{ path: "/", element: <GeneralSettingsForm values={values} /> }]);
  return renderToString(inLanguage(<RouterProvider router={router} />)).replaceAll("<!-- -->", "");
}

/** The General form as the browser sends it, with this Review Link. */
function generalForm(reviewLink: string): FormData {
  const form = new FormData();
  form.set("companyName", GENERAL.companyName);
  form.set("supportEmail", GENERAL.supportEmail);
  form.set("reviewLink", reviewLink);
  return form;
}

describe("GeneralSettingsForm", () => {
  it("has a labelled Review Link field holding the saved link, with what it is for", () => {
    const html = render(GENERAL);
    expect(html).toMatch(/<label for="general-settings-reviewLink"[^>]*>Review Link<\/label>/);
    expect(html).toMatch(/<input id="general-settings-reviewLink" aria-describedby="general-settings-reviewLink-hint"[^>]*type="url"[^>]*name="reviewLink" value="https:\/\/g.page\/r\/acme\/review"/);
    expect(html).toContain("Empty: no review request is sent.");
  });

  it("sends the link with the tab (a save keeps it), and shows a wrong one's error beside the field", () => {
    expect(parseWithZod(generalForm(" https://g.page/r/acme "), { schema: generalSettingsSchema })).toMatchObject({ status: "success", value: { reviewLink: "https://g.page/r/acme" } });
    expect(parseWithZod(generalForm(""), { schema: generalSettingsSchema })).toMatchObject({ status: "success", value: { reviewLink: "" } });
    const wrong = parseWithZod(generalForm("http://g.page/r/acme"), { schema: generalSettingsSchema });
    expect(wrong.status).toBe("error");
    expect(wrong.status === "error" ? wrong.error?.reviewLink : null).toEqual(["The review link must be a whole address starting with https://"]);
  });
});
