import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { getResource } from '@contracts/catalog/catalog.contract';
import type { Resource } from '@contracts/catalog/resource';
import { adminListLibraryFiles, createDownloadLink, getLibrary, getLibraryAccess, getLibraryItem, type LibraryItem } from '@contracts/library/library.contract';
import type { ServerFnInput, ServerFnOutput } from '@contracts/server-fn';
import { callServerFn, ServerFnError } from '../lib/server-fn-client';
import type { FollowUp } from './follow-up';

export const libraryQuery = () =>
  queryOptions({
    queryKey: ['account', 'library'],
    queryFn: () => callServerFn(getLibrary, {}),
    staleTime: 10_000,
  });

/** An item the account can open, or, for one it cannot, the resource and how to get it. */
export type LibraryItemView = { status: 'open'; item: LibraryItem } | { status: 'not-entitled'; message: string; resource: Resource };

export const libraryItemQuery = (resourceId: string) =>
  queryOptions({
    queryKey: ['account', 'library', 'item', resourceId],
    queryFn: async (): Promise<LibraryItemView> => {
      try {
        return { status: 'open', item: await callServerFn(getLibraryItem, { resourceId }) };
      } catch (error) {
        if (!(error instanceof ServerFnError) || error.code !== 'library.not_entitled') throw error;
        return { status: 'not-entitled', message: error.message, resource: await callServerFn(getResource, { resourceId }) };
      }
    },
    staleTime: 10_000,
  });

/** Whether the signed-in visitor can open a resource (the public resource page's owner button). */
export const libraryAccessQuery = (resourceId: string) =>
  queryOptions({
    queryKey: ['account', 'library', 'access', resourceId],
    queryFn: () => callServerFn(getLibraryAccess, { resourceId }),
    staleTime: 30_000,
  });

/** Every resource's current files for the admin upload page; null when the visitor is not an administrator. */
export const adminLibraryFilesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'library-files'],
    queryFn: async () => {
      try {
        return await callServerFn(adminListLibraryFiles, {});
      } catch (error) {
        if (error instanceof ServerFnError && error.code === 'FORBIDDEN') return null;
        throw error;
      }
    },
    staleTime: 4_000,
  });

/** A file's last download as the item read shows it (null: never, or the item is not open). */
export const lastDownloadedAt = (view: LibraryItemView | undefined, fileName: string): string | null =>
  view?.status === 'open' ? (view.item.files.find((file) => file.name === fileName)?.lastDownloadedAt ?? null) : null;

/** A download the page waits to see recorded: the file's last download before it, and when the link was answered. */
export interface AwaitedDownload {
  before: string | null;
  answeredAt: number;
}

/** Past this the item stops being read again: the download is shown on the next visit (a download that never began is never recorded). */
const RECORD_PATIENCE_MS = 10_000;

/**
 * The item read again until a new download of one file shows in it. Making the link records nothing:
 * the download is recorded when the browser asks for the file, after the link's answer, so there is
 * no position to wait for; this follows the read model itself until it changes, for a few seconds at most.
 */
export const downloadRecordedQuery = (resourceId: string, fileName: string, awaited: AwaitedDownload | null) =>
  queryOptions({
    ...libraryItemQuery(resourceId),
    enabled: awaited !== null,
    refetchInterval: (query) =>
      awaited && lastDownloadedAt(query.state.data, fileName) === awaited.before && Date.now() - awaited.answeredAt < RECORD_PATIENCE_MS ? 500 : false,
  });

/** A fresh signed link to one file; the page then sends the browser to it and waits for the download in downloadRecordedQuery. */
export const downloadLinkMutation = (followUp?: FollowUp<ServerFnOutput<typeof createDownloadLink>, ServerFnInput<typeof createDownloadLink>>) =>
  mutationOptions({
    mutationKey: [createDownloadLink.id],
    mutationFn: (input: ServerFnInput<typeof createDownloadLink>) => callServerFn(createDownloadLink, input),
    onSuccess: followUp?.onSuccess,
  });
