/** A team member as the 'Assigned to' control and column name them. */
export interface AssigneeView {
  id: string;
  name: string;
}

/** The customer page's 'Assigned to': who looks after the customer, and (for an admin) whom they may choose from. */
export interface CustomerAssignmentView {
  assigned: AssigneeView[];
  /** The active team members, for an admin's choice; null for a staff member, who only reads the names. */
  choices: AssigneeView[] | null;
}
