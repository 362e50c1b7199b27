import { PROBLEM_COPY as COPY, PROBLEM_STATUS, type DownloadProblem } from '../../../../../contracts/library/download-problems.contract';
import { html, standalonePage } from '../../../platform/common/html';

// The site's colours and type (frontend/src/styles.css): a dark surface, violet accents.
const STYLE = `body{margin:0;font:16px/1.6 Inter,-apple-system,'Segoe UI',Roboto,sans-serif;background:#0b0a14;color:#eeedf7}
main{max-width:580px;margin:0 auto;padding:72px 20px}.mark{display:block;width:max-content;font-size:18px;font-weight:700;letter-spacing:-.01em;color:#eeedf7;text-decoration:none;margin-bottom:40px}
.code{display:inline-block;font-size:13px;font-weight:600;color:#c4b5fd;border:1px solid #3b3561;border-radius:999px;padding:2px 10px;margin-bottom:16px}
h1{font-size:28px;line-height:1.25;margin:0 0 12px;letter-spacing:-.01em}p{color:#c9c6de;margin:0 0 16px}
a.button{display:inline-block;font-weight:600;color:#0b0a14;background:#c4b5fd;border-radius:10px;padding:12px 20px;text-decoration:none;margin:8px 12px 0 0}
a.secondary{color:#eeedf7;background:transparent;border:1px solid #3b3561}a{color:#c4b5fd}
a:focus-visible{outline:3px solid #fff;outline-offset:3px}`;

/** The plain page for a download link that does not work, when the site's own cannot be rendered (an outage): why, and where a fresh link comes from. */
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
