// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { inLanguage } from "~/lib/i18n/test-i18n";
import type { CustomerAssignmentView } from "../assignment-views";
import { FIRST_PAGE, UNASSIGNED } from "../customer-list-query";
import type { ListedCustomer } from "../customer-views";
import { CustomerAssignment } from "./customer-assignment";
import { CustomerListControls } from "./customer-list-controls";
import { CustomerTable } from "./customer-table";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const ANA = { id: "0b6f1a52-3c1e-4d0a-9f3b-2a7c5e8d9f10", name: "Ana Staff" };
const BO = { id: "1c7e2b63-4d2f-4e1b-8a4c-3b8d6f9e0a21", name: "Bo Staff" };

function show(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: "/", element: inLanguage(element) }]);
  act(() => root.render(<RouterProvider router={router} />));
}

describe("the customer header's 'Assigned to'", () => {
  it("is a staff member's read-only line of names (Nobody when none)", () => {
    show(<CustomerAssignment assignment={{ assigned: [ANA, BO], choices: null }} action="/admin/users/x" />);
    expect(container.querySelector('[data-testid="customer-assignees"]')?.textContent).toBe(
      "Assigned to: Ana Staff, Bo Staff",
    );
    expect(container.querySelector("button")).toBeNull();
    show(<CustomerAssignment assignment={{ assigned: [], choices: null }} action="/admin/users/x" />);
    expect(container.textContent).toContain("Assigned to: Nobody");
  });

  it("is an admin's button that opens a dialog with a checkbox per active member and Save", () => {
    const assignment: CustomerAssignmentView = { assigned: [BO], choices: [ANA, BO] };
    show(<CustomerAssignment assignment={assignment} action="/admin/users/x" />);
    const button = container.querySelector<HTMLButtonElement>('button[data-testid="customer-assignees"]')!;
    expect(button.textContent).toBe("Assigned to: Bo Staff");
    expect(button.getAttribute("aria-haspopup")).toBe("dialog");
    act(() => button.click());
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.querySelector("h2")?.textContent).toBe("Assigned to");
    const boxes = [...dialog.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="memberIds"]')];
    expect(boxes.map((box) => [box.value, box.checked, box.closest("label")?.textContent])).toEqual([
      [ANA.id, false, "Ana Staff"],
      [BO.id, true, "Bo Staff"],
    ]);
    expect(dialog.querySelector<HTMLInputElement>('input[name="intent"]')?.value).toBe("assign-customer");
    expect(dialog.querySelector('button[type="submit"]')?.textContent).toBe("Save");
  });
});

describe("the customer list's assignment", () => {
  const customer: ListedCustomer = {
    id: "2d8f3c74-5e3a-4f2c-9b5d-4c9e7a0b1b32",
    fullName: "Casey Customer",
    email: "casey@example.test",
    phone: null,
    companyName: null,
    avatarUrl: null,
    createdAt: "2026-03-01T10:00:00.000Z",
    activity: "inactive",
    unreadMessages: 0,
    assignedTo: [],
    standing: { googleBusiness: { paid: 0, doneSteps: 0 }, website: { paid: 0, doneSteps: 0 } },
  };

  it("has an 'Assigned to' column: the members' names, or Unassigned", () => {
    show(<CustomerTable customers={[customer, { ...customer, id: BO.id, assignedTo: ["Ana Staff", "Bo Staff"] }]} />);
    expect([...container.querySelectorAll("th")].map((th) => th.textContent)).toContain("Assigned to");
    expect(
      [...container.querySelectorAll('[data-testid="customer-assignees"]')].map((cell) => cell.textContent),
    ).toEqual(["Unassigned", "Ana Staff, Bo Staff"]);
  });

  it("offers an admin the filter (Anyone, Unassigned, each member) and a staff member none", () => {
    show(
      <CustomerListControls
        query={{ ...FIRST_PAGE, assigned: UNASSIGNED }}
        total={1}
        error={null}
        assignees={[ANA, BO]}
      />,
    );
    const select = container.querySelector<HTMLSelectElement>('select[name="assigned"]')!;
    expect(container.querySelector(`label[for="${select.id}"]`)?.textContent).toBe("Assigned to");
    expect([...select.options].map((option) => [option.value, option.textContent])).toEqual([
      ["", "Anyone"],
      [UNASSIGNED, "Unassigned"],
      [ANA.id, "Ana Staff"],
      [BO.id, "Bo Staff"],
    ]);
    expect(select.value).toBe(UNASSIGNED);
    expect(container.querySelector('[data-testid="customer-list-summary"]')?.textContent).toContain("· Unassigned");
    show(<CustomerListControls query={FIRST_PAGE} total={1} error={null} assignees={null} />);
    expect(container.querySelector('select[name="assigned"]')).toBeNull();
  });
});
