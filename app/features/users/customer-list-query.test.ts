import { describe, expect, it } from "vitest";
import { setupI18n } from "@lingui/core";
import { messages as en } from "~/locales/en/messages.po";
import { messages as es } from "~/locales/es/messages.po";
import {
  customerListHref,
  listErrorMessage,
  pageWindow,
  parseCustomerListQuery,
  UNASSIGNED,
} from "./customer-list-query";

const parse = (search: string) => parseCustomerListQuery(new URLSearchParams(search));

describe("parseCustomerListQuery", () => {
  it("reads the search, the counter state and the page; nothing means the first page of everyone", () => {
    expect(parse("")).toEqual({
      query: { search: "", activity: null, assigned: null, plan: null, page: 1 },
      errors: [],
    });
    expect(parse("q=%20%20Ana%20%20Garcia%20&status=in_progress&page=3")).toEqual({
      query: { search: "Ana Garcia", activity: "in_progress", assigned: null, plan: null, page: 3 },
      errors: [],
    });
    expect(parse("status=active").query.activity).toBe("active");
    expect(parse("status=inactive").query.activity).toBe("inactive");
  });

  it("drops a bad part to its default and says why", () => {
    expect(parse(`q=${"a".repeat(101)}&page=2`)).toEqual({
      query: { search: "", activity: null, assigned: null, plan: null, page: 2 },
      errors: ["searchTooLong"],
    });
    expect(parse(`q=${"a".repeat(100)}`).errors).toEqual([]);
    expect(parse("status=sleeping&q=ana")).toEqual({
      query: { search: "ana", activity: null, assigned: null, plan: null, page: 1 },
      errors: ["unknownFilter"],
    });
    for (const page of ["0", "-1", "1.5", "abc", "9999999", "10001"]) {
      expect(parse(`page=${page}`), page).toEqual({
        query: { search: "", activity: null, assigned: null, plan: null, page: 1 },
        errors: ["badPage"],
      });
    }
    expect(parse("status=x&page=x").errors).toEqual(["unknownFilter", "badPage"]);
  });

  it("reads the 'Assigned to' filter: a member's id or Unassigned; anything else is dropped with a message", () => {
    const member = "0b6f1a52-3c1e-4d0a-9f3b-2a7c5e8d9f10";
    expect(parse(`assigned=${member}`).query.assigned).toBe(member);
    expect(parse(`assigned=${member.toUpperCase()}`).query.assigned).toBe(member);
    expect(parse(`assigned=${UNASSIGNED}`).query.assigned).toBe(UNASSIGNED);
    expect(parse("assigned=somebody&q=ana")).toEqual({
      query: { search: "ana", activity: null, assigned: null, plan: null, page: 1 },
      errors: ["unknownAssignee"],
    });
    const query = { search: "", activity: null, assigned: member, plan: null, page: 2 };
    expect(customerListHref(query)).toBe(`/admin/users?assigned=${member}&page=2`);
    expect(parse(customerListHref(query).split("?")[1]!).query).toEqual(query);
  });
});

describe("the 'Care plan' filter", () => {
  it("reads On a plan or Plan past due; anything else is dropped with a message, and the address round-trips", () => {
    expect(parse("plan=on_plan").query.plan).toBe("on_plan");
    expect(parse("plan=past_due&q=ana").query).toEqual({
      search: "ana",
      activity: null,
      assigned: null,
      plan: "past_due",
      page: 1,
    });
    expect(parse("plan=gold")).toEqual({
      query: { search: "", activity: null, assigned: null, plan: null, page: 1 },
      errors: ["unknownPlanFilter"],
    });
    const query = { search: "", activity: "active" as const, assigned: null, plan: "past_due" as const, page: 2 };
    expect(customerListHref(query)).toBe("/admin/users?status=active&plan=past_due&page=2");
    expect(parse(customerListHref(query).split("?")[1]!).query).toEqual(query);
  });
});

describe("listErrorMessage", () => {
  const english = setupI18n({ locale: "en", messages: { en } });
  const spanish = setupI18n({ locale: "es", messages: { es } });

  it("words each problem in the reader's language, one sentence each, in the address's order", () => {
    const { errors } = parse(`q=${"a".repeat(101)}&status=x&assigned=x&page=x`);
    expect(listErrorMessage(errors, english)).toBe(
      "Search must be 100 characters or fewer. Unknown filter: choose Total Users, Active, Inactive or In Progress. " +
        "Unknown 'Assigned to' filter: choose Anyone, Unassigned or a team member. Page must be a whole number of 1 or more",
    );
    expect(listErrorMessage(["badPage"], spanish)).toBe("La página debe ser un número entero de 1 o más");
    expect(listErrorMessage([], english)).toBeNull();
  });
});

describe("customerListHref", () => {
  it("keeps only what differs from the plain list, and round-trips through the parser", () => {
    expect(customerListHref({ search: "", activity: null, assigned: null, plan: null, page: 1 })).toBe("/admin/users");
    const query = { search: "Ana & Co", activity: "active" as const, assigned: null, plan: null, page: 2 };
    const href = customerListHref(query);
    expect(href).toBe("/admin/users?q=Ana+%26+Co&status=active&page=2");
    expect(parse(href.split("?")[1]!).query).toEqual(query);
  });
});

describe("pageWindow", () => {
  it("shows the pages around the current one, the first and the last, with gaps", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(1, 201)).toEqual([1, 2, 3, 4, 5, null, 201]);
    expect(pageWindow(100, 201)).toEqual([1, null, 98, 99, 100, 101, 102, null, 201]);
    expect(pageWindow(201, 201)).toEqual([1, null, 197, 198, 199, 200, 201]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
