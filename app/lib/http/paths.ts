export const CUSTOMER_HOME = "/dashboard/progress";
export const CUSTOMER_LOGIN = "/login";
export const ADMIN_HOME = "/admin/dashboard";
export const ADMIN_LOGIN = "/admin/login";
/** Where an admin without two-factor enrols while the Security setting Two-Factor is on. */
export const ADMIN_TWO_FACTOR_SETUP = "/admin/two-factor";
/** The admin login page shows 'Access Denied' when it is reached with this flag. */
export const ACCESS_DENIED_FLAG = "denied";
