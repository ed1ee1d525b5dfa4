import { describe, expect, it } from "vitest";
import { EVERYONE } from "./realtime";
import { ViewerVersions } from "./viewer-versions";

const customer = (userId: string) => ({ userId, isTeam: false });
const team = { userId: "admin", isTeam: true };

describe("ViewerVersions", () => {
  it("moves a customer's version on their own changes and everyone's, not on another customer's", () => {
    const versions = new ViewerVersions();
    const start = versions.of(customer("a"));
    versions.record({ userId: "b" });
    expect(versions.of(customer("a"))).toBe(start);
    versions.record({ userId: "a" });
    const afterOwn = versions.of(customer("a"));
    expect(afterOwn).toBeGreaterThan(start);
    versions.record({ userId: EVERYONE });
    expect(versions.of(customer("a"))).toBeGreaterThan(afterOwn);
    expect(versions.of(customer("b"))).toBe(versions.of(customer("a")));
  });

  it("moves a team member's version on any change", () => {
    const versions = new ViewerVersions();
    const start = versions.of(team);
    versions.record({ userId: "b" });
    expect(versions.of(team)).toBeGreaterThan(start);
  });

  it("moves every viewer's version on a resync", () => {
    const versions = new ViewerVersions();
    versions.record({ userId: "a" });
    const before = [versions.of(customer("a")), versions.of(customer("c")), versions.of(team)];
    versions.resync();
    const after = [versions.of(customer("a")), versions.of(customer("c")), versions.of(team)];
    after.forEach((version, i) => expect(version).toBeGreaterThan(before[i]!));
  });
});
