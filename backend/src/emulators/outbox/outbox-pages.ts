import { html, type SafeHtml, standalonePage } from '../../platform/common/html';
import type { EmailAttachment } from '../../modules/email';

export interface OutboxRow {
  id: string;
  kind: string;
  topic: string;
  from_address: string;
  to_address: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
  /** Names and types only: the list does not load the files. */
  attachments: Array<Pick<EmailAttachment, 'filename' | 'contentType'>>;
  created_at: Date | string;
}

const STYLE = `body{margin:0;font:15px/1.5 -apple-system,'Segoe UI',Roboto,sans-serif;background:#0b0a14;color:#eeedf7}
main{max-width:1100px;margin:0 auto;padding:32px 20px}a{color:#c4b5fd}h1{font-size:24px;margin:0 0 4px}h2{font-size:17px;margin:32px 0 10px}
p.lead{color:#b4b1cc;margin:0 0 20px}table{width:100%;border-collapse:collapse;font-size:14px}th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #26223a;vertical-align:top}
th{color:#8f8bab;font-weight:600}.tag{display:inline-block;padding:1px 8px;border-radius:999px;background:#1a1729;border:1px solid #3a3454;font-size:12px;color:#b4b1cc}
pre{white-space:pre-wrap;background:#13111f;border:1px solid #26223a;border-radius:10px;padding:14px;font-size:13px}
iframe{width:100%;height:720px;border:1px solid #26223a;border-radius:10px;background:#fff}.grid{display:grid;gap:8px;grid-template-columns:repeat(auto-fill,minmax(220px,1fr))}
.card{display:block;padding:10px 12px;border:1px solid #26223a;border-radius:10px;background:#13111f;text-decoration:none}`;

const page = (title: string, body: SafeHtml) => standalonePage(`${title} · Dev outbox`, STYLE, body);

const when = (value: Date | string) => new Date(value).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';

export function outboxListPage(rows: OutboxRow[], kinds: Array<{ kind: string; topic: string }>): string {
  return page(
    'Outbox',
    html`<h1>Dev outbox</h1>
      <p class="lead">Every email the site sent with the local transport, newest first. Nothing here left this machine.</p>
      <h2>Sent (${rows.length})</h2>
      ${
        rows.length === 0
          ? html`<p>No emails yet. Submit the contact form or buy something, and they appear here.</p>`
          : html`<table>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">To</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Kind</th>
                </tr>
              </thead>
              <tbody>
                ${rows.map(
                  (row) =>
                    html`<tr>
                      <td>${when(row.created_at)}</td>
                      <td>${row.to_address}</td>
                      <td><a href="/dev/outbox/messages/${row.id}">${row.subject}</a></td>
                      <td>
                        <span class="tag">${row.kind}</span
                        >${row.attachments.map((a) => html` <span class="tag" title="${a.contentType}">📎 ${a.filename}</span>`)}
                      </td>
                    </tr>`,
                )}
              </tbody>
            </table>`
      }
      <h2>Template previews</h2>
      <p class="lead">Each kind rendered with sample data.</p>
      <div class="grid">
        ${kinds.map((k) => html`<a class="card" href="/dev/outbox/preview/${k.kind}"><strong>${k.kind}</strong><br /><span class="tag">${k.topic}</span></a>`)}
      </div>`,
  );
}

export function outboxMessagePage(message: {
  title: string;
  from: string;
  to: string;
  subject: string;
  topic: string;
  headers: Record<string, string>;
  text: string;
  htmlSrc: string;
  attachments?: Array<EmailAttachment & { href: string }>;
}): string {
  const attachments = message.attachments ?? [];
  const headerRows: Array<[string, string]> = [
    ['From', message.from],
    ['To', message.to],
    ['Subject', message.subject],
    ['Topic', message.topic],
    ...Object.entries(message.headers),
  ];
  return page(
    message.title,
    html`<p><a href="/dev/outbox">← All emails</a></p>
      <h1>${message.subject}</h1>
      <h2>Headers</h2>
      <table>
        <tbody>
          ${headerRows.map(
            ([k, v]) =>
              html`<tr>
                <th scope="row">${k}</th>
                <td>${v}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      <h2>HTML part</h2>
      <iframe title="HTML part of the email" sandbox="allow-popups allow-popups-to-escape-sandbox" src="${message.htmlSrc}"></iframe>
      <h2>Text part</h2>
      <pre>${message.text}</pre>
      ${
        attachments.length === 0
          ? ''
          : html`<h2>Attachments (${attachments.length})</h2>
              ${attachments.map(
                (a) =>
                  html`<p><strong>${a.filename}</strong> <span class="tag">${a.contentType}</span> <a href="${a.href}">Download</a></p>
                    <pre>${a.content}</pre>`,
              )}`
      }`,
  );
}
