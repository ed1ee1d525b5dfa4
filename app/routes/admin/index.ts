import { redirect } from "react-router";
import { ADMIN_HOME } from "~/lib/paths";

export function loader() {
  return redirect(ADMIN_HOME);
}
