/** The intent the lead page's 'Invite to sign up' posts (InviteLeadButton; the page's spec: inviteLeadForm). */
export const INVITE_LEAD_INTENT = "invite-lead";
