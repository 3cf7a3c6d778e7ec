import { siteConfig } from './site-config';
import { personJsonLd } from './structured-data';

/** The Person description every author page carries. */
export const authorJsonLd = (description: string) => [
  personJsonLd({ siteUrl: siteConfig.siteUrl, sameAs: Object.values(siteConfig.socialLinks) }, description),
];

export const backToAbout = { href: '/about', label: 'Back to About the Author' };
