// The one output channel, handed to core and api as a Logger.
import type * as vscode from 'vscode';
import type { Logger } from '../../core/logger';

export function channelLogger(channel: vscode.LogOutputChannel): Logger {
  return {
    trace: (m) => channel.trace(m),
    debug: (m) => channel.debug(m),
    info: (m) => channel.info(m),
    warn: (m) => channel.warn(m),
    error: (m) => channel.error(m),
  };
}
