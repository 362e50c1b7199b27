import { EMAIL_TOPIC_INFO, type EmailTopic } from '../../../../contracts/preferences/email-topics';
import { html, type SafeHtml, standalonePage } from '../../platform/common/html';

const STYLE = `body{margin:0;font:16px/1.6 -apple-system,'Segoe UI',Roboto,sans-serif;background:#0b0a14;color:#eeedf7}
main{max-width:560px;margin:0 auto;padding:64px 20px}h1{font-size:26px;line-height:1.25;margin:0 0 12px}p{color:#c9c6de;margin:0 0 16px}
a{color:#c4b5fd}button{font:inherit;font-weight:600;color:#0b0a14;background:#c4b5fd;border:0;border-radius:10px;padding:12px 20px;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #fff;outline-offset:3px}`;

const page = (title: string, body: SafeHtml) => standalonePage(`${title} · SystemSculpt`, STYLE, body);

const label = (topic: EmailTopic) => EMAIL_TOPIC_INFO[topic].label.toLowerCase();

/** What a person sees who opens the one-click link in a browser: a GET changes nothing, so it asks. */
export function confirmUnsubscribePage(topic: EmailTopic, actionUrl: string): string {
  return page(
    'Unsubscribe',
    html`<h1>Stop ${label(topic)} emails?</h1><p>Press the button and this address gets no more ${label(topic)} emails from SystemSculpt. Receipts and license emails still come.</p><form method="post" action="${actionUrl}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function unsubscribedPage(topic: EmailTopic, manageUrl: string): string {
  return page(
    'Unsubscribed',
    html`<h1>You're unsubscribed</h1><p>This address gets no more ${label(topic)} emails from SystemSculpt.</p><p><a href="${manageUrl}">Choose which emails you get</a>, or turn this one back on.</p>`,
  );
}

export function unsubscribeProblemPage(message: string): string {
  return page(
    'Link problem',
    html`<h1>This link doesn't work</h1><p>${message}</p><p><a href="/manage-email">Ask for a fresh link to manage your emails</a>.</p>`,
  );
}
