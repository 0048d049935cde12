import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

/**
 * Every address a browser can open the server at: on a wildcard host (0.0.0.0, ::), localhost and
 * each non-internal IPv4 address of this machine; otherwise the one host it listens on.
 */
export function listenUrls(
  host: string,
  port: number,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string[] {
  const url = (address: string) => `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  if (host !== '0.0.0.0' && host !== '::' && host !== '') return [url(host)];
  const external = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((item) => item.family === 'IPv4' && !item.internal)
    .map((item) => url(item.address));
  return [url('localhost'), ...new Set(external)];
}
