import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
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
import { ReminderSettings } from "~/features/reminders/components/reminder-settings";
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
import { changeMemberRole } from "~/features/team/change-member-role.server";
import { deactivateMember } from "~/features/team/deactivate-member.server";
import { inviteMember } from "~/features/team/invite-member.server";
import { reactivateMember } from "~/features/team/reactivate-member.server";
import { resendInvitation } from "~/features/team/resend-invitation.server";
import { revokeInvitation } from "~/features/team/revoke-invitation.server";
import {
  CHANGE_MEMBER_ROLE_INTENT,
  changeMemberRoleSchema,
  DEACTIVATE_MEMBER_INTENT,
  deactivateMemberSchema,
  INVITE_MEMBER_INTENT,
  inviteMemberSchema,
  REACTIVATE_MEMBER_INTENT,
  reactivateMemberSchema,
  RESEND_INVITATION_INTENT,
  resendInvitationSchema,
  REVOKE_INVITATION_INTENT,
  revokeInvitationSchema,
  TEAM_INTENTS,
} from "~/features/team/team.schemas";
import { TeamTab } from "~/features/team/components/team-tab";
import { PromotionsTab } from "~/features/promotions/components/promotions-tab";
import { createPromotionCode } from "~/features/promotions/create-promotion-code.server";
import { deactivatePromotionCode } from "~/features/promotions/deactivate-promotion-code.server";
import { listPromotionCodes } from "~/features/promotions/list-promotion-codes.server";
import {
  CREATE_PROMOTION_CODE_INTENT,
  createPromotionCodeSchema,
  DEACTIVATE_PROMOTION_CODE_INTENT,
  deactivatePromotionCodeSchema,
  PROMOTION_INTENTS,
} from "~/features/promotions/promotions.schemas";
import { PlansTab } from "~/features/plans/components/plans-tab";
import { createPlan } from "~/features/plans/create-plan.server";
import { listPlans } from "~/features/plans/list-plans.server";
import {
  CREATE_PLAN_INTENT,
  createPlanSchema,
  OFFER_PLAN_AGAIN_INTENT,
  PLAN_INTENTS,
  planIdSchema,
  RETIRE_PLAN_INTENT,
  UPDATE_PLAN_INTENT,
  updatePlanSchema,
} from "~/features/plans/plans.schemas";
import { planText } from "~/features/plans/plans";
import { setPlanOffered } from "~/features/plans/set-plan-offered.server";
import { updatePlan } from "~/features/plans/update-plan.server";
import {
  isSettingsSection,
  legalSettingsFormSchema,
  legalTextKey,
  SETTINGS_SECTIONS,
  type AdminSettings,
  type SettingsSection,
} from "~/domain/admin-settings";
import { i18nFor } from "~/lib/i18n/catalogs.server";
import { LOCALES, type Locale } from "~/lib/i18n/locales";
import { AppError } from "~/lib/http/app-error";
import { form, intentAction } from "~/lib/http/actions.server";
import { requestContext } from "~/lib/http/request-context.server";
import { adminOnly } from "~/lib/auth/route-guards.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Settings" }];

// Admins only: the layout lets staff in, this page's middleware sends them 403.
export const middleware: Route.MiddlewareFunction[] = [adminOnly];

