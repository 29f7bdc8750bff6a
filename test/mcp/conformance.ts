// `npm run conformance`: the public MCP conformance suite (@modelcontextprotocol/conformance,
// server scenarios) against this server. Starts the server on a free loopback port over a snapshot
// built from the seeds, runs every scenario that applies to a stateless server without fixtures, with
// Node 24 through npx (the suite needs Node >= 22), and prints one line per scenario. Exits 1 when
// any scenario has an unexpected failure. Not part of `npm test`: npx downloads node@24 and the suite.
//
//   npm run conformance                    # all applicable scenarios
//   CONFORMANCE_OUT=/tmp/conf npm run conformance   # keep the suite's checks.json files there
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMcpServer } from './helpers.ts';

const SUITE = '@modelcontextprotocol/conformance@0.2.0-alpha.12';
const NODE = 'node@24';
const BASELINE = fileURLToPath(new URL('./conformance-baseline.yml', import.meta.url));

interface Scenario {
  scenario: string;
  version: string;
  /** Run although the suite marks it not applicable at this version. */
  force?: boolean;
  baseline?: boolean;
}

/** The server scenarios that apply to a stateless server with tools, prompts and the cards as resources (no fixture tools, prompts or resources). */
const SCENARIOS: Scenario[] = [
  { scenario: 'server-stateless', version: '2026-07-28', baseline: true },
  { scenario: 'tools-list', version: '2026-07-28' },
  { scenario: 'tools-list', version: '2025-11-25' },
  { scenario: 'tools-list', version: '2025-06-18' },
  { scenario: 'http-header-validation', version: '2026-07-28' },
  { scenario: 'dns-rebinding-protection', version: '2026-07-28' },
  { scenario: 'dns-rebinding-protection', version: '2025-11-25' },
  { scenario: 'server-initialize', version: '2025-11-25' },
  { scenario: 'server-initialize', version: '2025-06-18' },
  { scenario: 'server-initialize', version: '2025-03-26', force: true },
  { scenario: 'ping', version: '2025-11-25' },
  { scenario: 'ping', version: '2025-06-18' },
  { scenario: 'server-session-lifecycle', version: '2025-11-25' },
  { scenario: 'input-required-result-unsupported-methods', version: '2026-07-28' },
  { scenario: 'input-required-result-validate-input', version: '2026-07-28' },
  { scenario: 'input-required-result-ignore-extra-params', version: '2026-07-28' },
  { scenario: 'input-required-result-missing-input-response', version: '2026-07-28' },
  { scenario: 'server-sse-multiple-streams', version: '2026-07-28' },
  { scenario: 'caching', version: '2026-07-28', baseline: true },
  { scenario: 'prompts-list', version: '2026-07-28' },
  { scenario: 'prompts-list', version: '2025-11-25' },
  { scenario: 'prompts-list', version: '2025-06-18' },
];

interface Outcome extends Scenario {
  exitCode: number;
  passed: number | null;
  total: number | null;
  failed: number | null;
  warnings: number | null;
  failures: string[];
}

function run(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 127, output: `${output}\n${error.message}` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

function parse(scenario: Scenario, code: number, output: string): Outcome {
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const summary = /Passed:\s*(\d+)\/(\d+),\s*(\d+)\s*failed(?:,\s*(\d+)\s*warnings?)?/i.exec(plain);
  const failures = plain
    .split('\n')
    .filter((line) => /\bFAILURE\b/.test(line))
    .map((line) => line.trim());
  return {
    ...scenario,
    exitCode: code,
    passed: summary ? Number(summary[1]) : null,
    total: summary ? Number(summary[2]) : null,
    failed: summary ? Number(summary[3]) : null,
    warnings: summary?.[4] !== undefined ? Number(summary[4]) : null,
    failures,
  };
}

async function main(): Promise<void> {
  const outDir = process.env.CONFORMANCE_OUT || fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-conformance-'));
  const only = process.argv.slice(2);
  const server = await startMcpServer();
  const url = server.mcpUrl;
  console.log(`MCP conformance: ${SUITE} on ${NODE} against ${url} (results in ${outDir})`);
  const outcomes: Outcome[] = [];
  try {
    for (const scenario of SCENARIOS.filter((s) => only.length === 0 || only.includes(s.scenario))) {
      const args = ['-y', '-p', NODE, '-p', SUITE, '--', 'conformance', 'server', '--url', url, '--scenario', scenario.scenario];
      args.push('--spec-version', scenario.version, '-o', path.join(outDir, `${scenario.scenario}-${scenario.version}`));
      if (scenario.force) args.push('--force');
      if (scenario.baseline) args.push('--expected-failures', BASELINE);
      const { code, output } = await run(process.platform === 'win32' ? 'npx.cmd' : 'npx', args);
      const outcome = parse(scenario, code, output);
      outcomes.push(outcome);
      const counts =
        outcome.total === null ? 'no summary line' : `${outcome.passed}/${outcome.total} passed, ${outcome.failed} failed, ${outcome.warnings ?? 0} warnings`;
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${scenario.scenario} @ ${scenario.version}${scenario.force ? ' (forced)' : ''}: ${counts}`);
      for (const failure of outcome.failures) console.log(`       ${failure}${scenario.baseline ? ' (baseline)' : ''}`);
      if (outcome.total === null || code !== 0) console.log(output.split('\n').slice(-25).map((line) => `       | ${line}`).join('\n'));
    }
  } finally {
    await server.close();
  }
  fs.writeFileSync(path.join(outDir, 'summary.json'), JSON.stringify(outcomes, null, 2));
  const bad = outcomes.filter((outcome) => outcome.exitCode !== 0);
  const passed = outcomes.reduce((sum, o) => sum + (o.passed ?? 0), 0);
  const total = outcomes.reduce((sum, o) => sum + (o.total ?? 0), 0);
  console.log(`\n${passed}/${total} checks passed; the ${total - passed} other(s) are baseline entries (test/mcp/conformance-baseline.yml) or unexpected failures.`);
  // One line per scenario run, in the closing form test runners use.
  console.log(`${outcomes.length - bad.length} passed, ${bad.length} failed`);
  process.exit(bad.length > 0 ? 1 : 0);
}

await main();
