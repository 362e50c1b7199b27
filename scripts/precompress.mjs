// Writes a brotli (.br) and a gzip (.gz) twin of every compressible built asset, at the highest
// levels: the server sends these instead of compressing the same bytes on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|xml|map)$/;
const MIN_BYTES = 1024;

export function precompress(dir) {
  let written = 0;
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (!COMPRESSIBLE.test(name) || statSync(file).size < MIN_BYTES) continue;
    const source = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
    written += 1;
  }
  return written;
}
