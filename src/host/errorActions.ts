// What the host shows for a failure: the one sentence and the actions that can fix it,
// worded with the current service name and the user's date format.
import type { ErrorDescription } from '../core/describe';
import { describeError } from '../core/describe';
import { toMediaError } from '../core/errors';
import type { Shell } from './shell';

export function describeFailure(shell: Shell, error: unknown): ErrorDescription {
  return describeError(toMediaError(error), {
    serviceName: shell.config.serviceName,
    formatTime: (ms) => shell.formatTime(ms),
    now: Date.now(),
  });
}
