export const CUSTOMER_HOME = "/dashboard/progress";
export const CUSTOMER_LOGIN = "/login";
export const ADMIN_HOME = "/admin/dashboard";
export const ADMIN_LOGIN = "/admin/login";
/** The admin login page shows 'Access Denied' when it is reached with this flag. */
export const ACCESS_DENIED_FLAG = "denied";
