import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { data } from "react-router";
import { PageTitle } from "~/components/nav-shell";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import {
  GeneralSettingsForm,
  LegalSettingsForm,
  NotificationSettingsForm,
  SecuritySettingsForm,
  type LegalTextEntry,
} from "~/features/settings/components/settings-forms";
import { LEGAL_PAGES, LEGAL_TITLES, legalPath } from "~/features/legal/legal-pages";
import { legalTextInForce, legalTextsToStore, standardLegalText } from "~/features/legal/legal-texts";
import { DatabaseTab } from "~/features/settings/components/database-tab";
import { RetentionSettings } from "~/features/retention/components/retention-settings";
import { getRetentionStatus } from "~/features/retention/get-retention-status.server";
import { getSettings } from "~/features/settings/get-settings.server";
import { getSystemStatus } from "~/features/settings/get-system-status.server";
import { saveSettings } from "~/features/settings/save-settings.server";
import { listActiveMembers } from "~/features/team/list-active-members.server";
import { AdminTwoFactorList } from "~/features/settings/components/admin-two-factor-list";
import { listAdminTwoFactor, resetTwoFactor } from "~/features/settings/reset-two-factor.server";
import { RESET_TWO_FACTOR_INTENT, SAVE_SETTINGS_INTENT } from "~/features/settings/two-factor-views";
import { listTeam } from "~/features/team/list-team.server";
import { teamIntentHandlers } from "~/features/team/team-action.server";
import { TEAM_INTENTS } from "~/features/team/team.schemas";
import { TeamTab } from "~/features/team/components/team-tab";
import { PromotionsTab } from "~/features/promotions/components/promotions-tab";
import { listPromotionCodes } from "~/features/promotions/list-promotion-codes.server";
import { promotionIntentHandlers } from "~/features/promotions/promotions-action.server";
import { PROMOTION_INTENTS } from "~/features/promotions/promotions.schemas";
import {
  isSettingsSection,
  legalSettingsFormSchema,
  legalTextKey,
  SETTINGS_SECTIONS,
  type AdminSettings,
} from "~/domain/admin-settings";
import { i18nFor } from "~/lib/i18n/catalogs.server";
import { LOCALES, type Locale } from "~/lib/i18n/locales";
import { AppError } from "~/lib/http/app-error";
import { actionFailure } from "~/lib/http/error-answer.server";
import type { ActionResult } from "~/lib/http/forms";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { dispatchIntent } from "~/lib/http/intents.server";
import { requestContext } from "~/lib/http/request-context.server";
import { adminOnly, services, sessionUser } from "~/lib/auth/route-guards.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Settings" }];

// Admins only: the layout lets staff in, this page's middleware sends them 403.
export const middleware: Route.MiddlewareFunction[] = [adminOnly];

// The middleware has refused everyone but admins; the use cases check again.
export async function loader({ context }: Route.LoaderArgs) {
  const actor = sessionUser(context);
  const [settings, status, admins, team, promotionCodes, retention] = await Promise.all([
    getSettings(services(context), actor),
    getSystemStatus(services(context), actor),
    listAdminTwoFactor({ db: services(context).database.db }, actor),
    listTeam({ db: services(context).database.db }, actor),
    listPromotionCodes({ db: services(context).database.db }, actor),
    getRetentionStatus({ db: services(context).database.db }, actor),
  ]);
  // The General tab's 'Assign new customers to' choices.
  const assignees = (await listActiveMembers(services(context).database.db, actor)).map(({ id, name }) => ({
    id,
    name,
  }));
  const { i18n, locale } = requestContext(context);
  return {
    settings,
    status,
    admins,
    team,
    promotionCodes,
    retention,
    assignees,
    selfId: actor?.id ?? null,
    legal: legalEntries(settings, locale, services(context).stripe !== null),
    title: i18n._(msg`Settings`),
  };
}

/**
 * The Legal tab's texts, each page in English and in Spanish: the text as that language's page shows it (the stored
 * one, else the standard one, so the admin edits what visitors read), the standard text for its button, and the page.
 */
function legalEntries(settings: AdminSettings, locale: Locale, cardPayments: boolean): LegalTextEntry[] {
  const i18n = i18nFor(locale);
  const facts = {
    companyName: settings.general.companyName,
    supportEmail: settings.general.supportEmail,
    cardPayments,
  };
  const languages = { en: msg`English`, es: msg`Spanish` };
  return LEGAL_PAGES.flatMap((page) =>
    LOCALES.map((language) => {
      const title = i18n._(LEGAL_TITLES[page]);
      const name = i18n._(languages[language]);
      const key = legalTextKey(page, language);
      return {
        key,
        label: i18n._(msg`${title} (${name})`),
        value: legalTextInForce(page, settings.legal[key], i18nFor(language), facts),
        standard: standardLegalText(page, i18nFor(language), facts),
        path: legalPath(page, language),
        lang: language,
      };
    }),
  );
}

