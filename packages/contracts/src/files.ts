import { z } from 'zod';

/** Uploads (deposit screenshots, identity documents): the user's upload call and the operators' reading of a file. */

export const uploadResultSchema = z.object({ url: z.string() });

/** The upload call is multipart (field `file`), so it has no JSON body schema. */
export const uploadApi = { path: '/file/upload', data: uploadResultSchema } as const;

/** Uploads (deposit screenshots, identity documents) to operators: the answer is the file's bytes, not an envelope. */
export const operatorFilesApi = {
  file: {
    method: 'GET',
    path: '/file/:key',
    permission: 'files.read',
    params: z.object({ key: z.string().max(100) }),
    data: z.unknown(),
  },
} as const;
