/**
 * The control of `npm run bench`'s viral-post run (scripts/bench-views.ts): a
 * server that does nothing but answer 204 to whatever comes, in a process of
 * its own as the site's server is. The same flood of beacons sent here
 * instead of to the site costs the machine what any answer to 300 new
 * connections a second costs on two shared cores (the sender's thread, the
 * kernel's accept, read, write and close, a receiving event loop): the
 * readers' pages measured beside it show that cost, so that the flood's
 * figures against it show what counting the views adds. Forked with an IPC
 * channel; sends its URL, and exits when the channel closes.
 */
import http from 'node:http';

const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(204);
    res.end();
  });
});
server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => {
  process.send({ url: `http://127.0.0.1:${server.address().port}` });
});
process.on('disconnect', () => process.exit(0));
