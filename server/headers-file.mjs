// Reads a `_headers` file (the Netlify / Cloudflare Pages format) and answers which headers a
// path gets: every block whose pattern matches, in file order ('*' matches any characters).
export function parseHeadersFile(text) {
  const rules = [];
  let current = null;
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      const pattern = raw.trim();
      const regex = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
      current = { pattern, regex, headers: [] };
      rules.push(current);
    } else if (current) {
      const line = raw.trim();
      const colon = line.indexOf(':');
      if (colon > 0) current.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
    }
  }
  return rules;
}

export function headersFor(rules, path) {
  const out = new Map();
  for (const rule of rules) if (rule.regex.test(path)) for (const [name, value] of rule.headers) out.set(name, value);
  return out;
}
