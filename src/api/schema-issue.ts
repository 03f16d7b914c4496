import type { z } from 'zod';

/** The first problem of a failed parse, as `instances[3].flavor.cpu` and a short reason. */
export function schemaIssue(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  if (!issue) return { field: '(root)', message: 'is invalid' };
  return { field: formatPath(issue.path), message: issue.message };
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out || '(root)';
}
