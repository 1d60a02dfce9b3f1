import { parseEnv } from '../env';
import { openDatabase } from './connect';
import { HttpError } from '../lib/errors';
import { type Role, setRole } from './roles';

/** `npm run moderator` runs this file as it is; `npm run admin` with `--role admin` first. */
const [roleFlag, roleName, ...args] = process.argv.slice(2);
const granted: Role = roleFlag === '--role' && roleName === 'admin' ? 'admin' : 'moderator';
const command = granted === 'admin' ? 'admin' : 'moderator';

const USAGE = `Usage: npm run ${command} -- grant <email>
       npm run ${command} -- revoke <email>

Grants or revokes the ${granted} role of the member with this email (moderators and admins see the
moderation view at /moderation; admins also set roles and read the audit log), in the database the
app uses: DATABASE_URL when set, otherwise the embedded database in DATA_DIR/pglite (stop the app
first: the embedded database takes one process at a time). Registering never grants a role; the
last admin cannot be revoked.`;

const ACTIONS: Record<string, Role> = { grant: granted, revoke: 'member' };

async function main() {
  const [action, email, ...rest] = roleFlag === '--role' ? args : process.argv.slice(2);
  const role = action ? ACTIONS[action] : undefined;
  if (!role || !email || rest.length) {
    console.error(USAGE);
    process.exitCode = 1;
    return;
  }
  const config = parseEnv(process.env);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 1,
  });
  try {
    const id = await setRole(database.db, email, role);
    if (!id) {
      console.error(`No member has the email ${email}.`);
      process.exitCode = 1;
      return;
    }
    console.log(
      role === 'member'
        ? `${email} is no longer ${granted === 'admin' ? 'an admin' : 'a moderator'}.`
        : `${email} is now ${role === 'admin' ? 'an admin' : 'a moderator'}.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof HttpError ? error.message : error);
  process.exitCode = 1;
});
