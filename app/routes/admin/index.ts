import { redirect } from "react-router";
import { ADMIN_HOME } from "~/lib/http/paths";

export function loader() {
  return redirect(ADMIN_HOME);
}
