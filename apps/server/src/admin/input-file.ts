import path from 'node:path';

/**
 * A file named on the admin command line, found from the directory the command was typed in: npm
 * runs `npm run admin` from the repository's root whatever the directory, and names the caller's in
 * INIT_CWD, so `npm run admin -- import tractors.csv` in the folder holding it reads that file.
 */
export function callerPath(file: string, env: Record<string, string | undefined>): string {
  return path.resolve(env.INIT_CWD || process.cwd(), file);
}

/** Why a file could not be read, in words (the full path, so a wrong directory shows). */
export function readProblem(err: unknown, full: string): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return `no such file (looked for ${full})`;
  if (code === 'EISDIR') return `${full} is a folder, not a file`;
  if (code === 'EACCES' || code === 'EPERM') return `${full} may not be read by this user`;
  return err instanceof Error ? err.message : String(err);
}
