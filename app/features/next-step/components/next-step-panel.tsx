import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { CheckCircle2, ClipboardCheck, Clock, FileText, ListChecks, Wallet } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PayButton } from "~/features/payments/components/payment-gate";
import { SERVICE_TYPES, type ServiceType } from "~/domain/service-catalog";
import { paymentPriceIn, serviceNameIn } from "~/domain/service-texts";
import { SERVICE_PAGE } from "~/lib/http/paths";
import { nextSteps, type NextStep, type NextStepInput } from "../next-step";

/** The id of a service's progress card on the same page, so the panel can point to its checklist. */
const progressCardAnchor = (service: ServiceType) => `progress-${service}`;

interface PanelText {
  icon: ReactNode;
  headline: string;
  detail: string;
  action: ReactNode;
}

function panelText(
  i18n: I18n,
  service: ServiceType,
  step: NextStep,
  cardEnabled: boolean,
  progressLoaded: boolean,
): PanelText {
  const name = serviceNameIn(i18n, service);
  switch (step.kind) {
    case "pay": {
      const amount = paymentPriceIn(i18n.locale, service, 1);
      return {
        icon: <Wallet aria-hidden="true" className="size-6 text-blue-700" />,
        headline: step.retry ? i18n._(msg`Your payment could not be confirmed`) : i18n._(msg`Start with the payment`),
        detail: step.retry
          ? i18n._(msg`Please pay ${amount} again to start your ${name}.`)
          : service === "website"
            ? i18n._(msg`The first 50% (${amount}) starts your website.`)
            : i18n._(msg`${amount} starts your ${name} setup.`),
        action: (
          <PayButton serviceType={service} paymentNumber={1} cardEnabled={cardEnabled}>
            {step.retry ? i18n._(msg`Try Again`) : i18n._(msg`Pay ${amount}`)}
          </PayButton>
        ),
      };
    }
    case "reviewing":
      return {
        icon: <Clock aria-hidden="true" className="size-6 text-yellow-600" />,
        headline: i18n._(msg`We are reviewing your payment`),
        detail: i18n._(msg`You will be notified as soon as it is approved.`),
        action: null,
      };
    case "send-information":
      return {
        icon: <FileText aria-hidden="true" className="size-6 text-blue-700" />,
        headline: i18n._(msg`Send your information`),
        detail: i18n._(msg`Your payment is complete. Tell us about your business so we can start your ${name}.`),
        action: (
          // Wraps on a phone: the Spanish label is longer than a 375 px screen.
          <Button asChild className="h-auto min-h-10 whitespace-normal">
            <Link to={SERVICE_PAGE[service]}>{i18n._(msg`Fill in the ${name} form`)}</Link>
          </Button>
        ),
      };
    case "approval":
      return {
        icon: <ClipboardCheck aria-hidden="true" className="size-6 text-blue-700" />,
        headline: i18n._(msg`Waiting for your approval`),
        detail: `v${step.version}: ${step.title}`,
        action: (
          <Button asChild className="h-auto min-h-10 whitespace-normal">
            <Link to={SERVICE_PAGE[service]}>{i18n._(msg`Review and approve`)}</Link>
          </Button>
        ),
      };
    case "in-progress": {
      const { done, total } = step;
      return {
        icon: <ListChecks aria-hidden="true" className="size-6 text-blue-700" />,
        headline: i18n._(msg`We are working on it`),
        // When the checklists could not be read, the counts would be wrong: the card below says it failed.
        detail: progressLoaded
          ? i18n._(msg`${done} of ${total} steps done. Follow each step in the checklist below.`)
          : i18n._(msg`Follow each step in the checklist below.`),
        action: (
          <Button asChild variant="outline">
            <a href={`#${progressCardAnchor(service)}`}>{i18n._(msg`See the checklist`)}</a>
          </Button>
        ),
      };
    }
    case "second-payment": {
      const amount = paymentPriceIn(i18n.locale, service, 2);
      return {
        icon: <Wallet aria-hidden="true" className="size-6 text-blue-700" />,
        headline: step.retry
          ? i18n._(msg`Second payment rejected - Try again`)
          : i18n._(msg`Your website is ready for review`),
        detail: i18n._(msg`The second 50% (${amount}) is due before your website launches.`),
        action: (
          <PayButton serviceType={service} paymentNumber={2} cardEnabled={cardEnabled}>
            {i18n._(msg`Pay Second 50% (${amount})`)}
          </PayButton>
        ),
      };
    }
    case "finished":
      return {
        icon: <CheckCircle2 aria-hidden="true" className="size-6 text-green-700" />,
        headline: i18n._(msg`All done`),
        detail:
          service === "website"
            ? i18n._(msg`Your website is launched and fully paid.`)
            : i18n._(msg`Your Google Business Profile is set up.`),
        action: null,
      };
  }
}

function ServicePanel({
  service,
  step,
  cardEnabled,
  progressLoaded,
}: {
  service: ServiceType;
  step: NextStep;
  cardEnabled: boolean;
  progressLoaded: boolean;
}) {
  const titleId = useId();
  const { i18n } = useLingui();
  const text = panelText(i18n, service, step, cardEnabled, progressLoaded);
  return (
    <Card
      className="flex flex-col gap-3 p-4 sm:p-5"
      aria-labelledby={titleId}
      data-testid={`next-step-${service}`}
      data-state={step.kind}
      role="region"
    >
      <h3 id={titleId} className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        {serviceNameIn(i18n, service)}
      </h3>
      <div className="flex items-start gap-3" aria-live="polite">
        {text.icon}
        <div className="space-y-1">
          <p className="font-semibold text-slate-900" data-testid="next-step-headline">
            {text.headline}
          </p>
          <p className="text-sm text-slate-700">{text.detail}</p>
        </div>
      </div>
      {text.action ? <div>{text.action}</div> : null}
    </Card>
  );
}

/** The progress page's top panel: per service, where it stands and the one action that moves it on. */
export function NextStepPanel({
  state,
  cardEnabled,
  progressLoaded = true,
}: {
  state: NextStepInput;
  cardEnabled: boolean;
  /** False when the checklists could not be read (their steps are then passed as null). */
  progressLoaded?: boolean;
}) {
  const steps = nextSteps(state);
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="next-step-title" className="mb-6">
      <h2 id="next-step-title" className="mb-3 text-lg font-semibold text-slate-900">
        {i18n._(msg`Your next step`)}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {SERVICE_TYPES.map((service) => (
          <ServicePanel
            key={service}
            service={service}
            step={steps[service]}
            cardEnabled={cardEnabled}
            progressLoaded={progressLoaded}
          />
        ))}
      </div>
    </section>
  );
}
