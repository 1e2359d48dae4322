import { z } from 'zod';
import { qInt } from './query';
import { ListEnvelope } from './common';

export const UploadRequestBody = z.object({
  filename: z.string().min(1).max(255),
  md5: z.string().min(1).max(64),
  mimetype: z.string().min(1).max(255),
  tool_slug: z.string().min(1).max(200),
  toolkit_slug: z.string().min(1).max(100),
});

export const UploadRequestResponse = z.object({
  id: z.string(),
  key: z.string(),
  new_presigned_url: z.string(),
  newPresignedUrl: z.string(),
  type: z.literal('new'),
  metadata: z.object({ storage_backend: z.enum(['s3', 'azure_blob_storage']) }),
});

export const ListFilesQuery = z.object({
  cursor: z.string().optional(),
  limit: qInt(1, 1000),
  tool_slug: z.string().optional(),
  toolkit_slug: z.string().optional(),
});

export const FileList = ListEnvelope(
  z.object({
    filename: z.string(),
    md5: z.string(),
    mimetype: z.string(),
    tool_slug: z.string(),
    toolkit_slug: z.string(),
  }),
);

export const ObjectTokenParams = z.object({ token: z.string().min(10).max(4000) });
