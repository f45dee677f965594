// "agent: covers for 20 pages" (issue 34): the agent's tools called as an agent calls them, in a
// window of its own on a workspace of 20 Markdown pages with front matter and no cover: per page
// a stockMedia_search for its subject, then stockMedia_setCover with the first photo found;
// then the same again with replace (the same searches, so the same photos). Counted: the
// requests the extension's client sent (at most one per distinct search; none the second
// time) and the time per page. `npm run bench -- --only agent` prints these rows alone.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SUBJECTS } from '../server/vocab';
import type { AgentCoversRun } from './control';
import type { LoadContext } from './loadBench';
import { closeLoadWindow, openLoadWindow } from './loadBench';
import type { Row } from './table';
import type { BenchWindow } from './workbench';

/** A page per search tag of the local library (test/server/vocab.ts SUBJECTS), the first 20. */
export const AGENT_PAGES = 20;

export const AGENT_KEYS = ['agentRequests', 'agentMsPerPage', 'agentRequestsAgain'] as const;
export type AgentKey = (typeof AGENT_KEYS)[number];

export interface AgentSink {
  add(key: AgentKey, value: number): void;
  note(key: AgentKey, text: string): void;
  fail(keys: readonly AgentKey[], error: unknown): void;
}

/** The 20 pages, each with a title and a date in its front matter and no cover. */
function writeAgentWorkspace(queries: readonly string[]): { path: string; files: string[]; dispose(): void } {
  const parent = mkdtempSync(join(tmpdir(), 'stock-media-agent-'));
  const path = join(parent, 'workspace');
  const files = queries.map((query, i) => {
    const name = `content/posts/page-${String(i + 1).padStart(2, '0')}.md`;
    const file = join(path, name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `---\ntitle: "A post about ${query}"\ndate: 2026-11-${String((i % 28) + 1).padStart(2, '0')}\n---\n\n# ${query}\n\nWhat we saw.\n`);
    return name;
  });
  mkdirSync(join(path, '.vscode'), { recursive: true });
  writeFileSync(join(path, '.vscode', 'settings.json'), '{}\n');
  return { path, files, dispose: () => rmSync(parent, { recursive: true, force: true }) };
}

export async function measureAgent(ctx: LoadContext, sink: AgentSink): Promise<void> {
  const { api, control, log } = ctx;
  const queries = [...new Set(SUBJECTS.flatMap((s) => s.tags))].slice(0, AGENT_PAGES);
  const workspace = writeAgentWorkspace(queries);
  let window: BenchWindow | undefined;
  try {
    window = await openLoadWindow(ctx, 'agent', workspace.path);
    api.resetQuotas();
    await control.call({ op: 'command', command: 'stockMedia.setApiKey', args: { key: api.keys.alice } });
    const pages = queries.map((query, i) => ({ query, file: workspace.files[i] ?? '' }));
    const [first, again] = await control.call<AgentCoversRun[]>({ op: 'agentCovers', pages }, 10 * 60_000);
    if (!first || !again || first.set !== pages.length || again.set !== pages.length) throw new Error(`covers set: ${first?.set} and ${again?.set} of ${pages.length}`);
    sink.add('agentRequests', first.clientRequests);
    sink.add('agentMsPerPage', first.msPerPage);
    sink.add('agentRequestsAgain', again.clientRequests);
    sink.note('agentRequests', `${pages.length} pages, a search each (${queries.slice(0, 3).join(', ')}…) and its first photo as the cover (hugo-papermod's fields); requests the extension's client sent`);
    sink.note('agentMsPerPage', `the search (${first.searchMsPerPage.toFixed(0)} ms) and the cover, by vscode.lm.invokeTool; again with replace: ${again.msPerPage.toFixed(0)} ms a page`);
    log(`[bench] Agent: ${first.set} covers, ${first.clientRequests} requests, ${first.msPerPage.toFixed(0)} ms a page (the search ${first.searchMsPerPage.toFixed(0)} ms); again: ${again.clientRequests} requests, ${again.msPerPage.toFixed(0)} ms a page`);
  } catch (error) {
    sink.fail(AGENT_KEYS, error);
  } finally {
    await closeLoadWindow(ctx, window, workspace);
  }
}

export function agentRows(row: (key: AgentKey, base: Omit<Row, 'values' | 'error' | 'note'>, note?: string) => Row): Row[] {
  return [
    row('agentRequests', { measure: `agent: covers for ${AGENT_PAGES} pages, requests`, unit: 'requests', target: { op: '<=', value: AGENT_PAGES, everyRun: true } }, 'at most one request per distinct search, none for media seen'),
    row('agentMsPerPage', { measure: '  ms per page (search and cover)', unit: 'ms', target: null }),
    row('agentRequestsAgain', { measure: '  requests on a second run', unit: 'requests', target: { op: '<=', value: 0, everyRun: true } }, 'the same searches, the covers replaced'),
  ];
}
