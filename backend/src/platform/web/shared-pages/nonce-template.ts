import { constants, crc32, deflateRawSync, gunzipSync } from 'node:zlib';

/** Where the server renderer puts the CSP nonce: an attribute, or the meta tag the router reads it back from. */
const BEFORE_NONCE = ['nonce="', '<meta property="csp-nonce" content="'];
const AFTER_NONCE = '"';
const WINDOW = 32 * 1024;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * A page rendered once with a placeholder for the CSP nonce, filled with each response's own nonce.
 *
 * Compressing every copy would cost more than the render it replaces (about 1 ms of gzip for the
 * home page), so the gzip form is built once too: the text between nonces compressed as one raw
 * deflate stream cut at each nonce, and each nonce sent as a stored (uncompressed) block whose
 * bytes are written per response. Each cut is compressed with everything before it as its
 * dictionary, the nonces there replaced by NUL bytes so no back-reference can copy one (the
 * browser's window holds the real nonce); both forms are checked against two nonces before use.
 */
export class NonceTemplate {
  private constructor(
    /** The page with the placeholder, and where each nonce begins in it. */
    private readonly html: Buffer,
    private readonly htmlHoles: number[],
    /** The gzip form with the placeholder in its stored blocks and no trailer, and where each nonce begins in it. */
    private readonly gzipped: Buffer,
    private readonly gzipHoles: number[],
    private readonly crc: NonceCrc,
    private readonly nonceLength: number,
  ) {}

  /**
   * Undefined when the placeholder appears anywhere but where the renderer puts a nonce (then the
   * page is served as rendered, never cached) or the gzip form fails its check.
   */
  static fromHtml(html: string, placeholder: string): NonceTemplate | undefined {
    const pieces = html.split(placeholder);
    for (let i = 0; i < pieces.length - 1; i += 1) {
      if (!BEFORE_NONCE.some((before) => pieces[i]!.endsWith(before)) || !pieces[i + 1]!.startsWith(AFTER_NONCE)) return undefined;
    }
    const parts = pieces.map((piece) => Buffer.from(piece, 'utf8'));
    const filler = Buffer.from(placeholder, 'latin1');
    const plain = withHoles(parts, () => [], filler);
    const deflated = deflateAround(parts, filler.length);
    const gzipped = withHoles(deflated, (i) => (i === 0 ? [GZIP_HEADER] : []), filler, storedBlockHeader(filler.length));
    const crc = nonceCrc(plain.bytes, plain.holes, filler.length);
    const template = new NonceTemplate(plain.bytes, plain.holes, gzipped.bytes, gzipped.holes, crc, filler.length);
    return template.checks() ? template : undefined;
  }

  /** Bytes held, for the cache's bound. */
  get size(): number {
    return this.html.length + this.gzipped.length + this.nonceLength * 256 * 4;
  }

  /** The page as HTML with this response's nonce. */
  plain(nonce: string): Buffer {
    return fill(this.html, this.htmlHoles, this.nonceBytes(nonce));
  }

  /** The same page, gzipped. */
  gzip(nonce: string): Buffer {
    const bytes = this.nonceBytes(nonce);
    const body = fill(this.gzipped, this.gzipHoles, bytes, 8);
    body.writeUInt32LE(this.crc.of(bytes), this.gzipped.length);
    body.writeUInt32LE(this.html.length >>> 0, this.gzipped.length + 4);
    return body;
  }

  private nonceBytes(nonce: string): Buffer {
    const bytes = Buffer.from(nonce, 'latin1');
    if (bytes.length !== this.nonceLength || !/^[A-Za-z0-9+/=]*$/.test(nonce)) throw new Error('A CSP nonce of another shape than the placeholder');
    return bytes;
  }

  /**
   * Two nonces that differ from each other at every position and have no character twice: a
   * back-reference that copied any nonce byte anywhere else would show in one of the two.
   */
  private checks(): boolean {
    const first = BASE64.slice(0, this.nonceLength);
    const second = BASE64.slice(this.nonceLength, 2 * this.nonceLength);
    if (second.length !== this.nonceLength) return false;
    return [first, second].every((nonce) => gunzipSync(this.gzip(nonce)).equals(this.plain(nonce)));
  }
}

interface NonceCrc {
  /** The CRC-32 of the page with this nonce in every hole. */
  of(nonce: Buffer): number;
}

/**
 * The gzip trailer's CRC-32 without reading the whole page per response. Over messages of one
 * length CRC-32 is affine: crc(a ^ b) = crc(a) ^ crc(b) ^ crc(zeros). So the page's CRC is that of
 * the page with zeroed holes, XORed with one precomputed term per nonce bit that is set.
 */
function nonceCrc(html: Buffer, holes: number[], nonceLength: number): NonceCrc {
  const probe = Buffer.from(html);
  for (const hole of holes) probe.fill(0, hole, hole + nonceLength);
  const zeroedHoles = crc32(probe);
  probe.fill(0);
  const zeros = crc32(probe);
  const bitTerms = new Uint32Array(nonceLength * 8);
  for (let bit = 0; bit < bitTerms.length; bit += 1) {
    const byte = bit >> 3;
    for (const hole of holes) probe[hole + byte] = 1 << (bit & 7);
    bitTerms[bit] = (crc32(probe) ^ zeros) >>> 0;
    for (const hole of holes) probe[hole + byte] = 0;
  }
  // The term of every value at every position of the nonce, so a response costs one lookup per byte.
  const byteTerms = new Uint32Array(nonceLength * 256);
  for (let byte = 0; byte < nonceLength; byte += 1) {
    for (let value = 1; value < 256; value += 1) {
      const lowest = 31 - Math.clz32(value & -value);
      byteTerms[byte * 256 + value] = (byteTerms[byte * 256 + (value & (value - 1))]! ^ bitTerms[byte * 8 + lowest]!) >>> 0;
    }
  }
  return {
    of(nonce) {
      let crc = zeroedHoles;
      for (let byte = 0; byte < nonceLength; byte += 1) crc ^= byteTerms[byte * 256 + nonce[byte]!]!;
      return crc >>> 0;
    },
  };
}

/** The parts joined with `filler` between them (after `between`), and where each filler begins. */
function withHoles(parts: Buffer[], lead: (i: number) => Buffer[], filler: Buffer, between?: Buffer): { bytes: Buffer; holes: number[] } {
  const chunks: Buffer[] = [];
  const holes: number[] = [];
  let offset = 0;
  const push = (chunk: Buffer) => {
    chunks.push(chunk);
    offset += chunk.length;
  };
  parts.forEach((part, i) => {
    lead(i).forEach(push);
    if (i > 0) {
      if (between) push(between);
      holes.push(offset);
      push(filler);
    }
    push(part);
  });
  return { bytes: Buffer.concat(chunks), holes };
}

/** A copy of `base` (with `spare` bytes after it) with `bytes` written at every hole. */
function fill(base: Buffer, holes: number[], bytes: Buffer, spare = 0): Buffer {
  const copy = Buffer.allocUnsafe(base.length + spare);
  base.copy(copy);
  for (const hole of holes) bytes.copy(copy, hole);
  return copy;
}

/** Each part compressed with the bytes before it (nonces as NUL) as its dictionary, cut at byte boundaries. */
function deflateAround(parts: Buffer[], nonceLength: number): Buffer[] {
  const hole = Buffer.alloc(nonceLength);
  let before = Buffer.alloc(0);
  return parts.map((part, i) => {
    const last = i === parts.length - 1;
    const deflated = deflateRawSync(part, {
      level: constants.Z_BEST_COMPRESSION,
      ...(before.length ? { dictionary: before.subarray(-WINDOW) } : {}),
      // A sync flush ends on a byte boundary, where the stored block with the nonce can begin.
      finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    });
    before = Buffer.concat([before.subarray(-WINDOW), part, last ? Buffer.alloc(0) : hole]);
    return deflated;
  });
}

/** A non-final stored block of `length` bytes: BFINAL 0, BTYPE 00, LEN, NLEN (RFC 1951 §3.2.4). */
function storedBlockHeader(length: number): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(length, 1);
  header.writeUInt16LE(~length & 0xffff, 3);
  return header;
}
