export type ContactField = 'name' | 'email' | 'topic' | 'message';
const FIELDS: readonly ContactField[] = ['name', 'email', 'topic', 'message'];

/** The first message for each field, from the server's or the local check's issues. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[] | undefined): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of issues ?? []) {
    const field = issue.path[0];
    if (typeof field === 'string' && (FIELDS as readonly string[]).includes(field)) errors[field as ContactField] ??= issue.message;
  }
  return errors;
}

/** What a form posted without JavaScript is told when it comes back with `?status=error&reason=`. */
export function plainFormErrorMessage(reason: string | undefined): string {
  switch (reason) {
    case 'VALIDATION_FAILED':
      return 'Some fields need another look: a name, a valid email address, a topic and a message of at least 10 characters.';
    case 'RATE_LIMITED':
      return 'You have sent several messages in a short time, and we have them all. Please wait a little before sending another.';
    case 'contact.csrf_invalid':
      return 'The form expired before it was sent. It is fresh again now: please send your message once more.';
    case 'CROSS_SITE':
      return 'The message did not come from this page, so it was not sent. Please write it here.';
    default:
      return 'Your message could not be sent. Please try again, or email us directly.';
  }
}
