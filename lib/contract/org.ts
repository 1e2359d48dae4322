import { z } from 'zod';

export const Project = z.object({ id: z.string(), name: z.string(), org_id: z.string(), created_at: z.string() });
export const ProjectList = z.object({ items: z.array(Project), total_items: z.number().int() });
export const NewProjectBody = z.object({ name: z.string().min(1).max(100), should_create_api_key: z.boolean().optional() });
export const NewProjectResponse = Project.extend({ api_key: z.string().nullable() });
export const ProjectIdParams = z.object({ id: z.string() });
export const RegenerateKeyResponse = z.object({ id: z.string(), api_key: z.string() });

/** Our extension: the calling project and its keys (the dashboard's "connected as project X"). */
export const CurrentProject = z.object({
  id: z.string(),
  name: z.string(),
  org_id: z.string(),
  api_keys: z.array(z.object({ id: z.string(), name: z.string(), hint: z.string(), created_at: z.string(), last_used_at: z.string().nullable() })),
});
export const NewKeyBody = z.object({ name: z.string().min(1).max(100).default('default') });
export const NewKeyResponse = z.object({ id: z.string(), name: z.string(), key: z.string() });
