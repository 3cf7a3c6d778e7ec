/**
 * Small text helpers for prose kept in frontmatter and for the plain-text downloads: split into
 * paragraphs, and turn simple Markdown (emphasis, links, headings) into readable plain text.
 */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);
}

export function markdownToPlainText(markdown: string): string {
  return paragraphs(
    markdown
      .replace(/\r\n/g, '\n')
      .replace(/^#{1,6}\s+(.*)$/gm, (_, heading: string) => `${heading.toUpperCase()}\n`)
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\(([^)]+)\)/g, '$1')
      .replace(/(\*\*|__)(.+?)\1/g, '$2')
      .replace(/(^|[^\w*])[*_](?!\s)(.+?)(?<!\s)[*_](?=[^\w*]|$)/g, '$1$2'),
  ).join('\n\n');
}

/** Wraps plain text at `width` characters for a .txt download (paragraphs stay separated). */
export function wrapText(text: string, width = 78): string {
  return paragraphs(text)
    .map((p) => {
      const lines: string[] = [];
      let line = '';
      for (const word of p.split(' ')) {
        if (line && (line + ' ' + word).length > width) {
          lines.push(line);
          line = word;
        } else line = line ? `${line} ${word}` : word;
      }
      if (line) lines.push(line);
      return lines.join('\n');
    })
    .join('\n\n');
}
