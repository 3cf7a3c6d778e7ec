/**
 * Schema.org descriptions of the novel and its author, rendered as JSON-LD by BaseLayout.
 * The book pages carry `Book`, the author pages `Person`; each names the other. Essays carry
 * `Article`, published by the site (`publisherJsonLd`).
 */
export const AUTHOR_NAME = 'Elias Varros';
export const BOOK_TITLE = 'Genesis';

export const pressFiles = {
  cover: '/press/genesis-cover-print.png',
  portrait: '/press/elias-varros-portrait.png',
  factSheet: '/press/genesis-fact-sheet.pdf',
  bioShort: '/press/elias-varros-bio-short.txt',
  bioLong: '/press/elias-varros-bio-long.txt',
} as const;

/** The site's mark as a square PNG, drawn from public/favicon.svg by src/pages/logo.png.ts. */
export const LOGO = { path: '/logo.png', size: 512 } as const;

interface Site {
  siteUrl: string;
  sameAs?: string[];
}

const personRef = (siteUrl: string) => ({ '@type': 'Person', name: AUTHOR_NAME, url: `${siteUrl}/about` });

/** The head of a description: its type, an '@id' naming it across the site, its name and its page. */
const rootNode = (type: 'Book' | 'Person', name: string, url: string) => ({
  '@context': 'https://schema.org',
  '@type': type,
  '@id': `${url}#${type.toLowerCase()}`,
  name,
  url,
});

export function bookJsonLd({ siteUrl }: Site, description: string, path = '/book'): Record<string, unknown> {
  return {
    ...rootNode('Book', BOOK_TITLE, `${siteUrl}/book`),
    mainEntityOfPage: `${siteUrl}${path}`,
    description,
    author: personRef(siteUrl),
    inLanguage: 'en',
    genre: ['Literary fiction', 'Speculative fiction'],
    about: ['Artificial intelligence', 'Grief', 'Consciousness', 'Mediterranean island life'],
    image: `${siteUrl}${pressFiles.cover}`,
  };
}

export function personJsonLd({ siteUrl, sameAs = [] }: Site, description: string): Record<string, unknown> {
  return {
    ...rootNode('Person', AUTHOR_NAME, `${siteUrl}/about`),
    description,
    jobTitle: 'Novelist',
    image: `${siteUrl}${pressFiles.portrait}`,
    sameAs,
    knowsAbout: ['Fiction', 'Artificial intelligence', 'Telecommunications networks'],
    workExample: { '@type': 'Book', name: BOOK_TITLE, url: `${siteUrl}/book` },
  };
}

/** The essays' publisher: the site itself, named and with its logo, as rich results ask of an Article. */
export function publisherJsonLd({ siteUrl }: Site, name: string): Record<string, unknown> {
  return {
    '@type': 'Organization',
    name,
    url: `${siteUrl}/`,
    logo: { '@type': 'ImageObject', url: `${siteUrl}${LOGO.path}`, width: LOGO.size, height: LOGO.size },
  };
}
