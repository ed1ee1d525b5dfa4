import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Eye, EyeOff } from "lucide-react";
import { useState, type ReactNode } from "react";
import { EmptyValue } from "~/components/forms/read-only-view";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { CredentialSecretField } from "~/lib/secrets/secrets";
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

// A saved secret's hint and its removal box, whole per field (the English reads 'A pin is saved...').
const SAVED_SECRET_TEXTS: Record<CredentialSecretField, { hint: MessageDescriptor; remove: MessageDescriptor }> = {
  pin: { hint: msg`A pin is saved. Leave this empty to keep it.`, remove: msg`Remove the saved pin` },
  password: { hint: msg`A password is saved. Leave this empty to keep it.`, remove: msg`Remove the saved password` },
  details: { hint: msg`A details is saved. Leave this empty to keep it.`, remove: msg`Remove the saved details` },
};

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
  const { t, i18n } = useLingui();
  const [visible, setVisible] = useState(false);
  const hint = isSet ? i18n._(SAVED_SECRET_TEXTS[field].hint) : undefined;
  const common = {
    id,
    name,
    maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described(id, error, hint),
    placeholder: isSet ? t`Saved (unchanged)` : undefined,
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
              aria-label={visible ? t`Hide ${label}` : t`Show ${label}`}
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
          {i18n._(SAVED_SECRET_TEXTS[field].remove)}
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
  const { t, i18n } = useLingui();
  const id = (field: string) => `${idPrefix}-${field}`;
  const name = (field: string) => `${prefix}${field}`;
  const plain = (
    field: "title" | "websiteLink" | "username",
    label: string,
    value: string,
    max?: number,
    type = "text",
  ) => (
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
      {plain("title", t`Company Provider`, card.title, CREDENTIAL_LIMITS.title)}
      {plain("websiteLink", i18n._(spec.websiteLabelText), card.websiteLink)}
      {plain("username", t`Username`, card.username, CREDENTIAL_LIMITS.username)}
      {spec.hasPin ? (
        <SecretInput
          id={id("pin")}
          name={name("pin")}
          label={t`PIN`}
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
        label={t`Password`}
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
          label={t`Details`}
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
  const { t, i18n } = useLingui();
  const text = (value: string) => (value ? <span className="[overflow-wrap:anywhere]">{value}</span> : <EmptyValue />);
  const items: { key: string; label: string; value: ReactNode }[] = [
    { key: "title", label: t`Company Provider`, value: text(card.title) },
    {
      key: "websiteLink",
      label: i18n._(spec.websiteLabelText),
      value: (
        <>
          {text(card.websiteLink)}
          {card.websiteLinkFromForm ? (
            <span className="block text-xs text-slate-600">{t`From your Google Business Profile information`}</span>
          ) : null}
        </>
      ),
    },
    { key: "username", label: t`Username`, value: text(card.username) },
    ...(spec.hasPin
      ? [
          {
            key: "pin",
            label: t`PIN`,
            value: (
              <SecretValue
                key={card.version}
                credentialId={card.id}
                field="pin"
                label={t`PIN`}
                secret={card.secrets.pin}
              />
            ),
          },
        ]
      : []),
    {
      key: "password",
      label: t`Password`,
      value: (
        <SecretValue
          key={card.version}
          credentialId={card.id}
          field="password"
          label={t`Password`}
          secret={card.secrets.password}
        />
      ),
    },
    {
      key: "details",
      label: t`Details`,
      value: (
        <SecretValue
          key={card.version}
          credentialId={card.id}
          field="details"
          label={t`Details`}
          secret={card.secrets.details}
          multiline
        />
      ),
    },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.key} className={item.key === "details" ? "min-w-0 sm:col-span-2" : "min-w-0"}>
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{item.label}</dt>
          <dd className="mt-0.5 text-sm text-slate-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
