import { manageEmailLink } from './manage-email-link.email';
import { newsletter } from './newsletter.email';
import { productUpdate } from './product-update.email';
import { tipsAndOffers } from './tips-and-offers.email';

/** The email module's own emails by name: the manage-email link and the topic mail. EmailModule adds them to EmailKinds. */
export const emailModuleKinds = {
  'manage-email-link': manageEmailLink,
  'product-update': productUpdate,
  newsletter,
  'tips-and-offers': tipsAndOffers,
};
