import { runAdmin } from './commands';

/** `npm run admin -- <command>`: operator commands on the server's database (see USAGE). */
process.exitCode = await runAdmin(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
});
