// Pages sent as the difference from a page the browser already has (Compression Dictionary
// Transport): every page offers itself to the browser as a dictionary for the site's later pages,
// and a browser asking for a page names the dictionary it holds (Available-Dictionary); the page
// then goes out as zstd compressed against it ("dcz"). Two pages of the site share their
// stylesheet, header, footer and most of their markup: /book, 23.8 KiB in Brotli, is 6.3 KiB against
// the home page, so the page drawn ahead as a reader rests on another costs a quarter of the bytes.
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import { acceptsDictionaryZstd } from '../supabase/gateway/http.mjs';

/** Sent with every page: a dictionary for any later page of this site, as a document. */
export const USE_AS_DICTIONARY = 'match="/*", match-dest=("document")';

/**
 * Pages are checked with the server on every visit (max-age=0), as every other file but the
 * hashed ones. A browser keeps a page as a dictionary only as long as its cache may use the page,
 * fresh or stale, and with must-revalidate that was never: Chromium used none. Allowed stale for
 * an hour, a page stays a dictionary through a reader's visit, and Chromium still waits for the
 * check before showing a page it navigates to (it serves a stale copy to no navigation).
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, stale-while-revalidate=3600';

/** A dictionary-compressed zstd answer starts with this, then the dictionary's SHA-256. */
const DCZ_MAGIC = Buffer.from([0x5e, 0x2a, 0x4d, 0x18, 0x20, 0x00, 0x00, 0x00]);
/**
 * Any visitor may name any page as its dictionary, and each pair not kept is compressed anew:
 * level 9 takes 0.7 ms for a 110 KB page where 19 took 9 (for 5 % fewer bytes), so a client
 * cycling through pairs costs the server little more than the files it is sent.
 */
const LEVEL = 9;
/** Pages kept compressed against a dictionary (about 6 KB each), the least recently sent dropped. */
const KEPT = 500;

const zstdCompress = zlib.zstdCompress ? promisify(zlib.zstdCompress) : null;

/** The dictionary a request names, as the base64 of its SHA-256, if it takes `dcz` answers. */
function namedDictionary(req) {
  if (!acceptsDictionaryZstd(req)) return null;
  return /^\s*:([A-Za-z0-9+/]{43}=):\s*$/.exec(req.headers['available-dictionary'] ?? '')?.[1] ?? null;
}

/**
 * @returns {{
 *   add: (digest: Buffer, body: Buffer) => void,
 *   encode: (req: import('node:http').IncomingMessage, key: string, body: Buffer) =>
 *     Promise<{ payload: Buffer, tag: string } | null>,
 * }} `add` makes a page's body (by its SHA-256 `digest`) a dictionary the server can compress
 *   against; `encode` gives `body` (the page `key`) compressed against the dictionary `req` names,
 *   with a tag naming that dictionary for the answer's validator, or null where the server has no
 *   such dictionary, the request takes no `dcz`, or this Node has no zstd
 */
export function createPageDictionaries() {
  const dictionaries = new Map();
  const encoded = new Map();

  async function compress(body, dictionary) {
    const compressed = await zstdCompress(body, {
      dictionary: dictionary.body,
      params: { [zlib.constants.ZSTD_c_compressionLevel]: LEVEL },
    });
    return Buffer.concat([DCZ_MAGIC, dictionary.digest, compressed]);
  }

  return {
    add(digest, body) {
      dictionaries.set(digest.toString('base64'), { digest, body });
    },
    async encode(req, key, body) {
      const named = zstdCompress && namedDictionary(req);
      const dictionary = named && dictionaries.get(named);
      if (!dictionary) return null;
      const id = `${key}\n${named}`;
      const payload = encoded.get(id) ?? compress(body, dictionary);
      // Kept in the order last sent, so the oldest is the first key.
      encoded.delete(id);
      encoded.set(id, payload);
      if (encoded.size > KEPT) encoded.delete(encoded.keys().next().value);
      try {
        return { payload: await payload, tag: dictionary.digest.toString('base64url').slice(0, 8) };
      } catch {
        encoded.delete(id);
        return null;
      }
    },
  };
}
