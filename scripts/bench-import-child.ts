/**
 * One `npm run import` in a process of its own, for scripts/bench-import.ts:
 * the command's own main, then its time and peak memory as one JSON line
 * (the bench process holds the server, whose memory is not the import's).
 * The peak is sampled: Linux keeps a forked process's ru_maxrss across exec,
 * so resourceUsage().maxRSS would report the bench process's own peak.
 */
import { main } from '../server/cli/import.ts';

let maxRssBytes = process.memoryUsage.rss();
const sampler = setInterval(() => (maxRssBytes = Math.max(maxRssBytes, process.memoryUsage.rss())), 50);
const started = performance.now();
const code = await main(process.argv.slice(2), process.env);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
maxRssBytes = Math.max(maxRssBytes, process.memoryUsage.rss());
process.stdout.write(`\nBENCH ${JSON.stringify({ code, seconds, maxRssBytes })}\n`);
process.exitCode = code;
