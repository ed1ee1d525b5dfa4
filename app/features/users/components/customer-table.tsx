import { useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "react-router";
import { LocalDateTime } from "~/components/local-date-time";
import { Card } from "~/components/ui/card";
import type { ListedCustomer } from "../customer-views";
import { CustomerAvatar } from "./customer-avatar";

const REGISTRATION_DATE: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" };

const customerPath = (id: string) => `/admin/users/${id}`;

/**
 * The customer list, newest first. A click anywhere on a row opens the customer; for the keyboard and
 * screen readers the name is a link to the same place. On narrow screens the table scrolls sideways.
 */
export function CustomerTable({ customers, filtered = false }: { customers: ListedCustomer[]; filtered?: boolean }) {
  const navigate = useNavigate();
  const { t } = useLingui();
  if (customers.length === 0) {
    return (
      <Card className="p-6 text-center text-slate-600">
        <p>{filtered ? t`No customers match this search or filter` : t`No customers yet`}</p>
      </Card>
    );
  }
  return (
    <Card className="overflow-x-auto" data-testid="customer-table-scroll">
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">{t`Customers, newest first`}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            {[t`Name`, t`Email`, t`Phone`, t`Company`, t`Registration Date`].map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {customers.map((customer) => (
            <tr
              key={customer.id}
              data-testid="customer-row"
              data-activity={customer.activity}
              className="cursor-pointer border-b border-slate-100 last:border-0 hover:bg-slate-50"
              onClick={(event) => {
                // The name link navigates by itself; the rest of the row follows it.
                if ((event.target as HTMLElement).closest("a")) return;
                void navigate(customerPath(customer.id));
              }}
            >
              <td className="px-4 py-3">
                <div className="flex items-center gap-3">
                  <CustomerAvatar name={customer.fullName} />
                  <Link to={customerPath(customer.id)} className="font-medium whitespace-nowrap text-slate-900 hover:underline">
                    {customer.fullName || t`Unnamed customer`}
                  </Link>
                </div>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{customer.email}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{customer.phone || "—"}</td>
              <td className="px-4 py-3 text-slate-700">{customer.companyName || "—"}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                <LocalDateTime iso={customer.createdAt} options={REGISTRATION_DATE} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
