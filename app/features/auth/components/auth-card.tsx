import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Logo } from "~/components/logo";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { useSiteConfig } from "~/lib/config/use-site-config";
import { isLocale, landingPath } from "~/lib/i18n/locales";

export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const { agencyName } = useSiteConfig();
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-blue-50 to-slate-100 px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center space-y-4 text-center">
          <div className="flex justify-center">
            {/* The landing page in the page's language, named in it. */}
            <Logo to={landingPath(isLocale(i18n.locale) ? i18n.locale : "en")} label={t`${agencyName} home`} />
          </div>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  );
}
