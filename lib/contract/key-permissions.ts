import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Scoped project keys (v3.1 surface §11.2): a key made with `permissions` reaches only the areas named
 * there, each at the level given. A key without `permissions` keeps full access to its project. Which
 * area and level a route needs is derived from the route table (lib/api/key-permissions.ts).
 */
export const PERMISSION_AREAS = {
  auth_configs: ['read', 'write', 'read_write'],
  connected_accounts: ['read', 'write', 'read_write'],
  tools: ['read'],
  tool_execution: ['write'],
  /** off unless named: a proxy call reaches any endpoint of the connected API */
  proxy_execute: ['write'],
  toolkits: ['read', 'write', 'read_write'],
  triggers: ['read', 'write', 'read_write'],
  webhooks: ['read', 'write', 'read_write'],
  observability: ['read'],
  sessions: ['read', 'write', 'read_write'],
  mcp_servers: ['read', 'write', 'read_write'],
} as const;

export type PermissionArea = keyof typeof PERMISSION_AREAS;
export type PermissionLevel = 'read' | 'write' | 'read_write';
export type KeyPermissions = Partial<Record<PermissionArea, PermissionLevel>>;

const AREA_NAMES = Object.keys(PERMISSION_AREAS) as PermissionArea[];

/** `{ area: level }`; `none` (or leaving the area out) gives no access. Unknown areas and levels are refused. */
export const KeyPermissionsBody = z
  .record(z.string(), z.enum(['none', 'read', 'write', 'read_write']))
  .superRefine((v, ctx) => {
    for (const [area, level] of Object.entries(v)) {
      if (!(area in PERMISSION_AREAS)) {
        ctx.addIssue({ code: 'custom', path: [area], message: `unknown area; one of ${AREA_NAMES.join(', ')}` });
      } else if (level !== 'none' && !(PERMISSION_AREAS[area as PermissionArea] as readonly string[]).includes(level)) {
        ctx.addIssue({
          code: 'custom',
          path: [area],
          message: `${area} offers ${PERMISSION_AREAS[area as PermissionArea].join(', ')} (or none)`,
        });
      }
    }
  })
  .transform((v) => {
    const out: KeyPermissions = {};
    for (const [area, level] of Object.entries(v)) if (level !== 'none') out[area as PermissionArea] = level;
    return out;
  });

/** An IPv4/IPv6 address or a CIDR range of one. */
export function isAddressOrRange(s: string): boolean {
  const [addr, bits, ...rest] = s.split('/');
  if (rest.length || !addr) return false;
  const v = isIP(addr);
  if (!v) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (v === 4 ? 32 : 128);
}

export const AllowedIpsBody = z
  .array(z.string().max(64).refine(isAddressOrRange, 'expected an IP address or a CIDR range such as 203.0.113.0/24'))
  .min(1)
  .max(100);

/** Whether `level` covers `need`. */
export function grants(level: PermissionLevel | undefined, need: 'read' | 'write'): boolean {
  if (!level) return false;
  return level === 'read_write' || level === need;
}
