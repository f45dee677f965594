// `vscode:prepublish`'s second step (after the production build): writes dist/README.md, the
// README the VSIX carries (package.json `vsce.readmePath`); see scripts/readme.ts. With a
// repository URL from STOCK_MEDIA_REPOSITORY_URL (`npm run package -- --repository <url>`
// sets it) or package.json `repository`, its links and images become absolute URLs (branch:
// STOCK_MEDIA_REPOSITORY_BRANCH, else HEAD, as vsce does); without one, images are left out
// and links to repository files keep only their text.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../test/host/workspace';
import { type ReadmeMode, packagedReadme, repositoryBases } from './readme';

function repositoryUrl(root: string): string | undefined {
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
    : { kind: 'text' };
  writeFileSync(join(root, 'dist', 'README.md'), packagedReadme(readFileSync(join(root, 'README.md'), 'utf8'), mode));
  console.log(
    `[readme] dist/README.md: ${
      mode.kind === 'absolute'
        ? `links and images point to ${mode.contentBase} and ${mode.imagesBase}`
        : 'no repository URL, so no images (the extension page shows only https images) and no links to repository files'
    }`,
  );
}

main();
