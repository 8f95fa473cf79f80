import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

// The README is the front door (issue 42): short, and every way on from it and from the guides it
// leads to must arrive somewhere, a file that exists and, for a #fragment, a heading in it.
const README = 'README.md';
const GUIDES = ['docs/operating.md', 'docs/merchants-and-api.md', 'docs/development.md', 'docs/configuration.md'];
const PAGES = [README, ...GUIDES];

/** The page's lines outside fenced code blocks, where headings and links are what they look like. */
function proseLines(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** A heading's anchor as GitHub makes it (github-slugger): lower case, punctuation dropped, spaces to hyphens. */
function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link's text only
    .replace(/[`*]/g, '');
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a page's headings give, the second of a name with "-1" as GitHub numbers them. */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of proseLines(readFileSync(file, 'utf8'))) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = githubSlug(heading);
    const times = seen.get(slug) ?? 0;
    seen.set(slug, times + 1);
    anchors.add(times === 0 ? slug : `${slug}-${times}`);
  }
  return anchors;
}

/** The targets of a page's inline links and images and its reference definitions, code spans left out. */
function linksOf(file: string): string[] {
  const targets: string[] = [];
  for (const line of proseLines(readFileSync(file, 'utf8'))) {
    const prose = line.replace(/`[^`]*`/g, '');
    for (const [, target] of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(target ?? '');
    const definition = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(prose)?.[1];
    if (definition) targets.push(definition);
  }
  return targets;
}

/** Why a relative link from `file` goes nowhere, or null when it arrives. Addresses with a scheme are not ours to check. */
function brokenLink(file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null;
  const [path = '', fragment] = target.split('#', 2);
  const destination = path === '' ? file : normalize(join(dirname(file), decodeURIComponent(path)));
  if (!existsSync(destination)) return `${target}: no file ${destination}`;
  if (fragment === undefined) return null;
  if (statSync(destination).isDirectory() || !destination.endsWith('.md'))
    return `${target}: #${fragment} in a file without headings`;
  if (!anchorsOf(destination).has(decodeURIComponent(fragment))) return `${target}: no heading #${fragment} in ${destination}`;
  return null;
}

describe('the README as a front door (issue 42)', () => {
  it('makes anchors as GitHub does', () => {
    expect(githubSlug('Uploads in object storage (S3)')).toBe('uploads-in-object-storage-s3');
    expect(githubSlug('Accounts, roles and sign-in')).toBe('accounts-roles-and-sign-in');
    expect(githubSlug("The website's API")).toBe('the-websites-api');
    expect(githubSlug('Test mode (default)')).toBe('test-mode-default');
    expect(githubSlug('The merchant API (`/api/v1`)')).toBe('the-merchant-api-apiv1');
    expect(githubSlug('Bangla and English')).toBe('bangla-and-english');
  });

  it('is at most 300 lines', () => {
    const lines = readFileSync(README, 'utf8').replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(300);
  });

  it.each(PAGES)('%s: every relative link reaches a file, and a heading where it names one', (file) => {
    const links = linksOf(file);
    expect(links.length).toBeGreaterThan(0);
    expect(links.map((target) => brokenLink(file, target)).filter(Boolean)).toEqual([]);
  });

  it('links every guide and itself to the one configuration table, which no other page repeats', () => {
    for (const file of PAGES.filter((page) => page !== 'docs/configuration.md')) {
      const targets = linksOf(file).map((target) => normalize(join(dirname(file), target.split('#')[0] ?? '')));
      expect(targets, `${file} links to docs/configuration.md`).toContain('docs/configuration.md');
      expect(readFileSync(file, 'utf8'), `${file} has no settings table`).not.toMatch(/^\|\s*variable\s*\|/m);
    }
    expect(readFileSync('docs/configuration.md', 'utf8')).toMatch(/^\|\s*variable\s*\|/m);
  });

  it('keeps "Where we differ from the spec" reachable from the README by its heading', () => {
    expect(anchorsOf(README)).toContain('where-we-differ-from-the-spec');
    expect(linksOf(README)).toContain('docs/development.md#where-we-differ-from-the-spec');
  });
});
