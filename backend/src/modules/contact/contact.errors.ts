import { ModuleError } from '../../platform/common/module-error';

const MESSAGES = {
  expired: 'The form expired or was opened in another browser. We have refreshed it: press Send again.',
  used: 'This form was already sent. We have refreshed it: press Send again to send another message.',
} as const;

/** The form's token does not belong to this browser's session, has expired, or was already used. */
export class FormTokenInvalidError extends ModuleError {
  static readonly code = 'contact.csrf_invalid';
  static readonly status = 403;
  constructor(reason: keyof typeof MESSAGES) {
    super(MESSAGES[reason]);
  }
}
