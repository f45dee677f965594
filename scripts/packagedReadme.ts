// `vscode:prepublish`'s second step (after the production build): writes dist/README.md, the
// README the VSIX carries (package.json `vsce.readmePath`), and, when it ships the images,
// dist/readme/. See scripts/readme.ts for the three modes. Which one:
// - a repository URL from STOCK_MEDIA_REPOSITORY_URL (`npm run package -- --repository <url>`
//   sets it) or package.json `repository`: `absolute` (branch: STOCK_MEDIA_REPOSITORY_BRANCH,
//   else HEAD, as vsce does);
// - else STOCK_MEDIA_README_IMAGES=shipped (set by `npm run package`, which then packs with
//   `--no-rewrite-relative-links`): `shipped`;
// - else (a plain `vsce package` without a repository): `text`.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../test/host/workspace';
import { type ReadmeMode, packagedReadme, repositoryBases } from './readme';

export function repositoryUrl(root: string): string | undefined {
  const fromEnv = process.env['STOCK_MEDIA_REPOSITORY_URL'];
  if (fromEnv) return fromEnv;
  const { repository } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { repository?: string | { url?: string } };
  return typeof repository === 'string' ? repository : repository?.url;
}

function main(): void {
  const root = repoRoot();
  const repository = repositoryUrl(root);
  const mode: ReadmeMode = repository
    ? { kind: 'absolute', ...repositoryBases(repository, process.env['STOCK_MEDIA_REPOSITORY_BRANCH'] || undefined) }
    : process.env['STOCK_MEDIA_README_IMAGES'] === 'shipped'
      ? { kind: 'shipped', imagesFolder: 'dist/readme' }
      : { kind: 'text' };
  const readme = packagedReadme(readFileSync(join(root, 'README.md'), 'utf8'), mode);
  rmSync(join(root, 'dist', 'readme'), { recursive: true, force: true });
  for (const { from, to } of readme.images) {
    mkdirSync(join(root, to, '..'), { recursive: true });
    copyFileSync(join(root, from), join(root, to));
  }
  writeFileSync(join(root, 'dist', 'README.md'), readme.markdown);
  const what =
    mode.kind === 'absolute'
      ? `links and images point to ${mode.contentBase} and ${mode.imagesBase}`
      : mode.kind === 'shipped'
        ? `${readme.images.length} images shipped in dist/readme/`
        : 'no repository and no --no-rewrite-relative-links: images left out (use npm run package, or set a repository)';
  console.log(`[readme] dist/README.md: ${what}`);
}

main();
