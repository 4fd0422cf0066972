/**
 * The Node.js line the product runs on (decision 250): package.json's
 * `engines.node`. `npm install` brings that Node into node_modules/.bin, where
 * npm scripts find it before the system's; a command started another way on an
 * older Node stops here with a message that says how to fix it, instead of
 * failing later on a missing API.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
};

/** The range package.json declares, e.g. `>=24.11`. */
export const REQUIRED_NODE = packageJson.engines.node;

/** Why this Node cannot run the product, or undefined when it can. */
export function nodeVersionProblem(version: string = process.version): string | undefined {
  if (semver.satisfies(version, REQUIRED_NODE)) return undefined;
  return (
    `This is Node ${version}; the product needs Node ${REQUIRED_NODE} (package.json "engines"). ` +
    'Run it through npm (npm start, npm test, npm run <script>): npm install puts Node 24 LTS in ' +
    'node_modules/.bin and npm scripts use it. Or install Node 24 LTS on this machine.'
  );
}

/** For entry points: prints the problem and exits 1 on an unsupported Node. */
export function requireSupportedNode(): void {
  const problem = nodeVersionProblem();
  if (problem === undefined) return;
  console.error(problem);
  process.exit(1);
}
