/**
 * Said only when the browser's address is not JUNCTION_PUBLIC_URL: providers send users back to the
 * redirect URI registered with them, which this server builds from the public URL, so an OAuth app
 * set up for the address in the location bar would not work (and links sent to users point elsewhere).
 */
export function AddressNotice({ browsed, publicUrl }: { browsed: string | undefined; publicUrl: string }) {
  if (!browsed || browsed === publicUrl) return null;
  return (
    <div
      role="note"
      data-testid="address-notice"
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="font-medium">
        You are browsing <code className="font-mono [overflow-wrap:anywhere]">{browsed}</code>, but this server&apos;s
        public URL (<code>JUNCTION_PUBLIC_URL</code>) is{' '}
        <code className="font-mono [overflow-wrap:anywhere]">{publicUrl}</code>.
      </p>
      <p className="mt-1">
        OAuth redirect URIs, Connect Links and MCP URLs are built from the public URL. Register{' '}
        <code className="font-mono [overflow-wrap:anywhere]">{publicUrl}/api/v3/toolkits/auth/callback</code> with each
        OAuth app, and make sure your users can reach that address; a redirect URI with the address above would be
        refused by the provider.
      </p>
    </div>
  );
}
