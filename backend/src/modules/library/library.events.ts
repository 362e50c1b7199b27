import { z } from 'zod';
import { defineEvent } from '../../events/event-registry';

const iso = z.iso.datetime();

/** One stream per downloadable file of a resource: its versions, in order. */
export const fileVersionsStreamId = (resourceId: string, name: string) => `libraryfile-${resourceId}/${name}`;

/** One stream per customer: their downloads (appended without a version check: each is a fact of its own). */
export const downloadsStreamId = (userId: string) => `librarydownloads-${userId}`;

export const fileSourceSchema = z.enum(['build', 'admin']);

/**
 * Recorded when a file of a resource gets new bytes: on start, for a built file whose SHA-256
 * differs from the latest version (source build), or when an admin uploads one (source admin).
 * The bytes are already in storage under `storageKey` when this is recorded.
 */
export const ResourceFileVersionPublished = defineEvent({
  type: 'ResourceFileVersionPublished',
  schemaVersion: 1,
  schema: z.object({
    resourceId: z.string().min(1),
    name: z.string().min(1),
    title: z.string(),
    description: z.string(),
    version: z.number().int().min(1),
    storageKey: z.string().min(1),
    sha256: z.string().regex(/^[a-f0-9]{64}$/),
    bytes: z.number().int().min(0),
    contentType: z.string().min(1),
    source: fileSourceSchema,
    /** Who published it: 'build' for the start-up publisher, the admin's user id (or 'admin-token') for an upload. */
    actor: z.string().min(1),
    at: iso,
  }),
});

/** Recorded when a customer starts downloading a file through a signed link (a GET from byte 0). */
export const ResourceDownloaded = defineEvent({
  type: 'ResourceDownloaded',
  schemaVersion: 1,
  schema: z.object({ userId: z.string().min(1), resourceId: z.string().min(1), fileName: z.string().min(1), version: z.number().int().min(1), at: iso }),
});

export const libraryEvents = [ResourceFileVersionPublished, ResourceDownloaded];
export type FileVersionEvent = ReturnType<typeof ResourceFileVersionPublished>;
