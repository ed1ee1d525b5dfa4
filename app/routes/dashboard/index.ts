import { redirect } from "react-router";
import { CUSTOMER_HOME } from "~/lib/http/paths";

export function loader() {
  return redirect(CUSTOMER_HOME);
}
