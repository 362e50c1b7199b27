import type { Page } from 'playwright-core';
import { baseUrl } from './browser';

/** Fetches a path from the e2e site without following redirects. */
export const get = (path: string, base = baseUrl()) => fetch(`${base}${path}`, { redirect: 'manual' });

/** Calls a GET server function the way the browser does, and returns its envelope. */
export async function serverFn(id: string, payload: unknown, base = baseUrl()): Promise<Record<string, unknown>> {
  const response = await get(`/_serverFn/${id}?payload=${encodeURIComponent(JSON.stringify(payload))}`, base);
  return (await response.json()) as Record<string, unknown>;
}

export async function listTotal(filters: Record<string, string>): Promise<number> {
  const envelope = (await serverFn('listResources', filters)) as { result: { total: number } };
  return envelope.result.total;
}

/** The resources page's parts, as a visitor finds them. */
export const resultCount = (page: Page) => page.getByRole('status').filter({ hasText: /\d+ resources?/ });
export const cards = (page: Page) => page.getByRole('main').getByRole('article');
export const categoryChip = (page: Page, label: string) => page.getByRole('link', { name: new RegExp(`^${label} \\d+$`) });
export const priceFilter = (page: Page, label: string) => page.getByRole('group', { name: 'Price' }).getByRole('link', { name: label, exact: true });
