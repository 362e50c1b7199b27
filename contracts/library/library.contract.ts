import { z } from 'zod';
import { resourceSchema } from '../catalog/resource';
import { defineServerFn } from '../server-fn';
import { isPlainLineText } from '../text-rule';

const iso = z.iso.datetime();

/** Text that reaches SQL and headers: no control characters (NUL above all), no lone surrogates. */
const plainText = (max: number, what: string) =>
  z.string().trim().min(1, `Give a ${what}.`).max(max, `A ${what} has at most ${max} characters.`).refine(isPlainLineText, `That is not a ${what}.`);

export const libraryResourceIdSchema = plainText(120, 'resource id');
export const libraryFileNameSchema = plainText(200, 'file name');

export const accessSourceSchema = z.enum(['purchase', 'free', 'subscription', 'seat']);
export type AccessSource = z.infer<typeof accessSourceSchema>;

/** files: downloads; course: lessons under /learn/<id>; session: booked at /sessions. */
export const libraryKindSchema = z.enum(['files', 'course', 'session']);
export type LibraryKind = z.infer<typeof libraryKindSchema>;

export const libraryFileSchema = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  version: z.number().int(),
  publishedAt: iso,
  /** This account's last download of the file (any version). */
  lastDownloadedAt: iso.nullable(),
});
export type LibraryFile = z.infer<typeof libraryFileSchema>;

export const libraryItemSchema = z.object({
  resource: resourceSchema,
  access: accessSourceSchema,
  kind: libraryKindSchema,
  files: z.array(libraryFileSchema),
  lessonCount: z.number().int(),
  /** When a purchase or free grant put it on the account; null for what comes with a plan or seat. */
  grantedAt: iso.nullable(),
  lastDownloadedAt: iso.nullable(),
});
export type LibraryItem = z.infer<typeof libraryItemSchema>;

export const getLibrary = defineServerFn({
  id: 'getLibrary',
  method: 'GET',
  input: z.object({}).strict(),
  output: z.object({ items: z.array(libraryItemSchema) }),
});

/** Unknown: NOT_FOUND. Known but not the caller's: `library.not_entitled` (404), whose message says how to get it. */
export const getLibraryItem = defineServerFn({
  id: 'getLibraryItem',
  method: 'GET',
  input: z.object({ resourceId: libraryResourceIdSchema }).strict(),
  output: libraryItemSchema,
  errors: ['NOT_FOUND', 'library.not_entitled'],
});

/** Whether the signed-in visitor can open a resource (the public resource page's "Open in your library"); never redirects. */
export const getLibraryAccess = defineServerFn({
  id: 'getLibraryAccess',
  method: 'GET',
  input: z.object({ resourceId: libraryResourceIdSchema }).strict(),
  output: z.object({ signedIn: z.boolean(), access: accessSourceSchema.nullable() }),
});

export const createDownloadLink = defineServerFn({
  id: 'createDownloadLink',
  method: 'POST',
  input: z.object({ resourceId: libraryResourceIdSchema, fileName: libraryFileNameSchema }).strict(),
  output: z.object({ url: z.string(), fileName: z.string(), version: z.number().int(), bytes: z.number().int(), expiresAt: iso }),
  errors: ['NOT_FOUND', 'library.not_entitled', 'library.file_not_found'],
});

/** Every resource's current files, for an admin uploading a new version (`POST /admin/library/upload`). */
export const adminListLibraryFiles = defineServerFn({
  id: 'adminListLibraryFiles',
  method: 'GET',
  input: z.object({}).strict(),
  output: z.object({
    maxUploadMb: z.number().int(),
    files: z.array(
      z.object({
        resourceId: z.string(),
        resourceTitle: z.string(),
        name: z.string(),
        title: z.string(),
        version: z.number().int(),
        bytes: z.number().int(),
        contentType: z.string(),
        source: z.enum(['build', 'admin']),
        publishedAt: iso,
      }),
    ),
  }),
  errors: ['FORBIDDEN'],
});

/** Where the upload form sends the admin back: `?uploaded=<name>&version=<n>`, or `?problem=<code>`. */
export const ADMIN_UPLOAD_PROBLEMS = ['too_large', 'missing_file', 'unknown_file', 'forbidden', 'owner_only', 'cross_site', 'same_bytes', 'failed'] as const;
export type AdminUploadProblem = (typeof ADMIN_UPLOAD_PROBLEMS)[number];
export const libraryServerFns = [getLibrary, getLibraryItem, getLibraryAccess, createDownloadLink, adminListLibraryFiles] as const;
