import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { notify } from "~/components/ui/toast";
import { signOut } from "~/lib/auth/auth-api";

export function useSignOut(loginPath: string) {
  const navigate = useNavigate();
  const { t } = useLingui();
  return async () => {
    const result = await signOut();
    if (!result.ok) {
      notify.error(t`Could not log out`);
      return;
    }
    await navigate(loginPath, { replace: true });
  };
}
