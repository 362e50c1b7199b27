import { z } from 'zod';
import { defineServerFn } from '../server-fn';

export const DOWNLOAD_PROBLEMS = ['forged', 'expired', 'other-account', 'signed-out', 'gone', 'not-entitled', 'unavailable'] as const;
export type DownloadProblem = (typeof DOWNLOAD_PROBLEMS)[number];

export const PROBLEM_STATUS: Record<DownloadProblem, number> = {
  forged: 403,
  'other-account': 403,
  'not-entitled': 403,
  'signed-out': 401,
  expired: 410,
  gone: 404,
  unavailable: 503,
};

export const PROBLEM_CODES: Record<DownloadProblem, string> = {
  forged: 'library.link_invalid',
  expired: 'library.link_expired',
  'other-account': 'library.link_other_account',
  'signed-out': 'UNAUTHENTICATED',
  gone: 'library.file_not_found',
  'not-entitled': 'library.not_entitled',
  unavailable: 'UNAVAILABLE',
};

/** What a download link that does not work says: the same words on the site's page and in a JSON answer. */
export const PROBLEM_COPY: Record<DownloadProblem, { title: string; why: string }> = {
  forged: {
    title: 'This download link is not valid',
    why: 'It was changed or cut short, so we cannot tell which file it is for. Download links only work exactly as your library made them.',
  },
  expired: {
    title: 'This download link has expired',
    why: 'Download links work for a few minutes after you ask for them, so a link that was copied or shared stops working soon.',
  },
  'other-account': {
    title: 'This link was made for another account',
    why: 'Each download link works only for the account that asked for it. If the file is yours too, get your own link from your library.',
  },
  'signed-out': {
    title: 'Sign in to download',
    why: 'Download links work only for the signed-in account that asked for them. Sign in, then get a fresh link from your library.',
  },
  gone: { title: 'This file is no longer available', why: 'The version this link points to cannot be found. Your library always has the newest version.' },
  'not-entitled': {
    title: 'This file is not in your library',
    why: 'The resource is no longer on your account (a refund, or a plan that ended). Its page says how to get it again.',
  },
  unavailable: {
    title: 'Downloads are briefly unavailable',
    why: 'We could not check this link just now. Nothing is wrong with it: try again in a moment, or get a fresh link from your library.',
  },
};

/** The problem in one line, for answers that are not pages (JSON). */
export function problemMessage(problem: DownloadProblem): string {
  return `${PROBLEM_COPY[problem].title}. ${PROBLEM_COPY[problem].why}`;
}

/**
 * Why a download link (`/library/files/<token>/…`) does not work for this visitor, for the page the
 * site shows in its own frame at the link's address; null when it works (the file is served there).
 */
export const getDownloadProblem = defineServerFn({
  id: 'getDownloadProblem',
  method: 'GET',
  input: z.object({ token: z.string().max(2000) }).strict(),
  output: z.object({ problem: z.enum(DOWNLOAD_PROBLEMS), resourceId: z.string().nullable() }).nullable(),
});
