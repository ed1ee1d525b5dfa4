/** An admin as the Security tab's two-factor list shows it. */
export interface AdminTwoFactorView {
  id: string;
  email: string;
  name: string;
  twoFactorEnabled: boolean;
}

export const RESET_TWO_FACTOR_INTENT = "reset-two-factor";

/** The intent of each settings tab's form (General, Notifications, Security), with its `section`. */
export const SAVE_SETTINGS_INTENT = "save-settings";
