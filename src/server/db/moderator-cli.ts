import { parseEnv } from '../env';
import { openDatabase } from './connect';
import { type Role, setRole } from './roles';

const USAGE = `Usage: npm run moderator -- grant <email>
       npm run moderator -- revoke <email>

Grants or revokes the moderator role (the moderation view at /moderation) of the member with this
email, in the database the app uses: DATABASE_URL when set, otherwise the embedded database in
DATA_DIR/pglite (stop the app first: the embedded database takes one process at a time). Roles are
only ever set here; registering never grants one.`;

const ACTIONS: Record<string, Role> = { grant: 'moderator', revoke: 'member' };

async function main() {
  const [action, email, ...rest] = process.argv.slice(2);
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
    console.log(role === 'moderator' ? `${email} is now a moderator.` : `${email} is no longer a moderator.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