// The middleware has refused everyone but admins; the use cases check again.
export async function loader({ context }: Route.LoaderArgs) {
  const { services, user: actor, i18n, locale } = requestContext(context);
  const [settings, status, admins, team, promotionCodes, planList, retention] = await Promise.all([
    getSettings(services, actor),
    getSystemStatus(services, actor),
    listAdminTwoFactor(services, actor),
    listTeam(services, actor),
    listPromotionCodes(services, actor),
    listPlans(services, actor),
    getRetentionStatus(services, actor),
  ]);
  // The General tab's 'Assign new customers to' choices.
  const assignees = (await listActiveMembers(services, actor)).map(({ id, name }) => ({ id, name }));
  return {
    settings,
    status,
    admins,
    team,
    promotionCodes,
    plans: planList.plans,
    // Without card payments the Plans tab explains what to set instead of offering its form.
    cardPayments: planList.cardPayments,
    retention,
    assignees,
    selfId: actor?.id ?? null,
    legal: legalEntries(settings, locale, services.stripe !== null),
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
export const intents = [
  SAVE_SETTINGS_INTENT,
  RESET_TWO_FACTOR_INTENT,
  ...TEAM_INTENTS,
  ...PROMOTION_INTENTS,
  ...PLAN_INTENTS,
] as const;

/**
 * The page's forms, by `intent`: a tab's save (`section` and that tab's values), an admin's two-factor reset, the
 * Team tab's invitations and members, the Promotions tab's codes and the Plans tab's plans. Each success answers its
 * toast's words (a tab's save: the form's own), a duplicate code names the Code field.
 */
export async function action(args: Route.ActionArgs) {
  return intentAction(args, intents, {
    [SAVE_SETTINGS_INTENT]: form({
      // The Legal tab's texts are required in the form; a standard text left as it is is stored as empty (legal-texts.ts).
      schema: ({ form: posted }) => {
        const section = posted.get("section");
        if (!isSettingsSection(section)) throw new AppError("invalid_request");
        return section === "legal" ? legalSettingsFormSchema : SETTINGS_SECTIONS[section];
      },
      run: async ({ services, user, form: posted }, value) => {
        const section = posted.get("section") as SettingsSection;
        let values: Record<string, unknown> = value;
        if (section === "legal") {
          const { general } = await services.settings.get();
          values = legalTextsToStore(
            legalSettingsFormSchema.parse(value),
            { en: i18nFor("en"), es: i18nFor("es") },
            {
              companyName: general.companyName,
              supportEmail: general.supportEmail,
              cardPayments: services.stripe !== null,
            },
          );
        }
        await saveSettings(services, user, {
          section,
          values,
        });
      },
    }),
    [RESET_TWO_FACTOR_INTENT]: form({
      run: ({ services, user, form: posted }) => {
        const userId = posted.get("userId");
        if (typeof userId !== "string" || !userId) throw new AppError("invalid_request");
        return resetTwoFactor(services, user, { userId });
      },
      success: ({ i18n }) => ({
        ok: true,
        title: i18n._(msg`Two-factor reset`),
        message: i18n._(msg`The admin sets up two-factor again at the next sign-in.`),
      }),
    }),
    [INVITE_MEMBER_INTENT]: form({
      schema: inviteMemberSchema,
      run: ({ services, user, locale }, { email, role }) =>
        inviteMember(services, user, { email, role, language: locale }),
      success: ({ i18n }, _, { email }) => ({
        ok: true,
        title: i18n._(msg`Invitation sent`),
        message: i18n._(msg`${email} receives a link to join the team.`),
      }),
    }),
    [RESEND_INVITATION_INTENT]: form({
      schema: resendInvitationSchema,
      run: ({ services, user, locale }, { invitationId }) =>
        resendInvitation(services, user, { invitationId, language: locale }),
      success: ({ i18n }) => ({
        ok: true,
        title: i18n._(msg`Invitation sent again`),
        message: i18n._(msg`The link sent before no longer works.`),
      }),
    }),
    [REVOKE_INVITATION_INTENT]: form({
      schema: revokeInvitationSchema,
      run: ({ services, user }, { invitationId }) => revokeInvitation(services, user, { invitationId }),
      success: ({ i18n }) => ({ ok: true, title: i18n._(msg`Invitation revoked`) }),
    }),
    [CHANGE_MEMBER_ROLE_INTENT]: form({
      schema: changeMemberRoleSchema,
      run: ({ services, user }, { memberId, role }) => changeMemberRole(services, user, { memberId, role }),
      success: ({ i18n }) => ({ ok: true, title: i18n._(msg`Role changed`) }),
    }),
    [DEACTIVATE_MEMBER_INTENT]: form({
      schema: deactivateMemberSchema,
      run: ({ services, user }, { memberId }) => deactivateMember(services, user, { memberId }),
      success: ({ i18n }) => ({
        ok: true,
        title: i18n._(msg`Member deactivated`),
        message: i18n._(msg`They are signed out and can no longer sign in.`),
      }),
    }),
    [REACTIVATE_MEMBER_INTENT]: form({
      schema: reactivateMemberSchema,
      run: ({ services, user }, { memberId }) => reactivateMember(services, user, { memberId }),
      success: ({ i18n }) => ({
        ok: true,
        title: i18n._(msg`Member reactivated`),
        message: i18n._(msg`They can sign in again.`),
      }),
    }),
    [CREATE_PROMOTION_CODE_INTENT]: form({
      schema: createPromotionCodeSchema,
      run: ({ services, user }, value) => createPromotionCode(services, user, value),
      success: ({ i18n }, _, { code }) => ({
        ok: true,
        title: i18n._(msg`Promotion code created`),
        message: i18n._(msg`Customers can apply ${code} when they pay.`),
      }),
    }),
    [DEACTIVATE_PROMOTION_CODE_INTENT]: form({
      schema: deactivatePromotionCodeSchema,
      run: ({ services, user }, { promotionCodeId }) => deactivatePromotionCode(services, user, { promotionCodeId }),
      success: ({ i18n }) => ({
        ok: true,
        title: i18n._(msg`Promotion code deactivated`),
        message: i18n._(msg`It is refused from now on; payments already made keep it.`),
      }),
    }),
    // The plan use cases read the form's own fields again, so what a plan follows goes back as the form writes it.
    [CREATE_PLAN_INTENT]: form({
      schema: createPlanSchema,
      run: ({ services, user }, value) => createPlan(services, user, { ...value, follows: value.follows ?? "none" }),
      success: ({ i18n, locale }, _, value) => {
        const name = planText(value, locale).name;
        return { ok: true, title: i18n._(msg`Plan created`), message: i18n._(msg`${name} is on offer from now on.`) };
      },
    }),
    [UPDATE_PLAN_INTENT]: form({
      schema: updatePlanSchema,
      run: ({ services, user }, value) => updatePlan(services, user, { ...value, follows: value.follows ?? "none" }),
      success: ({ i18n }, { priceChanged }) => ({
        ok: true,
        title: i18n._(msg`Plan saved`),
        ...(priceChanged
          ? { message: i18n._(msg`New subscribers pay the new price; the customers already subscribed keep theirs.`) }
          : {}),
      }),
    }),
    [RETIRE_PLAN_INTENT]: form({
      schema: planIdSchema,
      run: ({ services, user }, { planId }) => setPlanOffered(services, user, { planId, offered: false }),
      success: ({ i18n }) => ({
        ok: true,
        title: i18n._(msg`Plan retired`),
        message: i18n._(msg`Its subscribers keep it; nobody new may take it.`),
      }),
    }),
    [OFFER_PLAN_AGAIN_INTENT]: form({
      schema: planIdSchema,
      run: ({ services, user }, { planId }) => setPlanOffered(services, user, { planId, offered: true }),
      success: ({ i18n }) => ({
        ok: true,
        title: i18n._(msg`Plan offered again`),
        message: i18n._(msg`Customers may take it again.`),
      }),
    }),
  });
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { settings, status, admins, team, promotionCodes, plans, cardPayments, retention, assignees, selfId, legal } =
    loaderData;
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
            <TabsTrigger value="plans">{t`Plans`}</TabsTrigger>
            <TabsTrigger value="reminders">{t`Reminders`}</TabsTrigger>
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
        <TabsContent value="plans">
          <PlansTab plans={plans} cardPayments={cardPayments} />
        </TabsContent>
        <TabsContent value="reminders">
          <ReminderSettings values={settings.reminders} />
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
