import { readFile } from 'node:fs/promises';
import { isAbsolute, normalize, resolve } from 'node:path';
import { z } from 'zod';

/** A path inside the library build, never outside it. */
const innerPath = z
  .string()
  .min(1)
  .refine((p) => !isAbsolute(p) && !normalize(p).split(/[\\/]/).includes('..') && !p.includes('\0'), 'must be a relative path inside the library');

const fileSchema = z.object({
  name: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[^/\\\0]+$/, 'a file name without slashes'),
  title: z.string(),
  description: z.string().default(''),
  contentType: z.string().min(1),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[a-f0-9]{64}$/),
  path: innerPath,
});

const lessonSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  title: z.string().min(1),
  minutes: z.number().int().min(0),
  summary: z.string(),
  path: innerPath,
});

/** `dist/library/manifest.json`, as LIBRARY-CONTRACT.md (between the content and library work) describes it. */
export const libraryManifestSchema = z.object({
  version: z.literal(1),
  resources: z.record(z.string(), z.object({ files: z.array(fileSchema).default([]), lessons: z.array(lessonSchema).default([]) })),
});

export type LibraryManifest = z.infer<typeof libraryManifestSchema>;
export type ManifestFile = z.infer<typeof fileSchema>;
export type ManifestLesson = z.infer<typeof lessonSchema>;

export const EMPTY_MANIFEST: LibraryManifest = { version: 1, resources: {} };

/** The built library, or an empty one when nothing was built (a checkout without the content build). */
export async function readLibraryManifest(libraryDir: string): Promise<LibraryManifest> {
  let text: string;
  try {
    text = await readFile(resolve(libraryDir, 'manifest.json'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return EMPTY_MANIFEST;
    throw error;
  }
  return libraryManifestSchema.parse(JSON.parse(text));
}

/** A path of the manifest, kept inside the library folder whatever it says. */
export function manifestPath(libraryDir: string, path: string): string {
  const root = resolve(libraryDir);
  const full = resolve(root, path);
  if (!full.startsWith(`${root}/`)) throw new Error(`manifest path "${path}" leaves ${root}`);
  return full;
}
