import { contactAcknowledgement } from './contact-acknowledgement.email';
import { supportContactCopy } from './support-contact-copy.email';

/** The contact module's emails by name; ContactModule adds them to EmailKinds. */
export const contactEmailKinds = {
  'contact-acknowledgement': contactAcknowledgement,
  'support-contact-copy': supportContactCopy,
};
