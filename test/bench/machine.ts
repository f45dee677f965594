// What the figures were measured on: they mean little without it.
import { cpus, loadavg, totalmem } from 'node:os';

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGb: number;
  readonly os: string;
  readonly runnerNode: string;
  /** 1-minute load average when the bench started and ended (other work on the machine). */
  loadStart: number;
  loadEnd: number;
  vscode: string;
  extensionHostNode: string;
  chromium: string;
}

export function describeMachine(): Machine {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGb: totalmem() / 1024 ** 3,
    os: `${process.platform} ${process.arch}`,
    runnerNode: process.versions.node,
    loadStart: loadavg()[0] ?? 0,
    loadEnd: 0,
    vscode: 'unknown',
    extensionHostNode: 'unknown',
    chromium: 'unknown',
  };
}

export function machineLines(m: Machine): string[] {
  return [
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb.toFixed(1)} GB, ${m.os}; load average (1 min) ${m.loadStart.toFixed(1)} at start, ${m.loadEnd.toFixed(1)} at end`,
    `Software: VS Code ${m.vscode} (server from code-server, web workbench), extension host Node ${m.extensionHostNode}, Chromium ${m.chromium} (headless), runner Node ${m.runnerNode}`,
  ];
}