/** The forms this page's action takes (the matrix tries each). */
export const intents = [SAVE_SETTINGS_INTENT, RESET_TWO_FACTOR_INTENT, ...TEAM_INTENTS, ...PROMOTION_INTENTS] as const;

/**
 * The page's forms, by `intent`: a tab's save (`section` and that tab's values), an admin's two-factor reset and the
 * Team tab's invitations and members, and the Promotions tab's codes.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, user: actor, i18n, locale } = requestContext(context);
  return dispatchIntent(request, i18n, intents, {
    ...teamIntentHandlers(services, actor, { i18n, locale }),
    ...promotionIntentHandlers(services, actor, i18n),
    [SAVE_SETTINGS_INTENT]: async (form) => {
      const section = form.get("section");
      if (!isSettingsSection(section)) return actionFailure(new AppError("invalid_request"), i18n);
      // The Legal tab's texts are required in the form; a standard text left as it is is stored as empty (legal-texts.ts).
      const parsed = await parseForm(form, section === "legal" ? legalSettingsFormSchema : SETTINGS_SECTIONS[section]);
      if (!parsed.ok) return formFailure(parsed);
      try {
        let values: Record<string, unknown> = parsed.value;
        if (section === "legal") {
          const { general } = await services.settings.get();
          values = legalTextsToStore(
            legalSettingsFormSchema.parse(parsed.value),
            { en: i18nFor("en"), es: i18nFor("es") },
            {
              companyName: general.companyName,
              supportEmail: general.supportEmail,
              cardPayments: services.stripe !== null,
            },
          );
        }
        await saveSettings({ db: services.database.db, bus: services.bus, settings: services.settings }, actor, {
          section,
          values,
        });
        return { ok: true } satisfies ActionResult;
      } catch (error) {
        if (error instanceof AppError) return actionFailure(error, i18n);
        console.error("Failed to save settings:", error);
        return data<ActionResult>({ ok: false, error: i18n._(msg`Failed to save settings`) }, { status: 500 });
      }
    },
    [RESET_TWO_FACTOR_INTENT]: async (form) => {
      const userId = form.get("userId");
      try {
        if (typeof userId !== "string" || !userId) throw new AppError("invalid_request");
        await resetTwoFactor({ db: services.database.db, bus: services.bus }, actor, { userId });
        return {
          ok: true,
          title: i18n._(msg`Two-factor reset`),
          message: i18n._(msg`The admin sets up two-factor again at the next sign-in.`),
        } satisfies ActionResult;
      } catch (error) {
        return actionFailure(error, i18n);
      }
    },
  });
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { settings, status, admins, team, promotionCodes, retention, assignees, selfId, legal } = loaderData;
  const { t } = useLingui();
  return (
    <>
      <PageTitle title={t`Settings`} description={t`Platform preferences.`} />
      <Tabs defaultValue="general">
        <div className="overflow-x-auto">
          <TabsList aria-label={t`Settings sections`}>
            <TabsTrigger value="general">{t`General`}</TabsTrigger>
            <TabsTrigger value="notifications">{t`Notifications`}</TabsTrigger>
            <TabsTrigger value="security">{t`Security`}</TabsTrigger>
            <TabsTrigger value="team">{t`Team`}</TabsTrigger>
            <TabsTrigger value="promotions">{t`Promotions`}</TabsTrigger>
            <TabsTrigger value="legal">{t`Legal`}</TabsTrigger>
            <TabsTrigger value="database">{t`Database`}</TabsTrigger>
          </TabsList>
        </div>
        <TabsContent value="general">
          <GeneralSettingsForm values={settings.general} assignees={assignees} />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationSettingsForm values={settings.notifications} />
        </TabsContent>
        <TabsContent value="security">
          <SecuritySettingsForm values={settings.security} />
          <AdminTwoFactorList admins={admins} selfId={selfId} />
        </TabsContent>
        <TabsContent value="team">
          <TeamTab team={team} selfId={selfId} />
        </TabsContent>
        <TabsContent value="promotions">
          <PromotionsTab codes={promotionCodes} />
        </TabsContent>
        <TabsContent value="legal">
          <LegalSettingsForm entries={legal} />
        </TabsContent>
        <TabsContent value="database">
          <div className="space-y-6">
            <DatabaseTab status={status} />
            <RetentionSettings values={settings.retention} lastRun={retention.lastRun} />
          </div>
        </TabsContent>
      </Tabs>
    </>
  );
}
