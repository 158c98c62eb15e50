// The playground's thread over the proxy (/api/responses), and a stand-in for it that loads the run machine with its first use.
import { RunThread, type SendInput, type ThreadSnapshot } from '@/lib/run/thread';
import { createFetchTransport } from '@/lib/run/transport';

export function createProxyThread(): RunThread {
  return new RunThread({ transport: createFetchTransport() });
}

export type { SendInput, ThreadSnapshot };
