import { Trans, useLingui } from "@lingui/react/macro";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { ActionResult } from "~/lib/http/forms";
import { RESET_TWO_FACTOR_INTENT, type AdminTwoFactorView } from "../two-factor-views";

/** The Security tab's admins and their two-factor; an admin resets another's (audited), never their own here. */
export function AdminTwoFactorList({ admins, selfId }: { admins: AdminTwoFactorView[]; selfId: string | null }) {
  const { t } = useLingui();
  return (
    <Card className="mt-4 p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t`Admin two-factor`}</h2>
      <p className="mb-4 text-sm text-slate-600">
        <Trans>
          Reset an admin&apos;s two-factor when they lose their authenticator: they set it up again at the next sign-in.
        </Trans>
      </p>
      <ul className="divide-y divide-slate-200" aria-label={t`Admin two-factor`}>
        {admins.map((admin) => (
          <AdminRow key={admin.id} admin={admin} self={admin.id === selfId} />
        ))}
      </ul>
    </Card>
  );
}

function AdminRow({ admin, self }: { admin: AdminTwoFactorView; self: boolean }) {
  const { t } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  const email = admin.email;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-slate-900">{admin.name}</p>
        <p className="truncate text-sm text-slate-600">
          {admin.email} · {admin.twoFactorEnabled ? t`Two-factor on` : t`Two-factor off`}
        </p>
      </div>
      {!self && admin.twoFactorEnabled ? (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value={RESET_TWO_FACTOR_INTENT} />
          <input type="hidden" name="userId" value={admin.id} />
          <Button
            type="submit"
            variant="outline"
            size="sm"
            disabled={fetcher.state !== "idle"}
            aria-label={t`Reset two-factor for ${email}`}
          >
            {t`Reset two-factor`}
          </Button>
        </fetcher.Form>
      ) : null}
    </li>
  );
}
