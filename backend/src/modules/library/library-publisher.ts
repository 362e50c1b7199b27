import type { Logger } from 'pino';
import { systemMetadata } from '../../events/metadata-for';
import type { PublishFileVersionHandler } from './commands/publish-file-version.handler';
import { manifestPath, readLibraryManifest } from './library-manifest';

const started = new Map<string, Promise<PublishSummary>>();

export interface PublishSummary {
  published: number;
  unchanged: number;
  failed: number;
}

/**
 * On start, every built file whose bytes are not yet the file's latest version is put into storage
 * and recorded. Once per process and library folder (ROLE=all starts the worker and the api in one
 * process); several processes starting at once agree through the file streams' versions.
 */
export function publishBuiltLibrary(options: {
  libraryDir: string;
  database: string;
  handler: PublishFileVersionHandler;
  log: Logger;
}): Promise<PublishSummary> {
  const key = `${options.database}|${options.libraryDir}`;
  let run = started.get(key);
  if (!run) {
    run = publishManifest(options);
    started.set(key, run);
  }
  return run;
}

/** One pass over the built library's manifest (what each start runs once). */
export async function publishManifest({
  libraryDir,
  handler,
  log,
}: {
  libraryDir: string;
  handler: PublishFileVersionHandler;
  log: Logger;
}): Promise<PublishSummary> {
  const manifest = await readLibraryManifest(libraryDir);
  const summary: PublishSummary = { published: 0, unchanged: 0, failed: 0 };
  const metadata = systemMetadata(`library-publish-${Date.now()}`);
  for (const [resourceId, entry] of Object.entries(manifest.resources)) {
    for (const file of entry.files) {
      try {
        const outcome = await handler.publish(
          {
            resourceId,
            name: file.name,
            title: file.title,
            description: file.description,
            contentType: file.contentType,
            path: manifestPath(libraryDir, file.path),
            source: 'build',
            actor: 'build',
          },
          metadata,
          { sha256: file.sha256 },
        );
        if (outcome.status === 'appended') summary.published += 1;
        else summary.unchanged += 1;
      } catch (error) {
        // One unreadable file (or a storage outage) must not stop the site: customers keep the versions already published.
        summary.failed += 1;
        log.error({ err: error, resourceId, file: file.name }, 'library: could not publish a built file');
      }
    }
  }
  if (summary.published > 0 || summary.failed > 0) log.info(summary, 'library: built files published');
  return summary;
}
