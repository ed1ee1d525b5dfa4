/** What a lead's invitation fills the sign-up form with: what they sent in their enquiry, and the token it came with. */
export interface SignUpInvitation {
  token: string;
  fullName: string;
  email: string;
  /** As the form shows a phone: `(555) 123-4567`, or empty. */
  phone: string;
  companyName: string;
}
