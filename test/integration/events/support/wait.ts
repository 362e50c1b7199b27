/**
 * The event suites' waits are the shared ones. `eventually` is for reads of the whole log:
 * another suite's open transaction can hold back events that are already committed, for a moment.
 */
export { eventually, until } from '../../../support/waits';
