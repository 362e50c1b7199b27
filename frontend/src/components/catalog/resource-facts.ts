import { RESOURCE_TYPE_LABELS, type Resource, type ResourceType } from '@contracts/catalog/resource';
import { formatCount } from '@contracts/catalog/number-format';

/** One resource of a type, as a badge names it (the spec's labels are the plurals, for filters). */
export const RESOURCE_TYPE_SINGULAR: Record<ResourceType, string> = {
  bundle: 'Bundle',
  template: 'Template',
  license: 'License',
  course: 'Course',
  ebook: 'Ebook',
  session: 'Session',
  api_credits: 'API Credits',
};

export const RESOURCE_TYPE_PLURAL: Record<ResourceType, string> = RESOURCE_TYPE_LABELS;

/** The cover art that ships with the site for each type; used when a resource has no image. */
export function defaultCoverUrl(type: ResourceType): string {
  return `/images/resources/${type}.svg`;
}

// Fixed locale (en-US), so the server render and the browser print the same digits.
export { formatCount };

function readNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

export type BillingInterval = 'month' | 'year' | 'once';

/** 'month' or 'year' for subscriptions, 'once' for one payment; undefined when the catalog does not say. */
export function billingInterval(resource: Pick<Resource, 'metadata'>): BillingInterval | undefined {
  const interval = resource.metadata.billingInterval;
  return interval === 'month' || interval === 'year' || interval === 'once' ? interval : undefined;
}

/** Whether the resource is a subscription (billed monthly or yearly). */
export const isRecurring = (resource: Pick<Resource, 'metadata'>) => {
  const interval = billingInterval(resource);
  return interval === 'month' || interval === 'year';
};

/** The numbers a plan or product is sold on, read from its catalog metadata. */
export interface ResourceNumbers {
  includedCreditsPerMonth?: number;
  seats?: number;
  devicesPerSeat?: number;
  sessionMinutes?: number;
  credits?: number;
}

export function resourceNumbers(resource: Pick<Resource, 'metadata'>): ResourceNumbers {
  const { metadata } = resource;
  return {
    includedCreditsPerMonth: readNumber(metadata.includedCreditsPerMonth),
    seats: readNumber(metadata.seats),
    devicesPerSeat: readNumber(metadata.devicesPerSeat),
    sessionMinutes: readNumber(metadata.sessionMinutes),
    credits: readNumber(metadata.credits),
  };
}

export interface Fact {
  label: string;
  value: string;
}

/** A short label/value list for a detail page, from whatever the metadata carries. */
export function resourceFacts(resource: Pick<Resource, 'metadata'>): Fact[] {
  const facts: Fact[] = [];
  const interval = billingInterval(resource);
  const numbers = resourceNumbers(resource);
  if (interval) facts.push({ label: 'Billing', value: interval === 'month' ? 'Monthly' : interval === 'year' ? 'Yearly' : 'One payment' });
  if (numbers.includedCreditsPerMonth !== undefined) {
    facts.push({ label: 'Included credits', value: `${formatCount(numbers.includedCreditsPerMonth)} each month` });
  }
  if (numbers.seats !== undefined) facts.push({ label: 'Seats', value: formatCount(numbers.seats) });
  if (numbers.devicesPerSeat !== undefined) {
    facts.push({ label: 'Devices', value: `Up to ${formatCount(numbers.devicesPerSeat)} per seat` });
  }
  if (numbers.sessionMinutes !== undefined) {
    facts.push({ label: 'Length', value: `${formatCount(numbers.sessionMinutes)} minutes, 1-on-1` });
  }
  if (numbers.credits !== undefined) facts.push({ label: 'Credits', value: formatCount(numbers.credits) });
  return facts;
}

export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
