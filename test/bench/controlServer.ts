// The runner's end of the control channel (see control.ts): a loopback HTTP server that
// holds the agent's "next task" request open until the runner has a task for it.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Hello, NextRequest, Reply, Task } from './control';

export class ControlServer {
  private waitingResponse: ServerResponse | undefined;
  private onResponse: (() => void) | undefined;
  private onReply: ((reply: Reply) => void) | undefined;
  private onHello: ((hello: Hello) => void) | undefined;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<ControlServer> {
    // Assigned once the server is listening; requests before that go unanswered.
    // eslint-disable-next-line prefer-const -- the handler below may run before it is set
    let control: ControlServer | undefined;
    const server = createServer((req, res) => {
      void control?.handle(req, res);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    control = new ControlServer(server, `http://127.0.0.1:${port}/`);
    return control;
  }

  /** Resolves with the next agent that says hello (a new extension host after each load). */
  nextHello(timeoutMs: number): Promise<Hello> {
    return withTimeout(new Promise<Hello>((resolve) => (this.onHello = resolve)), timeoutMs, 'the bench agent in the extension host to start');
  }

  /** Runs a task in the agent and returns its result; throws what the agent threw. */
  async call<T>(task: Exclude<Task, { op: 'done' }>, timeoutMs = 60_000): Promise<T> {
    const response = await this.takeResponse(timeoutMs);
    const reply = new Promise<Reply>((resolve) => (this.onReply = resolve));
    response.end(JSON.stringify(task));
    const answer = await withTimeout(reply, timeoutMs, `the agent to finish ${describe(task)}`);
    if (!answer.ok) throw new Error(`${describe(task)} failed in the extension host: ${answer.error}`);
    return answer.value as T;
  }

  /** Lets the agent's run() return, which ends the session in the workbench. */
  async finish(timeoutMs = 30_000): Promise<void> {
    const response = await this.takeResponse(timeoutMs);
    const done: Task = { op: 'done' };
    response.end(JSON.stringify(done));
  }

  close(): Promise<void> {
    this.waitingResponse?.destroy();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private takeResponse(timeoutMs: number): Promise<ServerResponse> {
    const take = (): ServerResponse | undefined => {
      const response = this.waitingResponse;
      this.waitingResponse = undefined;
      return response;
    };
    const now = take();
    if (now) return Promise.resolve(now);
    return withTimeout(
      new Promise<ServerResponse>((resolve) => {
        this.onResponse = () => {
          const response = take();
          if (!response) return;
          this.onResponse = undefined;
          resolve(response);
        };
      }),
      timeoutMs,
      'the bench agent to ask for a task',
    );
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      res.writeHead(400).end();
      return;
    }
    res.setHeader('Content-Type', 'application/json');
    if (req.url === '/hello') {
      res.end('{}');
      this.waitingResponse = undefined;
      this.onHello?.(body as Hello);
      this.onHello = undefined;
      return;
    }
    if (req.url === '/next') {
      const { reply } = body as NextRequest;
      this.waitingResponse = res;
      if (reply) {
        const onReply = this.onReply;
        this.onReply = undefined;
        onReply?.(reply);
      }
      this.onResponse?.();
      return;
    }
    res.writeHead(404).end('{}');
  }
}

function describe(task: Task): string {
  return task.op === 'command' ? `command ${task.command}` : `task ${task.op}`;
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${Math.round(ms / 1000)} s waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
