/** The server serves another build than the one running in this tab. */
export function isNewVersionAvailable(ownBuild: string, serverBuild: string | undefined): boolean {
  return Boolean(serverBuild) && serverBuild !== ownBuild;
}
