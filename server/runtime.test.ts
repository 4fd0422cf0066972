import { readFileSync } from 'node:fs';
import semver from 'semver';
import { nodeVersionProblem, REQUIRED_NODE } from './runtime.ts';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  optionalDependencies: Record<string, string>;
};

describe('the Node.js runtime (decision 250)', () => {
  it('this run is on a Node that package.json "engines" accepts', () => {
    expect(nodeVersionProblem(), `running on ${process.version}`).toBeUndefined();
    expect(semver.satisfies(process.version, REQUIRED_NODE)).toBe(true);
  });

  it('refuses a Node older than the minimum, naming it and the way to the supported one', () => {
    const problem = nodeVersionProblem('v20.20.2');
    expect(problem).toContain('This is Node v20.20.2');
    expect(problem).toContain(`needs Node ${REQUIRED_NODE}`);
    expect(problem).toContain('npm start, npm test');
    expect(nodeVersionProblem('v22.22.0')).toBeDefined();
    expect(nodeVersionProblem('v24.10.0')).toBeDefined();
  });

  it('accepts the minimum and every newer line', () => {
    const minimum = semver.minVersion(REQUIRED_NODE)!.version;
    expect(nodeVersionProblem(`v${minimum}`)).toBeUndefined();
    expect(nodeVersionProblem('v26.12.1')).toBeUndefined();
  });

  it('the Node that npm install brings (every platform package) is one the engines accept', () => {
    const bundled = Object.entries(packageJson.optionalDependencies).filter(([name]) => /^node-(linux|darwin|win)-/.test(name));
    expect(bundled.length).toBeGreaterThan(0);
    for (const [name, version] of bundled) expect(semver.satisfies(version, REQUIRED_NODE), `${name}@${version}`).toBe(true);
  });
});
