// `npm run api-server`: starts the stand-in service and prints where it is and the keys.
// Options: --port N (or PORT; default 0 = any free port), --host H, --seed N, --quiet,
// --hide-quota-headers (the X-Ratelimit-* headers are sent but not exposed to browsers: CORS).
import { startApiServer } from './server';

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  const arg = args[i] ?? '';
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[i + 1];
}

function intOption(value: string | undefined, what: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`${what} must be a whole number, not "${value}"`);
  return Number(value);
}

async function main(): Promise<void> {
  const quiet = process.argv.includes('--quiet');
  const server = await startApiServer({
    port: intOption(option('port') ?? process.env.PORT, 'port'),
    host: option('host'),
    seed: intOption(option('seed'), 'seed'),
    onRequest: quiet
      ? undefined
      : (e, kind) => {
          const query = new URLSearchParams(e.query).toString();
          const who = e.key ? (Object.entries(server.keys).find(([, k]) => k === e.key)?.[0] ?? 'unknown key') : 'no key';
          console.log(`${kind === 'api' ? 'API  ' : 'media'} ${e.method} ${e.path}${query ? `?${query}` : ''} -> ${e.status || 'dropped'} (${who})`);
        },
  });
  const hideQuota = process.argv.includes('--hide-quota-headers');
  if (hideQuota) server.setSwitches({ quotaHeadersExposed: false });
  const lib = server.library;
  console.log(`Media Library stand-in listening on ${server.origin}`);
  console.log(`  base_url        ${server.baseUrl}`);
  console.log(`  video_base_url  ${server.videoBaseUrl}`);
  console.log('  keys (send as "Authorization: <key>"):');
  for (const [name, key] of Object.entries(server.keys)) console.log(`    ${name.padEnd(8)} ${key}`);
  console.log(`  quota headers   ${hideQuota ? 'sent, not readable by browsers (not in Access-Control-Expose-Headers)' : 'sent and exposed to browsers'}`);
  console.log(`  library: ${lib.photos.length} photos, ${lib.videos.length} videos, ${lib.featuredCollectionIds.length} featured collections (seed ${lib.seed})`);
  console.log('Press Ctrl+C to stop.');
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
