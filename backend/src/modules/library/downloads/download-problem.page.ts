import { html, standalonePage } from '../../../platform/common/html';

// The site's colours and type (frontend/src/styles.css): a dark surface, violet accents.
const STYLE = `body{margin:0;font:16px/1.6 Inter,-apple-system,'Segoe UI',Roboto,sans-serif;background:#0b0a14;color:#eeedf7}
main{max-width:580px;margin:0 auto;padding:72px 20px}.mark{display:block;width:max-content;font-size:18px;font-weight:700;letter-spacing:-.01em;color:#eeedf7;text-decoration:none;margin-bottom:40px}
.code{display:inline-block;font-size:13px;font-weight:600;color:#c4b5fd;border:1px solid #3b3561;border-radius:999px;padding:2px 10px;margin-bottom:16px}
h1{font-size:28px;line-height:1.25;margin:0 0 12px;letter-spacing:-.01em}p{color:#c9c6de;margin:0 0 16px}
a.button{display:inline-block;font-weight:600;color:#0b0a14;background:#c4b5fd;border-radius:10px;padding:12px 20px;text-decoration:none;margin:8px 12px 0 0}
a.secondary{color:#eeedf7;background:transparent;border:1px solid #3b3561}a{color:#c4b5fd}
a:focus-visible{outline:3px solid #fff;outline-offset:3px}`;

export type DownloadProblem = 'forged' | 'expired' | 'other-account' | 'signed-out' | 'gone' | 'not-entitled' | 'unavailable';

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

const COPY: Record<DownloadProblem, { title: string; why: string }> = {
  forged: {
    title: 'This download link is not valid',
    why: 'It was changed or cut short, so we cannot tell which file it is for. Download links only work exactly as the library made them.',
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
  return `${COPY[problem].title}. ${COPY[problem].why}`;
}

/** The page a browser gets for a download link that does not work: why, and where a fresh link comes from. */
export function downloadProblemPage(problem: DownloadProblem, resourceId: string | null): string {
  const { title, why } = COPY[problem];
  const library = resourceId ? `/library/${encodeURIComponent(resourceId)}` : '/library';
  const action =
    problem === 'signed-out'
      ? html`<a class="button" href="/?sign_in=open&amp;redirect_url=${encodeURIComponent(library)}">Sign in</a>`
      : problem === 'not-entitled' && resourceId
        ? html`<a class="button" href="/resources/${encodeURIComponent(resourceId)}">See how to get it</a>`
        : html`<a class="button" href="${library}">Get a fresh link from your library</a>`;
  return standalonePage(
    `${title} · SystemSculpt`,
    STYLE,
    html`<a class="mark" href="/">SystemSculpt</a><p class="code">Error ${PROBLEM_STATUS[problem]}</p><h1>${title}</h1><p>${why}</p>${action}<a class="button secondary" href="/library">Your library</a>`,
  );
}
