import { EmailText } from "~/components/email-text";
import { useLingui } from "@lingui/react/macro";
import { StackedTableHead } from "~/components/ui/stacked-table-head";
import { MessageSquare } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { LocalDateTime } from "~/components/local-date-time";
import { Card } from "~/components/ui/card";
import { customerPagePath } from "~/lib/http/paths";
import { standingLines } from "../customer-standing";
import type { ListedCustomer } from "../customer-views";
import { CustomerAvatar } from "./customer-avatar";

const REGISTRATION_DATE: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" };

/**
 * The customer list, newest first. A click anywhere on a row opens the customer; for the keyboard and
 * screen readers the name is a link to the same place. Below the md width each row becomes a card (the cells
 * stacked, each with its column's name before it), so a phone never scrolls sideways.
 */
export function CustomerTable({ customers, filtered = false }: { customers: ListedCustomer[]; filtered?: boolean }) {
  const navigate = useNavigate();
  const { t, i18n } = useLingui();
  if (customers.length === 0) {
    return (
      <Card className="p-6 text-center text-slate-600">
        <p>{filtered ? t`No customers match this search or filter` : t`No customers yet`}</p>
      </Card>
    );
  }
  const headings = {
    name: t`Name`,
    email: t`Email`,
    phone: t`Phone`,
    company: t`Company`,
    status: t`Status`,
    assigned: t`Assigned to`,
    registered: t`Registration Date`,
  };
  // On a phone the cell's column name comes from its data-label, drawn before it (not part of its text).
  const cell =
    "flex gap-3 px-4 py-1 before:w-36 before:shrink-0 before:font-medium before:text-slate-600 before:content-[attr(data-label)] md:table-cell md:py-3 md:before:content-none";
  return (
    <Card className="md:overflow-x-auto" data-testid="customer-table-scroll">
      <table className="block w-full text-left text-sm md:table md:min-w-[1000px]">
        <caption className="sr-only">{t`Customers, newest first`}</caption>
        <StackedTableHead headings={Object.values(headings)} />
        <tbody className="block md:table-row-group">
          {customers.map((customer) => (
            <tr
              key={customer.id}
              data-testid="customer-row"
              data-activity={customer.activity}
              className="block cursor-pointer border-b border-slate-100 py-2 last:border-0 hover:bg-slate-50 md:table-row md:py-0"
              onClick={(event) => {
                // The name link navigates by itself; the rest of the row follows it.
                if ((event.target as HTMLElement).closest("a")) return;
                void navigate(customerPagePath(customer.id));
              }}
            >
              <td className="block px-4 py-2 md:table-cell md:py-3">
                <div className="flex items-center gap-3">
                  <CustomerAvatar name={customer.fullName} />
                  <Link
                    to={customerPagePath(customer.id)}
                    className="font-medium break-words text-slate-900 hover:underline md:whitespace-nowrap"
                  >
                    {customer.fullName || t`Unnamed customer`}
                  </Link>
                  {customer.unreadMessages > 0 ? (
                    <Link
                      to={customerPagePath(customer.id, "messages")}
                      className="inline-flex items-center gap-1 rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
                      data-testid="unread-messages"
                    >
                      <MessageSquare aria-hidden="true" className="size-3" />
                      {t`${customer.unreadMessages} unread`}
                    </Link>
                  ) : null}
                </div>
              </td>
              <td data-label={headings.email} className={`${cell} min-w-0 text-slate-700`}>
                <EmailText email={customer.email} />
              </td>
              <td data-label={headings.phone} className={`${cell} whitespace-nowrap text-slate-700`}>
                {customer.phone || "—"}
              </td>
              <td data-label={headings.company} className={`${cell} text-slate-700`}>
                {customer.companyName || "—"}
              </td>
              <td data-label={headings.status} className={`${cell} text-slate-700`} data-testid="customer-standing">
                <ul className="space-y-0.5">
                  {standingLines(i18n, customer.standing).map((line) => (
                    <li key={line} className="md:whitespace-nowrap">
                      {line}
                    </li>
                  ))}
                </ul>
              </td>
              <td data-label={headings.assigned} className={`${cell} text-slate-700`} data-testid="customer-assignees">
                {customer.assignedTo.length > 0 ? (
                  customer.assignedTo.join(", ")
                ) : (
                  <span className="text-slate-500">{t`Unassigned`}</span>
                )}
              </td>
              <td data-label={headings.registered} className={`${cell} whitespace-nowrap text-slate-700`}>
                <LocalDateTime iso={customer.createdAt} options={REGISTRATION_DATE} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
