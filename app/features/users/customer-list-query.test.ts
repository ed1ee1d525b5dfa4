import { describe, expect, it } from "vitest";
import {
  BAD_PAGE,
  customerListHref,
  pageWindow,
  parseCustomerListQuery,
  SEARCH_TOO_LONG,
  UNASSIGNED,
  UNKNOWN_ASSIGNEE,
  UNKNOWN_FILTER,
} from "./customer-list-query";

const parse = (search: string) => parseCustomerListQuery(new URLSearchParams(search));

describe("parseCustomerListQuery", () => {
  it("reads the search, the counter state and the page; nothing means the first page of everyone", () => {
    expect(parse("")).toEqual({ query: { search: "", activity: null, assigned: null, page: 1 }, error: null });
    expect(parse("q=%20%20Ana%20%20Garcia%20&status=in_progress&page=3")).toEqual({
      query: { search: "Ana Garcia", activity: "in_progress", assigned: null, page: 3 },
      error: null,
    });
    expect(parse("status=active").query.activity).toBe("active");
    expect(parse("status=inactive").query.activity).toBe("inactive");
  });

  it("drops a bad part to its default and says why", () => {
    expect(parse(`q=${"a".repeat(101)}&page=2`)).toEqual({
      query: { search: "", activity: null, assigned: null, page: 2 },
      error: SEARCH_TOO_LONG,
    });
    expect(parse(`q=${"a".repeat(100)}`).error).toBeNull();
    expect(parse("status=sleeping&q=ana")).toEqual({
      query: { search: "ana", activity: null, assigned: null, page: 1 },
      error: UNKNOWN_FILTER,
    });
    for (const page of ["0", "-1", "1.5", "abc", "9999999", "10001"]) {
      expect(parse(`page=${page}`), page).toEqual({
        query: { search: "", activity: null, assigned: null, page: 1 },
        error: BAD_PAGE,
      });
    }
    expect(parse("status=x&page=x").error).toBe(`${UNKNOWN_FILTER}. ${BAD_PAGE}`);
  });

  it("reads the 'Assigned to' filter: a member's id or Unassigned; anything else is dropped with a message", () => {
    const member = "0b6f1a52-3c1e-4d0a-9f3b-2a7c5e8d9f10";
    expect(parse(`assigned=${member}`).query.assigned).toBe(member);
    expect(parse(`assigned=${member.toUpperCase()}`).query.assigned).toBe(member);
    expect(parse(`assigned=${UNASSIGNED}`).query.assigned).toBe(UNASSIGNED);
    expect(parse("assigned=somebody&q=ana")).toEqual({
      query: { search: "ana", activity: null, assigned: null, page: 1 },
      error: UNKNOWN_ASSIGNEE,
    });
    const query = { search: "", activity: null, assigned: member, page: 2 };
    expect(customerListHref(query)).toBe(`/admin/users?assigned=${member}&page=2`);
    expect(parse(customerListHref(query).split("?")[1]!).query).toEqual(query);
  });
});

describe("customerListHref", () => {
  it("keeps only what differs from the plain list, and round-trips through the parser", () => {
    expect(customerListHref({ search: "", activity: null, assigned: null, page: 1 })).toBe("/admin/users");
    const query = { search: "Ana & Co", activity: "active" as const, assigned: null, page: 2 };
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
