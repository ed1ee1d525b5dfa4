import { CheckCircle2, Clock, FileText, ListChecks, Wallet } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PayButton } from "~/features/payments/components/payment-gate";
import { formatDollars, paymentAmount, SERVICE_TYPES, type ServiceType } from "~/lib/service-catalog";
import { nextSteps, type NextStep, type NextStepInput } from "../next-step";

const SERVICE_NAME: Record<ServiceType, string> = {
  google_business: "Google Business Profile",
  website: "Website",
};

/** Where each service's information form lives. */
export const INFORMATION_FORM_PATH: Record<ServiceType, string> = {
  google_business: "/dashboard/google-business",
  website: "/dashboard/website",
};

/** The id of a service's progress card on the same page, so the panel can point to its checklist. */
export const progressCardAnchor = (service: ServiceType) => `progress-${service}`;

interface PanelText {
  icon: ReactNode;
  headline: string;
  detail: string;
  action: ReactNode;
}

function panelText(service: ServiceType, step: NextStep, cardEnabled: boolean, progressLoaded: boolean): PanelText {
  const name = SERVICE_NAME[service];
  switch (step.kind) {
    case "pay": {
      const amount = formatDollars(paymentAmount(service, 1));
      return {
        icon: <Wallet aria-hidden="true" className="size-6 text-blue-700" />,
        headline: step.retry ? "Your payment could not be confirmed" : "Start with the payment",
        detail: step.retry
          ? `Please pay ${amount} again to start your ${name}.`
          : service === "website"
            ? `The first 50% (${amount}) starts your website.`
            : `${amount} starts your ${name} setup.`,
        action: (
          <PayButton serviceType={service} paymentNumber={1} cardEnabled={cardEnabled}>
            {step.retry ? "Try Again" : `Pay ${amount}`}
          </PayButton>
        ),
      };
    }
    case "reviewing":
      return {
        icon: <Clock aria-hidden="true" className="size-6 text-yellow-600" />,
        headline: "We are reviewing your payment",
        detail: "You will be notified as soon as it is approved.",
        action: null,
      };
    case "send-information":
      return {
        icon: <FileText aria-hidden="true" className="size-6 text-blue-700" />,
        headline: "Send your information",
        detail: `Your payment is complete. Tell us about your business so we can start your ${name}.`,
        action: (
          <Button asChild>
            <Link to={INFORMATION_FORM_PATH[service]}>Fill in the {name} form</Link>
          </Button>
        ),
      };
    case "in-progress":
      return {
        icon: <ListChecks aria-hidden="true" className="size-6 text-blue-700" />,
        headline: "We are working on it",
        // When the checklists could not be read, the counts would be wrong: the card below says it failed.
        detail: progressLoaded
          ? `${step.done} of ${step.total} steps done. Follow each step in the checklist below.`
          : "Follow each step in the checklist below.",
        action: (
          <Button asChild variant="outline">
            <a href={`#${progressCardAnchor(service)}`}>See the checklist</a>
          </Button>
        ),
      };
    case "second-payment": {
      const amount = formatDollars(paymentAmount(service, 2));
      return {
        icon: <Wallet aria-hidden="true" className="size-6 text-blue-700" />,
        headline: step.retry ? "Second payment rejected - Try again" : "Your website is ready for review",
        detail: `The second 50% (${amount}) is due before your website launches.`,
        action: (
          <PayButton serviceType={service} paymentNumber={2} cardEnabled={cardEnabled}>
            {`Pay Second 50% (${amount})`}
          </PayButton>
        ),
      };
    }
    case "finished":
      return {
        icon: <CheckCircle2 aria-hidden="true" className="size-6 text-green-700" />,
        headline: "All done",
        detail: service === "website" ? "Your website is launched and fully paid." : "Your Google Business Profile is set up.",
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
  const text = panelText(service, step, cardEnabled, progressLoaded);
  return (
    <Card
      className="flex flex-col gap-3 p-4 sm:p-5"
      aria-labelledby={titleId}
      data-testid={`next-step-${service}`}
      data-state={step.kind}
      role="region"
    >
      <h3 id={titleId} className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        {SERVICE_NAME[service]}
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
  return (
    <section aria-labelledby="next-step-title" className="mb-6">
      <h2 id="next-step-title" className="mb-3 text-lg font-semibold text-slate-900">
        Your next step
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
