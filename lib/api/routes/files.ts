import { route } from '../router';
import * as c from '../../contract/files';
import { handleObjectGet, handleObjectPut, listFiles, requestUpload } from '../../services/files/staged';
import { MAX_FILE_BYTES } from '../../services/files/storage';

const tag = 'Files';

export const fileRoutes = [
  route({
    method: 'POST',
    path: '/files/upload/request',
    tag,
    auth: 'project',
    summary: 'Request a presigned URL to stage a file for a tool',
    body: c.UploadRequestBody,
    response: c.UploadRequestResponse,
    status: 201,
    handler: ({ rt, auth, body }) => requestUpload(rt, auth.projectId, body),
  }),
  route({
    method: 'GET',
    path: '/files/list',
    tag,
    auth: 'project',
    summary: 'List staged files',
    query: c.ListFilesQuery,
    response: c.FileList,
    handler: ({ rt, auth, query }) => listFiles(rt, auth.projectId, query),
  }),
  route({
    method: 'PUT',
    path: '/files/objects/{token}',
    tag,
    auth: 'none',
    extension: true,
    maxBody: MAX_FILE_BYTES,
    summary: 'Upload to a signed URL (local storage backend)',
    params: c.ObjectTokenParams,
    raw: (req, { rt, params }) => handleObjectPut(rt, params.token, req),
  }),
  route({
    method: 'GET',
    path: '/files/objects/{token}',
    tag,
    auth: 'none',
    extension: true,
    summary: 'Download from a signed URL (local storage backend)',
    params: c.ObjectTokenParams,
    raw: (_req, { rt, params }) => handleObjectGet(rt, params.token),
  }),
];
