import { Eye, EyeOff } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { CredentialSecretField } from "~/lib/secrets";
import type { CredentialCardView } from "../credential-views";
import { CREDENTIAL_LIMITS, type CredentialCardSpec } from "../credentials.schemas";
import { SecretValue } from "./secret-value";

type FieldErrors = Partial<Record<string, string | undefined>>;

function Row({ label, id, children, error }: { label: string; id: string; children: ReactNode; error?: string }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const described = (id: string, error?: string, hint?: string) =>
  [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;

function SecretInput({
  id,
  name,
  label,
  isSet,
  maxLength,
  error,
  multiline,
  clearName,
  field,
  revealable,
}: {
  id: string;
  name: string;
  label: string;
  isSet: boolean;
  maxLength: number;
  error?: string;
  multiline?: boolean;
  clearName: string;
  field: CredentialSecretField;
  revealable?: boolean;
}) {
  const [visible, setVisible] = useState(false);
  const hint = isSet ? `A ${label.toLowerCase()} is saved. Leave this empty to keep it.` : undefined;
  const common = {
    id,
    name,
    maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described(id, error, hint),
    placeholder: isSet ? "Saved (unchanged)" : undefined,
    autoComplete: "off",
  } as const;
  return (
    <Row label={label} id={id} error={error}>
      {multiline ? (
        <Textarea {...common} rows={3} />
      ) : (
        <div className="flex gap-2">
          <Input {...common} type={visible || !revealable ? "text" : "password"} autoComplete="new-password" />
          {revealable ? (
            <Button
              type="button"
              variant="outline"
              size="icon"
              aria-label={`${visible ? "Hide" : "Show"} ${label}`}
              aria-pressed={visible}
              aria-controls={id}
              onClick={() => setVisible((current) => !current)}
            >
              {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
            </Button>
          ) : null}
        </div>
      )}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {isSet ? (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name={clearName} value={field} className="size-4" />
          Remove the saved {label.toLowerCase()}
        </label>
      ) : null}
    </Row>
  );
}

/**
 * One card's inputs. `prefix` names the fields (`domain.` in the admin's form, "" on the customer's page);
 * `idPrefix` keeps the ids unique on a page with three cards. Secrets start empty: the browser never has them.
 */
export function CredentialInputs({
  spec,
  card,
  prefix,
  idPrefix,
  errors = {},
}: {
  spec: CredentialCardSpec;
  card: CredentialCardView;
  prefix: string;
  idPrefix: string;
  errors?: FieldErrors;
}) {
  const id = (field: string) => `${idPrefix}-${field}`;
  const name = (field: string) => `${prefix}${field}`;
  const plain = (field: "title" | "websiteLink" | "username", label: string, value: string, max?: number, type = "text") => (
    <Row label={label} id={id(field)} error={errors[field]}>
      <Input
        id={id(field)}
        name={name(field)}
        type={type}
        defaultValue={value}
        maxLength={max}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={described(id(field), errors[field])}
        autoComplete="off"
      />
    </Row>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {plain("title", "Company Provider", card.title, CREDENTIAL_LIMITS.title)}
      {plain("websiteLink", spec.websiteLabel, card.websiteLink)}
      {plain("username", "Username", card.username, CREDENTIAL_LIMITS.username)}
      {spec.hasPin ? (
        <SecretInput
          id={id("pin")}
          name={name("pin")}
          label="PIN"
          field="pin"
          clearName={name("clear")}
          isSet={card.secrets.pin.isSet}
          maxLength={CREDENTIAL_LIMITS.pin}
          error={errors.pin}
        />
      ) : null}
      <SecretInput
        id={id("password")}
        name={name("password")}
        label="Password"
        field="password"
        clearName={name("clear")}
        isSet={card.secrets.password.isSet}
        maxLength={CREDENTIAL_LIMITS.password}
        error={errors.password}
        revealable
      />
      <div className="sm:col-span-2">
        <SecretInput
          id={id("details")}
          name={name("details")}
          label="Details"
          field="details"
          clearName={name("clear")}
          isSet={card.secrets.details.isSet}
          maxLength={CREDENTIAL_LIMITS.details}
          error={errors.details}
          multiline
        />
      </div>
    </div>
  );
}

/** One card's saved values, read-only: plain fields as text, secrets masked with Show / Hide. */
export function CredentialDetails({ spec, card }: { spec: CredentialCardSpec; card: CredentialCardView }) {
  const text = (value: string) => (value ? <span className="break-all">{value}</span> : <span className="text-slate-500">Not set</span>);
  const items: { label: string; value: ReactNode }[] = [
    { label: "Company Provider", value: text(card.title) },
    { label: spec.websiteLabel, value: text(card.websiteLink) },
    { label: "Username", value: text(card.username) },
    ...(spec.hasPin
      ? [{ label: "PIN", value: <SecretValue key={card.version} credentialId={card.id} field="pin" label="PIN" secret={card.secrets.pin} /> }]
      : []),
    {
      label: "Password",
      value: <SecretValue key={card.version} credentialId={card.id} field="password" label="Password" secret={card.secrets.password} />,
    },
    {
      label: "Details",
      value: (
        <SecretValue key={card.version} credentialId={card.id} field="details" label="Details" secret={card.secrets.details} multiline />
      ),
    },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.label} className={item.label === "Details" ? "min-w-0 sm:col-span-2" : "min-w-0"}>
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{item.label}</dt>
          <dd className="mt-0.5 text-sm text-slate-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
