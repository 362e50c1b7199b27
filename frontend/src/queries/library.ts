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

/**
 * A fresh signed link to one file; the page then sends the browser to it. The download is recorded
 * when the file is fetched (a link never followed is no download), so nothing here has a position
 * to wait for: the library's reads are marked stale and read again when next shown.
 */
export const downloadLinkMutation = (followUp?: FollowUp<ServerFnOutput<typeof createDownloadLink>, ServerFnInput<typeof createDownloadLink>>) =>
  mutationOptions({
    mutationKey: [createDownloadLink.id],
    mutationFn: (input: ServerFnInput<typeof createDownloadLink>) => callServerFn(createDownloadLink, input),
    onSuccess: followUp?.onSuccess,
  });
