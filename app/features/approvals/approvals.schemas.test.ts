import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/http/forms.server";
import {
  DECIDE_ROUND_INTENT,
  decideRoundFormSchema,
  REQUEST_APPROVAL_INTENT,
  requestApprovalFormSchema,
} from "./approvals.schemas";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const ROUND_ID = "00000000-0000-4000-8000-000000000001";

// Read as the actions read them (Conform's parseWithZod), which treats an empty field as a missing one.
describe("the approvals' forms, as the actions read them", () => {
  it("takes a round with only a title: the message empty, no link", async () => {
    const parsed = await parseForm(
      form({ intent: REQUEST_APPROVAL_INTENT, service: "website", title: " Home page ", message: "", link: "" }),
      requestApprovalFormSchema,
    );
    expect(parsed).toEqual({
      ok: true,
      value: {
        intent: REQUEST_APPROVAL_INTENT,
        service: "website",
        purpose: "draft",
        title: "Home page",
        message: "",
        link: null,
      },
    });
  });

  it("takes the finished website for launch, and refuses a launch of anything else", async () => {
    const launch = await parseForm(
      form({ intent: REQUEST_APPROVAL_INTENT, service: "website", purpose: "launch", title: "Finished site" }),
      requestApprovalFormSchema,
    );
    expect(launch.ok && launch.value.purpose).toBe("launch");
    const profile = await parseForm(
      form({ intent: REQUEST_APPROVAL_INTENT, service: "google_business", purpose: "launch", title: "Profile" }),
      requestApprovalFormSchema,
    );
    expect(profile.ok).toBe(false);
  });

  it("keeps a written message (plain line ends) and a whole link", async () => {
    const parsed = await parseForm(
      form({
        intent: REQUEST_APPROVAL_INTENT,
        service: "google_business",
        title: "Profile",
        message: " One\r\nTwo ",
        link: " https://preview.example.com/a ",
      }),
      requestApprovalFormSchema,
    );
    expect(parsed.ok && parsed.value).toMatchObject({ message: "One\nTwo", link: "https://preview.example.com/a" });
  });

  it("refuses a missing title, a link that is not a whole http(s) address and a message too long, each by its field", async () => {
    const noTitle = await parseForm(
      form({ intent: REQUEST_APPROVAL_INTENT, service: "website", title: " " }),
      requestApprovalFormSchema,
    );
    expect(noTitle.ok || noTitle.reply.error).toEqual({ title: ["Please enter a title"] });
    for (const link of ["preview.example.com", "ftp://example.com/file", "https://localhost"]) {
      const parsed = await parseForm(
        form({ intent: REQUEST_APPROVAL_INTENT, service: "website", title: "T", link }),
        requestApprovalFormSchema,
      );
      expect(parsed.ok || parsed.reply.error, link).toEqual({ link: ["Enter the whole link, starting with https://"] });
    }
    const long = await parseForm(
      form({ intent: REQUEST_APPROVAL_INTENT, service: "website", title: "T", message: "x".repeat(2001) }),
      requestApprovalFormSchema,
    );
    expect(long.ok || long.reply.error).toEqual({ message: ["Must be at most 2000 characters"] });
  });

  it("takes an approval without a comment, and asks what to change for changes without one", async () => {
    const approve = await parseForm(
      form({ intent: DECIDE_ROUND_INTENT, roundId: ROUND_ID, decision: "approve", comment: "" }),
      decideRoundFormSchema,
    );
    expect(approve.ok && approve.value).toMatchObject({ decision: "approve", comment: "" });
    const changes = await parseForm(
      form({ intent: DECIDE_ROUND_INTENT, roundId: ROUND_ID, decision: "request-changes", comment: "" }),
      decideRoundFormSchema,
    );
    expect(changes.ok || changes.reply.error).toEqual({ comment: ["Please tell us what to change"] });
  });
});
