import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** Node's own answers to a request it cannot parse, as the error envelope: [status, reason, code, message]. */
const ANSWERS: Record<string, readonly [number, string, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE', 'The address or the headers of this request are too large.'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large', 'PAYLOAD_TOO_LARGE', 'The chunk extensions of this request are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'REQUEST_TIMEOUT', 'The request took too long to arrive.'],
};
const BAD_REQUEST = [400, 'Bad Request', 'BAD_REQUEST', 'The request could not be parsed as HTTP.'] as const;

/** How long a refused client may go on sending the rest of its request before the connection is cut. */
const DRAIN_MS = 2_000;

/**
 * Requests Node refuses before Express sees them (an address over the header size limit: 431)
 * get the JSON error envelope instead of an empty body. Mirrors Node's own handler otherwise: it
 * answers only when no other answer is being written on the connection, then closes it.
 */
export function answerClientErrorsWithEnvelope(server: Server): void {
  const answered = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex & { _httpMessage?: { headersSent?: boolean } | null }) => {
    // The parser reports again for each further chunk of a request it already refused.
    if (answered.has(socket)) return;
    // As Node's own handler: no answer over one already under way on this (kept-alive) connection.
    if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    answered.add(socket);
    const [status, reason, code, message] = (error.code && Object.hasOwn(ANSWERS, error.code) ? ANSWERS[error.code] : undefined) ?? BAD_REQUEST;
    const body = JSON.stringify({ error: { code, message } });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\ncache-control: no-store\r\nconnection: close\r\n\r\n${body}`,
    );
    // Closing with the rest of the request unread would reset the connection, and the client would lose the answer: read it, then cut.
    socket.resume();
    setTimeout(() => socket.destroy(), DRAIN_MS).unref();
  });
}
