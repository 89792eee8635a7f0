/**
 * The visitors' forms (contact, comment) and what a send came to. With script a form shows the
 * outcome as a toast; without it the form is a plain POST answered `303` back to its page, which
 * shows the same text beside the form (DESIGN.md "readers on metered data"). The texts are
 * SPEC.md's (section 8) and DESIGN.md's held comment, in one place for both ways.
 */
export const VISITOR_FORMS = {
  contact: {
    fields: ['name', 'email', 'subject', 'message'],
    required: ['name', 'email', 'message'],
    /** The id of the part of the page the form is in: the 303 goes back to it. */
    section: 'contact',
  },
  comment: {
    fields: ['author', 'email', 'content'],
    required: ['author', 'email', 'content'],
    section: 'comments',
  },
  // DESIGN.md "the newsletter": in the footer of every page and at the end of each post.
  subscribe: {
    fields: ['email'],
    required: ['email'],
    section: 'subscribe',
  },
} as const satisfies Record<string, { fields: readonly string[]; required: readonly string[]; section: string }>;

export type VisitorForm = keyof typeof VISITOR_FORMS;

/** Hidden from people, filled by bots: a filled one is accepted and never shown (DESIGN.md). */
export const HONEYPOT_FIELD = 'website';
/** The hidden field naming the page a form was sent from, where its outcome is shown. */
export const PAGE_FIELD = 'page';

export type FormResult = 'sent' | 'held' | 'missing' | 'failed';

export interface FormOutcome {
  form: VisitorForm;
  /** The path of the page the form was sent from, which shows the outcome. */
  page: string;
  result: FormResult;
  /** Why a comment failed, shown as SPEC.md's "the error message". */
  detail?: string;
  /** What the visitor typed, given back after a failure so that nothing is lost. */
  fields?: Record<string, string>;
}

interface OutcomeText {
  title: string;
  description: string;
  variant?: 'destructive';
}

export const CONTACT_TEXTS = {
  sent: { title: 'Message Sent!', description: "Thank you for your message. I'll get back to you soon!" },
  missing: { title: 'Required Fields', description: 'Please fill in all required fields.', variant: 'destructive' },
  failed: { title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' },
} as const satisfies Record<string, OutcomeText>;

export const COMMENT_TEXTS = {
  sent: { title: 'Comment posted!', description: 'Your comment has been added successfully.' },
  // DESIGN.md: a held comment waits for the author; readers (its writer too) see it once approved.
  held: { title: 'Comment posted!', description: 'Your comment is awaiting moderation.' },
  missing: { title: 'Missing fields', description: 'Please fill in all fields.' },
  failed: { title: 'Failed to post comment', description: 'There was an error posting your comment.', variant: 'destructive' },
} as const satisfies Record<string, OutcomeText>;

const SUBSCRIBE_TEXTS = {
  // DESIGN.md: the same answer whether or not the address is known.
  sent: { title: 'Almost there', description: 'Check your inbox to confirm your subscription.' },
  missing: { title: 'Required Fields', description: 'Please enter your e-mail address.', variant: 'destructive' },
  failed: { title: 'Error', description: 'Please enter a valid e-mail address and try again.', variant: 'destructive' },
} as const satisfies Record<string, OutcomeText>;

/** The text an outcome is shown with; a comment's failure names its reason when there is one. */
export function outcomeText(outcome: FormOutcome): OutcomeText {
  if (outcome.form === 'contact') return CONTACT_TEXTS[outcome.result === 'held' ? 'sent' : outcome.result];
  if (outcome.form === 'subscribe') return SUBSCRIBE_TEXTS[outcome.result === 'held' ? 'sent' : outcome.result];
  const text: OutcomeText = COMMENT_TEXTS[outcome.result];
  return outcome.result === 'failed' && outcome.detail ? { ...text, description: outcome.detail } : text;
}

/** Whether an outcome asks the visitor to act again (their text is kept in the form). */
export const isFailure = (outcome: FormOutcome): boolean => outcome.result === 'missing' || outcome.result === 'failed';
