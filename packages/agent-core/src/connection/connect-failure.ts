/**
 * Why a try to reach the server failed, in words the person at the printer can act on
 * (issue 24): the agent on a Raspberry Pi that dials `localhost` must say so, not only
 * "connection lost" with a close code.
 */
export function describeConnectFailure(
  error: (Error & { code?: string }) | null,
  httpStatus: number | null,
  close: { code: number; reason: string } = { code: 1006, reason: '' },
): string {
  if (httpStatus !== null) {
    return `the server answered HTTP ${httpStatus} instead of accepting the agent (is this the Printdeck address, and does a proxy in front pass WebSocket upgrades?)`;
  }
  const code = error?.code ?? '';
  if (code === 'ECONNREFUSED') {
    return 'connection refused: nothing listens at that address and port (is it the server, and is the server running?)';
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return 'DNS: the host name does not resolve from this computer (use the server IP address, or fix the name)';
  }
  if (code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return `no route to the server (${code}): check the network and firewall between this computer and the server`;
  }
  if (code === 'ECONNRESET') return 'the connection was reset before the server answered';
  if (/CERT|SSL|TLS|SELF_SIGNED/i.test(code) || /certificate|tls|ssl/i.test(error?.message ?? '')) {
    return `TLS: ${error?.message ?? code} (check the certificate, or the http/https in the address)`;
  }
  if (error) return error.message || code || 'the connection failed';
  // 1005/1006: no close frame at all; anything else is the server's own word on why
  if (close.code === 1005 || close.code === 1006) {
    return 'the connection closed before the server accepted the agent';
  }
  const said = close.reason ? `${close.code} ${close.reason}` : String(close.code);
  return `the server closed the connection before accepting the agent (${said})`;
}
