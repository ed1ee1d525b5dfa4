import { useLingui } from "@lingui/react/macro";
import { Card } from "~/components/ui/card";

/**
 * A tab whose data could not be loaded: said in the tab's panel, under the header and the tab bar, which keep
 * working (another tab, or this one again, loads on its own).
 */
export function TabError({ error }: { error: unknown }) {
  const { t } = useLingui();
  console.error(error);
  return (
    <Card role="alert" className="space-y-1 p-6 text-slate-700">
      <h2 className="text-lg font-semibold text-slate-900">{t`Failed to load data`}</h2>
      <p>{t`Please reload the page to try again.`}</p>
    </Card>
  );
}
