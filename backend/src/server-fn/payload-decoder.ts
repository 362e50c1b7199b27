import express, { type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { AppError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationFailedError } from '../platform/common/app-error';

export type PayloadKind = 'query' | 'json' | 'form';

export interface DecodedPayload {
  kind: PayloadKind;
  input: unknown;
}

/**
 * Turns a /_serverFn request into the raw input object: `?payload=` JSON for GET, a JSON,
 * urlencoded or multipart body for POST. Malformed or oversized bodies become 4xx errors; the
 * invoker refuses text no field may hold.
 */
export class PayloadDecoder {
  private readonly json: RequestHandler;
  private readonly urlencoded: RequestHandler;
  private readonly multipart: RequestHandler;

  constructor(limit: string) {
    const bytes = toBytes(limit);
    this.json = express.json({ limit, strict: false, type: () => true });
    this.urlencoded = express.urlencoded({ limit, extended: false, parameterLimit: 200, type: () => true });
    this.multipart = multer({ limits: { fieldSize: bytes, fields: 200, files: 0, fileSize: 0 } }).none();
  }

  async decode(req: Request, res: Response): Promise<DecodedPayload> {
    if (req.method === 'GET' || req.method === 'HEAD') return { kind: 'query', input: decodeQueryPayload(req.query.payload) };
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!type && !hasBody(req)) return { kind: 'json', input: {} };
    if (type === 'application/json' || type.endsWith('+json')) {
      await run(this.json, req, res);
      return { kind: 'json', input: req.body as unknown };
    }
    if (type === 'application/x-www-form-urlencoded') {
      await run(this.urlencoded, req, res);
      return { kind: 'form', input: { ...(req.body as object) } };
    }
    if (type === 'multipart/form-data') {
      await run(this.multipart, req, res);
      return { kind: 'form', input: { ...(req.body as object) } };
    }
    throw new UnsupportedMediaTypeError(type || 'a body without a content type');
  }
}

function decodeQueryPayload(payload: unknown): unknown {
  if (payload === undefined || payload === '') return {};
  if (typeof payload !== 'string') {
    throw new ValidationFailedError(
      [{ path: ['payload'], message: 'Send the payload once, as URL-encoded JSON.', code: 'invalid_type' }],
      'The payload query parameter is not valid.',
    );
  }
  try {
    return JSON.parse(payload) as unknown;
  } catch (error) {
    throw new ValidationFailedError(
      [{ path: ['payload'], message: `Malformed JSON: ${(error as Error).message}`, code: 'invalid_json' }],
      'The payload query parameter is not valid JSON.',
    );
  }
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function run(middleware: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    middleware(req, res, (error?: unknown) => (error ? reject(toAppError(error)) : resolve()));
  });
}

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const e = error as { type?: string; code?: string; message?: string; status?: number };
  if (e.type === 'entity.too.large' || e.code === 'LIMIT_FIELD_VALUE' || e.code === 'LIMIT_FIELD_COUNT') {
    return new PayloadTooLargeError();
  }
  if (e.code === 'LIMIT_UNEXPECTED_FILE' || e.code === 'LIMIT_FILE_COUNT') {
    return new ValidationFailedError(
      [{ path: [], message: 'File uploads are not accepted here.', code: 'unexpected_file' }],
      'The form contains a file, which this function does not take.',
    );
  }
  const message = e.type === 'entity.parse.failed' ? `Malformed JSON: ${e.message ?? ''}`.trim() : (e.message ?? 'Unreadable body');
  return new ValidationFailedError([{ path: [], message, code: 'invalid_body' }], 'The request body could not be read.');
}

function toBytes(limit: string): number {
  const match = /^(\d+)(kb|mb)$/.exec(limit);
  if (!match) return 100 * 1024;
  return Number(match[1]) * (match[2] === 'mb' ? 1024 * 1024 : 1024);
}
