import type { ImageMetadata } from 'astro';
import { dirname, posix } from 'node:path';

// Every image kept beside an essay or a field note; Vite imports only the ones a page uses.
const images = import.meta.glob<{ default: ImageMetadata }>(
  '/content/{essays,fieldnotes}/**/*.{png,jpg,jpeg,webp,avif,gif}',
);

/** The image `src` names, relative to the folder of `essayFile` (a path such as content/essays/x/index.mdx). */
export async function resolveEssayImage(essayFile: string | undefined, src: string): Promise<ImageMetadata> {
  if (!essayFile) throw new Error(`<Figure src="${src}">: used outside an essay or field note`);
  const key = posix.join('/', dirname(essayFile.replaceAll('\\', '/')), src);
  const load = images[key];
  if (!load)
    throw new Error(`${essayFile}: <Figure src="${src}"> names no image beside the file (looked for ${key.slice(1)})`);
  return (await load()).default;
}
