/**
 * Which printer addresses a driver may reach. An agent next to its printer reaches what it was
 * told to; the server's built-in agents (LAN mode) get a HostNetwork that resolves every
 * address at each connection and refuses any outside the networks the operator named.
 */
export interface HostNetwork {
  /**
   * The URL to connect to for `url`: its host resolved and checked, the address pinned where
   * the protocol allows it (plain HTTP and WebSocket), so that no second lookup can lead
   * elsewhere. Rejects with CommandFailed `printer-unreachable` saying why.
   */
  pin(url: string): Promise<string>;
}

/** `url` as given without a HostNetwork, else as the network pins it. */
export function connectUrl(network: HostNetwork | undefined, url: string): Promise<string> {
  return network ? network.pin(url) : Promise.resolve(url);
}
