// The README that goes into the VSIX (package.json `vsce.readmePath`: dist/README.md), made
// from README.md by scripts/packagedReadme.ts when vsce runs `vscode:prepublish`. README.md's
// links are relative to the repository (so they work on GitHub). On the extension's page (in
// VS Code's Extensions view and on the Marketplace) they would point nowhere: VS Code's
// extension page shows only `https` images (its Markdown sanitizer drops relative and other
// image sources, and the page's CSP is `img-src https: data:`), so an image shipped inside
// the VSIX can never show there. Hence:
//
// - `absolute`: a repository (or a base URL) is known: every relative link and image becomes
//   an absolute URL into it, and the page shows the images from there.
// - `text`: no repository: the images are left out, and a link to a file of the repository
//   (CONTRIBUTING.md, BENCHMARKS.md: not in the VSIX) keeps only its text. Nothing on the
//   page is broken, and the VSIX carries no image it cannot show.
// Links to the web (https://…), mailto: and in-page anchors (#…) stay as they are.

export type ReadmeMode = { readonly kind: 'absolute'; readonly contentBase: string; readonly imagesBase: string } | { readonly kind: 'text' };

// `[text](target)` or `![alt](target)`, the target without spaces (an optional "title" after it).
const LINK = /(!?)\[([^\]]*)\]\(([^\s)]+)(\s+"[^"]*")?\)/g;

// vsce's pattern for Markdown links (it does not skip code).
const VSCE_LINK = /(!?)\[([^\][]*|!\[[^\][]*]\([^)]+\))\]\(([^)]+)\)/g;

export function isRelativeTarget(target: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#') && !target.startsWith('//');
}

/** A repository's base URLs for files (links) and raw files (images), as vsce derives them. */
export function repositoryBases(repository: string, branch = 'HEAD'): { contentBase: string; imagesBase: string } {
  const url = repository.replace(/^git\+/, '').replace(/\.git$/, '').replace(/\/+$/, '');
  const gitHub = /^(?:https:\/\/|git@)github\.com[/:]([^/]+\/[^/]+)$/.exec(url);
  if (gitHub) return { contentBase: `https://github.com/${gitHub[1]}/blob/${branch}`, imagesBase: `https://github.com/${gitHub[1]}/raw/${branch}` };
  const gitLab = /^(?:https:\/\/|git@)gitlab\.com[/:](.+)$/.exec(url);
  if (gitLab) return { contentBase: `https://gitlab.com/${gitLab[1]}/-/blob/${branch}`, imagesBase: `https://gitlab.com/${gitLab[1]}/-/raw/${branch}` };
  // Any other https URL is taken as the base both files and images are served from.
  if (/^https:\/\/[^/]+/.test(url)) return { contentBase: url, imagesBase: url };
  throw new Error(`Not a repository URL the README's links can be made absolute with (https, GitHub or GitLab): ${repository}`);
}

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\.\//, '').replace(/^\/+/, '')}`;
}

export function packagedReadme(markdown: string, mode: ReadmeMode): string {
  const rewrite = (prose: string): string =>
    prose.replace(LINK, (whole, bang: string, text: string, target: string, title: string | undefined) => {
      if (!isRelativeTarget(target)) return whole;
      const isImage = bang === '!';
      if (mode.kind === 'absolute') return `${bang}[${text}](${joinUrl(isImage ? mode.imagesBase : mode.contentBase, target)}${title ?? ''})`;
      return isImage ? '' : text;
    });
  const out = outsideCode(markdown, rewrite);
  // vsce's own check (package.js, MarkdownProcessor) reads links in code too and refuses a
  // relative one unless it is told --no-rewrite-relative-links.
  const leftover = [...out.matchAll(VSCE_LINK)].map((m) => m[3] as string).filter(isRelativeTarget);
  if (leftover.length > 0) throw new Error(`README.md: vsce would refuse these relative link targets (in code too): ${leftover.join(', ')}`);
  // Images left out leave empty table rows and lines behind: tidy them.
  return mode.kind === 'text' ? tidyWithoutImages(out) : out;
}

/** Applies `rewrite` to the Markdown outside fenced code blocks and `code spans`. */
function outsideCode(markdown: string, rewrite: (prose: string) => string): string {
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence !== undefined) {
        if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
        return line;
      }
      if (marker !== undefined) {
        fence = marker;
        return line;
      }
      // Odd pieces of the split are code spans (between backticks).
      return line
        .split(/(`+[^`]*`+)/)
        .map((piece, i) => (i % 2 === 1 ? piece : rewrite(piece)))
        .join('');
    })
    .join('\n');
}

/** Drops the table rows that held only images (a table left with no row goes too) and extra blank lines. */
function tidyWithoutImages(markdown: string): string {
  const isRow = (line: string): boolean => line.trim().startsWith('|');
  const emptyRow = (line: string): boolean => isRow(line) && line.split('|').slice(1, -1).every((c) => /^\s*-*\s*$/.test(c));
  const lines = markdown.split('\n').filter((line) => !emptyRow(line));
  return lines
    .filter((line, i) => !(isRow(line) && !isRow(lines[i - 1] ?? '') && !isRow(lines[i + 1] ?? '') && /^\|\s*\|$/.test(line.trim())))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}
