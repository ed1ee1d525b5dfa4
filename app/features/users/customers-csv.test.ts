import { describe, expect, it } from "vitest";
import { csvRow } from "~/lib/http/csv";
import { i18nFor } from "~/lib/i18n/instances.server";
import {
  customerCsvCells,
  customersCsvFileName,
  customersCsvHeader,
  customersCsvPath,
  type ExportedCustomer,
} from "./customers-csv";

const none = { paid: 0, doneSteps: 0 };
const ana: ExportedCustomer = {
  fullName: "Ana López",
  email: "ana@example.com",
  phone: "(555) 010-2030",
  companyName: "Roofing, Inc.",
  activity: "in_progress",
  assignedTo: ["Bo Lee", "Cy Moe"],
  standing: { googleBusiness: { paid: 1, doneSteps: 3 }, website: { paid: 1, doneSteps: 2 } },
  createdAt: new Date("2026-03-04T23:30:00.000Z"),
};

describe("the customer list's CSV", () => {
  it("has the list's columns, then the counter state, in the admin's language", () => {
    expect(customersCsvHeader(i18nFor("en"))).toEqual([
      "Name",
      "Email",
      "Phone",
      "Company",
      "Status",
      "Assigned to",
      "Registration Date",
      "Activity",
    ]);
    expect(customersCsvHeader(i18nFor("es"))).toEqual([
      "Nombre",
      "Correo electrónico",
      "Teléfono",
      "Empresa",
      "Estado",
      "Asignado a",
      "Fecha de registro",
      "Actividad",
    ]);
  });

  it("writes a customer as the list reads them: the Status lines, the members, the registration day (UTC)", () => {
    expect(customerCsvCells(i18nFor("en"), ana)).toEqual([
      "Ana López",
      "ana@example.com",
      "(555) 010-2030",
      "Roofing, Inc.",
      "Google Business: paid · 3/6 steps; Website: 1 of 2 paid · 2/8 steps",
      "Bo Lee, Cy Moe",
      "2026-03-04",
      "In Progress",
    ]);
    const bare = {
      ...ana,
      phone: null,
      companyName: null,
      assignedTo: [],
      activity: "active" as const,
      standing: { googleBusiness: none, website: none },
    };
    expect(customerCsvCells(i18nFor("en"), bare).slice(2)).toEqual([
      "",
      "",
      "Not paid yet",
      "",
      "2026-03-04",
      "Active",
    ]);
    // One customer's state, in the singular (the counter cards' 'Activos' names the group).
    expect(customerCsvCells(i18nFor("es"), bare).slice(4)).toEqual(["Sin pagos todavía", "", "2026-03-04", "Activo"]);
  });

  it("is escaped by the one CSV writer: quoted commas, no formula", () => {
    const row = csvRow(customerCsvCells(i18nFor("en"), { ...ana, fullName: "=1+1", assignedTo: ["Bo Lee"] }));
    expect(row).toBe(
      `'=1+1,ana@example.com,(555) 010-2030,"Roofing, Inc.",Google Business: paid · 3/6 steps; Website: 1 of 2 paid · 2/8 steps,Bo Lee,2026-03-04,In Progress\r\n`,
    );
  });

  it("names the file after the day and keeps the list's search and filters in the address, never its page", () => {
    expect(customersCsvFileName(new Date("2026-05-01T12:00:00Z"))).toBe("customers-2026-05-01.csv");
    expect(customersCsvPath({ search: "", activity: null, assigned: null, plan: null })).toBe("/admin/customers.csv");
    expect(customersCsvPath({ search: "Ana López", activity: "active", assigned: "none", page: 3 } as never)).toBe(
      "/admin/customers.csv?q=Ana+L%C3%B3pez&status=active&assigned=none",
    );
    expect(customersCsvPath({ search: "", activity: null, assigned: null, plan: "on_plan" })).toBe(
      "/admin/customers.csv?plan=on_plan",
    );
  });
});
