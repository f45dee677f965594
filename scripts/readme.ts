// The README that goes into the VSIX (package.json `vsce.readmePath`: dist/README.md), made
// from README.md by scripts/packagedReadme.ts when vsce runs `vscode:prepublish`. README.md's
// links are relative to the repository (so they work on GitHub). In the installed extension
// and on the Marketplace they would point nowhere, so:
//
// - `absolute`: a repository (or a base URL) is known: every relative link and image becomes
//   an absolute URL into it (what the Marketplace page needs); nothing extra is shipped.
// - `shipped`: no repository; `npm run package` packs with `--no-rewrite-relative-links`: the
//   images are copied into dist/readme/ (shipped in the VSIX, so the extension page shows
//   them), and a link to any other file of the repository (CONTRIBUTING.md, BENCHMARKS.md: not
//   in the VSIX) keeps only its text.
// - `text`: no repository and a plain `vsce package`, which refuses any image that is not an
//   absolute https URL unless told `--no-rewrite-relative-links` (a flag package.json cannot
//   set: the CLI's default wins over package.json's `vsce` options); the images are left out
//   and links keep their text.
// Links to the web (https://…), mailto: and in-page anchors (#…) stay as they are.

export type ReadmeMode =
  | { readonly kind: 'absolute'; readonly contentBase: string; readonly imagesBase: string }
  | { readonly kind: 'shipped'; readonly imagesFolder: string }
  | { readonly kind: 'text' };

export interface PackagedReadme {
  readonly markdown: string;
  /** The repository paths of the images the VSIX must carry (`shipped`), each once. */
  readonly images: readonly { readonly from: string; readonly to: string }[];
}

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

export function packagedReadme(markdown: string, mode: ReadmeMode): PackagedReadme {
  const images = new Map<string, string>();
  const rewrite = (prose: string): string => prose.replace(LINK, (whole, bang: string, text: string, target: string, title: string | undefined) => {
    if (!isRelativeTarget(target)) return whole;
    const isImage = bang === '!';
    const [path] = target.split('#') as [string];
    if (mode.kind === 'absolute') {
      return `${bang}[${text}](${joinUrl(isImage ? mode.imagesBase : mode.contentBase, target)}${title ?? ''})`;
    }
    if (!isImage) return text;
    if (mode.kind === 'text') return '';
    const name = path.split('/').pop() as string;
    const to = `${mode.imagesFolder}/${name}`;
    const earlier = images.get(to);
    if (earlier !== undefined && earlier !== path) throw new Error(`Two README images named ${name}: ${earlier} and ${path}`);
    images.set(to, path);
    return `${bang}[${text}](${to}${title ?? ''})`;
  });
  const out = outsideCode(markdown, rewrite);
  if (mode.kind !== 'shipped') {
    // vsce's own check (package.js, MarkdownProcessor) reads links in code too and refuses a
    // relative one when it rewrites links, which it does unless told otherwise.
    const leftover = [...out.matchAll(VSCE_LINK)].map((m) => m[3] as string).filter(isRelativeTarget);
    if (leftover.length > 0) throw new Error(`README.md: vsce would refuse these relative link targets (in code too): ${leftover.join(', ')}`);
  }
  return {
    // Images left out (`text`) leave empty table cells and lines behind: tidy them.
    markdown: mode.kind === 'text' ? tidyWithoutImages(out) : out,
    images: [...images].map(([to, from]) => ({ from, to })),
  };
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

/** Drops the lines and table rows that held only images. */
function tidyWithoutImages(markdown: string): string {
  const lines = markdown.split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const cells = line.trim().startsWith('|') ? line.split('|').slice(1, -1) : undefined;
    const emptyRow = cells !== undefined && cells.every((c) => /^\s*(-*)\s*$/.test(c));
    if (emptyRow) continue;
    kept.push(line);
  }
  return kept.join('\n').replace(/\n{3,}/g, '\n\n');
}
