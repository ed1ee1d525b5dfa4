import { Trans, useLingui } from "@lingui/react/macro";
import { Printer } from "lucide-react";
import { Link } from "react-router";
import { LocalDateTime } from "~/components/local-date-time";
import { Button } from "~/components/ui/button";
import { paymentSubtitleIn } from "~/domain/service-texts";
import { formatMoney } from "~/lib/i18n/format";
import type { ReceiptView } from "../receipt";

const PAID_AT: Intl.DateTimeFormatOptions = { month: "long", day: "numeric", year: "numeric" };

/**
 * A payment receipt as one printable page: no portal shell around it, and the toolbar (back, print) is
 * hidden when printing, so the browser's print or "save as PDF" gives the receipt alone.
 */
export function ReceiptDocument({ receipt, backTo, backLabel }: { receipt: ReceiptView; backTo: string; backLabel: string }) {
  const { t, i18n } = useLingui();
  const method = receipt.paymentMethod === "card" ? t`Card` : receipt.method;
  const supportEmail = receipt.agency.supportEmail;
  const rows: [string, React.ReactNode][] = [
    [t`Receipt number`, <span data-testid="receipt-number">{receipt.number}</span>],
    [t`Date`, <LocalDateTime iso={receipt.paidAt} options={PAID_AT} />],
    [t`Customer`, receipt.customer.name],
    [t`Company`, receipt.customer.companyName ?? "-"],
    [t`E-mail`, receipt.customer.email],
    [t`Service`, paymentSubtitleIn(i18n, receipt.serviceType, receipt.paymentNumber)],
    [t`Payment method`, method],
  ];
  return (
    <div className="min-h-screen bg-slate-50 px-4 py-6 print:min-h-0 print:bg-white print:p-0">
      <nav aria-label={t`Receipt actions`} className="mx-auto mb-4 flex max-w-2xl flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to={backTo} className="text-sm font-medium text-blue-700 underline-offset-4 hover:underline">
          {backLabel}
        </Link>
        <Button type="button" variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          <Trans>Print receipt</Trans>
        </Button>
      </nav>
      <main
        className="mx-auto max-w-2xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 print:max-w-none print:border-0 print:shadow-none"
        aria-labelledby="receipt-title"
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-6">
          <div>
            <p className="text-lg font-bold text-slate-900">{receipt.agency.name}</p>
            <p className="text-sm text-slate-600">{receipt.agency.supportEmail}</p>
          </div>
          <div className="sm:text-right">
            <h1 id="receipt-title" className="text-2xl font-bold text-slate-900">
              <Trans>Payment Receipt</Trans>
            </h1>
            <p className="text-sm text-slate-600">{receipt.number}</p>
          </div>
        </header>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 py-6 sm:grid-cols-[auto_1fr] print:grid-cols-[auto_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="font-medium break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex items-baseline justify-between border-t border-slate-200 pt-6">
          <span className="text-base font-semibold text-slate-900">{t`Amount paid`}</span>
          <span className="text-3xl font-bold text-slate-900" data-testid="receipt-amount">
            {formatMoney(receipt.amountPaid, i18n.locale)}
          </span>
        </div>
        <p className="mt-8 text-sm text-slate-600">
          <Trans>
            Thank you for your business. Questions about this payment? Write to {supportEmail} and quote the receipt number.
          </Trans>
        </p>
      </main>
    </div>
  );
}
