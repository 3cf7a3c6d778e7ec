// A client that hangs up in the middle of its upload costs one log line, not a stack trace.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEV_ANON_KEY, startBackend, type RunningBackend } from './harness';

let api: RunningBackend;
beforeAll(async () => {
  api = await startBackend({ rateLimit: 0 });
});
afterAll(() => api.stop());

describe('aborted uploads', () => {
  it('log one line each', async () => {
    const lines: string[] = [];
    const record = (...args: unknown[]) => {
      lines.push(args.map((a) => (a instanceof Error ? (a.stack ?? String(a)) : String(a))).join(' '));
    };
    const error = vi.spyOn(console, 'error').mockImplementation(record);
    const warn = vi.spyOn(console, 'warn').mockImplementation(record);
    try {
      const { port, hostname } = new URL(api.url);
      for (let i = 0; i < 3; i += 1) {
        await new Promise<void>((resolve) => {
          const socket = connect(Number(port), hostname, () => {
            socket.write(
              `POST /rest/v1/posts HTTP/1.1\r\nHost: x\r\napikey: ${DEV_ANON_KEY}\r\ncontent-type: application/json\r\ncontent-length: 5000\r\n\r\n{"content":"`,
            );
            setTimeout(() => socket.destroy(), 100);
          });
          socket.on('close', () => resolve());
        });
      }
      await expect.poll(() => lines.length).toBeGreaterThanOrEqual(3);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lines).toHaveLength(3);
      for (const line of lines) {
        expect(line).toMatch(/abandoned by the client/);
        expect(line.split('\n')).toHaveLength(1);
      }
    } finally {
      error.mockRestore();
      warn.mockRestore();
    }
  });
});
