import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { listenUrls } from './listen-urls.ts';

const info = (address: string, family: 'IPv4' | 'IPv6', internal: boolean) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;

const interfaces = {
  lo: [info('127.0.0.1', 'IPv4', true), info('::1', 'IPv6', true)],
  eth0: [info('192.168.1.20', 'IPv4', false), info('fe80::1', 'IPv6', false)],
  wlan0: [info('10.0.0.5', 'IPv4', false)],
};

describe('listenUrls', () => {
  it('lists localhost and every non-internal IPv4 address on a wildcard host', () => {
    expect(listenUrls('0.0.0.0', 3000, interfaces)).toEqual([
      'http://localhost:3000',
      'http://192.168.1.20:3000',
      'http://10.0.0.5:3000',
    ]);
  });

  it('lists only the host the server listens on otherwise', () => {
    expect(listenUrls('127.0.0.1', 8080, interfaces)).toEqual(['http://127.0.0.1:8080']);
    expect(listenUrls('::1', 8080, interfaces)).toEqual(['http://[::1]:8080']);
  });
});
